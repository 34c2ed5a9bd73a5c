/**
 * The test run's temporary files go into one folder that the run removes at its end (test/temporaryDirectory.globalSetup.ts).
 * @module
 */
import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';

describe('temporary files of the test run', () => {
  it('goIntoTheRunsOwnFolder', () => {
    expect(basename(tmpdir())).toMatch(/^flexdyn-vitest-/);
    const folder = mkdtempSync(join(tmpdir(), 'flexdyn-check-'));
    expect(dirname(folder)).toBe(tmpdir());
    expect(existsSync(folder)).toBe(true);
  });
});
