/**
 * Browser test harness: Debian's chromium (apt package `chromium`) driven by playwright-core, headless,
 * without network services, on a new empty profile.
 * @module
 */
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type BrowserContext } from 'playwright-core';

/** Chromium binary (FLEXDYN_CHROMIUM overrides /usr/bin/chromium). */
export const chromiumPath = process.env.FLEXDYN_CHROMIUM ?? '/usr/bin/chromium';

/** Why the browser test cannot run here, or undefined if it can. */
export function browserSkipReason(): string | undefined {
  return existsSync(chromiumPath) ? undefined : `no chromium at ${chromiumPath} (apt-get install -y chromium, or set FLEXDYN_CHROMIUM)`;
}

/** The flags of the issue: headless, no sandbox, no GPU, no network services (WebGL falls back to SwiftShader on the CPU). */
export const chromiumFlags = [
  '--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking',
  '--disable-component-update', '--disable-sync',
];

/** Launches chromium on a new empty profile; close() also removes the profile. */
export async function launchBrowser(): Promise<{ context: BrowserContext; close(): Promise<void> }> {
  const profile = mkdtempSync(join(tmpdir(), 'flexdyn-chromium-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: chromiumPath, headless: true, args: chromiumFlags, viewport: { width: 1100, height: 650 },
  });
  return { context, close: async () => { await context.close(); rmSync(profile, { recursive: true, force: true }); } };
}
