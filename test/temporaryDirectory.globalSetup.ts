/**
 * Vitest global set-up: every temporary file and folder the tests create (`os.tmpdir()`: output sinks, solution files,
 * fault-injection runs, viewer pages) goes into one folder of this run, removed when the run ends, so that test runs
 * leave nothing behind in the system's temporary folder. The workers inherit TMPDIR from this process.
 * @module
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** Creates the run's temporary folder and points TMPDIR at it; the returned teardown removes it. */
export default function setup(): () => void {
  const previous = process.env.TMPDIR;
  const folder = mkdtempSync(join(tmpdir(), 'flexdyn-vitest-'));
  process.env.TMPDIR = folder;
  return () => {
    if (previous === undefined) delete process.env.TMPDIR;
    else process.env.TMPDIR = previous;
    rmSync(folder, { recursive: true, force: true });
  };
}
