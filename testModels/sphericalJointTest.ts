import {
  SystemContainer, SimulationSettings, NodeRigidBodyEP, ObjectRigidBody, ObjectGround, MarkerBodyPosition, MarkerNodePosition, MarkerBodyMass,
  Gravity, SphericalJoint, eulerParameters0, AngularVelocity2EulerParameters_t, OutputVariableType, type MainSystem,
} from '../src/index.ts';
import type { TestModel } from './testModel.ts';

/**
 * Builds Exudyn's sphericalJointTest chain into mbs: four Euler-parameter rigid bodies (m = 2, J = diag(6, 1, 6))
 * under gravity −9.81 y, the first on the ground by a spherical joint with its x axis free (marker on the node),
 * the others joined end to end by spherical joints offset by cPosZ in z. Returns the node indices.
 */
export function buildSphericalJointChain(mbs: MainSystem, nBodies = 4): number[] {
  const s = 0.1;
  const sx = 3 * s;
  const cPosZ = 0.1;
  const oGround = mbs.addObject(ObjectGround({ referencePosition: [0, 0, 0] }));
  let mPosLast = mbs.addMarker(MarkerBodyPosition({ bodyNumber: oGround, localPosition: [-sx, 0, cPosZ * 0] }));
  const nodes: number[] = [];
  for (let i = 0; i < nBodies; i++) {
    const f = 0; // factor for initial velocities (0 in the test)
    const omega0 = [0, 50 * f, 20 * f];
    const ep0 = eulerParameters0;
    const ep_t0 = AngularVelocity2EulerParameters_t(omega0, ep0);
    const p0 = [-sx + i * 2 * sx, 0, 0];
    const v0 = [0.2 * f, 0, 0];
    const nRB = mbs.addNode(NodeRigidBodyEP({ referenceCoordinates: [...p0, ...ep0], initialVelocities: [...v0, ...ep_t0] }));
    const oRB = mbs.addObject(ObjectRigidBody({ physicsMass: 2, physicsInertia: [6, 1, 6, 0, 0, 0], nodeNumber: nRB }));
    const mMassRB = mbs.addMarker(MarkerBodyMass({ bodyNumber: oRB }));
    mbs.addLoad(Gravity({ markerNumber: mMassRB, loadVector: [0, -9.81, 0] }));
    const mPos = i === 0
      ? mbs.addMarker(MarkerNodePosition({ nodeNumber: nRB }))
      : mbs.addMarker(MarkerBodyPosition({ bodyNumber: oRB, localPosition: [-sx, 0, cPosZ] }));
    const axes = i === 0 ? [0, 1, 1] : [1, 1, 1];
    mbs.addObject(SphericalJoint({ markerNumbers: [mPosLast, mPos], constrainedAxes: axes }));
    mPosLast = mbs.addMarker(MarkerBodyPosition({ bodyNumber: oRB, localPosition: [sx, 0, cPosZ] }));
    nodes.push(nRB);
  }
  return nodes;
}

/** Exudyn's sphericalJointTest settings: generalized-α (ρ∞ = 0.6), index 3, modified Newton, 1000 steps of 1 ms. */
export function sphericalJointTestSettings(): SimulationSettings {
  const settings = new SimulationSettings();
  const fact = 1000;
  settings.timeIntegration.numberOfSteps = fact;
  settings.timeIntegration.endTime = 0.001 * fact;
  settings.solutionSettings.solutionWritePeriod = (settings.timeIntegration.endTime / fact) * 10;
  settings.timeIntegration.verboseMode = 1;
  settings.timeIntegration.newton.useModifiedNewton = true;
  settings.timeIntegration.generalizedAlpha.useIndex2Constraints = false;
  settings.timeIntegration.generalizedAlpha.useNewmark = false;
  settings.timeIntegration.generalizedAlpha.spectralRadius = 0.6;
  return settings;
}

/**
 * Exudyn's sphericalJointTest: a chain of four Euler-parameter rigid bodies on spherical joints falling under gravity;
 * the result is Σ|q_i + q_ref,i| over the 14 coordinates of the first two bodies at t = 1.
 */
export const sphericalJointTest: TestModel = {
  name: 'sphericalJointTest',
  reference: 4.409080446575089,
  comparison: 'relative',
  tolerance: 1e-8,
  run() {
    const SC = new SystemContainer();
    const mbs = SC.addSystem();
    const nodes = buildSphericalJointChain(mbs);
    mbs.assemble();
    mbs.solveDynamic(sphericalJointTestSettings());
    // Exudyn sums |sol[i] + solref[i]| over the first 14 ODE2 coordinates: the total coordinates of the first two bodies
    const total = [...mbs.getNodeOutput(nodes[0], OutputVariableType.CoordinatesTotal), ...mbs.getNodeOutput(nodes[1], OutputVariableType.CoordinatesTotal)];
    let u = 0;
    for (let i = 0; i < 14; i++) u += Math.abs(total[i]);
    return u;
  },
};
