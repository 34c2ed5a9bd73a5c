import { describe, it, expect } from 'vitest';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  SystemContainer, SimulationSettings, OutputVariableType, ConfigurationType, SensorBody, InertiaCuboid, graphics, ObjectGround,
  MarkerBodyRigid, MarkerNodeRigid, GenericJoint, NodePoint2DSlope1, Cable2D, loadSolutionFile, exportScene, computeScene,
  sceneFileNameFor, decodeArray, FlexdynError, MassPoint, NodePoint, NodeRigidBody2D, ObjectBeamGeometricallyExact2D, type Scene, type MainSystem,
} from '../../src/node.ts';

/** A rigid brick on a revolute joint, a mass point on a spring, a Cosserat rod clamped with the ground frame = its start frame (along x), all under gravity. */
/** The demo scene; element: the rod's (seed 000's R12 displacement element, or the defaults: quaternion, mixed). */
function buildModel(element: 'R12 displacement' | 'default' = 'R12 displacement') {
  const mbs = new SystemContainer().addSystem();
  const g = [0, -9.81, 0];
  const ground = mbs.createGround({ referencePosition: [0, 0.5, 0], graphicsDataList: [graphics.Brick({ size: [2, 0.1, 0.1], color: graphics.color.grey })] });
  const body = mbs.createRigidBody({
    referencePosition: [0.25, 0, 0], inertia: InertiaCuboid({ density: 1000, sideLengths: [0.5, 0.05, 0.05] }), gravity: g,
    graphicsDataList: [graphics.Brick({ size: [0.5, 0.05, 0.05], color: graphics.color.red })], initialAngularVelocity: [0, 0, 1],
  });
  const hinge = mbs.createRevoluteJoint({ bodyNumbers: [ground, body], position: [0, 0, 0], axis: [0, 0, 1] });
  const mass = mbs.createMassPoint({ referencePosition: [-0.5, -0.3, 0], physicsMass: 0.2, gravity: g });
  const spring = mbs.createSpringDamper({ bodyNumbers: [ground, mass], localPosition0: [-0.5, 0, 0], stiffness: 50, drawSize: 0.08 });
  const rod = mbs.createCosseratRod({ ...(element === 'default' ? {} : { interpolation: 'R12', formulation: 'displacement' } as const),
    centerline: { type: 'Straight', start: [0, 0, 0.5], direction: [1, 0, 0], length: 0.8 }, numberOfElements: 2, polynomialDegree: 2, gravity: g,
    physicsAxialShearStiffness: [1e5, 4e4, 4e4], physicsBendingTorsionStiffness: [2, 2, 2], physicsMassPerLength: 1, physicsInertiaPerLength: [1e-4, 5e-5, 5e-5],
  });
  mbs.modifyObject(rod.objectNumber, { visualization: { radius: 0.02 } });
  const clamp = mbs.addMarker(MarkerBodyRigid({ bodyNumber: ground, localPosition: [0, -0.5, 0.5] }));
  const clampJoint = mbs.addObject(GenericJoint({ markerNumbers: [clamp, mbs.addMarker(MarkerNodeRigid({ nodeNumber: rod.nodeNumbers[0] }))], visualization: { axesRadius: 0.06 } }));
  const sensor = mbs.addSensor(SensorBody({ bodyNumber: body, localPosition: [0.25, 0, 0], outputVariableType: OutputVariableType.Position, storeInternal: true, writeToFile: false }));
  mbs.assemble();
  return { mbs, ground, body, mass, spring, hinge, clampJoint, rod, sensor };
}

function maxDifference(a: ArrayLike<number>, b: ArrayLike<number>): number {
  let d = 0;
  for (let i = 0; i < Math.max(a.length, b.length); i++) d = Math.max(d, Math.abs(a[i] - b[i]));
  return d;
}

describe('scene export', () => {
  for (const element of ['R12 displacement', 'default'] as const) it(`writes poses, rod frames, connector ends, meshes and sensor rows that match the solved system (rod: ${element})`, () => {
    const dir = mkdtempSync(join(tmpdir(), 'flexdyn-scene-'));
    try {
      const m = buildModel(element);
      const settings = new SimulationSettings();
      settings.timeIntegration.endTime = 0.2;
      settings.timeIntegration.numberOfSteps = 40;
      settings.solutionSettings.coordinatesSolutionFileName = join(dir, 'solution.txt');
      settings.solutionSettings.solutionWritePeriod = 0.02;
      settings.solutionSettings.outputPrecision = 16;
      m.mbs.solveDynamic(settings);
      const file = exportScene(m.mbs, join(dir, 'solution.txt'));
      expect(file).toBe(join(dir, 'solution.scene.json'));
      expect(sceneFileNameFor('a/coordinatesSolution.txt')).toBe('a/coordinatesSolution.scene.json');
      const scene = JSON.parse(readFileSync(file, 'utf8')) as Scene;
      expect(scene.format).toBe('flexdyn-scene');
      expect(scene.times).toEqual(Array.from(loadSolutionFile(join(dir, 'solution.txt')).times));
      expect(scene.times.length).toBe(11); // t = 0, 0.02, …, 0.2
      const last = scene.times.length - 1;
      const C = ConfigurationType.Current; // the end of the solve = the last row

      // ground: static, at its reference position, with the brick's 24 vertices / 12 triangles
      const groundScene = scene.bodies.find((b) => b.label === `ObjectGround #${m.ground}`)!;
      expect(groundScene.static).toBe(true);
      expect(Array.from(decodeArray(groundScene.poses))).toEqual([0, 0.5, 0, 1, 0, 0, 0, 1, 0, 0, 0, 1]);
      expect(groundScene.mesh.positions.length).toBe(72);
      expect(groundScene.mesh.indices.length).toBe(36);

      // rigid body: pose of the last frame = position and rotation matrix after the solve, to float32 precision (3e-8 · |x| ≤ 1e-7)
      const bodyScene = scene.bodies.find((b) => b.label === `ObjectRigidBody #${m.body}`)!;
      const poses = decodeArray(bodyScene.poses);
      expect(poses.length).toBe(12 * scene.times.length);
      const pose = poses.subarray(12 * last, 12 * last + 12);
      expect(maxDifference(pose.subarray(0, 3), m.mbs.getObjectOutputBody(m.body, OutputVariableType.Position, [0, 0, 0], C))).toBeLessThan(1e-7);
      expect(maxDifference(pose.subarray(3), m.mbs.getObjectOutputBody(m.body, OutputVariableType.RotationMatrix, [0, 0, 0], C))).toBeLessThan(1e-7);
      // it rotated noticeably (ω0 = 1 rad/s plus gravity), so the check is not trivial
      expect(Math.abs(pose[4])).toBeGreaterThan(0.05);

      // mass point: default sphere, position after the solve
      const massScene = scene.bodies.find((b) => b.label === `ObjectMassPoint #${m.mass}`)!;
      const massPose = decodeArray(massScene.poses).subarray(12 * last, 12 * last + 3);
      expect(maxDifference(massPose, m.mbs.getObjectOutputBody(m.mass, OutputVariableType.Position, [0, 0, 0], C))).toBeLessThan(1e-7);

      // rod: samples at s_i = L i/(n − 1) with position and RotationMatrix of the rod at s_i, its section axes (columns
      // 2, 3) made orthonormal by Gram–Schmidt as in the VTK export (the interpolated rotation is orthogonal only at nodes)
      const rodScene = scene.rods.find((r) => r.label === `ObjectCosseratRod #${m.rod.objectNumber}`)!;
      expect(rodScene.radius).toBe(0.02);
      const n = rodScene.nSamples;
      expect(n).toBe(17); // max(17, 4·(5 − 1) + 1)
      const samples = decodeArray(rodScene.samples);
      expect(samples.length).toBe(scene.times.length * n * 12);
      let sampleError = 0;
      for (let i = 0; i < n; i++) {
        const s = (0.8 * i) / (n - 1), o = (last * n + i) * 12;
        const R = m.mbs.getObjectOutputBody(m.rod.objectNumber, OutputVariableType.RotationMatrix, [s, 0, 0], C);
        const column = (a: ArrayLike<number>, o0: number, k: number) => [a[o0 + k], a[o0 + 3 + k], a[o0 + 6 + k]];
        const e2 = column(R, 0, 1), l2 = Math.hypot(...e2);
        const g = column(R, 0, 2), d = (g[0] * e2[0] + g[1] * e2[1] + g[2] * e2[2]) / (l2 * l2);
        const e3 = g.map((x, k) => x - d * e2[k]), l3 = Math.hypot(...e3);
        sampleError = Math.max(sampleError,
          maxDifference(samples.subarray(o, o + 3), m.mbs.getObjectOutputBody(m.rod.objectNumber, OutputVariableType.Position, [s, 0, 0], C)),
          maxDifference(column(samples, o + 3, 0), column(R, 0, 0)),
          maxDifference(column(samples, o + 3, 1), e2.map((x) => x / l2)),
          maxDifference(column(samples, o + 3, 2), e3.map((x) => x / l3)));
      }
      expect(sampleError).toBeLessThan(1e-7);
      // the tip fell under gravity: not at its reference height y = 0
      expect(samples[(last * n + n - 1) * 12 + 1]).toBeLessThan(-0.05); // static sag qL⁴/(8EI) = 0.25 m, ω1 ≈ 8 rad/s

      // spring: a coil from the ground point to the mass point at every frame
      expect(scene.lines.find((l) => l.label === `ObjectConnectorSpringDamper #${m.spring}`)).toBeUndefined();
      const spring = scene.springs.find((l) => l.label === `ObjectConnectorSpringDamper #${m.spring}`)!;
      expect(spring.radius).toBe(0.04); // drawSize 0.08 = coil diameter (Exudyn's VSpringDamper)
      expect(spring.windings).toBe(8);
      expect(spring.nPoints).toBe(8 * 12 + 3);
      const coil = decodeArray(spring.points);
      expect(coil.length).toBe(3 * spring.nPoints * scene.times.length);
      for (const f of [0, last]) {
        const c = coil.subarray(3 * spring.nPoints * f, 3 * spring.nPoints * (f + 1));
        const p0 = [-0.5, 0.5, 0];
        const p1 = Array.from(decodeArray(massScene.poses).subarray(12 * f, 12 * f + 3));
        expect(maxDifference(c.subarray(0, 3), p0)).toBe(0);
        expect(maxDifference(c.subarray(c.length - 3), p1)).toBe(0);
        // helix points: distance 0.04 from the axis p0 → p1, axial coordinate 0.1 L … 0.9 L, rising monotonically
        const d = [0, 1, 2].map((k) => p1[k] - p0[k]), L = Math.hypot(...d), e = d.map((x) => x / L);
        let radial = 0, previous = -Infinity;
        const axial: number[] = [];
        for (let i = 1; i < spring.nPoints - 1; i++) {
          const v = [0, 1, 2].map((k) => c[3 * i + k] - p0[k]);
          const a = v[0] * e[0] + v[1] * e[1] + v[2] * e[2];
          radial = Math.max(radial, Math.abs(Math.hypot(v[0] - a * e[0], v[1] - a * e[1], v[2] - a * e[2]) - 0.04));
          expect(a).toBeGreaterThan(previous);
          previous = a;
          axial.push(a);
        }
        expect(radial).toBeLessThan(1e-6); // float32 of coordinates ≤ 1
        expect(axial[0] / L).toBeCloseTo(0.1, 5);
        expect(axial[axial.length - 1] / L).toBeCloseTo(0.9, 5);
      }
      // the spring stretched or swung: its end moved between the first and the last frame
      expect(maxDifference(coil.subarray(3 * (spring.nPoints - 1), 3 * spring.nPoints), coil.subarray(3 * spring.nPoints * (last + 1) - 3))).toBeGreaterThan(0.01);

      // revolute joint: the axis on the ground marker (static), the hinge on the body's marker frame A_body · rotationMarker1
      const hinge = scene.joints.find((j) => j.label === `ObjectJointRevoluteZ #${m.hinge}`)!;
      expect(hinge.parts.map((p) => [p.marker, p.static])).toEqual([[0, true], [1, false]]);
      const R0 = m.mbs.getObject(m.hinge).rotationMarker0 as number[][]; // the ground marker's axes are global: the joint frame is rotationMarker0
      expect(Array.from(decodeArray(hinge.parts[0].poses))).toEqual([0, 0, 0, ...R0.flat()].map(Math.fround));
      const hingePose = decodeArray(hinge.parts[1].poses).subarray(12 * last, 12 * last + 12);
      const A = m.mbs.getObjectOutputBody(m.body, OutputVariableType.RotationMatrix, [0, 0, 0], C);
      const R1 = m.mbs.getObject(m.hinge).rotationMarker1 as number[][];
      const expected = [0, 1, 2].flatMap((i) => [0, 1, 2].map((j) => A[3 * i] * R1[0][j] + A[3 * i + 1] * R1[1][j] + A[3 * i + 2] * R1[2][j]));
      expect(maxDifference(hingePose.subarray(3), expected)).toBeLessThan(1e-7);
      expect(maxDifference(hingePose.subarray(0, 3), m.mbs.getObjectOutputBody(m.body, OutputVariableType.Position, [-0.25, 0, 0], C))).toBeLessThan(1e-7);
      expect(Math.abs(hingePose[4])).toBeGreaterThan(0.05); // the frame turned with the body
      // glyph sizes in the joint frame: automatic (createRevoluteJoint without axisRadius/axisLength), radius 1.5 % and
      // length 6 % of the model size Lc = diagonal of the nodes' reference positions
      const lo = [Infinity, Infinity, Infinity], hi = [-Infinity, -Infinity, -Infinity];
      for (let n = 0; n < m.mbs.numberOfNodes; n++) {
        if (m.mbs.getNode(n).nodeType === 'GenericODE2') continue; // the mixed rod's stresses: no position
        const p = m.mbs.getNodeOutput(n, OutputVariableType.Position, ConfigurationType.Reference);
        for (let k = 0; k < 3; k++) { lo[k] = Math.min(lo[k], p[k]); hi[k] = Math.max(hi[k], p[k]); }
      }
      const Lc = Math.hypot(hi[0] - lo[0], hi[1] - lo[1], hi[2] - lo[2]);
      const extent = (mesh: { positions: Parameters<typeof decodeArray>[0] }) => {
        const q = decodeArray(mesh.positions);
        let zMin = Infinity, zMax = -Infinity, r = 0;
        for (let i = 0; i < q.length; i += 3) { zMin = Math.min(zMin, q[i + 2]); zMax = Math.max(zMax, q[i + 2]); r = Math.max(r, Math.hypot(q[i], q[i + 1])); }
        return [zMin, zMax, r];
      };
      const near = (got: number[], expected: number[]) => expect(maxDifference(got, expected)).toBeLessThan(1e-7); // float32 meshes
      near(extent(hinge.parts[0].mesh), [-0.6 * 0.06 * Lc, 0.6 * 0.06 * Lc, 0.5 * 0.015 * Lc]); // axis: 1.2 · axisLength, radius axisRadius/2
      near(extent(hinge.parts[1].mesh), [-0.5 * 0.06 * Lc, 0.5 * 0.06 * Lc, 0.015 * Lc]); // hinge: axisLength, axisRadius
      // the locked generic joint (rod clamp, axesRadius 0.06 given): spheres of axesRadius/2 at both markers
      const clamp = scene.joints.find((j) => j.label === `ObjectJointGeneric #${m.clampJoint}`)!;
      expect(clamp.parts).toHaveLength(2);
      expect(extent(clamp.parts[1].mesh)[2]).toBeCloseTo(0.03, 6);
      // (a part that does not move is stored once: with the mixed rod the clamped node 0 stays exactly in place)
      const clampFrame = clamp.parts[1].static ? 0 : last;
      expect(maxDifference(decodeArray(clamp.parts[1].poses).subarray(12 * clampFrame, 12 * clampFrame + 3), [0, 0, 0.5])).toBeLessThan(1e-7);

      // sensor rows: the stored rows, with column names
      const sensorScene = scene.sensors[0];
      expect(sensorScene.columns).toEqual(['time', 'Position[0]', 'Position[1]', 'Position[2]']);
      expect(Array.from(decodeArray(sensorScene.rows))).toEqual(m.mbs.getSensorStoredData(m.sensor).flat());
      expect(scene.bounds.min[1]).toBeLessThan(-0.3); // the mass point hangs below y = −0.3
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('a beam centred on its midpoint (local x ∈ [−L/2, L/2]) is sampled from its first to its last node, drawHeight as tube diameter', () => {
    const mbs = new SystemContainer().addSystem();
    const n0 = mbs.addNode(NodeRigidBody2D({ referenceCoordinates: [1, 2, 0] }));
    const n1 = mbs.addNode(NodeRigidBody2D({ referenceCoordinates: [1, 4, 0] }));
    const beam = mbs.addObject(ObjectBeamGeometricallyExact2D({ nodeNumbers: [n0, n1], physicsLength: 2, physicsMassPerLength: 1, physicsAxialStiffness: 100, physicsBendingStiffness: 1, physicsShearStiffness: 10, visualization: { drawHeight: 0.1 } }));
    mbs.assemble();
    const scene = computeScene(mbs, { times: [0], coordinates: { rows: 1, columns: 6, row: () => [0, 0, 0, 0.5, 0, 0] } }, { rodSamples: 5 });
    const r = scene.rods[0];
    expect(r.label).toBe(`ObjectBeamGeometricallyExact2D #${beam}`);
    expect(r.radius).toBe(0.05);
    const s = decodeArray(r.samples);
    expect(maxDifference(s.subarray(0, 3), [1, 2, 0])).toBeLessThan(1e-7);
    expect(maxDifference(s.subarray(4 * 12, 4 * 12 + 3), [1.5, 4, 0])).toBeLessThan(1e-7);
    expect(maxDifference(s.subarray(2 * 12, 2 * 12 + 3), [1.25, 3, 0])).toBeLessThan(1e-7);
  });

  it('frames along a cable without rotation output are orthonormal with the tangent first; bad solutions are rejected', () => {
    const mbs = new SystemContainer().addSystem();
    const n0 = mbs.addNode(NodePoint2DSlope1({ referenceCoordinates: [0, 0, 1, 0] }));
    const n1 = mbs.addNode(NodePoint2DSlope1({ referenceCoordinates: [1, 0, 1, 0] }));
    const cable = mbs.addObject(Cable2D({ nodeNumbers: [n0, n1], physicsLength: 1, physicsMassPerLength: 1, physicsAxialStiffness: 100, physicsBendingStiffness: 1 }));
    mbs.addObject(ObjectGround({ visualization: { graphicsData: [graphics.Lines([[0, 0, 0], [0, 1, 0]])] } }));
    mbs.assemble();
    // frame 1: node 1 lifted by 0.5 with slope (1, 0.5): a curved cable
    const rows = [[0, 0, 0, 0, 0, 0, 0, 0], [0, 0, 0, 0, 0, 0.5, 0, 0.5]];
    const scene = computeScene(mbs, { times: [0, 1], coordinates: { rows: 2, columns: 8, row: (i) => rows[i] } }, { rodSamples: 9 });
    const r = scene.rods[0];
    expect(r.label).toBe(`ObjectANCFCable2D #${cable}`);
    const s = decodeArray(r.samples);
    let worst = 0;
    for (let f = 0; f < 2; f++) {
      for (let i = 0; i < 9; i++) {
        const o = (f * 9 + i) * 12;
        const A = [0, 1, 2].map((row) => [0, 1, 2].map((col) => s[o + 3 + 3 * row + col]));
        for (let a = 0; a < 3; a++) for (let b = 0; b < 3; b++) worst = Math.max(worst, Math.abs(A[0][a] * A[0][b] + A[1][a] * A[1][b] + A[2][a] * A[2][b] - (a === b ? 1 : 0)));
        const p = mbs.getObjectOutputBody(cable, OutputVariableType.Position, [i / 8, 0, 0], ConfigurationType.Reference);
        if (f === 0) expect(maxDifference(s.subarray(o, o + 3), p)).toBeLessThan(1e-7);
      }
    }
    expect(worst).toBeLessThan(1e-6); // float32 storage of unit vectors
    // frame 0: straight along x, so the first column (tangent) is (1, 0, 0) at every sample
    expect(Math.abs(s[3] - 1) + Math.abs(s[6]) + Math.abs(s[9])).toBeLessThan(1e-7);
    // frame 1 tip: tangent along the slope (1, 0.5)/|·|
    const tip = (9 + 8) * 12;
    expect(s[tip + 1]).toBeCloseTo(0.5, 6);
    expect(s[tip + 6] / s[tip + 3]).toBeGreaterThan(0.3); // the end tangent turned upward (finite differences of the samples)
    // a ground line (global graphics), static
    expect(scene.bodies).toHaveLength(1);
    expect(decodeArray(scene.bodies[0].mesh.linePositions)).toHaveLength(6);

    expect(() => computeScene(mbs, { times: [0], coordinates: { rows: 1, columns: 3, row: () => [0, 0, 0] } }))
      .toThrow(/exportScene: solution must have the system's 8 ODE2 coordinates per row, got 3 \(another model\?\)/);
    expect(() => exportScene(mbs, { times: [0], coordinates: { rows: 1, columns: 8, row: () => rows[0] } }))
      .toThrow(/options.fileName must be given/);
  });

  it('calls graphicsDataUserFunction once per frame with that frame in the Visualization configuration, draws its global graphics and names the item in errors', () => {
    const build = (fn: (mbs: MainSystem, itemNumber: number) => unknown) => {
      const mbs = new SystemContainer().addSystem();
      const node = mbs.addNode(NodePoint({ referenceCoordinates: [1, 0, 0] }));
      const mass = mbs.addObject(MassPoint({ nodeNumber: node, physicsMass: 1 }));
      const ground = mbs.addObject(ObjectGround({ visualization: { graphicsDataUserFunction: fn as never } }));
      mbs.assemble();
      return { mbs, mass, ground };
    };
    const rows = [[0, 0, 0], [0.5, 0.25, 0], [1, -1, 2]];
    const solution = { times: [0, 0.5, 1], coordinates: { rows: 3, columns: 3, row: (i: number) => rows[i] } };
    const calls: { item: number; t: number; p: number[] }[] = [];
    let massIndex = -1;
    const m = build((mbs, itemNumber) => {
      const p = mbs.getObjectOutputBody(massIndex, OutputVariableType.Position, [0, 0, 0], ConfigurationType.Visualization);
      calls.push({ item: itemNumber, t: mbs.systemData.getTime(ConfigurationType.Visualization), p });
      return [graphics.Sphere({ point: p, radius: 0.1, color: graphics.color.red }), graphics.Lines([[0, 0, 0], p])];
    });
    massIndex = m.mass;
    const scene = computeScene(m.mbs, solution);
    expect(calls).toEqual([
      { item: m.ground, t: 0, p: [1, 0, 0] }, { item: m.ground, t: 0.5, p: [1.5, 0.25, 0] }, { item: m.ground, t: 1, p: [2, -1, 2] },
    ]);
    expect(scene.userGraphics).toHaveLength(1);
    expect(scene.userGraphics[0].label).toBe(`ObjectGround #${m.ground}`);
    scene.userGraphics[0].frames.forEach((mesh, f) => {
      // the sphere's vertices average to its centre = the mass point of frame f (global coordinates, no pose applied)
      const q = decodeArray(mesh.positions);
      const mean = [0, 1, 2].map((k) => { let sum = 0; for (let i = k; i < q.length; i += 3) sum += q[i]; return sum / (q.length / 3); });
      expect(maxDifference(mean, [1 + rows[f][0], rows[f][1], rows[f][2]])).toBeLessThan(1e-6);
      expect(Array.from(decodeArray(mesh.linePositions).subarray(3, 6))).toEqual([1 + rows[f][0], rows[f][1], rows[f][2]]);
    });
    expect(scene.bounds.max[2]).toBeCloseTo(2.1, 6); // the sphere of the last frame counts for the bounds

    // a throwing user function: FlexdynError naming the item, frame and time, with the thrown error as cause
    const boom = new Error('boom');
    const bad = build((mbs) => { if (mbs.systemData.getTime(ConfigurationType.Visualization) > 0.25) throw boom; return []; });
    let error: unknown;
    try { computeScene(bad.mbs, solution); } catch (e) { error = e; }
    expect(error).toBeInstanceOf(FlexdynError);
    expect((error as Error).message).toBe(`exportScene: ObjectGround #${bad.ground}: visualization.graphicsDataUserFunction threw at frame 1 (t = 0.5): boom`);
    expect((error as Error).cause).toBe(boom);
    expect((error as FlexdynError).item?.index).toBe(bad.ground);
    // bad results
    expect(() => computeScene(build(() => 3).mbs, solution)).toThrow(/ObjectGround #1: visualization.graphicsDataUserFunction must return a list of graphics data, got number 3 at frame 0 \(t = 0\)/);
    expect(() => computeScene(build(() => [{ type: 'Circle' }]).mbs, solution)).toThrow(/visualization.graphicsDataUserFunction result \[0\] at frame 0 \(t = 0\): type must be 'TriangleList' or 'Line'/);
  });
});
