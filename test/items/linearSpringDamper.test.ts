import { describe, expect, it } from 'vitest';
import {
  SystemContainer, SimulationSettings, OutputVariableType, ObjectGround, NodePointGround, RigidRxyz, RigidBody, MarkerNodeRigid,
  MarkerBodyRigid, PrismaticJointX, LinearSpringDamper, Force, type MainSystem,
} from '../../src/index.ts';

/** Exudyn's mini example of ObjectConnectorLinearSpringDamper: a rigid body in a prismatic joint along ground x on the spring. */
function sliderOnSpring(options: { k?: number; d?: number; u0?: number; load?: number; offset?: number; force?: number; userFunction?: boolean } = {}): { mbs: MainSystem; node: number; spring: number } {
  const mbs = new SystemContainer().addSystem();
  const ground = mbs.addObject(ObjectGround({ referencePosition: [0, 0, 0] }));
  mbs.addNode(NodePointGround({ referenceCoordinates: [0, 0, 0] }));
  const k = options.k ?? 2e3;
  const node = mbs.addNode(RigidRxyz({ initialCoordinates: [options.u0 ?? 0, 0, 0, 0, 0, 0] }));
  mbs.addObject(RigidBody({ physicsMass: 1, physicsInertia: [1, 1, 1, 0, 0, 0], nodeNumber: node }));
  const mBody = mbs.addMarker(MarkerNodeRigid({ nodeNumber: node }));
  const mGround = mbs.addMarker(MarkerBodyRigid({ bodyNumber: ground, localPosition: [0, 0, 0] }));
  mbs.addObject(PrismaticJointX({ markerNumbers: [mGround, mBody] }));
  const spring = mbs.addObject(LinearSpringDamper({
    markerNumbers: [mGround, mBody], axisMarker0: [1, 0, 0], stiffness: k, damping: options.d ?? k * 0.01, offset: options.offset ?? 0,
    force: options.force ?? 0,
    springForceUserFunction: options.userFunction === true ? (_m, _t, _i, u, v, stiffness, damping, offset) => stiffness * (u - offset) + damping * v : 0,
  }));
  mbs.addLoad(Force({ markerNumber: mBody, loadVector: [options.load ?? 1, 0, 0] }));
  mbs.assemble();
  return { mbs, node, spring };
}

describe('ObjectConnectorLinearSpringDamper', () => {
  it('reproducesExudynsMiniExample', () => {
    // Exudyn's MiniExamples reference (runTestSuiteRefSol.py, ObjectConnectorLinearSpringDamper.py) with default
    // simulation settings; tolerance 1e-8 relative as for the test models.
    const { mbs, node } = sliderOnSpring();
    mbs.solveDynamic(new SimulationSettings());
    const x = mbs.getNodeOutput(node, OutputVariableType.Displacement)[0];
    expect(Math.abs(x - 0.0004999866342439289) / 0.0004999866342439289).toBeLessThan(1e-8);
  });

  it('staticDeflectionIsOffsetPlusNetLoadOverStiffness', () => {
    // k (Δx − x_off) + f_c = F: the equilibrium is linear, so Newton lands on it to round-off.
    const { mbs, node, spring } = sliderOnSpring({ k: 500, load: 7, offset: 0.02, force: 2 });
    mbs.solveStatic(new SimulationSettings());
    const x = mbs.getNodeOutput(node, OutputVariableType.Displacement)[0];
    expect(Math.abs(x - (0.02 + (7 - 2) / 500))).toBeLessThan(1e-12);
    expect(mbs.getObjectOutput(spring, OutputVariableType.ForceLocal)[0]).toBeCloseTo(7, 10);
    expect(mbs.getObjectOutput(spring, OutputVariableType.DisplacementLocal)[0]).toBeCloseTo(x, 14);
  });

  for (const userFunction of [false, true]) {
    it(`undampedSliderOscillatesWithOmegaSqrtKOverM${userFunction ? 'WithAUserFunction' : ''}`, () => {
      // m = 1, k = 2000: x(t) = u0 cos(ωt), ω = √2000. The trapezoidal rule (ρ∞ = 1) has the relative period error
      // (ωh)²/12; with h = 1e-4 over t = 0.5 the phase error is ω t (ωh)²/12 ≈ 4e-5 rad, so 2e-4·u0 bounds the error.
      const u0 = 0.01;
      const { mbs, node } = sliderOnSpring({ d: 0, u0, load: 0, userFunction });
      const settings = new SimulationSettings();
      settings.timeIntegration.numberOfSteps = 5000;
      settings.timeIntegration.endTime = 0.5;
      settings.timeIntegration.generalizedAlpha.spectralRadius = 1;
      mbs.solveDynamic(settings);
      const omega = Math.sqrt(2000);
      const x = mbs.getNodeOutput(node, OutputVariableType.Displacement)[0];
      const v = mbs.getNodeOutput(node, OutputVariableType.Velocity)[0];
      expect(Math.abs(x - u0 * Math.cos(omega * 0.5))).toBeLessThan(2e-4 * u0);
      expect(Math.abs(v + u0 * omega * Math.sin(omega * 0.5))).toBeLessThan(2e-4 * u0 * omega);
    });
  }

  it('rejectsNegativeStiffnessWithoutAUserFunction', () => {
    const mbs = new SystemContainer().addSystem();
    expect(() => mbs.addObject(LinearSpringDamper({ markerNumbers: [0, 1], stiffness: -1 }))).toThrow(/stiffness/);
  });
});
