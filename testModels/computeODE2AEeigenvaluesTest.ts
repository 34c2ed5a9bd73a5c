import {
  SystemContainer, ObjectGround, MarkerBodyRigid, CartesianSpringDamper, GenericJoint, SensorBody, OutputVariableType, InertiaCuboid,
  RotationMatrixY, RotationMatrixZ, mat3Mul, mat3MulVec,
} from '../src/index.ts';
import type { TestModel } from './testModel.ts';

/**
 * Exudyn's computeODE2AEeigenvaluesTest: eigenvalues of constrained rigid-body systems. Case 1: a 0.1 × 0.001 × 0.01 m
 * beam (density 5000) on a generic joint that leaves only the z rotation free, held by a Cartesian y-spring
 * (k = 10) at its tip: the relative error of the numerical against the analytic frequency √(k L²/Θzz)/(2π).
 * Case 2: two such beams (springs 1e3, gravity), the second rotated by R1 = Rz(−π/4)·Ry(π/4) and joined to the first
 * by a generic joint free about one axis, its tip on a Cartesian spring to the ground: the lowest frequency / 100.
 * The result is the sum.
 */
export const computeODE2AEeigenvaluesTest: TestModel = {
  name: 'computeODE2AEeigenvaluesTest',
  reference: 0.38811732950413347,
  comparison: 'relative',
  tolerance: 1e-8,
  run() {
    const beamL = 0.1;
    const beamW = 0.01;
    const beamH = 0.001;
    const rho = 5000;
    const inertiaCuboid = InertiaCuboid({ density: rho, sideLengths: [beamL, beamH, beamW] });
    let u: number;
    {
      const springL = 0.02;
      const springK = 1e1;
      const mbs = new SystemContainer().addSystem();
      const oGround = mbs.addObject(ObjectGround({}));
      const bBeam = mbs.createRigidBody({ inertia: inertiaCuboid, referencePosition: [beamL * 0.5, 0, 0], gravity: [0, 0, 0] });
      const mBeamRight = mbs.addMarker(MarkerBodyRigid({ bodyNumber: bBeam, localPosition: [beamL * 0.5, 0, 0] }));
      mbs.createGenericJoint({ bodyNumbers: [oGround, bBeam], position: [0, 0, 0], rotationMatrixAxes: [[1, 0, 0], [0, 1, 0], [0, 0, 1]], constrainedAxes: [1, 1, 1, 1, 1, 0], axesRadius: 0.001, axesLength: 0.01 });
      const markerToConnect = mbs.addMarker(MarkerBodyRigid({ bodyNumber: oGround, localPosition: [beamL, -springL, 0] }));
      mbs.addObject(CartesianSpringDamper({ markerNumbers: [markerToConnect, mBeamRight], stiffness: [0, springK, 0], damping: [0, 0, 0], offset: [0, springL, 0] }));
      mbs.assemble();
      const { values } = mbs.computeODE2Eigenvalues();
      const evNumerical = Math.sqrt(values[0]) / (2 * Math.PI);
      const thetaZZ = inertiaCuboid.translated([-beamL / 2, 0, 0]).inertia()[2][2];
      const evAnalytical = Math.sqrt(springK * beamL ** 2 / thetaZZ) / (2 * Math.PI);
      u = (evAnalytical - evNumerical) / evAnalytical;
    }
    {
      const springK = 1e3;
      const mbs = new SystemContainer().addSystem();
      const oGround = mbs.addObject(ObjectGround({}));
      const p0 = [beamL * 0.5, 0, 0];
      const b0 = mbs.createRigidBody({ inertia: inertiaCuboid, referencePosition: p0, gravity: [0, -9.81, 0] });
      const R1 = mat3Mul(RotationMatrixZ(-0.25 * Math.PI), RotationMatrixY(0.25 * Math.PI));
      const R1p0 = mat3MulVec(R1, p0);
      const p1 = p0.map((p, i) => 2 * p + R1p0[i]);
      const b1 = mbs.createRigidBody({ inertia: inertiaCuboid, referencePosition: p1, referenceRotationMatrix: R1, gravity: [0, -9.81, 0] });
      mbs.createGenericJoint({ bodyNumbers: [oGround, b0], position: [0, 0, 0], constrainedAxes: [1, 1, 1, 1, 1, 0], axesRadius: beamH * 2, axesLength: beamW * 1.05 });
      const mB0 = mbs.addMarker(MarkerBodyRigid({ bodyNumber: b0, localPosition: p0 }));
      const mB1 = mbs.addMarker(MarkerBodyRigid({ bodyNumber: b1, localPosition: p0.map((p) => -p) }));
      mbs.addObject(GenericJoint({ markerNumbers: [mB1, mB0], constrainedAxes: [1, 1, 1, 1, 0, 0], rotationMarker0: [[1, 0, 0], [0, 1, 0], [0, 0, 1]], rotationMarker1: [[1, 0, 0], [0, 1, 0], [0, 0, 1]] }));
      const R1twoP0 = mat3MulVec(R1, p0.map((p) => 2 * p));
      mbs.createCartesianSpringDamper({
        bodyOrNodeList: [b1, oGround], localPosition0: p0, localPosition1: p0.map((p, i) => 2 * p + R1twoP0[i]),
        stiffness: [springK, springK, springK], damping: [springK * 1e-5, springK * 1e-5, springK * 1e-5], drawSize: beamW,
      });
      mbs.addSensor(SensorBody({ bodyNumber: b1, localPosition: p0, storeInternal: true, writeToFile: false, outputVariableType: OutputVariableType.Displacement }));
      mbs.assemble();
      const { values } = mbs.computeODE2Eigenvalues();
      u += Math.sqrt(values[0]) / (2 * Math.PI) / 100;
    }
    return u;
  },
};

