import { describe, expect, it } from 'vitest';
import {
  SystemContainer, SimulationSettings, OutputVariableType, ConfigurationType, Node1D, Mass1D, Rotor1D, MarkerBodyMass,
  MarkerNodeCoordinate, MarkerBodyPosition, Force, LoadMassProportional, LoadCoordinate, RotationMatrixZ, RotationMatrixX, mat3Mul,
} from '../../src/index.ts';

/** Newmark (β = 1/4, γ = 1/2) with consistent initial accelerations integrates a constant acceleration exactly:
 * the remaining error is round-off of 100 steps, far below 1e-12. */
function newmarkSettings(): SimulationSettings {
  const settings = new SimulationSettings();
  settings.timeIntegration.numberOfSteps = 100;
  settings.timeIntegration.endTime = 1;
  settings.timeIntegration.generalizedAlpha.useNewmark = true;
  settings.solutionSettings.writeSolutionToFile = false;
  return settings;
}

describe('ObjectMass1D', () => {
  it('falls along its rotated axis under gravity: c(t) = c0 + v0 t + ½ (R e_x · g) t²', () => {
    const mbs = new SystemContainer().addSystem();
    const R = mat3Mul(RotationMatrixZ(Math.PI / 6), RotationMatrixX(0.4));
    const pRef = [0.3, -0.2, 1];
    const node = mbs.addNode(Node1D({ referenceCoordinates: [0.5], initialCoordinates: [0.1], initialVelocities: [2] }));
    const mass = mbs.addObject(Mass1D({ physicsMass: 3, nodeNumber: node, referencePosition: pRef, referenceRotation: R }));
    const g = [0, -9.81, 0];
    mbs.addLoad(LoadMassProportional({ markerNumber: mbs.addMarker(MarkerBodyMass({ bodyNumber: mass })), loadVector: g }));
    mbs.assemble();
    mbs.solveDynamic(newmarkSettings());
    const acc = R[1][0] * g[1];
    const c = 0.1 + 2 + 0.5 * acc;
    expect(mbs.getNodeOutput(node, OutputVariableType.Coordinates)[0]).toBeCloseTo(c, 12);
    const x = [0.2, 0.4, -0.1];
    const position = mbs.getObjectOutputBody(mass, OutputVariableType.Position, x);
    for (let i = 0; i < 3; i++) {
      expect(position[i]).toBeCloseTo(pRef[i] + R[i][0] * (0.5 + c + x[0]) + R[i][1] * x[1] + R[i][2] * x[2], 12);
    }
    const velocity = mbs.getObjectOutputBody(mass, OutputVariableType.Velocity, x);
    for (let i = 0; i < 3; i++) expect(velocity[i]).toBeCloseTo(R[i][0] * (2 + acc), 12);
    const reference = mbs.getObjectOutputBody(mass, OutputVariableType.Position, [0, 0, 0], ConfigurationType.Reference);
    for (let i = 0; i < 3; i++) expect(reference[i]).toBeCloseTo(pRef[i] + R[i][0] * 0.5, 15);
    expect(mbs.getObjectOutputBody(mass, OutputVariableType.RotationMatrix)).toEqual(R.flat());
  });
});

describe('ObjectRotationalMass1D', () => {
  it('spins up under a constant coordinate torque: θ(t) = θ0 + ω0 t + ½ (τ/J) t², A = R·Rz(θ)', () => {
    const mbs = new SystemContainer().addSystem();
    const R = RotationMatrixX(0.7);
    const node = mbs.addNode(Node1D({ referenceCoordinates: [0.2], initialVelocities: [1.5] }));
    const rotor = mbs.addObject(Rotor1D({ physicsInertia: 0.25, nodeNumber: node, referencePosition: [1, 2, 3], referenceRotation: R }));
    mbs.addLoad(LoadCoordinate({ markerNumber: mbs.addMarker(MarkerNodeCoordinate({ nodeNumber: node, coordinate: 0 })), load: 0.5 }));
    mbs.assemble();
    mbs.solveDynamic(newmarkSettings());
    const theta = 0.2 + 1.5 + 0.5 * 2;
    expect(mbs.getObjectOutputBody(rotor, OutputVariableType.Rotation)[0]).toBeCloseTo(theta, 12);
    const A = mat3Mul(R, RotationMatrixZ(theta)).flat();
    const rotation = mbs.getObjectOutputBody(rotor, OutputVariableType.RotationMatrix);
    for (let k = 0; k < 9; k++) expect(rotation[k]).toBeCloseTo(A[k], 12);
    const omega = mbs.getObjectOutputBody(rotor, OutputVariableType.AngularVelocity);
    for (let i = 0; i < 3; i++) expect(omega[i]).toBeCloseTo(R[i][2] * 3.5, 12);
    const position = mbs.getObjectOutputBody(rotor, OutputVariableType.Position, [0, 0, 0.5]);
    for (let i = 0; i < 3; i++) expect(position[i]).toBeCloseTo([1, 2, 3][i] + R[i][2] * 0.5, 14);
  });

  it('rejects forces off the rotation axis (Exudyn gives them a zero position Jacobian)', () => {
    const mbs = new SystemContainer().addSystem();
    const node = mbs.addNode(Node1D({}));
    const rotor = mbs.addObject(Rotor1D({ physicsInertia: 1, nodeNumber: node }));
    const marker = mbs.addMarker(MarkerBodyPosition({ bodyNumber: rotor, localPosition: [0.1, 0, 0] }));
    mbs.addLoad(Force({ markerNumber: marker, loadVector: [0, 1, 0] }));
    mbs.assemble();
    expect(() => mbs.solveDynamic(newmarkSettings())).toThrow(/ObjectRotationalMass1D #0: markers and loads can only act at localPosition \[0, 0, z\], got \[0.1, 0, 0\]/);
  });
});
