import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { startLiveViewer, type ViewerServer } from '../../src/viewer/server.ts';
import { runLiveDemo, type LiveMessage } from '../../src/live/runner.ts';
import { decodeArray } from '../../src/viewer/index.ts';
import { buildLivePage } from '../../scripts/buildLive.ts';
import { browserSkipReason, launchBrowser } from './browserHarness.ts';
import { decodePng, differingPixelShare } from './png.ts';

const skipReason = browserSkipReason();
if (skipReason !== undefined) {
  // on CI the browser must be there: a skip would hide a broken live page
  if (process.env.CI === 'true') throw new Error(`live page browser test: CI=true, but ${skipReason}`);
  console.log(`live page browser test skipped: ${skipReason}`);
}

/** Screenshots of the test (gitignored). */
const outputFolder = 'test-output/live';

/** What the page's window.flexdynLive.run reports. */
interface RunSummary {
  demo: string;
  values: Record<string, number>;
  messages: number;
  framesReceived: number;
  computing: boolean;
  /** The page's clock [s]. */
  wall: number;
  /** Page time [s] of the animation frame that chose the shown frame. */
  shownAt: number;
  frame: number;
  time: number;
  lastTime: number;
  statistics?: { steps: number };
  sensors: { label: string; name: string; columns: string[]; rows: number[][] }[];
}
type LiveHandle = { ready: boolean; demos: string[]; runs: number; run?: RunSummary; start(demo: string, values?: Record<string, number>): void };

const summary = (page: Page) => page.evaluate(() => (window as unknown as { flexdynLive: LiveHandle }).flexdynLive.run!);

/** Starts `demo` with `values` on the page and waits until its solve is done; returns the run's summary. */
async function runToEnd(page: Page, demo: string, values: Record<string, number>): Promise<RunSummary> {
  const runs = await page.evaluate(() => (window as unknown as { flexdynLive: LiveHandle }).flexdynLive.runs);
  await page.evaluate(([d, v]) => (window as unknown as { flexdynLive: LiveHandle }).flexdynLive.start(d as string, v as Record<string, number>), [demo, values] as const);
  await page.waitForFunction((n) => {
    const live = (window as unknown as { flexdynLive: LiveHandle }).flexdynLive;
    return live.runs > n && live.run !== undefined && !live.run.computing;
  }, runs, { timeout: 120_000 });
  return summary(page);
}

/** Half the range of column c of sensor rows. */
const halfRange = (rows: number[][], c: number) => (Math.max(...rows.map((r) => r[c])) - Math.min(...rows.map((r) => r[c]))) / 2;

describe.skipIf(skipReason !== undefined)('live page (chromium, playwright-core): the engine in a Web Worker', () => {
  let folder: string;
  let server: ViewerServer;
  let browser: Awaited<ReturnType<typeof launchBrowser>>;
  let page: Page;
  const pageErrors: string[] = [];

  beforeAll(async () => {
    folder = mkdtempSync(join(tmpdir(), 'flexdyn-live-'));
    await buildLivePage(folder);
    server = await startLiveViewer({ folder, port: 0 });
    browser = await launchBrowser();
    page = await browser.context.newPage();
    page.on('pageerror', (e) => pageErrors.push(e.message));
    await page.goto(server.url);
    await page.waitForFunction(() => (window as unknown as { flexdynLive?: LiveHandle }).flexdynLive?.ready === true, undefined, { timeout: 60_000 });
    mkdirSync(outputFolder, { recursive: true });
  }, 180_000);

  afterAll(async () => {
    await browser?.close();
    await server?.close();
    if (folder !== undefined) rmSync(folder, { recursive: true, force: true });
  });

  it('solves the Wilberforce pendulum in the worker and animates it while it computes', async () => {
    expect(await page.evaluate(() => (window as unknown as { flexdynLive: LiveHandle }).flexdynLive.demos)).toEqual(['wilberforce', 'doublePendulum', 'sutureThread']);
    // the page starts the first demo (20 s simulated) by itself; wait for the first frames to play
    await page.waitForFunction(() => ((window as unknown as { flexdynLive: LiveHandle }).flexdynLive.run?.time ?? 0) > 0.2, undefined, { timeout: 60_000 });
    const pageClock = () => page.evaluate(() => performance.now() / 1000);
    const before = await summary(page);
    const shot0Start = await pageClock();
    const shot0 = await page.screenshot({ path: `${outputFolder}/wilberforce-0.png` });
    const shot0End = await pageClock();
    await page.waitForTimeout(1000);
    const shot1Start = await pageClock();
    const shot1 = await page.screenshot({ path: `${outputFolder}/wilberforce-1.png` });
    const after = await summary(page);
    expect(pageErrors).toEqual([]);
    expect(before.demo).toBe('wilberforce');
    // still computing at the first screenshot, and frames kept arriving in between
    expect(before.computing).toBe(true);
    expect(after.framesReceived).toBeGreaterThan(before.framesReceived);
    expect(after.messages).toBeGreaterThan(before.messages);
    // the animation plays in real time along the frames computed so far: the shown time advanced, by at most the page
    // time between the animation frames that chose the two shown frames (less where it waited for the solver: a loaded
    // 2-core machine computes slower than real time), to the frame spacing 0.01 s
    expect(after.time - before.time).toBeGreaterThan(0.3);
    expect(after.time - before.time).toBeLessThan(after.shownAt - before.shownAt + 0.011);
    const share = differingPixelShare(decodePng(shot0), decodePng(shot1));
    console.log(`live page: frames ${before.framesReceived} → ${after.framesReceived} (messages ${before.messages} → ${after.messages}), shown t ${before.time.toFixed(3)} → ${after.time.toFixed(3)} s in ${(after.shownAt - before.shownAt).toFixed(3)} s of page time, computed up to ${after.lastTime.toFixed(3)} s; `
      + `screenshots taken ${(shot1Start - shot0End).toFixed(3)} s apart (each took ${(shot0End - shot0Start).toFixed(3)} s); pixels differing: ${(100 * share).toFixed(2)} %`);
    // the second screenshot starts 1 s after the first ended (waitForTimeout), up to scheduling delays
    expect(shot1Start - shot0End).toBeGreaterThanOrEqual(0.99);
    expect(share).toBeGreaterThanOrEqual(0.01);
    // the sensor plot grows with the frames
    expect(after.sensors[0].rows.length).toBeGreaterThan(before.sensors[0].rows.length);
    expect(await page.locator('svg.sensor-plot').count()).toBe(1);
  }, 120_000);

  it('computes the same numbers as Node, and a changed parameter changes the computed result', async () => {
    const values = { pull: 10, endTime: 0.6 };
    const browserRun = await runToEnd(page, 'wilberforce', values);
    expect(browserRun.statistics!.steps).toBe(120); // 0.6 s in steps of 5 ms
    // the same demo in Node: the same engine, the same rows (float64 through base64)
    let nodeRows: number[][] = [];
    runLiveDemo('wilberforce', values, (m: LiveMessage) => {
      if (m.type === 'start' || m.type === 'frames') {
        const s = m.scene.sensors[0];
        const data = decodeArray(s.rows);
        nodeRows = Array.from({ length: s.nRows }, (_, r) => Array.from(data.subarray(r * s.columns.length, (r + 1) * s.columns.length)));
      }
    });
    const rows = browserRun.sensors[0].rows;
    expect(rows.length).toBe(nodeRows.length);
    // V8 in Chromium and in Node evaluate the same operations in the same order; Math.sin/cos/exp may differ in the
    // last bit between V8 versions, which Newton's tolerance does not amplify beyond 1e-9 of the amplitude
    const amplitude = halfRange(nodeRows, 1);
    const difference = Math.max(...rows.map((row, r) => Math.abs(row[1] - nodeRows[r][1])));
    console.log(`live page: Wilberforce 0.6 s, ${rows.length} sensor rows: largest |z_browser − z_node| = ${difference.toExponential(2)} m (half range ${amplitude.toExponential(3)} m)`);
    expect(difference).toBeLessThan(1e-9 * amplitude);

    // twice the pull-down: the spring is linear at this amplitude (1/4 of the static extension), so the vertical
    // half range of z doubles within a few percent
    const doubled = await runToEnd(page, 'wilberforce', { pull: 20, endTime: 0.6 });
    expect(doubled.values.pull).toBe(20);
    const ratio = halfRange(doubled.sensors[0].rows, 1) / halfRange(rows, 1);
    console.log(`live page: pull-down 10 → 20 mm: half range of z ${(1000 * halfRange(rows, 1)).toFixed(3)} → ${(1000 * halfRange(doubled.sensors[0].rows, 1)).toFixed(3)} mm (ratio ${ratio.toFixed(4)})`);
    expect(ratio).toBeGreaterThan(1.9);
    expect(ratio).toBeLessThan(2.1);
  }, 240_000);

  it('runs the double pendulum and the suture thread from the selector', async () => {
    const pendulum = await runToEnd(page, 'doublePendulum', { endTime: 0.5 });
    await page.screenshot({ path: `${outputFolder}/doublePendulum.png` });
    expect(pendulum.statistics!.steps).toBe(250);
    // the tip falls from y = 0 (released horizontally at rest)
    const tip = pendulum.sensors[0].rows;
    expect(tip[0][2]).toBeCloseTo(0, 12);
    expect(tip[tip.length - 1][2]).toBeLessThan(-0.3);
    const thread = await runToEnd(page, 'sutureThread', { endTime: 0.5, numberOfElements: 10 });
    await page.screenshot({ path: `${outputFolder}/sutureThread.png` });
    // the middle node follows the prescribed pull y(T) = d at T = 0.5 s (a constraint: to Newton's tolerance)
    const middle = thread.sensors.find((s) => s.name === 'middle node')!.rows;
    expect(middle[middle.length - 1][2]).toBeCloseTo(0.005, 9);
    expect(await page.locator('svg.sensor-plot').count()).toBe(2);
    // legends name sensor and component and sit below the axes (never on the data); the axes carry units
    const plots = await page.evaluate(() => Array.from(document.querySelectorAll('svg.sensor-plot')).map((svg) => {
      const frame = svg.querySelector('rect')!;
      return {
        axisBottom: Number(frame.getAttribute('y')) + Number(frame.getAttribute('height')),
        legends: Array.from(svg.querySelectorAll('text.legend')).map((t) => ({ text: t.textContent, y: Number(t.getAttribute('y')) })),
        yLabel: svg.querySelector('text.y-label')?.textContent, xLabel: svg.querySelector('text.x-label')?.textContent,
      };
    }));
    expect(plots.map((p) => p.legends.map((l) => l.text))).toEqual([
      ['middle node: Position x', 'middle node: Position y', 'middle node: Position z'],
      ['section at L/4: ForceLocal x', 'section at L/4: ForceLocal y', 'section at L/4: ForceLocal z'],
    ]);
    for (const p of plots) for (const l of p.legends) expect(l.y).toBeGreaterThan(p.axisBottom + 10);
    expect(plots.map((p) => [p.xLabel, p.yLabel])).toEqual([['time [s]', 'Position [m]'], ['time [s]', 'ForceLocal [N]']]);
    expect(await page.locator('#error').textContent()).toBe('');
    expect(pageErrors).toEqual([]);
  }, 240_000);
});
