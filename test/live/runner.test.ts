import { describe, it, expect } from 'vitest';
import { runLiveDemo, type LiveMessage } from '../../src/live/runner.ts';
import { liveDemo, liveDemos } from '../../src/live/demos/index.ts';
import { decodeArray } from '../../src/viewer/scene.ts';

/** Runs a demo and collects its messages. */
function collect(id: string, values: Record<string, number>): LiveMessage[] {
  const messages: LiveMessage[] = [];
  runLiveDemo(id, values, (m) => messages.push(m), { chunkMilliseconds: 0 });
  return messages;
}

describe('live runner (the Web Worker side of the live page, run in Node)', () => {
  it('streams the double pendulum: the initial frame, frames every frameInterval of simulated time, then the statistics', () => {
    const messages = collect('doublePendulum', { endTime: 0.1 });
    expect(messages[0].type).toBe('start');
    expect(messages[messages.length - 1].type).toBe('done');
    const scenes = messages.flatMap((m) => (m.type === 'start' || m.type === 'frames' ? [m.scene] : []));
    const times = scenes.flatMap((s) => s.times);
    // 0, 0.01, …, 0.1 (steps of 2 ms; one frame per 10 ms), each once and in order
    expect(times.length).toBe(11);
    times.forEach((t, i) => expect(t).toBeCloseTo(0.01 * i, 12));
    // every chunk carries the bodies' poses of its frames and the sensor rows so far
    // bodies: the ground (static, one pose) and the two bricks
    for (const s of scenes) expect(s.bodies.map((b) => decodeArray(b.poses).length)).toEqual([12, 12 * s.times.length, 12 * s.times.length]);
    const last = scenes[scenes.length - 1];
    expect(last.sensors[0].nRows).toBe(11); // sensorsWritePeriod 0.01 s (Exudyn's default): t = 0, 0.01, …, 0.1
    const done = messages[messages.length - 1];
    if (done.type === 'done') expect(done.statistics.steps).toBe(50);
    // the drawn tip (the second brick's pose) matches the tip sensor at the end: x of the brick's reference point + a/2 along its axis
    const poses = decodeArray(last.bodies[2].poses), f = last.times.length - 1;
    const rows = decodeArray(last.sensors[0].rows), n = last.sensors[0].columns.length;
    const tipX = poses[12 * f] + 0.25 * poses[12 * f + 3], tipY = poses[12 * f + 1] + 0.25 * poses[12 * f + 6];
    expect(tipX).toBeCloseTo(rows[(last.sensors[0].nRows - 1) * n + 1], 6); // float32 poses
    expect(tipY).toBeCloseTo(rows[(last.sensors[0].nRows - 1) * n + 2], 6);
  });

  it('checks the parameters: defaults, ranges, whole numbers, unknown names and ids; errors are posted, not thrown', () => {
    expect(liveDemo('wilberforce').values).toEqual({ pull: 10, numberOfElements: 18, endTime: 20 });
    expect(() => liveDemo('wilberforce', { pul: 1 })).toThrow("live demo wilberforce: parameter must be one of pull, numberOfElements, endTime, got 'pul'");
    expect(() => liveDemo('wilberforce', { pull: 30 })).toThrow('live demo wilberforce: pull must be a number in 0 … 20 mm, got 30');
    expect(() => liveDemo('wilberforce', { numberOfElements: 6.5 })).toThrow('numberOfElements must be a whole number in 6 … 36, got 6.5');
    expect(() => liveDemo('pendulum')).toThrow("live demo: id must be one of 'wilberforce', 'doublePendulum', 'sutureThread', got 'pendulum'");
    expect(collect('sutureThread', { numberOfElements: 11 })).toEqual([{ type: 'error', message: 'live demo sutureThread: numberOfElements must be even (the middle is a node), got 11' }]);
    for (const demo of liveDemos) for (const p of demo.parameters) expect(p.value).toBeGreaterThanOrEqual(p.min), expect(p.value).toBeLessThanOrEqual(p.max);
  });
});
