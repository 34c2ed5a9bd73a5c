import { describe, it, expect } from 'vitest';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startViewer, resolveSceneFile, FlexdynError } from '../../src/node.ts';

describe('viewer server', () => {
  it('serves the page, its scripts, the scene and three.js modules; nothing outside', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'flexdyn-viewer-'));
    const scene = JSON.stringify({ format: 'flexdyn-scene', version: 1, times: [0] });
    writeFileSync(join(dir, 'run.scene.json'), scene);
    const viewer = await startViewer(join(dir, 'run.txt'), { port: 0 });
    try {
      expect(viewer.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/$/);
      const get = (path: string) => fetch(new URL(path, viewer.url));
      const page = await get('/');
      expect(page.headers.get('content-type')).toBe('text/html; charset=utf-8');
      expect(await page.text()).toContain('"three": "/three/build/three.module.js"');
      expect(await (await get('/scene.json')).text()).toBe(scene);
      expect((await get('/viewer.js')).headers.get('content-type')).toBe('text/javascript; charset=utf-8');
      expect(await (await get('/three/build/three.module.js')).text()).toContain('REVISION');
      expect((await get('/three/examples/jsm/controls/OrbitControls.js')).status).toBe(200);
      expect((await get('/three/%2e%2e/%2e%2e/package.json')).status).toBe(404);
      expect((await get('/src/index.ts')).status).toBe(404);
    } finally {
      await viewer.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('names the missing scene file and how to write it', () => {
    expect(() => resolveSceneFile('nowhere/sol.txt')).toThrow(FlexdynError);
    expect(() => resolveSceneFile('nowhere/sol.txt'))
      .toThrow("flexdyn view: no scene file 'nowhere/sol.scene.json' beside the solution file 'nowhere/sol.txt'; write it after the solve with exportScene(mbs, loadSolutionFile('nowhere/sol.txt')) (docs/viewer.md)");
  });
});
