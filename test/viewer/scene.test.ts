import { describe, it, expect } from 'vitest';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  SystemContainer, SimulationSettings, OutputVariableType, ConfigurationType, SensorBody, InertiaCuboid, graphics, ObjectGround,
  MarkerBodyRigid, MarkerNodeRigid, GenericJoint, NodePoint2DSlope1, Cable2D, loadSolutionFile, exportScene, computeScene,
  sceneFileNameFor, decodeArray, type Scene,
} from '../../src/index.ts';

/** A rigid brick on a revolute joint, a mass point on a spring, a Cosserat rod clamped with the ground frame = its start frame (along x), all under gravity. */
function buildModel() {
  const mbs = new SystemContainer().addSystem();
  const g = [0, -9.81, 0];
  const ground = mbs.createGround({ referencePosition: [0, 0.5, 0], graphicsDataList: [graphics.Brick({ size: [2, 0.1, 0.1], color: graphics.color.grey })] });
  const body = mbs.createRigidBody({
    referencePosition: [0.25, 0, 0], inertia: InertiaCuboid({ density: 1000, sideLengths: [0.5, 0.05, 0.05] }), gravity: g,
    graphicsDataList: [graphics.Brick({ size: [0.5, 0.05, 0.05], color: graphics.color.red })], initialAngularVelocity: [0, 0, 1],
  });
  mbs.createRevoluteJoint({ bodyNumbers: [ground, body], position: [0, 0, 0], axis: [0, 0, 1] });
  const mass = mbs.createMassPoint({ referencePosition: [-0.5, -0.3, 0], physicsMass: 0.2, gravity: g });
  const spring = mbs.createSpringDamper({ bodyNumbers: [ground, mass], localPosition0: [-0.5, 0, 0], stiffness: 50 });
  const rod = mbs.createCosseratRod({
    centerline: { type: 'Straight', start: [0, 0, 0.5], direction: [1, 0, 0], length: 0.8 }, numberOfElements: 2, polynomialDegree: 2, gravity: g,
    physicsAxialShearStiffness: [1e5, 4e4, 4e4], physicsBendingTorsionStiffness: [2, 2, 2], physicsMassPerLength: 1, physicsInertiaPerLength: [1e-4, 5e-5, 5e-5],
  });
  mbs.modifyObject(rod.objectNumber, { visualization: { radius: 0.02 } });
  const clamp = mbs.addMarker(MarkerBodyRigid({ bodyNumber: ground, localPosition: [0, -0.5, 0.5] }));
  mbs.addObject(GenericJoint({ markerNumbers: [clamp, mbs.addMarker(MarkerNodeRigid({ nodeNumber: rod.nodeNumbers[0] }))] }));
  const sensor = mbs.addSensor(SensorBody({ bodyNumber: body, localPosition: [0.25, 0, 0], outputVariableType: OutputVariableType.Position, storeInternal: true, writeToFile: false }));
  mbs.assemble();
  return { mbs, ground, body, mass, spring, rod, sensor };
}

function maxDifference(a: ArrayLike<number>, b: ArrayLike<number>): number {
  let d = 0;
  for (let i = 0; i < Math.max(a.length, b.length); i++) d = Math.max(d, Math.abs(a[i] - b[i]));
  return d;
}

describe('scene export', () => {
  it('writes poses, rod frames, connector ends, meshes and sensor rows that match the solved system', () => {
    const dir = mkdtempSync(join(tmpdir(), 'flexdyn-scene-'));
    try {
      const m = buildModel();
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

      // rod: samples at s_i = L i/(n − 1) with position and RotationMatrix of the rod at s_i
      const rodScene = scene.rods.find((r) => r.label === `ObjectCosseratRod #${m.rod.objectNumber}`)!;
      expect(rodScene.radius).toBe(0.02);
      const n = rodScene.nSamples;
      expect(n).toBe(17); // max(17, 4·(5 − 1) + 1)
      const samples = decodeArray(rodScene.samples);
      expect(samples.length).toBe(scene.times.length * n * 12);
      let sampleError = 0;
      for (let i = 0; i < n; i++) {
        const s = (0.8 * i) / (n - 1), o = (last * n + i) * 12;
        sampleError = Math.max(sampleError,
          maxDifference(samples.subarray(o, o + 3), m.mbs.getObjectOutputBody(m.rod.objectNumber, OutputVariableType.Position, [s, 0, 0], C)),
          maxDifference(samples.subarray(o + 3, o + 12), m.mbs.getObjectOutputBody(m.rod.objectNumber, OutputVariableType.RotationMatrix, [s, 0, 0], C)));
      }
      expect(sampleError).toBeLessThan(1e-7);
      // the tip fell under gravity: not at its reference height y = 0
      expect(samples[(last * n + n - 1) * 12 + 1]).toBeLessThan(-0.05); // static sag qL⁴/(8EI) = 0.25 m, ω1 ≈ 8 rad/s

      // spring: a line from the ground point to the mass point at every frame
      const line = scene.lines.find((l) => l.label === `ObjectConnectorSpringDamper #${m.spring}`)!;
      const ends = decodeArray(line.points);
      expect(Array.from(ends.subarray(6 * last, 6 * last + 3))).toEqual([-0.5, 0.5, 0]);
      expect(maxDifference(ends.subarray(6 * last + 3, 6 * last + 6), massPose)).toBe(0);

      // sensor rows: the stored rows, with column names
      const sensorScene = scene.sensors[0];
      expect(sensorScene.columns).toEqual(['time', 'Position[0]', 'Position[1]', 'Position[2]']);
      expect(Array.from(decodeArray(sensorScene.rows))).toEqual(m.mbs.getSensorStoredData(m.sensor).flat());
      expect(scene.bounds.min[1]).toBeLessThan(-0.3); // the mass point hangs below y = −0.3
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
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
});
