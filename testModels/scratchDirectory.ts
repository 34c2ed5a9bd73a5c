/**
 * The test-model runners' working folder: the models write their solution and sensor files relative to the working
 * directory, so the runners move into a fresh temporary folder and remove it when the process exits.
 * @module
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** Makes a fresh folder `<tmpdir>/<prefix>XXXXXX` the working directory until the process exits, then removes it. */
export function enterScratchDirectory(prefix: string): string {
  const previous = process.cwd();
  const folder = mkdtempSync(join(tmpdir(), prefix));
  process.chdir(folder);
  process.on('exit', () => {
    process.chdir(previous);
    rmSync(folder, { recursive: true, force: true });
  });
  return folder;
}
