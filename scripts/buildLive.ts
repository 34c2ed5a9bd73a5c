/**
 * `npm run build:live [folder]`: the live page as static files (default folder dist/live): index.html, viewer.css, live.js (the
 * page with three.js, bundled) and worker.js (the engine and the demo models, bundled for a Web Worker). Any static
 * file server can serve the folder; `flexdyn view --live` does.
 * @module
 */
import { copyFileSync, mkdirSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build } from 'esbuild';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');

/** Default output folder of the live page (where `flexdyn view --live` looks). */
export const defaultLiveFolder = join(root, 'dist', 'live');

/** Bundles the live page into `folder` (created if missing); returns the folder. */
export async function buildLivePage(folder: string = defaultLiveFolder): Promise<string> {
  mkdirSync(folder, { recursive: true });
  const common = { bundle: true, platform: 'browser', target: 'es2022', sourcemap: true, minify: true, logLevel: 'warning', legalComments: 'linked' } as const;
  await build({ ...common, entryPoints: [join(root, 'src/live/worker.ts')], outfile: join(folder, 'worker.js'), format: 'iife' });
  await build({ ...common, entryPoints: [join(root, 'src/viewer/client/live.js')], outfile: join(folder, 'live.js'), format: 'esm' });
  copyFileSync(join(root, 'src/viewer/client/live.html'), join(folder, 'index.html'));
  copyFileSync(join(root, 'src/viewer/client/viewer.css'), join(folder, 'viewer.css'));
  return folder;
}

if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const folder = await buildLivePage(process.argv[2] !== undefined ? resolve(process.argv[2]) : undefined);
  console.log(`live page written to ${folder}: serve it with \`npx flexdyn view --live\` or any static file server`);
}
