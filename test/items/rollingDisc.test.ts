import { describe, expect, it, vi } from 'vitest';
import {
  SystemContainer, SimulationSettings, OutputVariableType, RigidBodyInertia, RotationMatrixY, FlexdynError, ObjectJointRollingDisc, ObjectGround, MarkerBodyRigid,
  MarkerBodyPosition, MarkerNodeRigid, NodeRigidBodyEP, ObjectRigidBody,
} from '../../src/index.ts';
import type { ItemState, NodeModel, ObjectModel, RigidMarkerModel } from '../../src/registry/capabilities.ts';
import { randomSequence } from '../helpers/random.ts';

/**
 * Steady precession of a rolling disc (radius a, mass m, I_axis = m a²/2, I_diameter = m a²/4): the disc leans inwards by θ
 * (its plane from the vertical), its contact point runs on a circle of radius ρ about the vertical axis through the origin,
 * the whole disc turns about that axis with Ω and spins with s = −Ω ρ/a about its own axis (rolling). Balance of angular
 * momentum about the centre (H turns with Ω e_z) with the contact force F = m(−Ω² R_c e_r + g e_z), R_c = ρ − a sinθ, gives
 * Ω² = a m g sinθ / (cosθ (I1 ρ/a − (I1 − I2) sinθ + a m R_c)).
 */
function steadyPrecession(a: number, m: number, theta: number, rho: number, g: number) {
  const i1 = 0.5 * m * a * a, i2 = 0.25 * m * a * a;
  const rc = rho - a * Math.sin(theta);
  const omega = Math.sqrt((a * m * g * Math.sin(theta)) / (Math.cos(theta) * (i1 * rho / a - (i1 - i2) * Math.sin(theta) + a * m * rc)));
  return { omega, spin: -omega * rho / a, rc, i1, i2 };
}

describe('ObjectJointRollingDisc', () => {
  /** The disc in steady precession on the ground (trapezoidal rule, index 2, 2000 steps to half a period). */
  function precessingDisc(consistentInitialAccelerations: boolean) {
    const a = 0.1, m = 1, theta = 0.3, rho = 0.5, g = 9.81;
    const { omega, spin, rc, i1, i2 } = steadyPrecession(a, m, theta, rho, g);
    const SC = new SystemContainer();
    const mbs = SC.addSystem();
    const n = [Math.cos(theta), 0, Math.sin(theta)]; // disc axis (body x) in the e_r–e_z plane
    const disc = mbs.createRigidBody({
      inertia: new RigidBodyInertia({ mass: m, inertiaTensor: [[i1, 0, 0], [0, i2, 0], [0, 0, i2]] }),
      referencePosition: [rc, 0, a * Math.cos(theta)], referenceRotationMatrix: RotationMatrixY(-theta),
      initialVelocity: [0, omega * rc, 0], initialAngularVelocity: [spin * n[0], 0, omega + spin * n[2]], gravity: [0, 0, -g],
    }) as number;
    const ground = mbs.createGround();
    const joint = mbs.createRollingDisc({ bodyNumbers: [ground, disc], discRadius: a });
    const forceSensor = mbs.addSensor({ sensorType: 'Object', objectNumber: joint, outputVariableType: OutputVariableType.ForceLocal, storeInternal: true, writeToFile: false });
    mbs.assemble();
    const settings = new SimulationSettings();
    const period = (2 * Math.PI) / omega;
    settings.timeIntegration.endTime = 0.5 * period;
    settings.timeIntegration.numberOfSteps = 2000;
    settings.timeIntegration.generalizedAlpha.useIndex2Constraints = true;
    settings.timeIntegration.generalizedAlpha.useNewmark = true;
    settings.timeIntegration.generalizedAlpha.spectralRadius = 1;
    settings.timeIntegration.generalizedAlpha.computeInitialVelocityConstraintRates = consistentInitialAccelerations;
    settings.solutionSettings.writeSolutionToFile = false;
    mbs.solveDynamic(settings);
    return { mbs, disc, joint, forceSensor, a, m, theta, rho, g, omega, rc };
  }

  it('rolls in steady precession as the closed form predicts', () => {
    const { mbs, disc, joint, a, m, theta, rho, g, omega, rc } = precessingDisc(true);
    // after half a period the centre is at −R_c e_x, at its height a cosθ; the contact force is m(Ω² R_c e_r… ) + m g e_z:
    // in the joint frame (lateral, forward, normal) its normal component is m g, its lateral one ∓m Ω² R_c.
    // Trapezoidal rule (ρ∞ = 1) with 2000 steps: phase error O((Ωh)²) ≈ 1e-7 of the radius; tolerance 1e-5 relative
    const p = mbs.getObjectOutputBody(disc, OutputVariableType.Position);
    expect(Math.abs(p[0] + rc) / rc).toBeLessThan(1e-5);
    expect(Math.abs(p[1]) / rc).toBeLessThan(1e-5);
    expect(Math.abs(p[2] - a * Math.cos(theta)) / a).toBeLessThan(1e-5);
    const force = mbs.getObjectOutput(joint, OutputVariableType.ForceLocal);
    expect(Math.abs(force[2] - m * g) / (m * g)).toBeLessThan(1e-5);
    expect(Math.abs(Math.abs(force[0]) - m * omega * omega * rc) / (m * omega * omega * rc)).toBeLessThan(1e-5);
    expect(Math.abs(force[1]) / (m * g)).toBeLessThan(1e-5);
    // the contact point (output Position) lies on the ground plane on the circle of radius ρ
    const pC = mbs.getObjectOutput(joint, OutputVariableType.Position);
    expect(Math.abs(Math.hypot(pC[0], pC[1]) - rho) / rho).toBeLessThan(1e-5);
    expect(Math.abs(pC[2])).toBeLessThan(1e-6 * a);
  });

  it('keeps an alternating force error with Exudyn\'s initial accelerations (no rate of the velocity-level equations)', () => {
    // Exudyn omits ∂g/∂q·u of velocity-level constraints in the initial accelerations; with the trapezoidal rule the error
    // of a and λ in the constrained directions then flips sign every step, ε_{n+1} = −(1 − γ)/γ ε_n = −ε_n, and never
    // decays, while the motion stays (the error of q cancels pairwise). Consistent initial accelerations have none.
    const exudyn = precessingDisc(false), consistent = precessingDisc(true);
    const rows = (run: typeof exudyn) => run.mbs.getSensorStoredData(run.forceSensor);
    const normal = (run: typeof exudyn, k: number) => rows(run)[rows(run).length - 1 - k][3];
    const mg = exudyn.m * exudyn.g;
    // the last two normal forces: Exudyn's rule ±δ (here 5.8 % of m g) about m g, their mean m g as the consistent run
    const deviation = [0, 1].map((k) => (normal(exudyn, k) - mg) / mg);
    expect(Math.abs(deviation[0])).toBeGreaterThan(1e-2);
    expect(Math.abs(deviation[0] + deviation[1])).toBeLessThan(1e-5);
    for (const k of [0, 1]) expect(Math.abs(normal(consistent, k) - mg) / mg).toBeLessThan(1e-5);
    // the motion is the same (trapezoidal phase error ≈ 1e-7 of the radius in both runs)
    const p = (run: typeof exudyn) => run.mbs.getObjectOutputBody(run.disc, OutputVariableType.Position);
    for (let i = 0; i < 3; i++) expect(Math.abs(p(exudyn)[i] - p(consistent)[i]) / exudyn.rc).toBeLessThan(1e-6);
  });

  it('rejects a radius ≤ 0, flags other than 0/1, non-unit axes and a position marker by name', () => {
    const mbs = new SystemContainer().addSystem();
    const ground = mbs.addObject(ObjectGround({}));
    const m0 = mbs.addMarker(MarkerBodyRigid({ bodyNumber: ground }));
    const add = (values: Record<string, unknown>) => () => mbs.addObject(ObjectJointRollingDisc({ markerNumbers: [m0, m0], discRadius: 0.1, ...values }));
    expect(add({ discRadius: 0 })).toThrow(/discRadius must be > 0, got 0/);
    expect(add({ discRadius: -1 })).toThrow(/ObjectJointRollingDisc #\d+: discRadius must be non-negative, got -1/);
    expect(add({ discRadius: Number.NaN })).toThrow(/discRadius must be a finite number, got number NaN/);
    expect(add({ constrainedAxes: [1, 2, 1] })).toThrow(/constrainedAxes entry 1 must be 0 \(free\) or 1/);
    expect(add({ constrainedAxes: [1, 1] })).toThrow(/constrainedAxes must have 3 entries, got 2/);
    expect(add({ discAxis: [1, 1, 0] })).toThrow(/discAxis must be a unit vector/);
    expect(add({ planeNormal: [0, 0, 2] })).toThrow(/planeNormal must be a unit vector, got length 2/);
    // a marker of the wrong kind: the disc needs the orientation of its centre marker
    mbs.addObject(ObjectJointRollingDisc({ markerNumbers: [m0, mbs.addMarker(MarkerBodyPosition({ bodyNumber: ground }))], discRadius: 0.1 }));
    expect(() => mbs.assemble()).toThrow(/ObjectJointRollingDisc #\d+: markerNumbers entry 1 must refer to a rigid marker .*got MarkerBodyPosition/);
    expect(() => mbs.createRollingDisc({ bodyNumbers: [ground], discRadius: 0.1 })).toThrow(/createRollingDisc: bodyNumbers must be a list of 2 body indices/);
  });

  it('names the item when the disc lies flat on the plane', () => {
    const mbs = new SystemContainer().addSystem();
    const ground = mbs.createGround();
    const disc = mbs.createRigidBody({ inertia: new RigidBodyInertia({ mass: 1, inertiaTensor: [[1, 0, 0], [0, 1, 0], [0, 0, 1]] }), referencePosition: [0, 0, 1] }) as number;
    mbs.createRollingDisc({ bodyNumbers: [ground, disc], discRadius: 0.1, axisVector: [0, 0, 1] });
    mbs.assemble();
    expect(() => mbs.solveDynamic(new SimulationSettings())).toThrow(/JointRollingDisc.*discAxis is parallel to the plane normal/);
  });
});

describe('ObjectJointRollingDisc: the kernel of a disc on an Euler-parameter node', () => {
  /**
   * A tilted, spinning disc on an Euler-parameter node on a ground plane with an offset marker, the joint's disc marker a
   * MarkerBodyRigid at the body's reference point (the node-coordinate kernel) or a MarkerNodeRigid on the same node
   * (the general path through the pair and the geometry: the same kinematics and Jacobians, formed by the node).
   */
  function disc(nodeMarker: boolean) {
    const mbs = new SystemContainer().addSystem();
    const p = [0.9, 0.3, 0.3, 0.1].map((x) => x / Math.hypot(0.9, 0.3, 0.3, 0.1));
    const node = mbs.addNode(NodeRigidBodyEP({ referenceCoordinates: [0.1, 0.2, 0.5, ...p], initialVelocities: [0.1, 0.3, -0.2, 0.2, -0.1, 0.3, 0.1] }));
    const body = mbs.addObject(ObjectRigidBody({ physicsMass: 1, physicsInertia: [0.1, 0.2, 0.3, 0, 0, 0], nodeNumber: node }));
    const ground = mbs.addObject(ObjectGround({ referencePosition: [0.2, -0.1, 0.05] }));
    const planeMarker = mbs.addMarker(MarkerBodyRigid({ bodyNumber: ground, localPosition: [0.1, -0.2, 0.05] }));
    const discMarker = mbs.addMarker(nodeMarker ? MarkerNodeRigid({ nodeNumber: node }) : MarkerBodyRigid({ bodyNumber: body, localPosition: [0, 0, 0] }));
    const joint = mbs.addObject(ObjectJointRollingDisc({ markerNumbers: [planeMarker, discMarker], discRadius: 0.4, planeNormal: [0, 0.6, 0.8], discAxis: [0, 1, 0] }));
    mbs.assemble();
    const model = mbs.compiled();
    return { mbs, ground, s: model.data.current, node: model.nodes[node], joint: model.objects[joint] as ObjectModel, discMarker: model.markers[discMarker] as RigidMarkerModel };
  }

  /** Random coordinates and velocities of the node (seeded; the Euler parameters stay near unit length). */
  function perturb(s: ItemState, node: NodeModel, seed: number): void {
    const random = randomSequence(seed);
    for (let i = 0; i < node.nq; i++) s.q[node.qIndex + i] = 0.1 * random();
    for (let i = 0; i < node.nu; i++) s.u[node.uIndex + i] = random();
  }

  /**
   * g and r (r from 0.1, 0.2, … plus C_qᵀλ) of aeAndReaction at the state of `seed` with multipliers λ; with unit, the
   * Euler parameters of unit length (where the Jacobian's A G_l = G holds, so C is ∂g/∂u).
   */
  function residual(setup: ReturnType<typeof disc>, seed: number, lambda: number[], unit = false) {
    const { s, node } = setup;
    perturb(s, node, seed);
    if (unit) {
      const i = node.qIndex + 3, ref = node.referenceCoordinates;
      const p = [0, 1, 2, 3].map((k) => ref[3 + k] + s.q[i + k]), length = Math.hypot(...p);
      for (let k = 0; k < 4; k++) s.q[i + k] = p[k] / length - ref[3 + k];
    }
    const g = new Float64Array(3), r = Float64Array.from({ length: 7 }, (_, k) => 0.1 * (k + 1));
    const handled = setup.joint.aeAndReaction!(s, g, false, Float64Array.from(lambda), 0, r, Int32Array.from([0, 1, 2, 3, 4, 5, 6]));
    expect(handled).toBe(true);
    return { g, r };
  }

  /** g and the Jacobian C (3 × 7) of ae at the setup's current state. */
  function jacobian(setup: ReturnType<typeof disc>) {
    const g = new Float64Array(3), c = new Float64Array(21);
    setup.joint.ae!(setup.s, g, false, c);
    return { g, c };
  }

  const bits = (x: Float64Array) => Array.from(new BigUint64Array(Float64Array.from(x).buffer));

  it('writes the general path\'s g, C_qᵀλ and C bit for bit, without the marker layer', () => {
    const kernel = disc(false), general = disc(true);
    const kernelOrientation = vi.spyOn(kernel.discMarker, 'orientation'), generalOrientation = vi.spyOn(general.discMarker, 'orientation');
    const multipliers = [[0.7, -1.3, 2.1], [0, 0.4, 0], [-0.2, 0, 5], [0, 0, 0]];
    for (let seed = 1; seed <= 40; seed++) {
      const lambda = multipliers[seed % 4];
      const a = residual(kernel, seed, lambda), b = residual(general, seed, lambda);
      expect(bits(a.g)).toEqual(bits(b.g));
      expect(bits(a.r)).toEqual(bits(b.r));
      const ja = jacobian(kernel), jb = jacobian(general);
      expect(bits(ja.g)).toEqual(bits(jb.g));
      expect(bits(ja.c)).toEqual(bits(jb.c));
    }
    expect(kernelOrientation).not.toHaveBeenCalled(); // the kernel ran, not the general path
    expect(generalOrientation).toHaveBeenCalled();
    // a turned plane between solves: the kernel's plane is formed again (the new ground model binds the joint again)
    const before = residual(kernel, 41, [0.7, -1.3, 2.1]);
    const c = Math.cos(0.3), s = Math.sin(0.3);
    for (const setup of [kernel, general]) setup.mbs.setObjectParameter(setup.ground, 'referenceRotation', [[c, 0, s], [0, 1, 0], [-s, 0, c]]);
    const a = residual(kernel, 41, [0.7, -1.3, 2.1]), b = residual(general, 41, [0.7, -1.3, 2.1]);
    expect(bits(a.g)).toEqual(bits(b.g));
    expect(bits(a.r)).toEqual(bits(b.r));
    expect(a.g[0]).not.toBe(before.g[0]);
  });

  it('adds C_qᵀλ with C = ∂g/∂u of its own g by central differences, and ae\'s Jacobian is that C', () => {
    const setup = disc(false), { s, node, joint } = setup;
    const lambda = [0.7, -1.3, 2.1], h = 1e-6;
    const { r } = residual(setup, 5, lambda, true);
    const c = new Float64Array(21);
    joint.ae!(s, new Float64Array(3), false, c);
    for (let k = 0; k < 7; k++) {
      const at = node.uIndex + k, u = s.u[at];
      const g = (delta: number) => { s.u[at] = u + delta; const out = new Float64Array(3); joint.aeAndReaction!(s, out, false, new Float64Array(3), 0, new Float64Array(7), Int32Array.from([0, 1, 2, 3, 4, 5, 6])); s.u[at] = u; return out; };
      const plus = g(h), minus = g(-h);
      let reaction = 0.1 * (k + 1);
      for (let row = 0; row < 3; row++) {
        const numeric = (plus[row] - minus[row]) / (2 * h);
        expect(c[7 * row + k]).toBeCloseTo(numeric, 8);
        reaction += numeric * lambda[row];
      }
      expect(r[k]).toBeCloseTo(reaction, 7);
    }
  });
});

describe('ObjectJointRollingDisc: the kernel of a disc on an Euler-parameter node rolling on another one', () => {
  /**
   * A tilted, spinning disc on a moving, turning plate, both on Euler-parameter nodes, the joint's markers MarkerBodyRigid
   * at the bodies' reference points (the node-coordinate kernel with the plate's node) or MarkerNodeRigid on the same
   * nodes (the general path through the pair and the geometry).
   */
  function discOnPlate(nodeMarkers: boolean) {
    const mbs = new SystemContainer().addSystem();
    const unit = (p: number[]) => p.map((x) => x / Math.hypot(...p));
    const plateNode = mbs.addNode(NodeRigidBodyEP({ referenceCoordinates: [0.05, -0.1, 0.02, ...unit([0.95, 0.1, -0.2, 0.05])], initialVelocities: [0.05, -0.1, 0.02, 0.1, 0.2, -0.1, 0.05] }));
    const discNode = mbs.addNode(NodeRigidBodyEP({ referenceCoordinates: [0.1, 0.2, 0.5, ...unit([0.9, 0.3, 0.3, 0.1])], initialVelocities: [0.1, 0.3, -0.2, 0.2, -0.1, 0.3, 0.1] }));
    const [plate, disc] = [plateNode, discNode].map((node) => mbs.addObject(ObjectRigidBody({ physicsMass: 1, physicsInertia: [0.1, 0.2, 0.3, 0, 0, 0], nodeNumber: node })));
    const markers = nodeMarkers ? [plateNode, discNode].map((nodeNumber) => mbs.addMarker(MarkerNodeRigid({ nodeNumber })))
      : [plate, disc].map((bodyNumber) => mbs.addMarker(MarkerBodyRigid({ bodyNumber, localPosition: [0, 0, 0] })));
    const joint = mbs.addObject(ObjectJointRollingDisc({ markerNumbers: markers, discRadius: 0.4, planeNormal: [0, 0.6, 0.8], discAxis: [0, 1, 0] }));
    mbs.assemble();
    const model = mbs.compiled();
    return { s: model.data.current, nodes: [model.nodes[plateNode], model.nodes[discNode]], joint: model.objects[joint] as ObjectModel, plateMarker: model.markers[markers[0]] as RigidMarkerModel };
  }

  const bits = (x: Float64Array) => Array.from(new BigUint64Array(Float64Array.from(x).buffer));

  it('writes the general path\'s g, C_qᵀλ and C bit for bit, without the marker layer', () => {
    const kernel = discOnPlate(false), general = discOnPlate(true);
    const kernelOrientation = vi.spyOn(kernel.plateMarker, 'orientation'), generalOrientation = vi.spyOn(general.plateMarker, 'orientation');
    const multipliers = [[0.7, -1.3, 2.1], [0, 0.4, 0], [-0.2, 0, 5], [0, 0, 0]];
    const ltg = Int32Array.from({ length: 14 }, (_, k) => k);
    for (let seed = 1; seed <= 40; seed++) {
      const results = [kernel, general].map((setup) => {
        const random = randomSequence(seed);
        for (const node of setup.nodes) {
          for (let i = 0; i < node.nq; i++) setup.s.q[node.qIndex + i] = 0.1 * random();
          for (let i = 0; i < node.nu; i++) setup.s.u[node.uIndex + i] = random();
        }
        const g = new Float64Array(3), r = Float64Array.from({ length: 14 }, (_, k) => 0.1 * (k + 1));
        expect(setup.joint.aeAndReaction!(setup.s, g, false, Float64Array.from(multipliers[seed % 4]), 0, r, ltg)).toBe(true);
        const jacobianG = new Float64Array(3), c = new Float64Array(42);
        setup.joint.ae!(setup.s, jacobianG, false, c);
        const outputs = Float64Array.from(setup.joint.output!(OutputVariableType.Velocity, setup.s)!);
        return { g, r, jacobianG, c, outputs };
      });
      for (const key of ['g', 'r', 'jacobianG', 'c', 'outputs'] as const) expect(bits(results[0][key])).toEqual(bits(results[1][key]));
    }
    expect(kernelOrientation).not.toHaveBeenCalled(); // the kernel ran, not the general path
    expect(generalOrientation).toHaveBeenCalled();
  });
});
