import { describe, it, expect } from 'vitest';
import {
  SystemContainer, FEMinterface, ObjectFFRFinterface, ObjectFFRFreducedOrderInterface, createBlockMesh, computeScene, decodeArray, OutputVariableType,
} from '../../src/node.ts';

describe('scene export of FFRF bodies', () => {
  it('mesh node positions per frame, surface triangles and a DisplacementLocal contour', () => {
    const fem = new FEMinterface();
    fem.importMesh(createBlockMesh({ size: [1, 0.2, 0.1], divisions: [3, 1, 1], origin: [-0.5, -0.1, -0.05] }));
    fem.computeMassAndStiffness({ youngsModulus: 2e9, poissonsRatio: 0.3, density: 7800 });
    const mbs = new SystemContainer().addSystem();
    const r = new ObjectFFRFinterface(fem).addObjectFFRF(mbs, { constrainRigidBodyMotion: false });
    mbs.assemble();
    const nq = mbs.compiled().nq;
    expect(nq).toBe(7 + 3 * 16); // EP frame + 16 mesh nodes
    // frame 1: the frame translated by (0.1, 0, 0), mesh node 5 displaced by (0, 0.02, 0) in the body frame
    const row1 = new Array<number>(nq).fill(0);
    row1[0] = 0.1;
    const q5 = mbs.getNodeODE2Index(r.nodeList[5]);
    row1[q5 + 1] = 0.02;
    const rows = [new Array<number>(nq).fill(0), row1];
    const scene = computeScene(mbs, { times: [0, 1], coordinates: { rows: 2, columns: nq, row: (i) => rows[i] } },
      { contour: { outputVariable: OutputVariableType.DisplacementLocal } });
    expect(scene.meshBodies).toHaveLength(1);
    const m = scene.meshBodies[0];
    expect(m.nMeshNodes).toBe(16);
    // surface of 3 × 1 × 1 hexahedra: 2·(3 + 3 + 1) quads, two triangles each
    expect(decodeArray(m.triangles).length).toBe(3 * 28);
    const p = decodeArray(m.positions);
    let worst = 0;
    for (let k = 0; k < 16; k++) {
      const expected = [p[3 * k] + 0.1, p[3 * k + 1] + (k === 5 ? 0.02 : 0), p[3 * k + 2]];
      for (let c = 0; c < 3; c++) worst = Math.max(worst, Math.abs(p[48 + 3 * k + c] - expected[c]));
    }
    expect(worst).toBeLessThan(1e-7); // float32 of coordinates ≤ 0.6
    expect(Array.from(p.subarray(0, 3))).toEqual([-0.5, -0.1, -0.05].map(Math.fround)); // node 0 at the block corner
    const contour = m.contour!;
    expect(contour.outputVariable).toBe('DisplacementLocal');
    expect(contour.min).toBe(0);
    expect(contour.max).toBeCloseTo(0.02, 7);
    const values = decodeArray(contour.values);
    expect(values[16 + 5]).toBeCloseTo(0.02, 7);
    expect(values.filter((v) => v !== 0)).toHaveLength(1);
    expect(contour.range).toBe('all');
    expect(contour.frameMin).toBeUndefined();

    // per-frame range: frame 0 is undeformed (0 … 0), frame 1 spans 0 … 0.02; a fixed range is stored as given
    const solution = { times: [0, 1], coordinates: { rows: 2, columns: nq, row: (i: number) => rows[i] } };
    const perFrame = computeScene(mbs, solution, { contour: { outputVariable: OutputVariableType.DisplacementLocal, range: 'frame' } }).meshBodies[0].contour!;
    expect(perFrame.range).toBe('frame');
    expect(Array.from(decodeArray(perFrame.frameMin!))).toEqual([0, 0]);
    const frameMax = decodeArray(perFrame.frameMax!);
    expect(frameMax[0]).toBe(0);
    expect(frameMax[1]).toBeCloseTo(0.02, 7);
    const fixed = computeScene(mbs, solution, { contour: { outputVariable: OutputVariableType.DisplacementLocal, range: [0, 0.05] } }).meshBodies[0].contour!;
    expect([fixed.range, fixed.min, fixed.max]).toEqual(['fixed', 0, 0.05]);
    expect(() => computeScene(mbs, solution, { contour: { outputVariable: OutputVariableType.DisplacementLocal, range: [1, 0] } }))
      .toThrow(/contour.range must be 'all', 'frame' or \[min, max\] with min < max, got \[1,0\]/);
  });

  it('the reduced-order interface sets the surface triangles (kept from the FEMinterface and through save/load) and the scene draws them', () => {
    const fem = new FEMinterface();
    fem.importMesh(createBlockMesh({ size: [1, 0.2, 0.1], divisions: [3, 1, 1], origin: [-0.5, -0.1, -0.05] }));
    fem.computeMassAndStiffness({ youngsModulus: 2e9, poissonsRatio: 0.3, density: 7800 });
    fem.computeEigenmodes(2, 6);
    const cms = new ObjectFFRFreducedOrderInterface(fem);
    const surface = Array.from(fem.getSurfaceTriangles());
    expect(surface.length).toBe(3 * 28); // 2·(3 + 3 + 1) quads of the 3 × 1 × 1 block, two triangles each
    expect(Array.from(cms.triangles)).toEqual(surface);
    const mbs = new SystemContainer().addSystem();
    const body = cms.addObjectFFRFreducedOrder(mbs, { color: [0.2, 0.3, 0.4, 1] });
    expect((mbs.getObject(body.oFFRFreducedOrder).visualization as { triangleMesh: number[] }).triangleMesh).toEqual(surface);
    mbs.assemble();
    const nq = mbs.compiled().nq;
    const scene = computeScene(mbs, { times: [0], coordinates: { rows: 1, columns: nq, row: () => new Array<number>(nq).fill(0) } });
    expect(Array.from(decodeArray(scene.meshBodies[0].triangles))).toEqual(surface);
    expect(scene.meshBodies[0].color).toEqual([0.2, 0.3, 0.4, 1]);
  });
});
