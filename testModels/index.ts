import type { TestModel } from './testModel.ts';
import { springDamperUserFunctionTest } from './springDamperUserFunctionTest.ts';
import { genericODE2test } from './genericODE2test.ts';
import { velocityVerletTest } from './velocityVerletTest.ts';
import { connectorGravityTest } from './connectorGravityTest.ts';
import { computeODE2EigenvaluesTest } from './computeODE2EigenvaluesTest.ts';
import { fourBarMechanismTest } from './fourBarMechanismTest.ts';
import { sparseMatrixSpringDamperTest } from './sparseMatrixSpringDamperTest.ts';
import { explicitLieGroupIntegratorTest } from './explicitLieGroupIntegratorTest.ts';
import { heavyTop } from './heavyTop.ts';
import { sliderCrank3Dtest } from './sliderCrank3Dtest.ts';
import { rigidBody2Dtest } from './rigidBody2Dtest.ts';
import { pendulumFriction } from './pendulumFriction.ts';
import { driveTrainTest } from './driveTrainTest.ts';
import { stiffFlyballGovernor } from './stiffFlyballGovernor.ts';
import { sphericalJointTest } from './sphericalJointTest.ts';
import { revoluteJointPrismaticJointTest } from './revoluteJointPrismaticJointTest.ts';
import { connectorRigidBodySpringDamperTest } from './connectorRigidBodySpringDamperTest.ts';
import { rigidBodySpringDamperIntrinsic } from './rigidBodySpringDamperIntrinsic.ts';
import { genericJointUserFunctionTest } from './genericJointUserFunctionTest.ts';
import { sliderCrankFloatingTest } from './sliderCrankFloatingTest.ts';
import { objectFFRFreducedOrderTest } from './objectFFRFreducedOrderTest.ts';
import { objectFFRFreducedOrderAccelerations } from './objectFFRFreducedOrderAccelerations.ts';
import { objectFFRFTest } from './objectFFRFTest.ts';
import { abaqusImportTest } from './abaqusImportTest.ts';
import { coordinateSpringDamperExt } from './coordinateSpringDamperExt.ts';

/** All ported Exudyn test models, in the order the runner reports them. */
export const testModels: readonly TestModel[] = [
  springDamperUserFunctionTest,
  genericODE2test,
  velocityVerletTest,
  connectorGravityTest,
  computeODE2EigenvaluesTest,
  fourBarMechanismTest,
  sparseMatrixSpringDamperTest,
  explicitLieGroupIntegratorTest,
  heavyTop,
  sliderCrank3Dtest,
  rigidBody2Dtest,
  pendulumFriction,
  driveTrainTest,
  stiffFlyballGovernor,
  sphericalJointTest,
  revoluteJointPrismaticJointTest,
  connectorRigidBodySpringDamperTest,
  rigidBodySpringDamperIntrinsic,
  genericJointUserFunctionTest,
  sliderCrankFloatingTest,
  objectFFRFreducedOrderTest,
  objectFFRFreducedOrderAccelerations,
  objectFFRFTest,
  abaqusImportTest,
  coordinateSpringDamperExt,
];
