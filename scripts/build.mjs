#!/usr/bin/env node
/**
 * `npm run build`: compiles src/ into dist/ (ES modules, declaration files, source maps with the
 * TypeScript sources inlined), rewrites the `.ts` import paths that declaration files keep to `.js`,
 * copies the viewer page's static files, and writes the generated item dictionary types
 * (dist/itemDictionaries.d.ts) from the item registry of the compiled engine. Plain JavaScript, so that
 * `prepare` runs it without tsx.
 */
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const dist = join(root, 'dist');

// a fresh dist/, except the live page that `npm run build:live` writes into dist/live
if (existsSync(dist)) {
  for (const entry of readdirSync(dist)) if (entry !== 'live') rmSync(join(dist, entry), { recursive: true, force: true });
}
const tsc = join(root, 'node_modules', 'typescript', 'bin', 'tsc');
const compiled = spawnSync(process.execPath, [tsc, '-p', join(root, 'tsconfig.build.json')], { stdio: 'inherit' });
if (compiled.status !== 0) {
  console.error('build: tsc failed');
  process.exit(compiled.status ?? 1);
}

/** Declaration files keep the sources' `.ts` specifiers (TypeScript rewrites them in .js only). */
function rewriteDeclarationImports(folder) {
  for (const entry of readdirSync(folder, { withFileTypes: true })) {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) rewriteDeclarationImports(path);
    else if (entry.name.endsWith('.d.ts')) {
      const text = readFileSync(path, 'utf8');
      const rewritten = text.replace(/((?:from|import)\s*\(?\s*['"])(\.{1,2}\/[^'"]*?)\.ts(['"])/g, '$1$2.js$3');
      if (rewritten !== text) writeFileSync(path, rewritten);
    }
  }
}
rewriteDeclarationImports(dist);

const client = join(root, 'src', 'viewer', 'client');
if (existsSync(client)) cpSync(client, join(dist, 'viewer', 'client'), { recursive: true });

const { writeItemDictionaryTypes } = await import(pathToFileURL(join(root, 'scripts', 'itemDictionaryTypes.mjs')).href);
await writeItemDictionaryTypes(dist);
console.log(`build: dist/ written`);
