import { describe, expect, it } from 'vitest';
import {
  SystemContainer, SimulationSettings, OutputVariableType, ObjectGround, NodeRigidBodyEP, NodePointGround, ObjectRigidBody, MarkerBodyRigid,
  MarkerNodeRigid, MarkerNodeCoordinate, GenericJoint, CoordinateConstraint, ReevingSystemSprings, Force, type MainSystem,
} from '../../src/index.ts';
import { reevingSystemRegion, solveTangent } from '../../src/items/objects/reevingSystemKernels.ts';

const R = 0.4;
const H = 3;
const EA = 2e4;
const mass = 50;
const g = 9.81;

/**
 * A sheave of radius R hanging in a rope whose ends are fixed at (∓R, H, 0): both spans vertical, half a turn wrapped.
 * The sheave may only move vertically (GenericJoint, y free). Optionally the rope end at the start is paid out by a
 * coordinate marker whose coordinate is prescribed to `payOut`.
 */
function hangingSheave(L0: number, payOut?: number, y0 = 0): { mbs: MainSystem; node: number; rope: number } {
  const mbs = new SystemContainer().addSystem();
  const ground = mbs.addObject(ObjectGround({}));
  const node = mbs.addNode(NodeRigidBodyEP({ referenceCoordinates: [0, 0, 0, 1, 0, 0, 0], initialCoordinates: [0, y0, 0, 0, 0, 0, 0] }));
  mbs.addObject(ObjectRigidBody({ physicsMass: mass, physicsInertia: [1, 1, 2, 0, 0, 0], nodeNumber: node }));
  const sheave = mbs.addMarker(MarkerNodeRigid({ nodeNumber: node }));
  mbs.addObject(GenericJoint({ markerNumbers: [mbs.addMarker(MarkerBodyRigid({ bodyNumber: ground })), sheave], constrainedAxes: [1, 0, 1, 1, 1, 1] }));
  mbs.addLoad(Force({ markerNumber: sheave, loadVector: [0, -mass * g, 0] }));
  const ends = [-R, R].map((x) => mbs.addMarker(MarkerBodyRigid({ bodyNumber: ground, localPosition: [x, H, 0] })));
  const markers = [ends[0], sheave, ends[1]];
  let coordinateMarkers: number[] = [];
  if (payOut !== undefined) {
    const lengthNode = mbs.addNode({ nodeType: 'GenericODE2', numberOfODE2Coordinates: 1, referenceCoordinates: [0] });
    mbs.addObject({ objectType: 'GenericODE2', nodeNumbers: [lengthNode], massMatrix: [[1]] });
    const groundCoordinate = mbs.addMarker(MarkerNodeCoordinate({ nodeNumber: mbs.addNode(NodePointGround({})), coordinate: 0 }));
    const lengthCoordinate = mbs.addMarker(MarkerNodeCoordinate({ nodeNumber: lengthNode, coordinate: 0 }));
    mbs.addObject(CoordinateConstraint({ markerNumbers: [groundCoordinate, lengthCoordinate], offset: payOut }));
    coordinateMarkers = [lengthCoordinate, groundCoordinate];
  }
  const rope = mbs.addObject(ReevingSystemSprings({
    markerNumbers: [...markers, ...coordinateMarkers], hasCoordinateMarkers: payOut !== undefined, coordinateFactors: [1, 1],
    stiffnessPerLength: EA, referenceLength: L0, sheavesAxes: [[0, 0, 1], [0, 0, 1], [0, 0, 1]], sheavesRadii: [0, R, 0],
  }));
  mbs.assemble();
  return { mbs, node, rope };
}

describe('ObjectConnectorReevingSystemSprings', () => {
  it('ropeLengthOfTheUnloadedConfigurationIsTwoSpansPlusHalfATurn', () => {
    const { mbs, rope } = hangingSheave(2 * H + Math.PI * R);
    // exact geometry at the reference: spans H and H, wrap π R (tangent iteration to 1e-12 relative)
    expect(Math.abs(mbs.getObjectOutput(rope, OutputVariableType.Distance)[0] - (2 * H + Math.PI * R))).toBeLessThan(1e-12);
    expect(mbs.getObjectOutput(rope, OutputVariableType.ForceLocal)[0]).toBeCloseTo(0, 10);
  });

  it('evaluationsAfterAMoveOrATurnOfTheSheaveGiveAFreshModelsLength', () => {
    // the tangent points are kept while a span's centres, axes and radii are unchanged: after a move of the sheave, and
    // after a turn alone (an axis change at the same centre), the length is bit for bit a fresh model's at that state
    const L0 = 2 * H + Math.PI * R;
    const { mbs, rope } = hangingSheave(L0);
    const length = (m: MainSystem, r: number) => m.getObjectOutput(r, OutputVariableType.Distance)[0];
    length(mbs, rope);
    const turn = 0.2; // Euler parameters of a turn about x: the axis leaves z, the centre stays
    for (const q of [[0.05, -0.1, 0.02, 0, 0, 0, 0], [0.05, -0.1, 0.02, Math.cos(turn) - 1, Math.sin(turn), 0, 0]]) {
      mbs.systemData.setODE2Coordinates(q);
      const fresh = hangingSheave(L0);
      fresh.mbs.systemData.setODE2Coordinates(q);
      expect(length(mbs, rope)).toBe(length(fresh.mbs, fresh.rope));
    }
    expect(length(mbs, rope)).not.toBe(L0);
  });

  it('staticRopeForceIsHalfTheWeightAndTheStretchFollowsHooke', () => {
    // Statics: two vertical spans carry the weight, F = m g / 2; F = EA (L − L0)/L0 gives L = L0 (1 + F/EA) and the sheave
    // centre at y = H − (L − π R)/2. The static Newton stops at relative residual 1e-8 of m g ≈ 500 N; over the rope
    // stiffness 4 EA/L0 ≈ 1.3e4 N/m that leaves ~4e-10 m in y and L: tolerance 1e-9 m (1e-9 relative on F).
    const L0 = 2 * H + Math.PI * R - 0.3;
    const { mbs, node, rope } = hangingSheave(L0);
    mbs.solveStatic(new SimulationSettings());
    const F = mbs.getObjectOutput(rope, OutputVariableType.ForceLocal)[0];
    expect(Math.abs(F - mass * g / 2) / (mass * g / 2)).toBeLessThan(1e-9);
    const L = L0 * (1 + mass * g / 2 / EA);
    expect(Math.abs(mbs.getObjectOutput(rope, OutputVariableType.Distance)[0] - L)).toBeLessThan(1e-9);
    expect(Math.abs(mbs.getNodeOutput(node, OutputVariableType.Position)[1] - (H - (L - Math.PI * R) / 2))).toBeLessThan(1e-9);
  });

  it('lengthPaidOutAtTheRopeEndLowersTheSheaveByHalfOfIt', () => {
    // L0 = L_ref + f0·q_c0: paying out Δ = 0.2 m of rope lengthens L0, and with the same force the sheave drops by
    // Δ (1 + F/EA)/2 (both spans share the extra length); 1e-9 m as above.
    const L0 = 2 * H + Math.PI * R - 0.3;
    const before = hangingSheave(L0);
    const after = hangingSheave(L0, 0.2);
    for (const model of [before, after]) model.mbs.solveStatic(new SimulationSettings());
    const drop = before.mbs.getNodeOutput(before.node, OutputVariableType.Position)[1] - after.mbs.getNodeOutput(after.node, OutputVariableType.Position)[1];
    expect(Math.abs(drop - 0.1 * (1 + mass * g / 2 / EA))).toBeLessThan(1e-9);
    expect(Math.abs(after.mbs.getObjectOutput(after.rope, OutputVariableType.ForceLocal)[0] - mass * g / 2) / (mass * g / 2)).toBeLessThan(1e-8);
  });

  it('sheaveOscillatesWithTheRopeStiffnessOfTwoSpans', () => {
    // Two vertical spans: L = 2(H − y) + π R, so the rope force F = EA (L − L0)/L0 is linear in y and the sheave carries
    // 2F: a harmonic oscillator about the static position with ω² = 4 EA/(L0 m). Released δ above it, y(t) = y_eq + δ cos ωt.
    // The trapezoidal rule (ρ∞ = 1, h = 2e-4) has the phase error ω t (ωh)²/12 ≈ 6e-6 rad over 0.5 s: tolerance 1e-4·δ.
    const L0 = 2 * H + Math.PI * R - 0.3;
    const yEquilibrium = H - (L0 * (1 + mass * g / 2 / EA) - Math.PI * R) / 2;
    const delta = 0.01;
    const { mbs, node } = hangingSheave(L0, undefined, yEquilibrium + delta);
    const settings = new SimulationSettings();
    settings.timeIntegration.numberOfSteps = 2500;
    settings.timeIntegration.endTime = 0.5;
    settings.timeIntegration.generalizedAlpha.spectralRadius = 1;
    mbs.solveDynamic(settings);
    const omega = Math.sqrt((4 * EA) / (L0 * mass));
    const y = mbs.getNodeOutput(node, OutputVariableType.Position)[1];
    expect(Math.abs(y - (yEquilibrium + delta * Math.cos(omega * 0.5)))).toBeLessThan(1e-4 * delta);
  });

  it('commonTangentTouchesBothCirclesForTiltedAxes', () => {
    // Two circles with axes at different angles to the line of centres: the radius vectors have length R and are
    // perpendicular to the tangent and to their axes (to the iteration tolerance, 1e-12 relative).
    const rope = reevingSystemRegion([0, 0]);
    const centres = [0, 0, 0, 3, -1, 0.5];
    const tilt = 0.3;
    const axes = [0, 0, 1, Math.sin(tilt), 0, Math.cos(tilt)];
    const [RA, RB] = [0.5, 0.8];
    rope.position.set(centres);
    rope.localAxes.set(axes);
    rope.rotations.set([1, 0, 0, 0, 1, 0, 0, 0, 1, 1, 0, 0, 0, 1, 0, 0, 0, 1]);
    rope.radii.set([RA, RB]);
    expect(solveTangent(rope, 0)).toBeUndefined();
    const out = rope.tangents;
    const rA = out.subarray(0, 3), rB = out.subarray(3, 6);
    const tangent = [0, 1, 2].map((k) => centres[3 + k] + rB[k] - centres[k] - rA[k]);
    const dot = (a: ArrayLike<number>, b: ArrayLike<number>) => a[0] * b[0] + a[1] * b[1] + a[2] * b[2];
    expect(Math.abs(Math.hypot(...rA) - RA)).toBeLessThan(1e-12);
    expect(Math.abs(Math.hypot(...rB) - RB)).toBeLessThan(1e-12);
    expect(Math.abs(dot(rA, tangent))).toBeLessThan(1e-10);
    expect(Math.abs(dot(rB, tangent))).toBeLessThan(1e-10);
    expect(Math.abs(dot(rA, axes.slice(0, 3)))).toBeLessThan(1e-14);
    expect(Math.abs(dot(rB, axes.slice(3)))).toBeLessThan(1e-14);
  });

  it('namesBadGeometryAndSizes', () => {
    const mbs = new SystemContainer().addSystem();
    const add = (parameters: Record<string, unknown>) => () => mbs.addObject(ReevingSystemSprings({ markerNumbers: [0, 1, 2], sheavesAxes: [[0, 0, 1], [0, 0, 1], [0, 0, 1]], sheavesRadii: [0, 1, 0], ...parameters }));
    expect(add({ markerNumbers: [0] })).toThrow(/markerNumbers must hold at least two rigid markers/);
    expect(add({ sheavesRadii: [0, 1] })).toThrow(/sheavesRadii must have one radius per rigid marker \(3\), got 2/);
    expect(add({ sheavesAxes: [[0, 0, 1]] })).toThrow(/sheavesAxes must have one axis per rigid marker/);
    expect(add({ sheavesAxes: [[0, 0, 1], [0, 0, 2], [0, 0, 1]] })).toThrow(/sheavesAxes row 1 must be a unit vector/);
    expect(add({ sheavesRadii: [0, -1, 0] })).toThrow(/sheavesRadii entry 1 must be non-negative/);
    // coincident sheave centres: a named error at the first evaluation, not NaN
    const { mbs: coincident, rope } = hangingSheave(1);
    coincident.modifyObject(rope, { sheavesRadii: [0, R, R] });
    coincident.modifyMarker((coincident.getObject(rope).markerNumbers as number[])[2], { localPosition: [0, 0, 0] });
    coincident.assemble();
    expect(() => coincident.getObjectOutput(rope, OutputVariableType.Distance)).toThrow(/has no rope span between markers 1 and 2: the centres coincide/);
  });
});
