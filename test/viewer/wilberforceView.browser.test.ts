import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { buildWilberforce, simulateWilberforce } from '../../examples/wilberforce.ts';
import { exportScene, loadSolutionFile, startViewer, OutputVariableType, ConfigurationType, type ViewerServer } from '../../src/node.ts';
import { browserSkipReason, launchBrowser } from './browserHarness.ts';
import { decodePng, differingPixelShare, type RgbaImage } from './png.ts';

const skipReason = browserSkipReason();
if (skipReason !== undefined) {
  if (process.env.CI === 'true') throw new Error(`Wilberforce viewer browser test: CI=true, but ${skipReason}`);
  console.log(`Wilberforce viewer browser test skipped: ${skipReason}`);
}

type ViewerHandle = { ready: boolean; frameCount: number; showFrame(f: number): void; toPixel(p: number[]): [number, number] };

describe.skipIf(skipReason !== undefined)('the npm start viewer in chromium (Wilberforce)', () => {
  let dir: string;
  let viewer: ViewerServer;
  let browser: Awaited<ReturnType<typeof launchBrowser>>;
  let page: Page;
  /** Points on the wire's reference centerline (drawn as a tube of the wire's radius). */
  let wire: number[][];

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'flexdyn-wilberforce-view-'));
    const file = join(dir, 'wilberforceSolution.txt');
    const model = buildWilberforce();
    simulateWilberforce(model, 0.25, 5e-3, 0.01, file); // as npm start, 0.25 s: the bob rises ≈ 18 mm in that time
    exportScene(model.mbs, loadSolutionFile(file), { upAxis: 'z' });
    wire = model.nodeNumbers.map((n) => model.mbs.getNodeOutput(n, OutputVariableType.Position, ConfigurationType.Initial));
    viewer = await startViewer(file, { port: 0 });
    browser = await launchBrowser();
    page = await browser.context.newPage();
    await page.goto(viewer.url);
    await page.waitForFunction(() => (window as unknown as { flexdynViewer?: ViewerHandle }).flexdynViewer?.ready === true, undefined, { timeout: 60_000 });
  }, 180_000);

  afterAll(async () => {
    await browser?.close();
    await viewer?.close();
    if (dir !== undefined) rmSync(dir, { recursive: true, force: true });
  });

  /** Screenshot of the 3D view (the canvas only, whose pixels toPixel addresses) at frame f. */
  async function frameShot(f: number): Promise<{ image: RgbaImage }> {
    await page.evaluate((k) => (window as unknown as { flexdynViewer: ViewerHandle }).flexdynViewer.showFrame(k), f);
    const box = (await page.locator('#scene-canvas').boundingBox())!;
    return { image: decodePng(await page.screenshot({ clip: box })) };
  }

  it('shows the spring coil as a drawn wire and the bob moving', async () => {
    const frames = await page.evaluate(() => (window as unknown as { flexdynViewer: ViewerHandle }).flexdynViewer.frameCount);
    expect(frames).toBe(26); // every 10 ms
    const first = await frameShot(0);
    // the wire is drawn: at the pixels of its nodes (initial state = frame 0) the colour differs from the background
    const pixels = await page.evaluate((pts) => pts.map((p) => (window as unknown as { flexdynViewer: ViewerHandle }).flexdynViewer.toPixel(p)), wire);
    const background = Array.from(first.image.data.subarray(0, 3));
    const drawn = pixels.filter(([x, y]) => {
      let best = 0;
      for (let dy = -1; dy <= 1; dy++) for (let dx = -1; dx <= 1; dx++) {
        const i = 4 * ((y + dy) * first.image.width + x + dx);
        best = Math.max(best, ...[0, 1, 2].map((c) => Math.abs(first.image.data[i + c] - background[c])));
      }
      return best > 20;
    }).length;
    expect(drawn / pixels.length).toBeGreaterThan(0.8); // nodes hidden behind the bob or the wire's front may not count
    // the bob moves: the view at 0.25 s differs from the one at 0 in a good share of its pixels
    const last = await frameShot(frames - 1);
    const share = differingPixelShare(first.image, last.image, 8);
    console.log(`Wilberforce viewer: ${drawn}/${pixels.length} wire nodes on drawn pixels; ${(100 * share).toFixed(2)} % of the view changed between t = 0 and 0.25 s`);
    expect(share).toBeGreaterThan(0.01);
  }, 60_000);
});
