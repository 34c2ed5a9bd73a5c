import { describe, it, expect } from 'vitest';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startLiveViewer } from '../../src/viewer/server.ts';
import { FlexdynError } from '../../src/core/errors.ts';

describe('live page server (flexdyn view --live)', () => {
  it('serves the built folder, index.html at /, nothing outside it', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'flexdyn-live-server-'));
    for (const [file, text] of [['index.html', '<!doctype html>'], ['live.js', '// page'], ['worker.js', '// worker'], ['worker.js.map', '{}']]) writeFileSync(join(dir, file), text);
    const viewer = await startLiveViewer({ folder: dir, port: 0 });
    try {
      expect(viewer.sceneFile).toBe('');
      const get = (path: string) => fetch(new URL(path, viewer.url));
      const page = await get('/');
      expect(page.headers.get('content-type')).toBe('text/html; charset=utf-8');
      expect(await page.text()).toBe('<!doctype html>');
      expect((await get('/worker.js')).headers.get('content-type')).toBe('text/javascript; charset=utf-8');
      expect(await (await get('/live.js')).text()).toBe('// page');
      expect((await get('/worker.js.map')).headers.get('content-type')).toBe('application/json');
      expect((await get('/%2e%2e/package.json')).status).toBe(404);
      expect((await get('/missing.js')).status).toBe(404);
    } finally {
      await viewer.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('names the missing build and how to make it', () => {
    const dir = mkdtempSync(join(tmpdir(), 'flexdyn-live-server-'));
    try {
      expect(() => startLiveViewer({ folder: dir })).toThrow(FlexdynError);
      expect(() => startLiveViewer({ folder: dir })).toThrow(/no index\.html in '.*'; build the live page with `npm run build:live` first/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
