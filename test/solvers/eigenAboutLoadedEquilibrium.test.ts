import { describe, expect, it } from 'vitest';
import {
  SystemContainer, SimulationSettings, ConfigurationType, RigidBodyInertia, NodeType, NodePoint2D, ObjectMassPoint2D, MarkerNodePosition,
  ObjectConnectorDistance, type MainSystem,
} from '../../src/index.ts';

const g = 9.81;

/** Static settings that reach a hanging equilibrium: full Newton with λ·C_qq, λ continued over 2 load steps, stabilizer at low load. */
function staticSettings(): SimulationSettings {
  const settings = new SimulationSettings();
  settings.solutionSettings.writeSolutionToFile = false;
  settings.staticSolver.numberOfLoadSteps = 2;
  settings.staticSolver.stabilizerODE2term = 1;
  settings.staticSolver.newton.constraintForceJacobian = true;
  return settings;
}

/** Solves the static equilibrium and makes it (q and λ) the initial configuration, where computeODE2Eigenvalues linearizes. */
function equilibriumAsInitial(mbs: MainSystem): void {
  mbs.solveStatic(staticSettings());
  mbs.systemData.setODE2Coordinates(mbs.systemData.getODE2Coordinates(), ConfigurationType.Initial);
  mbs.systemData.setAECoordinates(mbs.systemData.getAECoordinates(), ConfigurationType.Initial);
}

/** A rigid cuboid (node at its center of mass) hanging below a pivot at distance d above the COM; returns body and inertia. */
function hangingBody(mbs: MainSystem, d: number, nodeType: NodeType = NodeType.RotationEulerParameters): { body: number; mass: number; inertiaCOM: number[] } {
  const mass = 1.7;
  const inertiaCOM = [0.05, 0.02, 0.05];
  const inertia = new RigidBodyInertia(mass, [[inertiaCOM[0], 0, 0], [0, inertiaCOM[1], 0], [0, 0, inertiaCOM[2]]]);
  const body = mbs.createRigidBody({ inertia, referencePosition: [0, -d, 0], gravity: [0, -g, 0], nodeType });
  return { body, mass, inertiaCOM };
}

describe('eigenvalues about a loaded equilibrium include the constraint-force stiffness λ·C_qq', () => {
  it('planarMassPointPendulumOnConnectorDistanceHasOmegaSquaredGOverL', () => {
    const L = 1.3, m = 2;
    const mbs = new SystemContainer().addSystem();
    const ground = mbs.createGround({});
    // reference off the hanging position (and L off): the static solver brings the mass below the pivot
    const node = mbs.addNode(NodePoint2D({ referenceCoordinates: [0.4, -1.1] }));
    mbs.addObject(ObjectMassPoint2D({ physicsMass: m, nodeNumber: node }));
    mbs.addLoad({ loadType: 'ForceVector', markerNumber: mbs.addMarker(MarkerNodePosition({ nodeNumber: node })), loadVector: [0, -m * g, 0] });
    const pivot = mbs.addMarker({ markerType: 'BodyPosition', bodyNumber: ground, localPosition: [0, 0, 0] });
    mbs.addObject(ObjectConnectorDistance({ markerNumbers: [pivot, mbs.addMarker(MarkerNodePosition({ nodeNumber: node }))], distance: L }));
    mbs.assemble();
    equilibriumAsInitial(mbs);
    // tension λ = m g (to the static solver's tolerance)
    expect(Math.abs(mbs.systemData.getAECoordinates()[0] / (m * g) - 1)).toBeLessThan(1e-10);
    const { values, vectors } = mbs.computeODE2Eigenvalues(new SimulationSettings());
    expect(values.length).toBe(1);
    // one swinging mode: λ/L = m g/L on the tangential coordinate over the mass m; analytic λ·C_qq, limited by the static
    // solve's residual tolerance (the equilibrium from an off-reference start): measured 8.9e-13
    expect(Math.abs(values[0] / (g / L) - 1)).toBeLessThan(1e-10);
    expect(Math.abs(vectors[0][1])).toBeLessThan(1e-9 * Math.abs(vectors[0][0]));
    // Exudyn's stiffness (no λ·C_qq): no restoring stiffness at all
    const without = mbs.computeODE2Eigenvalues(new SimulationSettings(), { includeConstraintForceJacobian: false });
    expect(without.values[0]).toBeLessThan(1e-12 * g / L);
  });

  it('sphericalMassPointPendulumHasADoubleEigenvalue', () => {
    const L = 0.8, m = 0.5;
    const mbs = new SystemContainer().addSystem();
    const ground = mbs.createGround({});
    const mass = mbs.createMassPoint({ referencePosition: [0.2, -0.7, -0.1], physicsMass: m, gravity: [0, -g, 0] });
    mbs.createDistanceConstraint({ bodyNumbers: [ground, mass], distance: L });
    mbs.assemble();
    equilibriumAsInitial(mbs);
    const { values } = mbs.computeODE2Eigenvalues(new SimulationSettings());
    // two swinging directions with the same stiffness m g/L: ω² = g/L twice (measured 4.1e-15 for both)
    expect(values.length).toBe(2);
    for (const value of values) expect(Math.abs(value / (g / L) - 1)).toBeLessThan(1e-12);
  });

  for (const joint of ['revoluteZ', 'generic'] as const) {
    it(`physicalPendulumOnA${joint === 'revoluteZ' ? 'RevoluteJointZ' : 'GenericJoint'}HasOmegaSquaredMgdOverIPivot`, () => {
      const d = 0.35;
      const mbs = new SystemContainer().addSystem();
      const ground = mbs.createGround({});
      const { body, mass, inertiaCOM } = hangingBody(mbs, d);
      if (joint === 'revoluteZ') mbs.createRevoluteJoint({ bodyNumbers: [ground, body], position: [0, 0, 0], axis: [0, 0, 1] });
      else mbs.createGenericJoint({ bodyNumbers: [ground, body], position: [0, 0, 0], constrainedAxes: [1, 1, 1, 1, 1, 0] });
      mbs.assemble();
      equilibriumAsInitial(mbs);
      const { values } = mbs.computeODE2Eigenvalues(new SimulationSettings());
      const expected = (mass * g * d) / (inertiaCOM[2] + mass * d * d);
      // 7 Euler-parameter coordinates − 5 joint equations − 1 norm equation: one mode, ω² = m g d / I_pivot (parallel axis);
      // the reaction m g acts at the pivot, d above the COM: its λ·C_qq is the whole restoring stiffness m g d (the body starts
      // in the equilibrium, so λ is exact to round-off; measured 0)
      expect(values.length).toBe(1);
      expect(Math.abs(values[0] / expected - 1)).toBeLessThan(1e-12);
    });
  }

  it('rigidSphericalPendulumHasADoubleSwingingEigenvalueAndAFreeSpin', () => {
    const d = 0.5;
    const mbs = new SystemContainer().addSystem();
    const ground = mbs.createGround({});
    const { body, mass, inertiaCOM } = hangingBody(mbs, d, NodeType.RotationRxyz);
    mbs.createSphericalJoint({ bodyNumbers: [ground, body], position: [0, 0, 0] });
    mbs.assemble();
    // the free spin about the vertical makes the static problem singular; the reference hangs at rest in equilibrium, so
    // a few implicit steps stay there and leave the reactions in λ (the current solution), copied to the initial state
    const settings = new SimulationSettings();
    settings.solutionSettings.writeSolutionToFile = false;
    settings.timeIntegration.endTime = 0.01;
    settings.timeIntegration.numberOfSteps = 2;
    settings.timeIntegration.verboseMode = 0;
    mbs.solveDynamic(settings);
    expect(Math.max(...mbs.systemData.getODE2Coordinates().map(Math.abs))).toBeLessThan(1e-12);
    // λ is the force on the body through the joint, C_qᵀλ = J1ᵀλ balances gravity: λ = (0, −m g, 0)
    expect(Math.abs(mbs.systemData.getAECoordinates()[1] / (-mass * g) - 1)).toBeLessThan(1e-10);
    mbs.systemData.setAECoordinates(mbs.systemData.getAECoordinates(), ConfigurationType.Initial);
    const { values } = mbs.computeODE2Eigenvalues(new SimulationSettings());
    // I_xx = I_zz about the COM: swinging about x and z with ω² = m g d/(I + m d²) twice; spin about the vertical y axis free
    const expected = (mass * g * d) / (inertiaCOM[0] + mass * d * d);
    expect(values.length).toBe(3);
    expect(values[0]).toBeLessThan(1e-10 * expected);
    // measured 2.2e-16 for both and an exact 0 for the spin
    for (const value of values.slice(1)) expect(Math.abs(value / expected - 1)).toBeLessThan(1e-12);
  });
});
