import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import { mkdirSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { startViewer, type ViewerServer } from '../../src/node.ts';
import { runViewerDemo, viewerDemoSolutionFile } from '../../examples/viewerDemo.ts';
import { browserSkipReason, launchBrowser } from './browserHarness.ts';

const skipReason = browserSkipReason();
if (skipReason !== undefined) console.log(`viewer browser test skipped: ${skipReason}`);

/** Screenshots of the test (gitignored). */
const outputFolder = 'test-output/viewer';

/** The page's reader of the WebGL canvas: RGBA pixels through a 2D canvas (the renderer keeps its drawing buffer). */
type CanvasReaderWindow = { readSceneCanvas(): { width: number; height: number; data: Uint8ClampedArray } };

/** Installs window.readSceneCanvas in every page the context opens (before the page's own scripts). */
async function installCanvasReader(page: Page): Promise<void> {
  await page.addInitScript(() => {
    (window as unknown as CanvasReaderWindow).readSceneCanvas = () => {
      const source = document.getElementById('scene-canvas') as HTMLCanvasElement;
      const c = document.createElement('canvas');
      c.width = source.width; c.height = source.height;
      const ctx = c.getContext('2d')!;
      ctx.drawImage(source, 0, 0);
      return { width: c.width, height: c.height, data: ctx.getImageData(0, 0, c.width, c.height).data };
    };
  });
}

/** Grey values of every 2nd pixel in x and y of the WebGL canvas. */
async function canvasPixels(page: Page): Promise<{ width: number; height: number; grey: number[]; background: number[] }> {
  return page.evaluate(() => {
    const { width, height, data: d } = (window as unknown as CanvasReaderWindow).readSceneCanvas();
    const grey: number[] = [];
    for (let y = 0; y < height; y += 2) {
      for (let x = 0; x < width; x += 2) {
        const i = 4 * (y * width + x);
        grey.push(Math.round(0.299 * d[i] + 0.587 * d[i + 1] + 0.114 * d[i + 2]));
      }
    }
    return { width, height, grey, background: [d[0], d[1], d[2]] };
  });
}

/** Per global point: the largest grey difference from the background within ±1 pixel of its canvas pixel (0 = nothing drawn there). */
async function contrastAt(page: Page, points: number[][]): Promise<number[]> {
  return page.evaluate((pts) => {
    const viewer = (window as unknown as { flexdynViewer: { toPixel(p: number[]): [number, number] } }).flexdynViewer;
    const c = (window as unknown as CanvasReaderWindow).readSceneCanvas(), d = c.data;
    const grey = (x: number, y: number) => { const i = 4 * (y * c.width + x); return 0.299 * d[i] + 0.587 * d[i + 1] + 0.114 * d[i + 2]; };
    const bg = grey(0, 0);
    return pts.map((p) => {
      const [x, y] = viewer.toPixel(p);
      let best = 0;
      for (let dy = -1; dy <= 1; dy++) for (let dx = -1; dx <= 1; dx++) {
        const xx = x + dx, yy = y + dy;
        if (xx >= 0 && yy >= 0 && xx < c.width && yy < c.height) best = Math.max(best, Math.abs(grey(xx, yy) - bg));
      }
      return best;
    });
  }, points);
}

type ViewerHandle = { frame: number; counts: { springs: number; jointParts: number }; springPoints(i: number): number[] };

describe.skipIf(skipReason !== undefined)('browser viewer (chromium, playwright-core)', () => {
  let viewer: ViewerServer;
  let browser: Awaited<ReturnType<typeof launchBrowser>>;
  let page: Page;
  const pageErrors: string[] = [];

  beforeAll(async () => {
    // the example's solution: 1 s, 200 steps (rows every 5 ms), and its scene beside it
    runViewerDemo(1, 200);
    viewer = await startViewer(viewerDemoSolutionFile, { port: 0 });
    browser = await launchBrowser();
    page = await browser.context.newPage();
    page.on('pageerror', (e) => pageErrors.push(e.message));
    await installCanvasReader(page);
    await page.goto(viewer.url);
    await page.waitForFunction(() => (window as unknown as { flexdynViewer?: unknown }).flexdynViewer !== undefined, undefined, { timeout: 60_000 });
    mkdirSync(outputFolder, { recursive: true });
  }, 180_000);

  afterAll(async () => {
    await browser?.close();
    await viewer?.close();
  });

  it('draws the scene, moves it with the slider, plays, and plots the sensors', async () => {
    const state = await page.evaluate(() => (window as unknown as { flexdynViewer: { error?: string; frameCount: number } }).flexdynViewer);
    expect(state.error).toBeUndefined();
    expect(pageErrors).toEqual([]);
    expect(state.frameCount).toBe(201); // rows at t = 0, 0.005, …, 1

    // not blank: the background is the page's (243, 245, 248) and a good share of pixels are drawn geometry
    const first = await canvasPixels(page);
    expect(first.background).toEqual([243, 245, 248]);
    const bg = first.grey[0];
    const drawn = first.grey.filter((g) => Math.abs(g - bg) > 12).length / first.grey.length;
    expect(drawn).toBeGreaterThan(0.02); // the bar, the bricks, the rod and the sphere cover 3.7 % of the view
    expect(new Set(first.grey).size).toBeGreaterThan(20); // shaded surfaces, not a flat fill
    await page.screenshot({ path: `${outputFolder}/viewerDemo-start.png` });

    // slider to the last frame: time label, frame and pixels change (the pendulum swung down)
    await page.locator('#slider').fill('200');
    expect(await page.evaluate(() => (window as unknown as { flexdynViewer: { frame: number } }).flexdynViewer.frame)).toBe(200);
    expect(await page.locator('#time').textContent()).toBe('t = 1.0000 s (201/201)');
    const last = await canvasPixels(page);
    expect(last.grey.length).toBe(first.grey.length);
    const changed = last.grey.filter((g, i) => Math.abs(g - first.grey[i]) > 12).length / last.grey.length;
    expect(changed).toBeGreaterThan(0.005); // 1.7 % measured: the bricks swung down, the rod sagged, the mass moved
    await page.screenshot({ path: `${outputFolder}/viewerDemo-end.png` });

    // sensor plots: one SVG per sensor, the cursor at the shown time (x of t = 1 is right of t = 0)
    const plots = page.locator('svg.sensor-plot');
    expect(await plots.count()).toBe(2);
    const cursorEnd = Number(await page.locator('svg.sensor-plot line.cursor').first().getAttribute('x1'));
    await page.locator('#slider').fill('0');
    const cursorStart = Number(await page.locator('svg.sensor-plot line.cursor').first().getAttribute('x1'));
    expect(cursorEnd - cursorStart).toBeGreaterThan(200); // 280 px plot width for the time range [0, 1]

    // the spring is a coil drawn on the canvas, and it moves with the slider (the mass point swings on it); the joints are drawn
    const counts = await page.evaluate(() => (window as unknown as { flexdynViewer: ViewerHandle }).flexdynViewer.counts);
    expect(counts.springs).toBe(1);
    expect(counts.jointParts).toBe(6); // two revolute joints and the rod clamp, two parts each
    const coilAt = async (frame: string) => {
      await page.locator('#slider').fill(frame);
      const flat = await page.evaluate(() => (window as unknown as { flexdynViewer: ViewerHandle }).flexdynViewer.springPoints(0));
      const points = Array.from({ length: flat.length / 3 }, (_, i) => flat.slice(3 * i, 3 * i + 3));
      return { points, contrast: await contrastAt(page, points) };
    };
    const coil0 = await coilAt('0'), coil1 = await coilAt('200');
    expect(coil0.points).toHaveLength(8 * 12 + 3);
    expect(coil0.points[0]).toEqual([-0.8, 0, 0].map(Math.fround)); // fixed end on the ground bar (float32)
    const moved = Math.max(...coil0.points.map((p, i) => Math.hypot(p[0] - coil1.points[i][0], p[1] - coil1.points[i][1], p[2] - coil1.points[i][2])));
    expect(moved).toBeGreaterThan(0.05); // the mass end swung by ≈ 0.3 m in 1 s
    // most coil points sit on drawn pixels in both frames (a 1 px line; > 20 grey levels against the background)
    for (const coil of [coil0, coil1]) expect(coil.contrast.filter((c) => c > 20).length / coil.contrast.length).toBeGreaterThan(0.5);
    await page.screenshot({ path: `${outputFolder}/viewerDemo-spring.png` });
    await page.locator('#slider').fill('0');

    // play at 0.25×: after ≈ 0.6 s wall time the animation has advanced, pause stops it
    await page.selectOption('#speed', '0.25');
    await page.click('#play');
    await page.waitForTimeout(600);
    await page.click('#play');
    const played = await page.evaluate(() => (window as unknown as { flexdynViewer: { frame: number } }).flexdynViewer.frame);
    expect(played).toBeGreaterThan(0);
    await page.waitForTimeout(200);
    expect(await page.evaluate(() => (window as unknown as { flexdynViewer: { frame: number } }).flexdynViewer.frame)).toBe(played);
    expect(await page.locator('#play').textContent()).toBe('Play');
  }, 120_000);
});
