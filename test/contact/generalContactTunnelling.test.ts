import { describe, expect, it } from 'vitest';
import { SystemContainer, NodePoint, NodePointGround, MassPoint, MarkerNodePosition, DynamicSolverType, FlexdynError, OutputVariableType } from '../../src/index.ts';
import { dynamicSettings } from '../helpers/settings.ts';

/** A free sphere (m = 1) at x0 flying at v along x towards a fixed sphere at the origin; both of radius r, stiffness k each. */
function shot(x0: number, v: number, r = 0.1, k = 1e4) {
  const mbs = new SystemContainer().addSystem();
  const contact = mbs.addGeneralContact();
  const ground = mbs.addNode(NodePointGround({ referenceCoordinates: [0, 0, 0] }));
  contact.addSphereWithMarker(mbs.addMarker(MarkerNodePosition({ nodeNumber: ground })), r, k, 0, 0);
  const node = mbs.addNode(NodePoint({ referenceCoordinates: [x0, 0, 0], initialVelocities: [v, 0, 0] }));
  mbs.addObject(MassPoint({ physicsMass: 1, nodeNumber: node }));
  contact.addSphereWithMarker(mbs.addMarker(MarkerNodePosition({ nodeNumber: node })), r, k, 0, 0);
  mbs.assemble();
  return { mbs, node };
}

function failure(run: () => void): unknown {
  try { run(); } catch (error) { return error; }
  return undefined;
}

describe('GeneralContact spheres: tunnelling is reported, not silent', () => {
  it('a sphere that penetrates beyond the radius in one step: named contact, spheres, time and hint', () => {
    // 0.25 m apart (gap 0.05), v = −30 m/s, h = 1e-2: the free sphere's centre crosses the fixed one's within the first step
    const { mbs } = shot(0.25, -30);
    const error = failure(() => mbs.solveDynamic(dynamicSettings(0.1, 10), DynamicSolverType.GeneralizedAlpha));
    expect(error).toBeInstanceOf(FlexdynError);
    const message = String((error as Error).message);
    expect(message).toMatch(/GeneralContact 0: spheres 0 and 1: penetration 0\.\d+ exceeds the smaller sphere radius 0.1 within one step at t = 0.01 \(tunnelling\)/);
    expect(message).toMatch(/reduce the step size \(timeIntegration.numberOfSteps\) .* or increase contactStiffness/);
  });

  it('a sphere that passes through the other within one step (explicit solver): reported as passing through', () => {
    // v = −100 m/s, h = 1e-2: from x = 0.5 to x = −0.5 in one step, both ends separated; the closest approach is 0
    const { mbs } = shot(0.5, -100);
    const error = failure(() => mbs.solveDynamic(dynamicSettings(0.05, 5), DynamicSolverType.RK44));
    expect(error).toBeInstanceOf(FlexdynError);
    expect(String((error as Error).message)).toMatch(/spheres 0 and 1: penetration 0\.\d+ exceeds the smaller sphere radius 0.1 within one step at t = 0.01 \(they pass through each other\) \(tunnelling\)/);
  });

  it('the same impacts with steps that resolve the contact run through and rebound', () => {
    // k_eff = 5e3, m = 1: contact time π/√5e3 ≈ 0.044 s; the deepest penetration v/ω = 30/70.7 = 0.42 m exceeds the
    // radius even when resolved: stiffer contact (k = 1e7 each, ω ≈ 2236, δ = 0.013 m) and h = 1e-5 resolve it
    const { mbs, node } = shot(0.25, -30, 0.1, 1e7);
    const settings = dynamicSettings(0.01, 1000);
    mbs.solveDynamic(settings, DynamicSolverType.RK44);
    expect(mbs.getNodeOutput(node, OutputVariableType.Velocity)[0]).toBeGreaterThan(29.9); // elastic rebound
  });

  it('a deep penetration reached slowly over many steps is no tunnelling', () => {
    // soft contact pressed in at 0.5 m/s over 0.5 s: penetration 0.2 m > radius, but 5 mm per step
    const { mbs } = shot(0.2, -0.5, 0.1, 1e-3);
    expect(() => mbs.solveDynamic(dynamicSettings(0.5, 100), DynamicSolverType.GeneralizedAlpha)).not.toThrow();
  });
});
