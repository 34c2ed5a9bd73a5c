import { describe, expect, it } from 'vitest';
import {
  SystemContainer, SimulationSettings, NodeGenericData, NodePoint, MassPoint, MarkerNodePosition, MarkerBodyRigid, MarkerBodyPosition,
  ObjectContactSphereTriangle, SensorObject, SensorBody, SensorNode, OutputVariableType, InertiaSphere, RotXYZ2RotationMatrix, type MainSystem,
} from '../../src/index.ts';
import { jacobianError } from '../helpers/objectJacobian.ts';

const rows = (mbs: MainSystem, sensor: number) => mbs.getSensorStoredData(sensor) as number[][];

function settingsFor(tEnd: number, h: number): SimulationSettings {
  const settings = new SimulationSettings();
  settings.timeIntegration.endTime = tEnd;
  settings.timeIntegration.numberOfSteps = Math.round(tEnd / h);
  settings.solutionSettings.writeSolutionToFile = false;
  settings.solutionSettings.sensorsWritePeriod = 0;
  return settings;
}

/** An inclined plane through the origin: slope α about the x axis, uphill t = (0, cos α, sin α), normal n = (0, −sin α, cos α). */
function incline(alpha: number) {
  const t = [0, Math.cos(alpha), Math.sin(alpha)], n = [0, -Math.sin(alpha), Math.cos(alpha)];
  const point = (x: number, s: number) => [x, s * t[1], s * t[2]];
  return { t, n, points: [point(-20, -20), point(20, -20), point(0, 20)] };
}

/**
 * A rigid sphere (mass m, radius r, inertia from InertiaSphere(m, inertiaRadius)) resting on a triangle fixed to the ground
 * (plane of slope α), gravity g; the sphere starts at the static penetration (gap −m g cos α/k) with data gap −1e-3. The
 * node has Tait–Bryan angles: rolling downhill turns it about x alone, which generalized-α integrates exactly (Euler
 * parameters give an O(h²) error of 4e-5 in the rolling acceleration at h = 1e-3).
 */
function sphereOnIncline(alpha: number, contact: Record<string, unknown>, inertiaRadius = 0.1) {
  const m = 2, r = 0.1, g = 9.81, k = 1e5;
  const SC = new SystemContainer();
  const mbs = SC.addSystem();
  const ground = mbs.createGround({});
  const { n, t, points } = incline(alpha);
  const distance = r - m * g * Math.cos(alpha) / k;
  const body = mbs.createRigidBody({
    referencePosition: n.map((x) => distance * x), inertia: InertiaSphere(m, inertiaRadius), gravity: [0, 0, -g], nodeType: 'RotationRxyz',
  });
  const data = mbs.addNode(NodeGenericData({ numberOfDataCoordinates: 4, initialCoordinates: [-1e-3, 0, 0, 0] }));
  const object = mbs.addObject(ObjectContactSphereTriangle({
    markerNumbers: [mbs.addMarker(MarkerBodyRigid({ bodyNumber: body })), mbs.addMarker(MarkerBodyRigid({ bodyNumber: ground }))],
    nodeNumber: data, radiusSphere: r, trianglePoints: points, contactStiffness: k, contactDamping: 2 * Math.sqrt(k * m), ...contact,
  }));
  const velocity = mbs.addSensor(SensorBody({ bodyNumber: body, storeInternal: true, outputVariableType: OutputVariableType.Velocity }));
  const force = mbs.addSensor(SensorObject({ objectNumber: object, storeInternal: true, outputVariableType: OutputVariableType.Force }));
  mbs.assemble();
  /** Velocity along the slope (positive uphill) at row i of the velocity sensor. */
  const slopeVelocity = (i: number) => { const row = rows(mbs, velocity).at(i)!; return row[2] * t[1] + row[3] * t[2]; };
  return { mbs, g, m, force, velocity, slopeVelocity, object, ground };
}

describe('ObjectContactSphereTriangle', () => {
  it('groundMoved: a triangle on the ground is placed once, and again after a run-time change of the ground (the gap follows it)', () => {
    const { mbs, g, m, object, ground } = sphereOnIncline(0, {});
    mbs.solveDynamic(settingsFor(0.01, 1e-3));
    const gap = mbs.getObjectOutput(object, OutputVariableType.DisplacementLocal)[0];
    expect(gap).toBeCloseTo(-m * g / 1e5, 6);
    mbs.setObjectParameter(ground, 'referencePosition', [0.3, -0.2, -0.125]);
    expect(mbs.getObjectOutput(object, OutputVariableType.DisplacementLocal)[0] - gap).toBeCloseTo(0.125, 12);
  });

  it('restingSphere: the contact force of a sphere at rest on a horizontal triangle is its weight', () => {
    // critically damped contact (d = 2√(km)): after 1 s the transient from the initial penetration has decayed by
    // exp(−√(k/m)·1 s) ≈ e^{−224}; the force is then m g up to Newton's tolerance (relative 1e-10 here)
    const { mbs, m, g, force, object } = sphereOnIncline(0, {});
    const settings = settingsFor(1, 1e-3);
    settings.timeIntegration.newton.relativeTolerance = 1e-12;
    mbs.solveDynamic(settings);
    const f = rows(mbs, force).at(-1)!;
    expect(f[3] / (m * g) - 1).toBeCloseTo(0, 10);
    expect(Math.abs(f[1]) + Math.abs(f[2])).toBeLessThan(1e-9 * m * g);
    expect(mbs.getObjectOutput(object, OutputVariableType.DisplacementLocal)[0]).toBeCloseTo(-m * g / 1e5, 12);
  });

  it('slidingOnIncline: a non-rotating sphere slides down with a = g (sin α − μ cos α) and creeps at v_reg tan α/μ when μ > tan α', () => {
    // a huge rotational inertia keeps the sphere from rolling (angular acceleration ~1e-13), so it slides as a block; in
    // the sliding zone the friction force is μ F_c exactly and F_c = m g cos α once the normal transient (critically
    // damped) has decayed. a from the velocities at 0.5 s and 1 s, relative 1e-9 (Newton tolerance 1e-12).
    const alpha = Math.PI / 6, mu = 0.2;
    const sliding = sphereOnIncline(alpha, { dynamicFriction: mu }, 1e6);
    const settings = settingsFor(1, 1e-3);
    settings.timeIntegration.newton.relativeTolerance = 1e-12;
    sliding.mbs.solveDynamic(settings);
    const a = (sliding.slopeVelocity(-1) - sliding.slopeVelocity(500)) / 0.5;
    expect(-a / (sliding.g * (Math.sin(alpha) - mu * Math.cos(alpha))) - 1).toBeCloseTo(0, 9);
    // μ = 0.8 > tan 30° = 0.577: in the proportional zone μ F_c v/v_reg balances m g sin α at v = v_reg tan α/μ
    const vReg = 1e-3, muStick = 0.8;
    const sticking = sphereOnIncline(alpha, { dynamicFriction: muStick, frictionProportionalZone: vReg }, 1e6);
    sticking.mbs.solveDynamic(settings);
    expect(-sticking.slopeVelocity(-1) / (vReg * Math.tan(alpha) / muStick) - 1).toBeCloseTo(0, 8);
  });

  it('rollingOnIncline: a solid sphere rolls without slipping at a = 5/7 g sin α (friction torque on the sphere)', () => {
    // μ = 0.5 > 2/7 tan α: the friction force f needed for rolling keeps the contact point in the proportional zone at a
    // constant slip speed, so the angular and the centre acceleration are tied by the rolling radius once the transient has
    // decayed. The penalty contact sets the radii: the sphere rolls on the triangle point at distance r_d = r − δ from its
    // centre (δ = m g cos α/k the static penetration) and Exudyn's friction acts at the contact point r_l = r − δ/2, so
    // m a = m g sin α − f, I a/r_d = f r_l: a = g sin α/(1 + I/(m r_l r_d)) (5/7 g sin α for δ = 0; δ/r = 1.7e-3 changes it
    // by 7e-4). I = 2/5 m r²; relative 1e-8.
    const alpha = Math.PI / 6, r = 0.1, k = 1e5;
    const rolling = sphereOnIncline(alpha, { dynamicFriction: 0.5, frictionProportionalZone: 1e-3 });
    const settings = settingsFor(1, 1e-3);
    settings.timeIntegration.newton.relativeTolerance = 1e-12;
    rolling.mbs.solveDynamic(settings);
    const a = (rolling.slopeVelocity(-1) - rolling.slopeVelocity(500)) / 0.5;
    const delta = rolling.m * rolling.g * Math.cos(alpha) / k;
    const expected = rolling.g * Math.sin(alpha) / (1 + 0.4 * r * r / ((r - delta / 2) * (r - delta)));
    expect(-a / expected - 1).toBeCloseTo(0, 8);
  });

  it('largeStepsOnIncline: generalized-α at 10, 30 and 100 times the explicit stability limit slides at g (sin α − μ cos α) and creeps at v_reg tan α/μ', () => {
    // Explicit stability limits of the block (m = 2, k = 1e5, d = 2√(km), α = 30°): the normal contact h ≤ (2/ω)(√2 − 1)
    // = 3.7e-3 (ω = √(k/m), critical damping), the friction's proportional zone, a damper c = μ m g cos α/v_reg, h ≤ 2m/c:
    // 1.18e-3 for μ = 0.2, 2.9e-4 for μ = 0.8; h_E is the smaller. Measured (ρ∞ = 0.5; h_E/2 for comparison):
    //   slide μ = 0.2      h/h_E   0.5      10       30       100
    //     steps                    1699     85       28       8
    //     a / closed form − 1      4e-14    3e-15    7e-14    5e-15
    //     v(1 s) / (a·1 s) − 1     1.6e-4   3.1e-3   9.5e-3   3.3e-2
    //   creep μ = 0.8: steps 6797, 362, 150, 66; v / (v_reg tan α/μ) − 1 = 1.7e-10 at every h (Newton's tolerance).
    // Sliding at constant friction is a constant acceleration, which Newmark integrates exactly at any step. The velocity
    // carries a first-step offset ½ h μ g cos α (3.1e-3·a at 10 h_E): the initial acceleration is the friction-free g sin α
    // (the regularized friction vanishes at v = 0), and the trapezoidal average ½ h (a_0 + a_1) keeps half of it. The stiff
    // proportional zone needs ρ∞ < 1 at large steps: with ρ∞ = 1 its mode (factor (1 − hc/2m)/(1 + hc/2m) → −1) is undamped,
    // and the creep speed alternates by ±1e-5 at 30 h_E, ±1.4e-6 at 100 h_E.
    const alpha = Math.PI / 6, m = 2, g = 9.81, k = 1e5, vReg = 1e-3;
    const normalLimit = 2 / Math.sqrt(k / m) * (Math.SQRT2 - 1);
    const explicitLimit = (mu: number) => Math.min(normalLimit, 2 * m * vReg / (mu * m * g * Math.cos(alpha)));
    for (const factor of [10, 30, 100]) {
      const slideMu = 0.2, h = factor * explicitLimit(slideMu);
      const slide = sphereOnIncline(alpha, { dynamicFriction: slideMu, frictionProportionalZone: vReg }, 1e6);
      const settings = settingsFor(1, h);
      settings.timeIntegration.generalizedAlpha.spectralRadius = 0.5;
      settings.timeIntegration.newton.relativeTolerance = 1e-12;
      slide.mbs.solveDynamic(settings);
      const velocities = rows(slide.mbs, slide.velocity);
      const half = velocities.findIndex((row) => row[0] >= 0.5 - 1e-12);
      const tEnd = velocities.at(-1)![0], tHalf = velocities[half][0];
      const a = -(slide.slopeVelocity(-1) - slide.slopeVelocity(half)) / (tEnd - tHalf);
      const closedForm = g * (Math.sin(alpha) - slideMu * Math.cos(alpha));
      expect(Math.abs(a / closedForm - 1)).toBeLessThan(1e-12);
      const firstStepOffset = 0.5 * h * slideMu * g * Math.cos(alpha);
      expect(Math.abs((-slide.slopeVelocity(-1) - closedForm * tEnd) / firstStepOffset - 1)).toBeLessThan(0.1);

      const creepMu = 0.8;
      const creep = sphereOnIncline(alpha, { dynamicFriction: creepMu, frictionProportionalZone: vReg }, 1e6);
      const creepSettings = settingsFor(1, factor * explicitLimit(creepMu));
      creepSettings.timeIntegration.generalizedAlpha.spectralRadius = 0.5;
      creep.mbs.solveDynamic(creepSettings);
      expect(Math.abs(-creep.slopeVelocity(-1) / (vReg * Math.tan(alpha) / creepMu) - 1)).toBeLessThan(1e-8);
    }
  });
});

/** A mass point at height z above a square of two triangles split along its diagonal, moving across the diagonal at speed v. */
function sphereAcrossDiagonal(includeEdges: [number, number]) {
  const m = 1, r = 0.1, k = 1e5, g = 9.81;
  const SC = new SystemContainer();
  const mbs = SC.addSystem();
  const ground = mbs.createGround({});
  const zRest = r - m * g / k;
  const node = mbs.addNode(NodePoint({ referenceCoordinates: [-0.3, -0.2003, zRest], initialVelocities: [1, 1, 0] }));
  mbs.addObject(MassPoint({ physicsMass: m, nodeNumber: node }));
  const sphere = mbs.addMarker(MarkerNodePosition({ nodeNumber: node }));
  mbs.addLoad({ loadType: 'ForceVector', markerNumber: sphere, loadVector: [0, 0, -m * g] });
  const plane = mbs.addMarker(MarkerBodyRigid({ bodyNumber: ground }));
  const corners = [[-1, -1, 0], [1, -1, 0], [1, 1, 0], [-1, 1, 0]];
  [[0, 1, 3], [1, 2, 3]].forEach((triangle, i) => {
    const data = mbs.addNode(NodeGenericData({ numberOfDataCoordinates: 4, initialCoordinates: [i === 0 ? -1e-3 : 0.1, 0, 0, 0] }));
    mbs.addObject(ObjectContactSphereTriangle({
      markerNumbers: [sphere, plane], nodeNumber: data, radiusSphere: r, trianglePoints: triangle.map((c) => corners[c]),
      includeEdges: includeEdges[i], contactStiffness: k, contactDamping: 100,
    }));
  });
  const position = mbs.addSensor(SensorNode({ nodeNumber: node, storeInternal: true, outputVariableType: OutputVariableType.Position }));
  mbs.assemble();
  return { mbs, position, zRest };
}

/** A mass point (radius 0.1) above a horizontal triangle, height z0, vertical velocity v0, contact parameters as given. */
function ballAboveTriangle(z0: number, v0: number, contact: Record<string, unknown>) {
  const SC = new SystemContainer();
  const mbs = SC.addSystem();
  const ground = mbs.createGround({});
  const node = mbs.addNode(NodePoint({ referenceCoordinates: [0.1, 0.2, z0], initialVelocities: [0, 0, v0] }));
  mbs.addObject(MassPoint({ physicsMass: 1, nodeNumber: node }));
  const data = mbs.addNode(NodeGenericData({ numberOfDataCoordinates: 4, initialCoordinates: [z0 - 0.1, 0, 0, 0] }));
  const object = mbs.addObject(ObjectContactSphereTriangle({
    markerNumbers: [mbs.addMarker(MarkerNodePosition({ nodeNumber: node })), mbs.addMarker(MarkerBodyRigid({ bodyNumber: ground }))], nodeNumber: data,
    radiusSphere: 0.1, trianglePoints: [[-1, -1, 0], [1, -1, 0], [0, 1, 0]], ...contact,
  }));
  const velocity = mbs.addSensor(SensorNode({ nodeNumber: node, storeInternal: true, outputVariableType: OutputVariableType.Velocity }));
  mbs.assemble();
  return { mbs, velocity, object, node, data };
}

describe('ObjectContactSphereTriangle impact and input', () => {
  it('restitution: a ball hitting the triangle at v rebounds at e·v (Gonthier/Carvalho–Martins)', () => {
    // no gravity, v = 1, k = 1e6, e = 0.5: the contact lasts ≈ π√(m/k) = 3 ms, resolved by 300 steps of 1e-5; the model's
    // restitution is an approximate fit (Exudyn's own contact tests accept ~1e-3), tolerance 2e-3 relative
    const e = 0.5;
    const { mbs, velocity } = ballAboveTriangle(0.1005, -1, { contactStiffness: 1e6, impactModel: 2, restitutionCoefficient: e });
    const settings = settingsFor(0.01, 1e-5);
    settings.timeIntegration.generalizedAlpha.spectralRadius = 1;
    settings.timeIntegration.minimumStepSize = 1e-12;
    mbs.solveDynamic(settings);
    expect(rows(mbs, velocity).at(-1)![3] / e - 1).toBeCloseTo(0, 2.7);
  });

  it('badInput: named errors for the radius, the triangle, the edge flags, the impact model, the markers and the data node', () => {
    const expectError = (contact: Record<string, unknown>, pattern: RegExp) => {
      expect(() => ballAboveTriangle(0.2, 0, { contactStiffness: 1e4, ...contact })).toThrow(pattern);
    };
    expectError({ radiusSphere: 0 }, /ContactSphereTriangle.*radiusSphere must be a radius > 0, got 0/);
    expectError({ radiusSphere: -0.1 }, /radiusSphere/);
    expectError({ trianglePoints: [[0, 0, 0], [1, 1, 1], [2, 2, 2]] }, /trianglePoints must span a triangle .*degenerate/);
    expectError({ trianglePoints: [[0, 0, 0], [0, 0, 0], [1, 0, 0]] }, /trianglePoints must span a triangle/);
    expectError({ trianglePoints: [[0, 0, 0], [1, 0, 0]] }, /trianglePoints must be 3 points/);
    expectError({ trianglePoints: [[0, 0], [1, 0], [0, 1]] }, /trianglePoints must be 3 points/);
    expectError({ includeEdges: 8 }, /includeEdges .*0 … 7\), got 8/);
    expectError({ impactModel: 3 }, /impactModel.*got 3/);
    expectError({ restitutionCoefficient: 0 }, /restitutionCoefficient.*\(0, 1\], got 0/);
    // friction needs a rigid marker at the sphere (the friction torque), the triangle always (its frame)
    expectError({ dynamicFriction: 0.2 }, /markerNumbers entry 0 must refer to a rigid marker .*friction.*got MarkerNodePosition/);
    const SC = new SystemContainer();
    const mbs = SC.addSystem();
    const ground = mbs.createGround({});
    const node = mbs.addNode(NodePoint({ referenceCoordinates: [0, 0, 0.3] }));
    mbs.addObject(MassPoint({ physicsMass: 1, nodeNumber: node }));
    const sphere = mbs.addMarker(MarkerNodePosition({ nodeNumber: node }));
    const data3 = mbs.addNode(NodeGenericData({ numberOfDataCoordinates: 3 }));
    const contact = mbs.addObject(ObjectContactSphereTriangle({
      markerNumbers: [sphere, mbs.addMarker(MarkerBodyPosition({ bodyNumber: ground }))], nodeNumber: data3, radiusSphere: 0.1,
      trianglePoints: [[0, 0, 0], [1, 0, 0], [0, 1, 0]],
    }));
    expect(() => mbs.assemble()).toThrow(/markerNumbers entry 1 must refer to a rigid marker .*triangle.*got MarkerBodyPosition/);
    mbs.modifyObject(contact, { markerNumbers: [sphere, mbs.addMarker(MarkerBodyRigid({ bodyNumber: ground }))] });
    expect(() => mbs.assemble()).toThrow(/nodeNumber.*4 data coordinates/);
  });

  it('tunnelling: a sphere whose centre passes through the triangle within one step is a named error', () => {
    // 30 m/s with steps of 1e-2: the centre moves 0.3 m per step, from 0.05 m above the face to below it
    const fast = ballAboveTriangle(0.15, -30, { contactStiffness: 1e4 });
    const error = (() => { try { fast.mbs.solveDynamic(settingsFor(0.1, 1e-2)); } catch (e) { return e; } return undefined; })();
    expect(String((error as Error).message)).toMatch(/ContactSphereTriangle #\d+: radiusSphere is smaller than the motion of the sphere in one step: its centre passed through the triangle .*tunnelling/);
    // beside the triangle the same motion is no contact at all
    const beside = ballAboveTriangle(0.15, -30, { contactStiffness: 1e4, trianglePoints: [[1, 1, 0], [2, 1, 0], [1, 2, 0]] });
    beside.mbs.solveDynamic(settingsFor(0.1, 1e-2));
    expect(rows(beside.mbs, beside.velocity).at(-1)![3]).toBe(-30);
  });
});

describe('ObjectContactSphereTriangle edges', () => {
  it('sharedEdge: with the shared diagonal excluded (includeEdges 5 and 3) a sphere crosses it without a bump; included, it bumps', () => {
    // the sphere moves at v = (1, 1, 0) from (−0.3, −0.2003) across the diagonal x + y = 0 at t = 0.25015 s (within a step:
    // a centre exactly on the diagonal at the end of a step is inside both triangles, as in Exudyn) at its rest height
    // (gravity balanced by the contact). Excluded, the post-Newton step hands the contact from one triangle to the other in
    // the step of the crossing and the height stays at rest (observed 1e-17 m); included, triangle 1 touches the sphere
    // at the diagonal before the centre crosses it, both push, and the sphere is lifted by 1e-6 m and falls back by
    // 3.5e-5 m (observed)
    const height = (includeEdges: [number, number]) => {
      const { mbs, position, zRest } = sphereAcrossDiagonal(includeEdges);
      mbs.solveDynamic(settingsFor(0.5, 1e-3));
      return Math.max(...rows(mbs, position).map((row) => Math.abs(row[3] - zRest)));
    };
    expect(height([5, 3])).toBeLessThan(1e-14);
    expect(height([7, 7])).toBeGreaterThan(1e-5);
  });
});

/**
 * A contact at a chosen feature of a triangle on a rigid body (EP), the sphere a rigid body (RotVecLG) with friction or a
 * mass point without, at a generic state (velocities and rotations non-zero).
 */
function jacobianModel(sphereAt: number[], options: { friction: boolean; slip?: boolean; massPoint?: boolean }) {
  const SC = new SystemContainer();
  const mbs = SC.addSystem();
  const triangleBody = mbs.createRigidBody({
    referencePosition: [0.1, -0.05, 0.02], initialVelocity: [0.2, -0.1, 0.3], initialAngularVelocity: [0.4, -0.7, 0.5], inertia: InertiaSphere(1, 0.5),
  });
  let sphere: number;
  if (options.massPoint === true) {
    const node = mbs.addNode(NodePoint({ referenceCoordinates: sphereAt, initialVelocities: [0.3, 0.8, -0.6] }));
    mbs.addObject(MassPoint({ physicsMass: 1, nodeNumber: node }));
    sphere = mbs.addMarker(MarkerNodePosition({ nodeNumber: node }));
  } else {
    // a rotated reference: the rotation-vector composition of the RotVecLG node loses accuracy near the zero rotation
    // (as Exudyn's), which spoils central differences there
    const body = mbs.createRigidBody({
      referencePosition: sphereAt, referenceRotationMatrix: RotXYZ2RotationMatrix([0.3, -0.2, 0.5]), initialVelocity: [0.3, 0.8, -0.6],
      initialAngularVelocity: [1.5, -0.8, 2], inertia: InertiaSphere(1, 0.5), nodeType: 'RotationRotationVector',
    });
    sphere = mbs.addMarker(MarkerBodyRigid({ bodyNumber: body, localPosition: [0.02, 0.01, -0.03] }));
  }
  const data = mbs.addNode(NodeGenericData({ numberOfDataCoordinates: 4, initialCoordinates: [-0.01, options.slip === true ? 5 : 0, 1, 0] }));
  const object = mbs.addObject(ObjectContactSphereTriangle({
    markerNumbers: [sphere, mbs.addMarker(MarkerBodyRigid({ bodyNumber: triangleBody, localPosition: [-0.1, 0.05, 0] }))], nodeNumber: data,
    radiusSphere: 0.5, trianglePoints: [[-1, -1, 0], [1, -0.8, 0.05], [-0.2, 1, -0.05]], contactStiffness: 1e4, contactDamping: 20,
    contactStiffnessExponent: 1.5, impactModel: 1, dynamicFriction: options.friction ? 0.4 : 0, frictionProportionalZone: 2,
  }));
  mbs.assemble();
  const model = mbs.compiled();
  // the closest point c = p0 + Δp in the triangle's coordinates c = P0 + λ1(P1 − P0) + λ2(P2 − P0) (the triangle body is
  // at its reference: the marker frame is the identity at [0, 0, 0.02])
  const p0 = mbs.getMarkerOutput(sphere, OutputVariableType.Position), dp = mbs.getObjectOutput(object, OutputVariableType.Displacement);
  const points = [[-1, -1, 0.02], [1, -0.8, 0.07], [-0.2, 1, -0.03]];
  const c = p0.map((x, i) => x + dp[i]);
  const e1 = [0, 1, 2].map((i) => points[1][i] - points[0][i]), e2 = [0, 1, 2].map((i) => points[2][i] - points[0][i]);
  const d = [0, 1, 2].map((i) => c[i] - points[0][i]);
  const dot = (a: number[], b: number[]) => a[0] * b[0] + a[1] * b[1] + a[2] * b[2];
  const det = dot(e1, e1) * dot(e2, e2) - dot(e1, e2) ** 2;
  const l1 = (dot(d, e1) * dot(e2, e2) - dot(d, e2) * dot(e1, e2)) / det, l2 = (dot(e1, e1) * dot(d, e2) - dot(e1, e2) * dot(d, e1)) / det;
  const on = (x: number) => Math.abs(x) < 1e-12, inside = (x: number) => x > 1e-6 && x < 1 - 1e-6;
  const feature = on(l1) && on(l2) ? 'vertex 0' : on(l1 - 1) && on(l2) ? 'vertex 1' : on(l1) && on(l2 - 1) ? 'vertex 2'
    : on(l2) && inside(l1) ? 'edge 0' : on(l1 + l2 - 1) && inside(l1) ? 'edge 1' : on(l1) && inside(l2) ? 'edge 2'
      : inside(l1) && inside(l2) && inside(l1 + l2) ? 'face' : 'none';
  return { model, object: model.objects[object], s: model.data.current, feature };
}

describe('ObjectContactSphereTriangle Jacobians', () => {
  // central differences of ode2Lhs along the nodes' increment directions (q: h = 1e-6, u: h = 1e-6); observed errors at
  // most 9.4e-10 relative to max|J| (round-off ε|f|/h and truncation h²|f‴|), tolerance 1e-8: one entry off by 1e-6 of
  // the largest fails. The positions put the closest point on the named feature (checked through Director1 below).
  const cases: [string, number[], Parameters<typeof jacobianModel>[1]][] = [
    ['face, proportional friction', [0.1, 0.1, 0.4], { friction: true }],
    ['face, sliding friction', [0.1, 0.1, 0.4], { friction: true, slip: true }],
    ['edge 0, sliding friction', [0.2, -1.2, 0.2], { friction: true, slip: true }],
    ['edge 1, proportional friction', [0.8, 0.6, 0.1], { friction: true }],
    ['vertex 2, sliding friction', [-0.3, 1.3, 0.1], { friction: true, slip: true }],
    ['edge 2, mass point without friction', [-0.9, 0.3, 0.2], { friction: false, massPoint: true }],
    ['face, mass point without friction', [0, 0, -0.3], { friction: false, massPoint: true }],
  ];
  for (const [name, position, options] of cases) {
    it(`matchesCentralDifferences: ${name}`, () => {
      const { object, s, feature } = jacobianModel(position, options);
      expect(feature).toBe(name.split(',')[0]);
      const q = jacobianError(object, s, false, 1e-6), u = jacobianError(object, s, true, 1e-6);
      expect(q.scale).toBeGreaterThan(1e2);
      expect(q.error).toBeLessThan(1e-8);
      expect(u.error).toBeLessThan(1e-8);
    });
  }
});

describe('createSphereTriangleContact and createSphereQuadContact', () => {
  /** A rigid sphere above the ground, for the helpers. */
  const sphereAndGround = () => {
    const mbs = new SystemContainer().addSystem();
    const ground = mbs.createGround({});
    const sphere = mbs.createRigidBody({ referencePosition: [0.3, 0.2, 0.12], initialVelocity: [0.5, 0.3, 0], inertia: InertiaSphere(0.2, 0.1), gravity: [0, 0, -9.81] });
    return { mbs, ground, sphere };
  };
  const contact = { radiusSphere: 0.1, contactStiffness: 2e4, dynamicFriction: 0.2, impactModel: 2, restitutionCoefficient: 0.75 };

  it('addsMarkersDataNodeAndContact: position marker at the sphere without friction, rigid with friction and at the triangle', () => {
    const { mbs, ground, sphere } = sphereAndGround();
    const frictionless = mbs.createSphereTriangleContact({ name: 'c', bodyNumbers: [sphere, ground], ...contact, dynamicFriction: 0, includeEdges: 3, dataInitialCoordinates: [0.02, 0, 0, 0] });
    const item = mbs.getObject(frictionless);
    expect(item).toMatchObject({ objectType: 'ContactSphereTriangle', radiusSphere: 0.1, includeEdges: 3, trianglePoints: [[0, 0, 0], [1, 0, 0], [0, 1, 0]], contactStiffness: 2e4 });
    const [m0, m1] = item.markerNumbers as number[];
    expect(mbs.getMarker(m0)).toMatchObject({ markerType: 'BodyPosition', bodyNumber: sphere, name: 'Marker0:c' });
    expect(mbs.getMarker(m1)).toMatchObject({ markerType: 'BodyRigid', bodyNumber: ground, name: 'Marker1:c' });
    expect(mbs.getNode(item.nodeNumber as number)).toMatchObject({ nodeType: 'GenericData', numberOfDataCoordinates: 4, initialCoordinates: [0.02, 0, 0, 0] });
    const withFriction = mbs.createSphereTriangleContact({ bodyNumbers: [sphere, ground], ...contact });
    expect(mbs.getMarker((mbs.getObject(withFriction).markerNumbers as number[])[0])).toMatchObject({ markerType: 'BodyRigid' });
    mbs.assemble();
  });

  it('quadSplitsAlongItsDiagonal: triangles [p0, p1, p3], [p1, p2, p3], the quad edge flags mapped and the diagonal excluded', () => {
    const quad = [[-1, -1, 0], [1, -1, 0], [1, 1, 0], [-1, 1, 0]];
    // quad edges p0p1 (1), p1p2 (2), p2p3 (4), p3p0 (8) → triangle 0: edge 0 = p0p1 (1), edge 2 = p3p0 (4);
    // triangle 1: edge 0 = p1p2 (1), edge 1 = p2p3 (2)
    for (const [flags, edges0, edges1] of [[15, 5, 3], [1, 1, 0], [2, 0, 1], [4, 0, 2], [8, 4, 0], [0, 0, 0]]) {
      const { mbs, ground, sphere } = sphereAndGround();
      const { oContact0, oContact1 } = mbs.createSphereQuadContact({ bodyNumbers: [sphere, ground], quadPoints: quad, includeEdges: flags, ...contact });
      expect(mbs.getObject(oContact0)).toMatchObject({ trianglePoints: [quad[0], quad[1], quad[3]], includeEdges: edges0 });
      expect(mbs.getObject(oContact1)).toMatchObject({ trianglePoints: [quad[1], quad[2], quad[3]], includeEdges: edges1 });
      expect(mbs.getObject(oContact0).nodeNumber).not.toBe(mbs.getObject(oContact1).nodeNumber);
      expect(mbs.getObject(oContact0).markerNumbers).toEqual(mbs.getObject(oContact1).markerNumbers);
    }
  });

  it('quadEqualsTwoTriangles: a sphere bouncing across the diagonal moves identically with the quad and with two triangles', () => {
    // Exudyn's createSphereQuadContact compares the same two set-ups and expects no difference
    const run = (quad: boolean) => {
      const { mbs, ground, sphere } = sphereAndGround();
      if (quad) {
        mbs.createSphereQuadContact({ bodyNumbers: [sphere, ground], quadPoints: [[-1, -1, 0], [1, -1, 0], [1, 1, 0], [-1, 1, 0]], ...contact });
      } else {
        mbs.createSphereTriangleContact({ bodyNumbers: [sphere, ground], trianglePoints: [[-1, -1, 0], [1, -1, 0], [-1, 1, 0]], includeEdges: 5, ...contact });
        mbs.createSphereTriangleContact({ bodyNumbers: [sphere, ground], trianglePoints: [[1, -1, 0], [1, 1, 0], [-1, 1, 0]], includeEdges: 3, ...contact });
      }
      mbs.assemble();
      mbs.solveDynamic(settingsFor(0.2, 2e-4));
      return mbs.systemData.getODE2Coordinates();
    };
    const quad = run(true), triangles = run(false);
    expect(Math.hypot(...quad)).toBeGreaterThan(0.1);
    expect(Array.from(quad)).toEqual(Array.from(triangles));
  });

  it('badInput: named errors (radius, degenerate triangle or quad, point lists, edge flags, the triangle marker), nothing added', () => {
    const { mbs, ground, sphere } = sphereAndGround();
    const before = [mbs.numberOfNodes, mbs.numberOfObjects, mbs.numberOfMarkers];
    const ends = { bodyNumbers: [sphere, ground] };
    expect(() => mbs.createSphereTriangleContact({ ...ends, ...contact, radiusSphere: 0 })).toThrow(/ObjectContactSphereTriangle.*radiusSphere must be a radius > 0, got 0/);
    expect(() => mbs.createSphereTriangleContact({ ...ends, ...contact, radiusSphere: -1 })).toThrow(/radiusSphere/);
    expect(() => mbs.createSphereTriangleContact({ ...ends, ...contact })).not.toThrow();
    const after = [mbs.numberOfNodes, mbs.numberOfObjects, mbs.numberOfMarkers];
    expect(after).toEqual([before[0] + 1, before[1] + 1, before[2] + 2]);
    expect(() => mbs.createSphereTriangleContact({ ...ends, ...contact, trianglePoints: [[0, 0, 0], [1, 1, 0], [2, 2, 0]] })).toThrow(/trianglePoints must span a triangle/);
    expect(() => mbs.createSphereTriangleContact({ ...ends, ...contact, trianglePoints: [[0, 0, 0], [1, 0, 0]] })).toThrow(/createSphereTriangleContact: trianglePoints must be a list of 3 points/);
    expect(() => mbs.createSphereTriangleContact({ ...ends, ...contact, trianglePoints: [[0, 0, 0], [1, 0, 0], [0, Number.NaN, 0]] })).toThrow(/trianglePoints\[2\] must be a vector of 3 finite numbers/);
    expect(() => mbs.createSphereTriangleContact({ ...ends, ...contact, includeEdges: 8 })).toThrow(/createSphereTriangleContact: includeEdges must be an integer in 0 … 7/);
    expect(() => mbs.createSphereQuadContact({ ...ends, ...contact, includeEdges: 16 })).toThrow(/createSphereQuadContact: includeEdges must be an integer in 0 … 15/);
    expect(() => mbs.createSphereQuadContact({ ...ends, ...contact, quadPoints: [[0, 0, 0], [1, 0, 0], [1, 1, 0]] })).toThrow(/quadPoints must be a list of 4 points/);
    // a quad folded onto its diagonal p1p3 has a degenerate half
    expect(() => mbs.createSphereQuadContact({ ...ends, ...contact, quadPoints: [[0.5, 0.5, 0], [1, 0, 0], [2, 2, 0], [0, 1, 0]] })).toThrow(/quadPoints must span a quad whose halves .* degenerate half \[p0, p1, p3\]/);
    expect(() => mbs.createSphereQuadContact({ ...ends, ...contact, radiusSphere: 0 })).toThrow(/radiusSphere must be a radius > 0/);
    expect([mbs.numberOfNodes, mbs.numberOfObjects, mbs.numberOfMarkers]).toEqual(after);
    // a position marker given for the triangle: the contact names it at assemble
    const positionMarker = mbs.addMarker(MarkerBodyPosition({ bodyNumber: ground }));
    mbs.createSphereTriangleContact({ bodyNumbers: [sphere, { markerNumber: positionMarker }], ...contact });
    expect(() => mbs.assemble()).toThrow(/ObjectContactSphereTriangle #\d+: markerNumbers entry 1 must refer to a rigid marker .*triangle.*got MarkerBodyPosition/);
  });
});
