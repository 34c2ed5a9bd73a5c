import { execFileSync, spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/** The CLI from its source (bin/flexdyn.js runs the compiled dist/cli.js; the consumer check runs it from the packed package). */
const cli = ['--import', 'tsx', fileURLToPath(new URL('../../src/cli.ts', import.meta.url))];

describe('flexdyn command', () => {
  it('prints its usage for --help and exits 0', () => {
    const out = execFileSync(process.execPath, [...cli, '--help'], { encoding: 'utf8' });
    expect(out.trim()).toBe('usage: flexdyn view <solution file | scene file> [--port N]   or   flexdyn view --live [--port N]   (N = 0: any free port; default 8080)'
      + '   or   flexdyn worker --queue <name> --redis <url> [--concurrency N] [--lock-duration ms] [--stalled-interval ms] [--verbose]');
  });

  it('names an unknown command, a bad port and a missing file, and exits 1', () => {
    const run = (...args: string[]) => spawnSync(process.execPath, [...cli, ...args], { encoding: 'utf8' });
    const unknown = run('show');
    expect(unknown.status).toBe(1);
    expect(unknown.stderr).toMatch(/^unknown command 'show'; usage: flexdyn view/);
    const port = run('view', 'x.txt', '--port', '70000');
    expect(port.status).toBe(1);
    expect(port.stderr).toMatch(/^--port must be an integer in 0 … 65535, got 70000/);
    const none = run('view');
    expect(none.status).toBe(1);
    expect(none.stderr).toMatch(/^expected one file, got 0/);
    const liveWithFile = run('view', '--live', 'x.txt');
    expect(liveWithFile.status).toBe(1);
    expect(liveWithFile.stderr).toMatch(/^--live takes no file, got x.txt/);
  });
});
