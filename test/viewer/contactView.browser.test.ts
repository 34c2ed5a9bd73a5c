import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import {
  SystemContainer, SimulationSettings, NodePoint, NodePointGround, MassPoint, MarkerNodePosition, MarkerNodeRigid, LoadForceVector,
  startViewer, exportScene, loadSolutionFile, decodeArray, type ViewerServer, type Scene,
} from '../../src/node.ts';
import { browserSkipReason, launchBrowser } from './browserHarness.ts';

const skipReason = browserSkipReason();
if (skipReason !== undefined) console.log(`contact viewer browser test skipped: ${skipReason}`);

/** Screenshots of the test (gitignored). */
const outputFolder = 'test-output/viewer';

type ContactViewer = { error?: string; frameCount: number; counts: { contacts: number }; contactPointCount(i: number): number; showFrame(f: number): void; toPixel(p: number[]): [number, number] };

describe.skipIf(skipReason !== undefined)('browser viewer: GeneralContact spheres, triangles and contact points', () => {
  const folder = mkdtempSync(join(tmpdir(), 'flexdyn-contactView-'));
  let viewer: ViewerServer;
  let browser: Awaited<ReturnType<typeof launchBrowser>>;
  let page: Page;
  let scene: Scene;
  const pageErrors: string[] = [];

  beforeAll(async () => {
    // three balls (r = 0.1) dropped onto a floor of two triangles; they land at about t = 0.2 s
    const mbs = new SystemContainer().addSystem();
    const contact = mbs.addGeneralContact();
    const ground = mbs.addMarker(MarkerNodeRigid({ nodeNumber: mbs.addNode(NodePointGround({})) }));
    contact.addTrianglesRigidBodyBased(ground, 1e4, 50, 0, [[-1, -1, 0], [1, -1, 0], [1, 1, 0], [-1, 1, 0]], [[0, 1, 2], [0, 2, 3]]);
    for (const x of [-0.5, 0, 0.5]) {
      const node = mbs.addNode(NodePoint({ referenceCoordinates: [x, 0.2 * x, 0.3] }));
      mbs.addObject(MassPoint({ physicsMass: 1, nodeNumber: node }));
      const marker = mbs.addMarker(MarkerNodePosition({ nodeNumber: node }));
      mbs.addLoad(LoadForceVector({ markerNumber: marker, loadVector: [0, 0, -9.81] }));
      contact.addSphereWithMarker(marker, 0.1, 1e4, 50, 0);
    }
    mbs.assemble();
    const settings = new SimulationSettings();
    settings.timeIntegration.endTime = 0.5;
    settings.timeIntegration.numberOfSteps = 500;
    settings.timeIntegration.verboseMode = 0;
    settings.solutionSettings.solutionWritePeriod = 0.01;
    settings.solutionSettings.coordinatesSolutionFileName = join(folder, 'balls.txt');
    mbs.solveDynamic(settings);
    const sceneFile = exportScene(mbs, loadSolutionFile(join(folder, 'balls.txt')), { upAxis: 'z' });
    scene = JSON.parse(readFileSync(sceneFile, 'utf8')) as Scene;
    viewer = await startViewer(join(folder, 'balls.txt'), { port: 0 });
    browser = await launchBrowser();
    page = await browser.context.newPage();
    page.on('pageerror', (e) => pageErrors.push(e.message));
    await page.goto(viewer.url);
    await page.waitForFunction(() => (window as unknown as { flexdynViewer?: unknown }).flexdynViewer !== undefined, undefined, { timeout: 60_000 });
    mkdirSync(outputFolder, { recursive: true });
  }, 180_000);

  afterAll(async () => {
    await browser?.close();
    await viewer?.close();
    rmSync(folder, { recursive: true, force: true });
  });

  it('shows the spheres, the floor and as many contact points per frame as the scene holds', async () => {
    const state = await page.evaluate(() => {
      const v = (window as unknown as { flexdynViewer: ContactViewer }).flexdynViewer;
      return { error: v.error, frameCount: v.frameCount, contacts: v.counts.contacts };
    });
    expect(state.error).toBeUndefined();
    expect(pageErrors).toEqual([]);
    expect(state.frameCount).toBe(51);
    expect(state.contacts).toBe(1);
    const offsets = decodeArray(scene.contacts[0].pointOffsets);
    const counts: number[] = [];
    for (const frame of [0, 10, 50]) {
      counts.push(await page.evaluate((f) => {
        const v = (window as unknown as { flexdynViewer: ContactViewer }).flexdynViewer;
        v.showFrame(f);
        return v.contactPointCount(0);
      }, frame));
      expect(counts[counts.length - 1]).toBe(offsets[frame + 1] - offsets[frame]);
    }
    expect(counts[0]).toBe(0); // in the air
    expect(counts[2]).toBe(3); // all three on the floor at the end
    await page.screenshot({ path: `${outputFolder}/contactBalls-end.png` });
    // the spheres are drawn: the canvas differs from the background at each ball's centre (shown at the last frame)
    const centers = decodeArray(scene.contacts[0].centers);
    const contrast = await page.evaluate((points) => {
      const v = (window as unknown as { flexdynViewer: ContactViewer }).flexdynViewer;
      const source = document.getElementById('scene-canvas') as HTMLCanvasElement;
      const c = document.createElement('canvas');
      c.width = source.width; c.height = source.height;
      const ctx = c.getContext('2d')!;
      ctx.drawImage(source, 0, 0);
      const d = ctx.getImageData(0, 0, c.width, c.height).data;
      const grey = (x: number, y: number) => { const i = 4 * (y * c.width + x); return 0.299 * d[i] + 0.587 * d[i + 1] + 0.114 * d[i + 2]; };
      return points.map((p) => { const [x, y] = v.toPixel(p); return Math.abs(grey(x, y) - grey(0, 0)); });
    }, [0, 1, 2].map((i) => Array.from(centers.subarray(3 * (50 * 3 + i), 3 * (50 * 3 + i) + 3))));
    for (const value of contrast) expect(value).toBeGreaterThan(20);
  });
});
