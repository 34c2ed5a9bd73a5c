import {
  SystemContainer, SimulationSettings, NodeType, NodeRigidBodyEP, NodeRigidBodyRxyz, ObjectRigidBody, ObjectGround, MarkerBodyPosition,
  Force, NodePointGround, MarkerNodeCoordinate, CoordinateConstraint, Skew, AngularVelocity2EulerParameters_t, AngularVelocity2RotXYZ_t,
  eulerParameters0, OutputVariableType, type MainSystem,
} from '../src/index.ts';
import type { TestModel } from './testModel.ts';

/** Heavy-top parameters (Exudyn's heavyTop.py): mass, principal inertia about the COM, COM offset, ω0. */
export const heavyTopData = {
  m: 15,
  Jxx: 0.234375,
  Jyy: 0.46875,
  Jzz: 0.234375,
  /** COM in the body frame; the fixed point is the body's reference point. */
  rp: [0, 1, 0],
  /** Initial angular velocity (global = local at t = 0). */
  omega0: [0, 150, -4.61538],
  g: 9.81,
};

/**
 * Builds Exudyn's heavyTop model into mbs: two independent heavy tops, one on a NodeRigidBodyEP and one on a
 * NodeRigidBodyRxyz, each fixed at its reference point by three coordinate constraints and loaded by gravity at the COM.
 * Returns the two node indices [EP, Rxyz].
 */
export function buildHeavyTop(mbs: MainSystem): [number, number] {
  const { m, Jxx, Jyy, Jzz, rp, omega0, g } = heavyTopData;
  mbs.addObject(ObjectGround({ referencePosition: [0, 0, 0] }));
  const rpt = Skew(rp);
  const Fg = [0, 0, -m * g];
  const diag = [Jxx, Jyy, Jzz];
  const JFP = [0, 1, 2].map((i) => [0, 1, 2].map((j) => (i === j ? diag[i] : 0) - m * [0, 1, 2].reduce((sum, k) => sum + rpt[i][k] * rpt[k][j], 0)));
  const p0 = [0, 0, 0];
  const v0 = [0, 0, 0];
  const nodes: number[] = [];
  for (const nodeType of [NodeType.RotationEulerParameters, NodeType.RotationRxyz]) {
    let nRB: number;
    if (nodeType === NodeType.RotationEulerParameters) {
      const ep0 = eulerParameters0;
      const ep_t0 = AngularVelocity2EulerParameters_t(omega0, ep0);
      nRB = mbs.addNode(NodeRigidBodyEP({ referenceCoordinates: [...p0, ...ep0], initialVelocities: [...v0, ...ep_t0] }));
    } else {
      const rot0 = [0, 0, 0];
      const rot_t0 = AngularVelocity2RotXYZ_t(omega0, rot0);
      nRB = mbs.addNode(NodeRigidBodyRxyz({ referenceCoordinates: [...p0, ...rot0], initialVelocities: [...v0, ...rot_t0] }));
    }
    const oRB = mbs.addObject(ObjectRigidBody({
      physicsMass: m, physicsInertia: [JFP[0][0], JFP[1][1], JFP[2][2], JFP[1][2], JFP[0][2], JFP[0][1]], nodeNumber: nRB,
    }));
    const mMassRB = mbs.addMarker(MarkerBodyPosition({ bodyNumber: oRB, localPosition: [0, 1, 0] }));
    mbs.addLoad(Force({ markerNumber: mMassRB, loadVector: Fg }));
    const nPG = mbs.addNode(NodePointGround({ referenceCoordinates: [0, 0, 0] }));
    const mCground = mbs.addMarker(MarkerNodeCoordinate({ nodeNumber: nPG, coordinate: 0 }));
    for (let i = 0; i < 3; i++) {
      const mC = mbs.addMarker(MarkerNodeCoordinate({ nodeNumber: nRB, coordinate: i }));
      mbs.addObject(CoordinateConstraint({ markerNumbers: [mCground, mC] }));
    }
    nodes.push(nRB);
  }
  return [nodes[0], nodes[1]];
}

/** Exudyn's heavyTop settings: trapezoidal rule (Newmark), index-2 constraints, 2000 steps of 1e-4 s. */
export function heavyTopSettings(): SimulationSettings {
  const settings = new SimulationSettings();
  const fact = 2000;
  settings.timeIntegration.numberOfSteps = fact;
  settings.timeIntegration.endTime = 0.0001 * fact;
  settings.solutionSettings.sensorsWritePeriod = settings.timeIntegration.endTime / fact;
  settings.timeIntegration.verboseMode = 1;
  settings.timeIntegration.generalizedAlpha.useIndex2Constraints = true;
  settings.timeIntegration.generalizedAlpha.useNewmark = true;
  return settings;
}

/**
 * Exudyn's heavyTop: a fast heavy top (150 rad/s) with Euler parameters and with Tait–Bryan angles; the result is
 * Σ|Euler parameters| + Σ|Rxyz angles| (total coordinates) at t = 0.2.
 */
export const heavyTop: TestModel = {
  name: 'heavyTop',
  reference: 33.42312575174431,
  comparison: 'relative',
  tolerance: 1e-8,
  run() {
    const SC = new SystemContainer();
    const mbs = SC.addSystem();
    const [nEP, nRxyz] = buildHeavyTop(mbs);
    mbs.assemble();
    mbs.solveDynamic(heavyTopSettings());
    // Exudyn sums systemData.GetODE2CoordinatesTotal()[3:7] and [10:13]: the total Euler parameters and Rxyz angles
    const ep = mbs.getNodeOutput(nEP, OutputVariableType.CoordinatesTotal);
    const rxyz = mbs.getNodeOutput(nRxyz, OutputVariableType.CoordinatesTotal);
    let u = 0;
    for (let i = 0; i < 4; i++) u += Math.abs(ep[3 + i]);
    for (let i = 0; i < 3; i++) u += Math.abs(rxyz[3 + i]);
    return u;
  },
};
