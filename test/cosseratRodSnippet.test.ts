import { describe, it, expect } from 'vitest';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

describe('docs/cosseratRod.md', () => {
  it('has a complete rod cantilever that runs as it stands and prints what the page says, close to the Timoshenko beam', () => {
    const page = readFileSync(new URL('../docs/cosseratRod.md', import.meta.url), 'utf8');
    const section = page.split(/^## /m).find((part) => part.startsWith('A complete example'))!;
    const code = /```ts\n([\s\S]*?)```/.exec(section)![1];
    expect(code).toContain("} from 'flexdyn';");
    // the block as it stands, with 'flexdyn' resolved to this checkout's engine entry
    const dir = mkdtempSync(join(tmpdir(), 'flexdyn-snippet-'));
    try {
      const file = join(dir, 'cantilever.ts');
      writeFileSync(file, code.replace("from 'flexdyn';", `from '${pathToFileURL(fileURLToPath(new URL('../src/index.ts', import.meta.url))).href}';`));
      const printed = execFileSync(process.execPath, ['--import', 'tsx', file], { encoding: 'utf8', cwd: fileURLToPath(new URL('..', import.meta.url)) }).trim();
      expect(section).toContain(`It prints \`${printed}\``);
      // geometrically exact rod vs linear beam: they differ by O((δ/L)²) = 4e-6 at δ/L = 2e-3
      const [rod, beam] = [...printed.matchAll(/(\d+\.\d+) mm/g)].map((m) => Number(m[1]));
      expect(Math.abs(rod / beam - 1)).toBeLessThan(1e-5);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000); // a child process with tsx: a few seconds, more on a loaded machine
});
