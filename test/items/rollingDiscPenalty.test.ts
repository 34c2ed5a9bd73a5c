import { describe, expect, it } from 'vitest';
import {
  SystemContainer, SimulationSettings, OutputVariableType, RigidBodyInertia, RotationMatrixY, FlexdynError, ObjectGround, MarkerBodyRigid,
  MarkerBodyPosition, NodeGenericData, ObjectConnectorRollingDiscPenalty,
} from '../../src/index.ts';
import { dense } from '../helpers/denseMatrix.ts';

/** Contact stiffness of the physics tests: static penetration m g/k = 2e-5 m for m = 2 (1e-4 of the radius). */
const k = 1e6;

/**
 * An upright disc (axis x, radius r, mass m, J = m r²/2 about the axis) on the ground, pressed in by its static penetration
 * m g/k with the data node saying contact and the friction regime of the initial slip; returns the model, solved to tEnd.
 */
function slidingDisc(options: { m: number; r: number; mu: number; v0: number; zone: number; tEnd: number; steps: number }) {
  const { m, r, mu, v0, zone, tEnd, steps } = options;
  const g = 9.81, delta = m * g / k;
  const mbs = new SystemContainer().addSystem();
  const disc = mbs.createRigidBody({
    inertia: new RigidBodyInertia({ mass: m, inertiaTensor: [[0.5 * m * r * r, 0, 0], [0, 0.25 * m * r * r, 0], [0, 0, 0.25 * m * r * r]] }),
    referencePosition: [0, 0, r - delta], initialVelocity: [0, v0, 0], gravity: [0, 0, -g],
  }) as number;
  const ground = mbs.createGround();
  const contact = mbs.createRollingDiscPenalty({
    bodyNumbers: [ground, disc], discRadius: r, contactStiffness: k, contactDamping: 2 * Math.sqrt(k * m), dryFriction: [mu, mu],
    dryFrictionProportionalZone: zone,
  });
  // forward direction w2 = w1 × n0 = −y: the initial slip v0 e_y is −v0 forward (sliding regime from the first step)
  mbs.modifyNode(mbs.getObject(contact).nodeNumber as number, { initialCoordinates: [0, -v0, -delta] });
  const velocity = mbs.addSensor({ sensorType: 'Body', bodyNumber: disc, outputVariableType: OutputVariableType.Velocity, storeInternal: true, writeToFile: false });
  mbs.assemble();
  const settings = new SimulationSettings();
  settings.timeIntegration.endTime = tEnd;
  settings.timeIntegration.numberOfSteps = steps;
  settings.solutionSettings.writeSolutionToFile = false;
  mbs.solveDynamic(settings);
  return { mbs, disc, contact, velocity, g };
}

/** Steady precession of a rolling disc (see test/items/rollingDisc.test.ts): precession rate Ω, spin, radius R_c of the centre. */
function steadyPrecession(a: number, m: number, theta: number, rho: number, g: number) {
  const i1 = 0.5 * m * a * a, i2 = 0.25 * m * a * a;
  const rc = rho - a * Math.sin(theta);
  const omega = Math.sqrt((a * m * g * Math.sin(theta)) / (Math.cos(theta) * (i1 * rho / a - (i1 - i2) * Math.sin(theta) + a * m * rc)));
  return { omega, spin: -omega * rho / a, rc, i1, i2 };
}

/**
 * The precessing disc of the ideal-joint test on the penalty disc (μ = 1, regularization zone v_μ), a quarter period with
 * the given steps: relative errors of the centre (expected at [0, R_c, a cosθ]) and of the normal and lateral force.
 */
function precessionErrors(zone: number, steps: number) {
  const a = 0.1, m = 1, theta = 0.3, rho = 0.5, g = 9.81, delta = m * g / k;
  const { omega, spin, rc, i1, i2 } = steadyPrecession(a, m, theta, rho, g);
  const mbs = new SystemContainer().addSystem();
  const n = [Math.cos(theta), 0, Math.sin(theta)];
  const disc = mbs.createRigidBody({
    inertia: new RigidBodyInertia({ mass: m, inertiaTensor: [[i1, 0, 0], [0, i2, 0], [0, 0, i2]] }),
    referencePosition: [rc, 0, a * Math.cos(theta) - delta], referenceRotationMatrix: RotationMatrixY(-theta),
    initialVelocity: [0, omega * rc, 0], initialAngularVelocity: [spin * n[0], 0, omega + spin * n[2]], gravity: [0, 0, -g],
  }) as number;
  const ground = mbs.createGround();
  const contact = mbs.createRollingDiscPenalty({
    bodyNumbers: [ground, disc], discRadius: a, contactStiffness: k, contactDamping: 2 * Math.sqrt(k * m), dryFriction: [1, 1], dryFrictionProportionalZone: zone,
  });
  mbs.modifyNode(mbs.getObject(contact).nodeNumber as number, { initialCoordinates: [0, 0, -delta] });
  mbs.assemble();
  const settings = new SimulationSettings();
  settings.timeIntegration.endTime = 0.5 * Math.PI / omega;
  settings.timeIntegration.numberOfSteps = steps;
  settings.solutionSettings.writeSolutionToFile = false;
  mbs.solveDynamic(settings);
  const p = mbs.getObjectOutputBody(disc, OutputVariableType.Position);
  const f = mbs.getObjectOutput(contact, OutputVariableType.ForceLocal);
  return {
    x: p[0] / rc, y: (p[1] - rc) / rc, normal: (f[2] - m * g) / (m * g), lateral: (Math.abs(f[0]) - m * omega * omega * rc) / (m * omega * omega * rc),
  };
}

/**
 * A disc on a moving, rotated plate (both rigid bodies on Euler-parameter nodes, the plate's marker off its reference point,
 * the plane normal tilted), pressed in (data gap −1e-3) with the stored slip in the proportional zone, with viscous friction
 * and the given extra values; returns the compiled model, its current state, the connector's model and the data node.
 */
function discOnPlate(values: Record<string, number>, plateMarkerAtOrigin = false, onGround = false) {
  const mbs = new SystemContainer().addSystem();
  const disc = mbs.addNode({ nodeType: 'RigidBodyEP', referenceCoordinates: [0.1, 0.2, 0.5, 0.9, 0.3, 0.3, 0.1], initialVelocities: [0.1, 0.3, -0.2, 0.2, -0.1, 0.3, 0.1] });
  const plate = mbs.addNode({ nodeType: 'RigidBodyEP', referenceCoordinates: [0, 0, 0, 0.7, 0.1, -0.1, 0.7], initialVelocities: [0.05, -0.1, 0.02, 0.1, 0.2, -0.1, 0.05] });
  const bodies = [plate, disc].map((node) => mbs.addObject({ objectType: 'RigidBody', physicsMass: 1, physicsInertia: [0.1, 0.2, 0.3, 0, 0, 0], nodeNumber: node }));
  if (onGround) bodies[0] = mbs.addObject(ObjectGround({ referencePosition: [0.02, -0.03, 0.01] }));
  const markers = bodies.map((body, i) => mbs.addMarker({ markerType: 'BodyRigid', bodyNumber: body, localPosition: i === 0 && !plateMarkerAtOrigin ? [0.1, -0.2, 0.05] : [0, 0, 0] }));
  const data = mbs.addNode(NodeGenericData({ numberOfDataCoordinates: 3, initialCoordinates: [2e-3, -3e-3, -1e-3] }));
  const contact = mbs.addObject(ObjectConnectorRollingDiscPenalty({
    markerNumbers: markers, nodeNumber: data, discRadius: 0.4, contactStiffness: 1e4, contactDamping: 50, dryFriction: [0.6, 0.4],
    viscousFriction: [0.2, 0.1], dryFrictionProportionalZone: 0.1, planeNormal: [0, 0.6, 0.8], ...values,
  }));
  mbs.assemble();
  const model = mbs.compiled();
  return { model, s: model.data.current, object: model.objects[contact], data };
}

describe('ObjectConnectorRollingDiscPenalty', () => {
  it('slides with μ m g and rolls from the speed that conserves the angular momentum about the contact point', () => {
    // a disc thrown without spin slides (friction μ m g, dv/dt = −μ g) until v = ω r; the friction acts at the contact
    // point, so m v r + J ω is conserved: it rolls on with v = v0 m r²/(m r² + J) = 2/3 v0, from t = v0/(3 μ g) on.
    // The proportional zone v_μ = 1e-2 is wide enough for the step (the full friction changes the slip by 3 μ g h = 4e-3 < v_μ
    // per step; with v_μ below that Exudyn's law chatters about the zone).
    const m = 2, r = 0.2, mu = 0.3, v0 = 1;
    const tRoll = v0 / (3 * mu * 9.81);
    const { mbs, contact, velocity, g } = slidingDisc({ m, r, mu, v0, zone: 1e-2, tEnd: 2 * tRoll, steps: 500 });
    const rows = mbs.getSensorStoredData(velocity);
    // sliding: the friction is exactly μ|f_n| = μ m g (static penetration), so v is linear in t to round-off
    let slidingError = 0;
    for (const [t, , vy] of rows) if (t < 0.9 * tRoll) slidingError = Math.max(slidingError, Math.abs(vy - (v0 - mu * g * t)));
    expect(slidingError).toBeLessThan(1e-12);
    // rolling: 2/3 v0 (3e-8 observed: Newton's tolerance over 500 steps), no friction force left
    expect(Math.abs(rows[rows.length - 1][2] - 2 / 3 * v0) / v0).toBeLessThan(1e-6);
    const force = mbs.getObjectOutput(contact, OutputVariableType.ForceLocal);
    expect(Math.abs(force[2] - m * g) / (m * g)).toBeLessThan(1e-9);
    expect(Math.hypot(force[0], force[1]) / (m * g)).toBeLessThan(1e-9);
    // the slip velocity (VelocityLocal) has vanished
    const slip = mbs.getObjectOutput(contact, OutputVariableType.VelocityLocal);
    expect(Math.hypot(slip[0], slip[1])).toBeLessThan(1e-9);
  });

  it('precesses as the ideal rolling disc, with an error of first order in the friction regularization', () => {
    // With regularized friction the disc creeps: the lateral force m Ω² R_c needs the slip φ⁻¹(0.2) v_μ ≈ 0.1 v_μ, so the
    // penalty disc deviates from the closed form of ideal rolling by O(v_μ) (penetration m g/k = 1e-5 contributes 1e-4 of the
    // height, not these quantities). Halving v_μ (and h, as the zone needs) halves every error: at v_μ = 1e-2 they are
    // 1.3e-4 … 9.7e-4 relative (ratios to v_μ/2 observed 1.99 … 2.12), and their Richardson extrapolation
    // 2 e(v_μ/2) − e(v_μ), the limit v_μ → 0, is ≤ 8e-6 (the second-order remainder; tolerance 2e-5): the penalty disc
    // converges to the closed form.
    const coarse = precessionErrors(1e-2, 1000), fine = precessionErrors(5e-3, 2000);
    for (const key of ['y', 'normal', 'lateral'] as const) {
      expect(Math.abs(coarse[key])).toBeLessThan(2e-3);
      expect(Math.abs(coarse[key])).toBeGreaterThan(1e-5);
      expect(coarse[key] / fine[key]).toBeGreaterThan(1.8);
      expect(coarse[key] / fine[key]).toBeLessThan(2.3);
      expect(Math.abs(2 * fine[key] - coarse[key])).toBeLessThan(2e-5);
    }
    expect(Math.abs(coarse.x)).toBeLessThan(2e-3);
    expect(Math.abs(2 * fine.x - coarse.x)).toBeLessThan(2e-5);
  });

  it('differentiates along every Euler-parameter coordinate, the radial direction included, as central differences do', () => {
    // The disc's frame and its ω = A ω̄ depend on the Euler parameters also along p (A(λp) = I + λ²(A − I)), where the
    // rotation Jacobian G has its null direction; leaving that part out of ∂(ode2Lhs)/∂q cost Newton its quadratic
    // convergence (rollingCoinPenaltyTest: 2.49 iterations per step instead of Exudyn's 1.91, which it takes now).
    // The precessing disc of the test above, tilted and spinning (A ≠ I, ω̄ ≠ 0), in contact in the proportional zone.
    const a = 0.1, m = 1, theta = 0.3, rho = 0.5, g = 9.81, delta = m * g / k;
    const { omega, spin, rc, i1, i2 } = steadyPrecession(a, m, theta, rho, g);
    const mbs = new SystemContainer().addSystem();
    const n = [Math.cos(theta), 0, Math.sin(theta)];
    const disc = mbs.createRigidBody({
      inertia: new RigidBodyInertia({ mass: m, inertiaTensor: [[i1, 0, 0], [0, i2, 0], [0, 0, i2]] }),
      referencePosition: [rc, 0, a * Math.cos(theta) - delta], referenceRotationMatrix: RotationMatrixY(-theta),
      initialVelocity: [0.003, omega * rc + 0.002, 0], initialAngularVelocity: [spin * n[0], 0, omega + spin * n[2]], gravity: [0, 0, -g],
    }) as number;
    const contact = mbs.createRollingDiscPenalty({
      bodyNumbers: [mbs.createGround(), disc], discRadius: a, contactStiffness: k, contactDamping: 2 * Math.sqrt(k * m), dryFriction: [1, 0.8],
      viscousFriction: [0.2, 0.1], dryFrictionProportionalZone: 1e-2, rollingFrictionViscous: 0.2,
    });
    mbs.modifyNode(mbs.getObject(contact).nodeNumber as number, { initialCoordinates: [2e-3, 3e-3, -delta] });
    mbs.assemble();
    const model = mbs.compiled();
    const s = model.data.current;
    const object = model.objects[contact];
    const nLocal = 7;
    expect(object.localNodes.map((node) => node.label.typeName)).toEqual(['RigidBodyEP']);
    const analytic = new Float64Array(nLocal * nLocal);
    object.ode2Lhs_q!(s, dense(analytic), 1);
    const scale = Math.max(...analytic.map(Math.abs));
    // central differences along each coordinate (plain unit increments of q, so each Euler-parameter column has a radial part)
    const node = object.localNodes[0];
    const h = 1e-7;
    let error = 0;
    for (let j = 0; j < nLocal; j++) {
      const f = (step: number) => {
        const saved = s.q[node.qIndex + j];
        s.q[node.qIndex + j] = saved + step;
        const r = new Float64Array(nLocal);
        object.ode2Lhs!(s, r);
        s.q[node.qIndex + j] = saved;
        return r;
      };
      const plus = f(h), minus = f(-h);
      for (let i = 0; i < nLocal; i++) error = Math.max(error, Math.abs((plus[i] - minus[i]) / (2 * h) - analytic[i * nLocal + j]));
    }
    // scale ≈ k = 1e6; the truncation error h²·|f'''| and the round-off ε|f|/h of the differences stay below 1e-9 of it
    // (observed 2.9e-11); without the radial part the error was 8.8e-3 of it
    expect(scale).toBeGreaterThan(1e5);
    expect(error / scale).toBeLessThan(1e-9);
  });

  it('differentiates the velocities of both markers without rolling friction as central differences do', () => {
    // The registry's example has rolling friction; here none, both markers with coordinates (a disc on a moving, rotated
    // plate, the plane normal tilted), the friction axes turned and viscous, the data in the proportional zone.
    const { s, object } = discOnPlate({ dryFrictionAngle: 0.4 });
    const nodes = object.localNodes;
    const nLocal = 14;
    expect(nodes.map((node) => node.nu)).toEqual([7, 7]);
    const analytic = new Float64Array(nLocal * nLocal);
    object.ode2Lhs_u!(s, dense(analytic), 1);
    const scale = Math.max(...analytic.map(Math.abs));
    const h = 1e-6;
    let error = 0;
    for (let j = 0; j < nLocal; j++) {
      const index = nodes[j < 7 ? 0 : 1].uIndex + (j % 7);
      const f = (step: number) => {
        const saved = s.u[index];
        s.u[index] = saved + step;
        const r = new Float64Array(nLocal);
        object.ode2Lhs!(s, r);
        s.u[index] = saved;
        return r;
      };
      const plus = f(h), minus = f(-h);
      for (let i = 0; i < nLocal; i++) error = Math.max(error, Math.abs((plus[i] - minus[i]) / (2 * h) - analytic[i * nLocal + j]));
    }
    // the force is smooth in u within the proportional zone (h = 1e-6 against slip speeds of order 0.1): the truncation
    // error h²·|f'''| and the round-off ε|f|/h stay below 1e-8 of the largest entry
    expect(scale).toBeGreaterThan(10);
    expect(error / scale).toBeLessThan(1e-8);
  });

  it('reuses the residual\'s kinematics in the Jacobian only at the same coordinates; without contact in the data adds nothing', () => {
    // A Jacobian after a residual at the same state takes the residual's kinematics and marker Jacobians; after a residual
    // at another q or u it must evaluate them again: each Jacobian equals, bit for bit, the one after an output (which
    // forgets the kept kinematics). With a positive data gap neither residual nor Jacobian may add a value.
    const { model, s, object, data } = discOnPlate({ rollingFrictionViscous: 0.2 });
    const nLocal = 14;
    const jacobian = () => {
      const m = new Float64Array(nLocal * nLocal);
      object.ode2Lhs_qu!(s, dense(m), -0.7, 1.3);
      return m;
    };
    const residual = () => object.ode2Lhs!(s, new Float64Array(nLocal));
    object.output!(OutputVariableType.Position, s);
    const fresh = jacobian();
    expect(Math.max(...fresh.map(Math.abs))).toBeGreaterThan(1);
    residual();
    expect(jacobian()).toEqual(fresh);
    for (const [vector, index] of [[s.u, object.localNodes[1].uIndex + 4], [s.q, object.localNodes[0].qIndex + 1]] as const) {
      const saved = vector[index];
      vector[index] = saved + 1e-3;
      residual();
      residual(); // two residuals: the key of the first changed state stays stored
      vector[index] = saved;
      expect(jacobian()).toEqual(fresh);
      residual();
      expect(jacobian()).toEqual(fresh);
    }
    // no contact in the data: inactive, no value
    s.data[model.nodes[data].dataIndex + 2] = 1e-3;
    expect(object.ode2LhsActive!(s)).toBe(false);
    const f = new Float64Array(nLocal);
    object.ode2Lhs!(s, f);
    expect(f.every((value) => value === 0)).toBe(true);
    expect(jacobian().every((value) => value === 0)).toBe(true);
  });

  it('forms the kinematics from the Euler-parameter nodes\' coordinates with the pair\'s numbers, bit for bit', () => {
    // markers at the reference points of Euler-parameter bodies (plate or ground plane): the node-coordinate kernel; the
    // same model with the connector's discNode unset runs the general path through the pair
    for (const onGround of [false, true]) {
      const nodePath = discOnPlate({ rollingFrictionViscous: 0.2, dryFrictionAngle: 0.4 }, true, onGround);
      const general = discOnPlate({ rollingFrictionViscous: 0.2, dryFrictionAngle: 0.4 }, true, onGround);
      expect((nodePath.object as unknown as { discNode?: unknown }).discNode).toBeDefined();
      (general.object as unknown as { discNode?: unknown }).discNode = undefined;
      const nLocal = onGround ? 7 : 14;
      for (let seed = 1; seed <= 12; seed++) {
        const results = [nodePath, general].map(({ s, object }) => {
          for (const [i, node] of object.localNodes.entries()) {
            for (let j = 0; j < 7; j++) {
              s.q[node.qIndex + j] = 0.01 * Math.sin(seed * (j + 1) + i);
              s.u[node.uIndex + j] = 0.1 * Math.cos(seed * (j + 2) - i);
            }
          }
          const f = new Float64Array(nLocal), m = new Float64Array(nLocal * nLocal);
          object.ode2Lhs!(s, f);
          object.ode2Lhs_qu!(s, dense(m), -0.7, 1.3);
          const outputs = [OutputVariableType.Velocity, OutputVariableType.Position, OutputVariableType.VelocityLocal, OutputVariableType.ForceLocal]
            .flatMap((variable) => Array.from(object.output!(variable, s)!));
          return [...f, ...m, ...outputs];
        });
        expect(Math.max(...results[0].map(Math.abs))).toBeGreaterThan(1);
        expect(results[0].map((x) => Object.is(x, -0) ? '-0' : String(x))).toEqual(results[1].map((x) => Object.is(x, -0) ? '-0' : String(x)));
      }
    }
  });

  it('rejects negative stiffness and friction, a radius ≤ 0, non-unit axes and markers without orientation by name', () => {
    const mbs = new SystemContainer().addSystem();
    const ground = mbs.addObject(ObjectGround({}));
    const m0 = mbs.addMarker(MarkerBodyRigid({ bodyNumber: ground }));
    const data = mbs.addNode(NodeGenericData({ numberOfDataCoordinates: 3, initialCoordinates: [0, 0, 0] }));
    const add = (values: Record<string, unknown>) => () => mbs.addObject(ObjectConnectorRollingDiscPenalty({ markerNumbers: [m0, m0], nodeNumber: data, discRadius: 0.1, ...values }));
    expect(add({ contactStiffness: -1 })).toThrow(/ConnectorRollingDiscPenalty.*contactStiffness/);
    expect(add({ contactStiffness: -1 })).toThrow(FlexdynError);
    expect(add({ contactDamping: -1 })).toThrow(/contactDamping/);
    expect(add({ dryFriction: [0.3, -0.1] })).toThrow(/dryFriction entry 1 must be ≥ 0, got -0.1/);
    expect(add({ viscousFriction: [-1, 0] })).toThrow(/viscousFriction entry 0 must be ≥ 0, got -1/);
    expect(add({ dryFrictionProportionalZone: -1e-3 })).toThrow(/dryFrictionProportionalZone/);
    expect(add({ discRadius: 0 })).toThrow(/discRadius must be > 0, got 0/);
    expect(add({ discRadius: -0.1 })).toThrow(/discRadius must be non-negative, got -0.1/);
    expect(add({ discAxis: [1, 1, 0] })).toThrow(/discAxis must be a unit vector/);
    expect(add({ planeNormal: [0, 0, 2] })).toThrow(/planeNormal must be a unit vector/);
    expect(() => mbs.createRollingDiscPenalty({ bodyNumbers: [ground], discRadius: 0.1 })).toThrow(/createRollingDiscPenalty: bodyNumbers must be a list of 2 body indices/);
    expect(() => mbs.createRollingDiscPenalty({ bodyNumbers: [ground, ground], discRadius: 0.1, dryFriction: [-1, 0] })).toThrow(/dryFriction entry 0 must be ≥ 0/);
  });

  it('names the marker without orientation and the data node of the wrong size at assemble', () => {
    const build = (positionMarker: boolean, dataSize: number) => {
      const mbs = new SystemContainer().addSystem();
      const ground = mbs.createGround();
      const disc = mbs.createRigidBody({ inertia: new RigidBodyInertia({ mass: 1, inertiaTensor: [[1, 0, 0], [0, 1, 0], [0, 0, 1]] }), referencePosition: [0, 0, 0.1] }) as number;
      const m0 = mbs.addMarker(MarkerBodyRigid({ bodyNumber: ground }));
      const m1 = mbs.addMarker(positionMarker ? MarkerBodyPosition({ bodyNumber: disc }) : MarkerBodyRigid({ bodyNumber: disc }));
      const data = mbs.addNode(NodeGenericData({ numberOfDataCoordinates: dataSize, initialCoordinates: new Array(dataSize).fill(0) }));
      mbs.addObject(ObjectConnectorRollingDiscPenalty({ markerNumbers: [m0, m1], nodeNumber: data, discRadius: 0.1, contactStiffness: 1e4 }));
      return () => mbs.assemble();
    };
    expect(build(true, 3)).toThrow(/ConnectorRollingDiscPenalty.*markerNumbers entry 1 must refer to a rigid marker.*provides no orientation/);
    expect(build(false, 4)).toThrow(/ConnectorRollingDiscPenalty.*nodeNumber must refer to a NodeGenericData with 3 data coordinates/);
    expect(build(false, 3)).not.toThrow();
  });
});
