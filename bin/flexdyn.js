#!/usr/bin/env node
// The flexdyn command (package.json "bin"): runs the compiled CLI (npm run build writes dist/; an installed package has it).
import { existsSync } from 'node:fs';

const cli = new URL('../dist/cli.js', import.meta.url);
if (!existsSync(cli)) {
  console.error('flexdyn: dist/cli.js is missing; run `npm run build` in the flexdyn folder (an installed package has it built)');
  process.exit(1);
}
await import(cli.href);
