import { describe, expect, it } from 'vitest';
import {
  SystemContainer, SimulationSettings, NodeType, RigidBodyInertia, OutputVariableType, FlexdynError,
  MarkerBodyRigid, MarkerNodeRigid, MarkerBodyPosition, MarkerNodePosition, LoadTorqueVector, LoadForceVector,
  NodePoint, ObjectMassPoint, type MainSystem,
} from '../../src/index.ts';
import { SystemAssembler, type MatrixAccumulator } from '../../src/model/assembly.ts';
import type { SystemState } from '../../src/model/SystemState.ts';
import type { LoadModel, NodeModel } from '../../src/registry/capabilities.ts';

/** Dense accumulator for assembler tests. */
class Dense implements MatrixAccumulator {
  readonly values: Float64Array;
  constructor(readonly n: number) { this.values = new Float64Array(n * n); }
  add(row: number, col: number, value: number): void { this.values[row * this.n + col] += value; }
}

const nodeTypes = [NodeType.RotationEulerParameters, NodeType.RotationRxyz, NodeType.RotationQuaternion, NodeType.RotationRotationVector];
const referenceRotation = [[0.36, 0.48, -0.8], [-0.8, 0.6, 0], [0.48, 0.64, 0.6]];
const lever = [0.5, -0.3, 0.2];

/** One free rigid body (node 0) and loads of every kind on a body-rigid, node-rigid and body-position marker. */
function loadedBody(nodeType: NodeType): { mbs: MainSystem; loads: Record<string, number> } {
  const mbs = new SystemContainer().addSystem();
  const body = mbs.createRigidBody({ inertia: new RigidBodyInertia(1, [[1, 0, 0], [0, 1, 0], [0, 0, 1]]), nodeType, referencePosition: [0.1, 0.2, 0.3], referenceRotationMatrix: referenceRotation });
  const bodyRigid = mbs.addMarker(MarkerBodyRigid({ bodyNumber: body, localPosition: lever }));
  const nodeRigid = mbs.addMarker(MarkerNodeRigid({ nodeNumber: 0 }));
  const bodyPosition = mbs.addMarker(MarkerBodyPosition({ bodyNumber: body, localPosition: lever }));
  const loads = {
    followerTorque: mbs.addLoad(LoadTorqueVector({ markerNumber: bodyRigid, loadVector: [2, 3, 6], bodyFixed: true })),
    spatialTorque: mbs.addLoad(LoadTorqueVector({ markerNumber: nodeRigid, loadVector: [2, -3, 1] })),
    followerForceWithLever: mbs.addLoad(LoadForceVector({ markerNumber: bodyRigid, loadVector: [0, 20, 10], bodyFixed: true })),
    spatialForceWithLever: mbs.addLoad(LoadForceVector({ markerNumber: bodyPosition, loadVector: [5, 2, 10] })),
    followerForceAtNode: mbs.addLoad(LoadForceVector({ markerNumber: nodeRigid, loadVector: [1, 2, 3], bodyFixed: true })),
  };
  mbs.assemble();
  return { mbs, loads };
}

/** A displaced state; Euler parameters renormalized to |p| = 1 (the manifold on which G δp is the virtual rotation). */
function displace(s: SystemState, node: NodeModel, nodeType: NodeType): void {
  for (let i = 0; i < node.nq; i++) s.q[node.qIndex + i] = 0.1 * Math.sin(3 * i + 1);
  if (nodeType === NodeType.RotationEulerParameters) {
    const p = [0, 1, 2, 3].map((i) => s.qRef[3 + i] + s.q[3 + i]);
    const n = Math.hypot(...p);
    for (let i = 0; i < 4; i++) s.q[3 + i] = p[i] / n - s.qRef[3 + i];
  }
}

/** Central difference of the generalized load along the increment δ (node composition or addition). */
function loadDerivative(load: LoadModel, node: NodeModel, s: SystemState, delta: Float64Array, eps: number): Float64Array {
  const n = node.nu;
  const saved = s.q.slice();
  const step = (e: number): void => {
    if (node.composeIncrement !== undefined) node.composeIncrement(s.q, delta, 0, e);
    else for (let i = 0; i < n; i++) s.q[node.qIndex + i] += e * delta[i];
  };
  const plus = new Float64Array(n), minus = new Float64Array(n);
  step(eps); load.addGeneralizedLoad(s, plus); s.q.set(saved);
  step(-eps); load.addGeneralizedLoad(s, minus); s.q.set(saved);
  return plus.map((value, i) => (value - minus[i]) / (2 * eps));
}

/** Unit direction j; for Euler parameters with the radial part removed (tangent to |p| = 1). */
function direction(node: NodeModel, s: SystemState, nodeType: NodeType, j: number): Float64Array {
  const d = new Float64Array(node.nu);
  d[j] = 1;
  if (nodeType === NodeType.RotationEulerParameters && j >= 3) {
    const p = [0, 1, 2, 3].map((i) => s.qRef[3 + i] + s.q[3 + i]);
    const radial = p.reduce((sum, value, i) => sum + value * d[3 + i], 0);
    for (let i = 0; i < 4; i++) d[3 + i] -= radial * p[i];
  }
  return d;
}

describe('load Jacobians', () => {
  for (const nodeType of nodeTypes) {
    it(`forceAndTorqueJacobiansMatchFiniteDifferences_${nodeType}`, () => {
      const { mbs, loads } = loadedBody(nodeType);
      const model = mbs.compiled();
      const s = model.data.current;
      const node = model.nodes[0];
      displace(s, node, nodeType);
      s.loadFactor = 0.7;
      const n = node.nu;
      for (const [name, index] of Object.entries(loads)) {
        const load = model.loads[index];
        expect(load.coordinateDependence, name).toBe('analytic');
        const k = new Float64Array(n * n);
        load.addGeneralizedLoad_q!(s, k, 2);
        const q = new Float64Array(n);
        load.addGeneralizedLoad(s, q);
        const loadSize = Math.max(...q.map(Math.abs));
        let error = 0, scale = 0;
        for (let j = 0; j < n; j++) {
          const d = direction(node, s, nodeType, j);
          const numeric = loadDerivative(load, node, s, d, 1e-6);
          for (let r = 0; r < n; r++) {
            let analytic = 0;
            for (let c = 0; c < n; c++) analytic += k[r * n + c] * d[c];
            error = Math.max(error, Math.abs(2 * numeric[r] - analytic));
            scale = Math.max(scale, Math.abs(numeric[r]));
          }
        }
        // central differences with ε = 1e-6 (times 2 for the factor): round-off 2·2.2e-16·|Q|/ε ≈ 4e-10·|Q| dominates the
        // truncation ε²|Q'''| ≈ 1e-11·|Q| (observed ≤ 5e-9 for |Q| ≤ 30); a missing term (lever, follower rotation, ∂G) is O(|Q|)
        expect(error, name).toBeLessThan(1e-9 * (1 + loadSize));
        expect(scale + loadSize, name).toBeGreaterThan(1);
      }
    });
  }

  it('followerTorqueHasAConstantGeneralizedForceOnBodyFixedAngularVelocityCoordinates', () => {
    // G = A for quaternion and RotVecLG nodes: Gᵀ A τ_local = τ_local, so the two Jacobian terms cancel to rounding,
    // while the spatial torque Aᵀτ has the Jacobian skew(Aᵀτ) of norm |τ| = √14
    for (const nodeType of [NodeType.RotationQuaternion, NodeType.RotationRotationVector]) {
      const { mbs, loads } = loadedBody(nodeType);
      const model = mbs.compiled();
      const s = model.data.current;
      displace(s, model.nodes[0], nodeType);
      s.loadFactor = 1;
      const k = new Float64Array(36);
      model.loads[loads.followerTorque].addGeneralizedLoad_q!(s, k, 1);
      expect(Math.max(...k.map(Math.abs))).toBeLessThan(1e-14);
      k.fill(0);
      model.loads[loads.spatialTorque].addGeneralizedLoad_q!(s, k, 1);
      expect(Math.hypot(k[3 * 6 + 4], k[3 * 6 + 5], k[4 * 6 + 5])).toBeCloseTo(Math.sqrt(14), 13);
    }
  });

  it('assemblerDifferentiatesUserFunctionLoadsNumerically', () => {
    // the same follower force once as a constant (analytic Jacobian) and once from a user function (numerical)
    for (const nodeType of [NodeType.RotationEulerParameters, NodeType.RotationQuaternion]) {
      const jacobians = [false, true].map((withUserFunction) => {
        const mbs = new SystemContainer().addSystem();
        const body = mbs.createRigidBody({ inertia: new RigidBodyInertia(1, [[1, 0, 0], [0, 1, 0], [0, 0, 1]]), nodeType, referenceRotationMatrix: referenceRotation });
        const marker = mbs.addMarker(MarkerBodyRigid({ bodyNumber: body, localPosition: lever }));
        mbs.addLoad(LoadForceVector({ markerNumber: marker, loadVector: [0, 20, 10], bodyFixed: true, loadVectorUserFunction: withUserFunction ? () => [0, 20, 10] : 0 }));
        mbs.assemble();
        const model = mbs.compiled();
        expect(model.loads[0].coordinateDependence).toBe(withUserFunction ? 'numerical' : 'analytic');
        const s = model.data.current;
        displace(s, model.nodes[0], nodeType);
        s.loadFactor = 1;
        const dense = new Dense(model.nu + model.nAE);
        new SystemAssembler(model).addLoadsJacobian(s, dense, -1, 0);
        // compare along increments that stay on the rotation manifold (Euler parameters: tangent to |p| = 1; the analytic
        // Jacobian uses δφ = G δp, exact there, while the numerical one also sees the non-normalized A in the radial direction)
        const node = model.nodes[0];
        return Array.from({ length: node.nu }, (_, j) => {
          const d = direction(node, s, nodeType, j);
          return Array.from({ length: node.nu }, (_, r) => d.reduce((sum, value, c) => sum + dense.values[r * dense.n + c] * value, 0));
        }).flat();
      });
      // forward differences with ε = 1e-7·max(1e-2, |q|) ≈ 1e-8: truncation ε|Q''| ≈ 3e-7 and round-off 2.2e-16·30/1e-8 ≈ 7e-7
      // per column, up to four columns combined in a tangent direction (observed 5.4e-6; Exudyn's numerical load Jacobian
      // has the same accuracy); Jacobian entries are O(10)
      let error = 0;
      for (let i = 0; i < jacobians[0].length; i++) error = Math.max(error, Math.abs(jacobians[0][i] - jacobians[1][i]));
      expect(error).toBeLessThan(2e-5);
      expect(Math.max(...jacobians[0].map(Math.abs))).toBeGreaterThan(1);
    }
  });

  it('massProportionalLoadsAreNumericalOnlyOnBodiesWhoseForceTurns', () => {
    const mbs = new SystemContainer().addSystem();
    const offset = mbs.createRigidBody({ inertia: new RigidBodyInertia(1, [[1, 0, 0], [0, 1, 0], [0, 0, 1]], [0.1, 0, 0]), gravity: [0, -9.81, 0], returnDict: true });
    const centred = mbs.createRigidBody({ inertia: new RigidBodyInertia(1, [[1, 0, 0], [0, 1, 0], [0, 0, 1]]), gravity: [0, -9.81, 0], returnDict: true });
    const point = mbs.createMassPoint({ physicsMass: 1, gravity: [0, -9.81, 0] });
    mbs.assemble();
    const model = mbs.compiled();
    expect(model.loads[offset.loadNumber!].coordinateDependence).toBe('numerical');
    expect(model.loads[centred.loadNumber!].coordinateDependence).toBe('constant');
    expect(point).toBeGreaterThanOrEqual(0);
    expect(model.loads[2].coordinateDependence).toBe('constant');
    // the COM offset makes the gravity moment Gᵀ((Aχ) × m g) turn with the body: a nonzero Jacobian (|m g χ| ≈ 1)
    const s = model.data.current;
    s.loadFactor = 1;
    const dense = new Dense(model.nu + model.nAE);
    new SystemAssembler(model).addLoadsJacobian(s, dense, -1, 0);
    expect(Math.max(...dense.values.map(Math.abs))).toBeGreaterThan(0.5);
  });

  it('loadsOnPointsAreConstantAndSkipped', () => {
    const mbs = new SystemContainer().addSystem();
    const node = mbs.addNode(NodePoint({ referenceCoordinates: [1, 2, 3] }));
    mbs.addObject(ObjectMassPoint({ physicsMass: 1, nodeNumber: node }));
    const marker = mbs.addMarker(MarkerNodePosition({ nodeNumber: node }));
    mbs.addLoad(LoadForceVector({ markerNumber: marker, loadVector: [1, 2, 3] }));
    mbs.assemble();
    const model = mbs.compiled();
    expect(model.loads[0].coordinateDependence).toBe('analytic');
    const dense = new Dense(3);
    new SystemAssembler(model).addLoadsJacobian(model.data.current, dense, -1, -1);
    expect(Array.from(dense.values)).toEqual(new Array(9).fill(0));
  });
});

/** A rigid body on a 6-DOF spring to ground (k = 100, k_rot = 10) under a follower torque (and force) at a lever. */
function followerTorqueModel(nodeType: NodeType, force: boolean): MainSystem {
  const mbs = new SystemContainer().addSystem();
  const ground = mbs.createGround();
  const body = mbs.createRigidBody({ inertia: new RigidBodyInertia(1, [[1, 0, 0], [0, 1, 0], [0, 0, 1]]), nodeType });
  const k = 100, kr = 10;
  const stiffness = [k, k, k, kr, kr, kr].map((value, i) => [0, 1, 2, 3, 4, 5].map((j) => (i === j ? value : 0)));
  mbs.createRigidBodySpringDamper({ bodyNumbers: [ground, body], stiffness, intrinsicFormulation: false });
  const marker = mbs.addMarker(MarkerBodyRigid({ bodyNumber: body, localPosition: [0.5, 0, 0] }));
  mbs.addLoad(LoadTorqueVector({ markerNumber: marker, loadVector: [2, 3, 6], bodyFixed: true }));
  if (force) mbs.addLoad(LoadForceVector({ markerNumber: marker, loadVector: [0, 2, 1], bodyFixed: true }));
  mbs.assemble();
  return mbs;
}

describe('static and dynamic solvers with load Jacobians', () => {
  it('followerTorqueConvergesQuadraticallyWithTheLoadJacobian', () => {
    // a follower torque of |τ| = 7 on a rotational spring k_rot = 10 turns the body by about 0.7 rad; the Jacobian without
    // the load term misses O(|τ|) entries, so Newton converges only linearly (observed factor ≈ 0.3 per iteration)
    for (const nodeType of [NodeType.RotationEulerParameters, NodeType.RotationRxyz]) {
      const iterations = [true, false].map((computeLoadsJacobian) => {
        const mbs = followerTorqueModel(nodeType, false);
        const settings = new SimulationSettings();
        settings.staticSolver.computeLoadsJacobian = computeLoadsJacobian;
        settings.staticSolver.newton.maxIterations = 40;
        const statistics = mbs.solveStatic(settings);
        expect(statistics.steps).toBe(1);
        return { count: statistics.newtonIterations, rotation: mbs.getNodeOutput(0, OutputVariableType.Rotation) };
      });
      // quadratic: residual 14 → 5.7 → 0.27 → 8e-3 → 5e-5 → converged (relative 1e-8) in 5 iterations (EP), 4 (Rxyz);
      // linear without: 17 iterations for both
      expect(iterations[0].count, nodeType).toBeLessThanOrEqual(5);
      expect(iterations[1].count, nodeType).toBeGreaterThanOrEqual(15);
      // both stop at relative residual 1e-8 of an O(10) residual with a stiffness O(10): rotations agree to ~1e-8
      for (let i = 0; i < 3; i++) expect(Math.abs(iterations[0].rotation[i] - iterations[1].rotation[i])).toBeLessThan(1e-7);
    }
  });

  it('implicitSolverUsesTheLoadJacobianWhenRequested', () => {
    const results = [0, 1].map((computeLoadsJacobian) => {
      const mbs = followerTorqueModel(NodeType.RotationEulerParameters, true);
      const settings = new SimulationSettings();
      settings.timeIntegration.endTime = 0.5;
      settings.timeIntegration.numberOfSteps = 50;
      settings.timeIntegration.computeLoadsJacobian = computeLoadsJacobian;
      settings.solutionSettings.writeSolutionToFile = false;
      const statistics = mbs.solveDynamic(settings);
      return { iterations: statistics.newtonIterations, position: mbs.getNodeOutput(0, OutputVariableType.Rotation) };
    });
    // the same equations to the Newton tolerance (relative 1e-8 per step)
    for (let i = 0; i < 3; i++) expect(Math.abs(results[0].position[i] - results[1].position[i])).toBeLessThan(1e-7);
    expect(results[1].iterations).toBeLessThan(results[0].iterations);
    const mbs = followerTorqueModel(NodeType.RotationEulerParameters, true);
    const settings = new SimulationSettings();
    settings.timeIntegration.computeLoadsJacobian = 3;
    expect(() => mbs.solveDynamic(settings)).toThrow(FlexdynError);
    expect(() => mbs.solveDynamic(settings)).toThrow('timeIntegration.computeLoadsJacobian must be one of 0, 1, 2, got number 3');
  });
});
