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
import { perfRigidPendulum } from './perfRigidPendulum.ts';
import { perfSpringDamperUserFunction } from './perfSpringDamperUserFunction.ts';
import { perf3DRigidBodies } from './perf3DRigidBodies.ts';
import { perfSpringDamperExplicit } from './perfSpringDamperExplicit.ts';
import { driveTrainTest } from './driveTrainTest.ts';
import { stiffFlyballGovernor } from './stiffFlyballGovernor.ts';
import { sphericalJointTest } from './sphericalJointTest.ts';
import { revoluteJointPrismaticJointTest } from './revoluteJointPrismaticJointTest.ts';
import { connectorRigidBodySpringDamperTest } from './connectorRigidBodySpringDamperTest.ts';
import { rigidBodySpringDamperIntrinsic } from './rigidBodySpringDamperIntrinsic.ts';
import { genericJointUserFunctionTest } from './genericJointUserFunctionTest.ts';
import { sliderCrankFloatingTest } from './sliderCrankFloatingTest.ts';
import { objectFFRFreducedOrderTest } from './objectFFRFreducedOrderTest.ts';
import { perfObjectFFRFreducedOrder } from './perfObjectFFRFreducedOrder.ts';
import { objectFFRFreducedOrderAccelerations } from './objectFFRFreducedOrderAccelerations.ts';
import { objectFFRFTest } from './objectFFRFTest.ts';
import { abaqusImportTest } from './abaqusImportTest.ts';
import { objectFFRFTest2 } from './objectFFRFTest2.ts';
import { superElementRigidJointTest } from './superElementRigidJointTest.ts';
import { linearFEMgenericODE2 } from './linearFEMgenericODE2.ts';
import { PARTS_ATEs_moving } from './PARTS_ATEs_moving.ts';
import { fourBarMechanismIftomm } from './fourBarMechanismIftomm.ts';
import { compareFullModifiedNewton } from './compareFullModifiedNewton.ts';
import { coordinateVectorConstraint } from './coordinateVectorConstraint.ts';
import { coordinateVectorConstraintGenericODE2 } from './coordinateVectorConstraintGenericODE2.ts';
import { rigidBodyAsUserFunctionTest } from './rigidBodyAsUserFunctionTest.ts';
import { reevingSystemSpringsTest } from './reevingSystemSpringsTest.ts';
import { objectGenericODE2Test } from './objectGenericODE2Test.ts';
import { sensorUserFunctionTest } from './sensorUserFunctionTest.ts';
import { loadUserFunctionTest } from './loadUserFunctionTest.ts';
import { ANCFcable2DuserFunction } from './ANCFcable2DuserFunction.ts';
import { symbolicUserFunctionTest } from './symbolicUserFunctionTest.ts';
import { rigidBodyCOMtest } from './rigidBodyCOMtest.ts';
import { jointArgsTest } from './jointArgsTest.ts';
import { computeODE2AEeigenvaluesTest } from './computeODE2AEeigenvaluesTest.ts';
import { plotSensorTest } from './plotSensorTest.ts';
import { complexEigenvaluesTest } from './complexEigenvaluesTest.ts';
import { mainSystemExtensionsTests } from './mainSystemExtensionsTests.ts';
import { manualExplicitIntegrator } from './manualExplicitIntegrator.ts';
import { explicitLieGroupIntegratorPythonTest } from './explicitLieGroupIntegratorPythonTest.ts';
import { scissorPrismaticRevolute2D } from './scissorPrismaticRevolute2D.ts';
import { mainSystemUserFunctionsTest } from './mainSystemUserFunctionsTest.ts';
import { deleteItemsTest } from './deleteItemsTest.ts';
import { pickleCopyMbs } from './pickleCopyMbs.ts';
import { solverExplicitODE1ODE2test } from './solverExplicitODE1ODE2test.ts';
import { taskmanagerTest } from './taskmanagerTest.ts';
import { hydraulicActuatorSimpleTest } from './hydraulicActuatorSimpleTest.ts';
import { bricardMechanism } from './bricardMechanism.ts';
import { coordinateSpringDamperExt } from './coordinateSpringDamperExt.ts';
import { postNewtonStepContactTest } from './postNewtonStepContactTest.ts';
import { rollingCoinTest } from './rollingCoinTest.ts';
import { rollingCoinPenaltyTest } from './rollingCoinPenaltyTest.ts';
import { rotatingTableTest } from './rotatingTableTest.ts';
import { createRollingDiscPenaltyTest } from './createRollingDiscPenaltyTest.ts';
import { rollingDiscTangentialForces } from './rollingDiscTangentialForces.ts';
import { carRollingDiscTest } from './carRollingDiscTest.ts';
import { mecanumWheelRollingDiscTest } from './mecanumWheelRollingDiscTest.ts';
import { createRollingDiscTest } from './createRollingDiscTest.ts';
import { contactCoordinateTest } from './contactCoordinateTest.ts';
import { ANCFcontactCircleTest } from './ANCFcontactCircleTest.ts';
import { ANCFgeneralContactCircle } from './ANCFgeneralContactCircle.ts';
import { distanceSensor } from './distanceSensor.ts';
import { ANCFcontactFrictionTest } from './ANCFcontactFrictionTest.ts';
import { ANCFslidingAndALEjointTest } from './ANCFslidingAndALEjointTest.ts';
import { ANCFmovingRigidBodyTest } from './ANCFmovingRigidBodyTest.ts';
import { ConvexContactTest } from './ConvexContactTest.ts';
import { contactCurveExample } from './contactCurveExample.ts';
import { contactSphereSphereTest } from './contactSphereSphereTest.ts';
import { contactSphereSphereTestEAPM } from './contactSphereSphereTestEAPM.ts';
import { sphereTriangleTest } from './sphereTriangleTest.ts';
import { createSphereQuadContact2 } from './createSphereQuadContact2.ts';
import { createSphereQuadContact } from './createSphereQuadContact.ts';
import { sphereTriangleTest2 } from './sphereTriangleTest2.ts';

/** All ported Exudyn test models, in the order the runner reports them. */
import { generalContactSpheresTest } from './generalContactSpheresTest.ts';
import { generalContactFrictionTests } from './generalContactFrictionTests.ts';
import { generalContactCylinderTest } from './generalContactCylinderTest.ts';
import { generalContactCylinderTrigsTest } from './generalContactCylinderTrigsTest.ts';
import { geometricallyExactBeam2Dtest } from './geometricallyExactBeam2Dtest.ts';
import { gridGeomExactBeam2D } from './gridGeomExactBeam2D.ts';
import { LShapeGeomExactBeam2D } from './LShapeGeomExactBeam2D.ts';
import { ANCFBeamTest } from './ANCFBeamTest.ts';
import { ANCFCableBeamDampingTest } from './ANCFCableBeamDampingTest.ts';
import { geometricallyExactBeamTest } from './geometricallyExactBeamTest.ts';

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
  perfRigidPendulum,
  perfSpringDamperUserFunction,
  perf3DRigidBodies,
  perfSpringDamperExplicit,
  driveTrainTest,
  stiffFlyballGovernor,
  sphericalJointTest,
  revoluteJointPrismaticJointTest,
  connectorRigidBodySpringDamperTest,
  rigidBodySpringDamperIntrinsic,
  genericJointUserFunctionTest,
  sliderCrankFloatingTest,
  objectFFRFreducedOrderTest,
  perfObjectFFRFreducedOrder,
  objectFFRFreducedOrderAccelerations,
  objectFFRFTest,
  abaqusImportTest,
  objectFFRFTest2,
  superElementRigidJointTest,
  linearFEMgenericODE2,
  PARTS_ATEs_moving,
  fourBarMechanismIftomm,
  compareFullModifiedNewton,
  coordinateVectorConstraint,
  coordinateVectorConstraintGenericODE2,
  rigidBodyAsUserFunctionTest,
  reevingSystemSpringsTest,
  objectGenericODE2Test,
  sensorUserFunctionTest,
  loadUserFunctionTest,
  ANCFcable2DuserFunction,
  symbolicUserFunctionTest,
  rigidBodyCOMtest,
  jointArgsTest,
  computeODE2AEeigenvaluesTest,
  plotSensorTest,
  complexEigenvaluesTest,
  mainSystemExtensionsTests,
  manualExplicitIntegrator,
  explicitLieGroupIntegratorPythonTest,
  scissorPrismaticRevolute2D,
  mainSystemUserFunctionsTest,
  deleteItemsTest,
  pickleCopyMbs,
  solverExplicitODE1ODE2test,
  taskmanagerTest,
  hydraulicActuatorSimpleTest,
  bricardMechanism,
  coordinateSpringDamperExt,
  postNewtonStepContactTest,
  rollingCoinTest,
  createRollingDiscTest,
  rollingCoinPenaltyTest,
  rotatingTableTest,
  createRollingDiscPenaltyTest,
  rollingDiscTangentialForces,
  carRollingDiscTest,
  mecanumWheelRollingDiscTest,
  contactCoordinateTest,
  ANCFcontactCircleTest,
  ANCFgeneralContactCircle,
  distanceSensor,
  ANCFcontactFrictionTest,
  ANCFslidingAndALEjointTest,
  ANCFmovingRigidBodyTest,
  ConvexContactTest,
  contactCurveExample,
  contactSphereSphereTest,
  contactSphereSphereTestEAPM,
  sphereTriangleTest,
  sphereTriangleTest2,
  createSphereQuadContact,
  createSphereQuadContact2,
  generalContactSpheresTest,
  generalContactFrictionTests,
  generalContactCylinderTest,
  generalContactCylinderTrigsTest,
  geometricallyExactBeam2Dtest,
  gridGeomExactBeam2D,
  LShapeGeomExactBeam2D,
  ANCFBeamTest,
  ANCFCableBeamDampingTest,
  geometricallyExactBeamTest,
];
