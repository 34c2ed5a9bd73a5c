import { describe, it, expect } from 'vitest';
import { SystemContainer, NodePoint, MassPoint, graphics } from '../../src/index.ts';

describe('visualization parameter (shared by all items)', () => {
  it('keeps given keys validated, fills graphics data normals/colours, rejects unknown keys and bad graphics data', () => {
    const mbs = new SystemContainer().addSystem();
    const n = mbs.addNode(NodePoint({ visualization: { show: false, drawSize: 0.2 } }));
    const brick = graphics.Brick({ size: [1, 1, 1], color: graphics.color.red });
    const o = mbs.addObject(MassPoint({
      physicsMass: 1, nodeNumber: n,
      visualization: { graphicsData: [brick, { type: 'TriangleList', points: [0, 0, 0, 1, 0, 0, 0, 1, 0], triangles: [0, 1, 2] }], color: [0, 1, 0, 1] },
    }));
    expect(mbs.getNode(n).visualization).toEqual({ show: false, drawSize: 0.2 });
    const stored = mbs.getObject(o).visualization as { graphicsData: graphics.GraphicsTriangleList[]; color: number[] };
    expect(stored.graphicsData[0]).toEqual(brick);
    expect(stored.graphicsData[0]).not.toBe(brick); // a private copy
    expect(stored.graphicsData[1].normals).toEqual([0, 0, 1, 0, 0, 1, 0, 0, 1]);
    expect(stored.graphicsData[1].colors.slice(0, 4)).toEqual(graphics.color.defaultBody);
    expect(() => mbs.addNode(NodePoint({ visualization: { shwo: true } })))
      .toThrow(/^NodePoint #1: visualization\.shwo is not a visualization setting \(did you mean 'show'\?\); expected one of: show, color, graphicsData, /);
    expect(() => mbs.addNode(NodePoint({ visualization: { color: [1, 0, 0] } }))).toThrow(/visualization\.color must have 4 entries, got 3/);
    expect(() => mbs.addObject(MassPoint({ physicsMass: 1, nodeNumber: n, visualization: { graphicsData: [brick, { type: 'Line', data: [0, 0, 0], color: [0, 0, 0, 1] }] } })))
      .toThrow(/^ObjectMassPoint #1: visualization\.graphicsData\[1\] data must hold at least 2 points, got 1$/);
  });
});
