import { SystemContainer, SimulationSettings, ObjectGround, Rigid2D, RigidBody2D, MarkerBodyPosition, RevoluteJoint2D, Force, parseSolutionFile, type MainSystem } from '../src/index.ts';
import { readFileSync } from 'node:fs';
import type { TestModel } from './testModel.ts';

/**
 * Exudyn's compareFullModifiedNewton: a planar rigid pendulum (12 kg bar of length 1 m on a revolute joint, force
 * −m·g at its free end) solved twice with generalized-α (ρ∞ = 0.5, 100 steps to 2 s, Newton tolerances 1e-8 relative /
 * 1e-4 absolute): with modified and with full Newton. The result is Σ|Δ| over the solution files' column 5 (the rows
 * written every step; column 5 is the second ODE2 velocity, v_y) between the two runs: it measures how far the loose
 * absolute tolerance lets the two Newton variants drift apart. The files are read back as written (10 significant digits, Exudyn's
 * outputPrecision), as Exudyn's script does, so the rounding of the written values is part of the result.
 */
export const compareFullModifiedNewton: TestModel = {
  name: 'compareFullModifiedNewton',
  reference: 0.00020079676000188396,
  comparison: 'relative',
  tolerance: 1e-8,
  run() {
    const SC = new SystemContainer();
    const mbs: MainSystem = SC.addSystem();
    const oGround = mbs.addObject(ObjectGround({ referencePosition: [0, 0, 0] }));
    const a = 0.5;
    const massRigid = 12;
    const inertiaRigid = massRigid / 12 * (2 * a) ** 2;
    const g = 9.81;
    const nRigid = mbs.addNode(Rigid2D({ referenceCoordinates: [a, 0, 0], initialVelocities: [0, 0, 0] }));
    const oRigid = mbs.addObject(RigidBody2D({ physicsMass: massRigid, physicsInertia: inertiaRigid, nodeNumber: nRigid }));
    const mR1 = mbs.addMarker(MarkerBodyPosition({ bodyNumber: oRigid, localPosition: [-a, 0, 0] }));
    const mR2 = mbs.addMarker(MarkerBodyPosition({ bodyNumber: oRigid, localPosition: [a, 0, 0] }));
    const mG0 = mbs.addMarker(MarkerBodyPosition({ bodyNumber: oGround, localPosition: [0, 0, 0] }));
    mbs.addObject(RevoluteJoint2D({ markerNumbers: [mG0, mR1] }));
    mbs.addLoad(Force({ markerNumber: mR2, loadVector: [0, -massRigid * g, 0] }));
    mbs.assemble();

    const settings = new SimulationSettings();
    settings.timeIntegration.numberOfSteps = 100;
    settings.timeIntegration.endTime = 2;
    settings.timeIntegration.newton.relativeTolerance = 1e-8;
    settings.timeIntegration.newton.absoluteTolerance = 1e-4;
    settings.timeIntegration.newton.numericalDifferentiation.minimumCoordinateSize = 1;
    settings.timeIntegration.generalizedAlpha.spectralRadius = 0.5;
    settings.solutionSettings.solutionWritePeriod = 1e-4;
    const column5 = (fileName: string, useModifiedNewton: boolean): Float64Array => {
      settings.timeIntegration.newton.useModifiedNewton = useModifiedNewton;
      settings.solutionSettings.coordinatesSolutionFileName = fileName;
      mbs.solveDynamic(settings);
      // the file as written (on disk with Node's file system installed, as the test-model runner does; else kept in memory)
      const text = mbs.outputFileNames().includes(fileName) ? mbs.getOutputFile(fileName) : readFileSync(fileName, 'utf8');
      const solution = parseSolutionFile(text, fileName);
      const values = new Float64Array(solution.nRows);
      for (let i = 0; i < solution.nRows; i++) values[i] = solution.data.get(i, 5);
      return values;
    };
    const modified = column5('solution/modifiedNewton.txt', true);
    const full = column5('solution/fullNewton.txt', false);
    let sum = 0;
    for (let i = 0; i < modified.length; i++) sum += Math.abs(modified[i] - full[i]);
    return sum;
  },
};
