/**
 * Flexdyn: flexible multibody dynamics in TypeScript. Everything a model script imports.
 * @module
 */
export { SystemContainer, MainSystem, SystemDataAccess } from './MainSystem.ts';
export { GeneralContact, ContactTypeIndex } from './contact/GeneralContact.ts';
export type {
  ItemInput, PreStepUserFunction, PostNewtonUserFunction, PostStepUserFunction, PreNewtonResidualUserFunction, SystemJacobianUserFunction, AssembledItems,
} from './MainSystem.ts';
export { MainSolverStatic, MainSolverImplicitSecondOrder, MainSolverExplicit, MainSolverBase } from './solvers/mainSolver.ts';
export type { SolverIterationData, UserFunctionNewton, SolverHost } from './solvers/mainSolver.ts';
export { SYSTEM_DICTIONARY_FORMAT, SYSTEM_DICTIONARY_VERSION } from './MainSystem.ts';
export type {
  DeleteItemOptions, DeleteObjectOptions, DeleteLoadOptions, SystemDictionary, SystemUserFunctionSlot, SetDictionaryOptions, SaveToFileOptions, LoadedSettings,
} from './MainSystem.ts';
export type { UserFunctionSlot, UserFunctionSource, AnyUserFunction } from './registry/itemData.ts';
export { simulationSettingsToDictionary, simulationSettingsFromDictionary } from './solvers/settingsDictionary.ts';
export { MODEL_FILE_FORMAT, MODEL_FILE_VERSION } from './io/modelFile.ts';
import type { MainSystem } from './MainSystem.ts';

export type { CreateGroundOptions, CreateMassPointOptions, CreateRigidBodyOptions, CreateRigidBodyResult } from './builders/bodies.ts';
export { NodeType } from './builders/bodies.ts';
export type {
  BodyNodeOrMarker, CreateConnectorOptions, CreateSpringDamperOptions, CreateCartesianSpringDamperOptions, CreateDistanceConstraintOptions,
  CreateRigidBodySpringDamperOptions, CreateTorsionalSpringDamperOptions, CreateCoordinateConstraintOptions, CreateSphereSphereContactOptions,
  CreateSphereTriangleContactOptions, CreateSphereQuadContactOptions, CreateSphereQuadContactResult, PenaltyContactOptions, SphereSurfaceContactOptions,
} from './builders/connectors.ts';
export type { BodyOrMarker, CreateJointOptions } from './builders/jointFrames.ts';
export { getJointArgs } from './builders/jointArgs.ts';
export { generateStraightBeam, generateStraightLineANCFCable, generateStraightLineANCFCable as generateStraightLineANCFCable2D, generateCircularArcANCFCable2D } from './builders/beams.ts';
export type { GenerateStraightBeamOptions, GenerateStraightLineANCFCableOptions, GenerateStraightBeamResult, GenerateCircularArcANCFCable2DOptions } from './builders/beams.ts';
export { generateSlidingJoint, generateAleSlidingJoint } from './builders/slidingJoints.ts';
export type { GenerateSlidingJointOptions, GenerateAleSlidingJointOptions } from './builders/slidingJoints.ts';
export type { GetJointArgsOptions, JointArgs } from './builders/jointArgs.ts';
export type { CreateLoadOptions } from './builders/loads.ts';
export type { CreateAxisJointOptions, CreateSphericalJointOptions, CreateGenericJointOptions } from './builders/joints.ts';
export type { CreateRollingDiscOptions, CreateRollingDiscPenaltyOptions } from './builders/rollingDisc.ts';
export type { CreateDistanceSensorOptions, CreateDistanceSensorGeometryOptions } from './builders/distanceSensor.ts';
export type { CreateRodContactSensorOptions } from './builders/rodContactSensor.ts';
export type { DistanceAlongLine } from './contact/distanceAlongLine.ts';
export type { BuilderSink } from './builders/builderSink.ts';
export type { ItemSink } from './registry/definition.ts';
export { OutputVariableType, ConfigurationType, DynamicSolverType, LinearSolverType } from './registry/enums.ts';
export { FlexdynError } from './core/errors.ts';
export type { NodeIndex, ObjectIndex, MarkerIndex, LoadIndex, SensorIndex } from './registry/parameters.ts';
export type { MatrixContainerValue, CscMatrixValue, TripletMatrixValue } from './registry/parameters.ts';
export { itemDefinitions } from './items/index.ts';
/** Item dictionaries per category (the published package types them per item type, generated from the registry). */
export type * from './registry/itemDictionaries.ts';
export {
  SimulationSettings, TimeIntegrationSettings, StaticSolverSettings, SolutionSettings, NewtonSettings, DiscontinuousSettings, LinearSolverSettings,
  GeneralizedAlphaSettings, ExplicitIntegrationSettings, NumericalDifferentiationSettings,
} from './solvers/SimulationSettings.ts';
export type { SolverStatistics, SystemJacobianTerms } from './solvers/stepContracts.ts';
export type { ReferenceOutputs } from './model/referenceModel.ts';
export type { Complex, ComplexEigenvalueResult, EigenvalueOptions, EigenvalueResult } from './solvers/eigen.ts';
export type { LinearizedSystem, LinearizedSystemOptions } from './solvers/linearization.ts';
export type { DegreeOfFreedomOptions, SystemDegreeOfFreedom } from './solvers/degreeOfFreedom.ts';
export type { ItemLabel } from './core/errors.ts';
export type { ItemDefinition, ItemCategory, ItemDictionary, FactoryResult } from './registry/definition.ts';
export type { Parameter, ParameterKind, ParameterSchema, ParameterValues, ParameterInput, VectorValue, MatrixValue, UserFunctionValue } from './registry/parameters.ts';

/*
 * User-function types as a model script writes them: the first argument is the MainSystem. The items declare them
 * generic in the system (registry/userFunctionSystem.ts: what a user function may call), so that no item imports the
 * MainSystem; a function annotated `(mbs: MainSystem, …)` is accepted wherever an item or builder takes one.
 */
export type { UserFunctionSystem, UserFunctionSystemData, SystemUserFunction } from './registry/userFunctionSystem.ts';
import type { LoadUserFunction as LoadUserFunctionOf } from './items/loads/LoadCoordinate.ts';
import type { LoadVectorUserFunction as LoadVectorUserFunctionOf } from './items/loads/LoadForceVector.ts';
import type { CoordinateSpringForceUserFunction as CoordinateSpringForceUserFunctionOf } from './items/objects/ObjectConnectorCoordinateSpringDamper.ts';
import type { CoordinateSpringForceExtUserFunction as CoordinateSpringForceExtUserFunctionOf } from './items/objects/ObjectConnectorCoordinateSpringDamperExt.ts';
import type { GenericODE1RhsUserFunction as GenericODE1RhsUserFunctionOf } from './items/objects/ObjectGenericODE1.ts';
import type { GenericODE2ForceUserFunction as GenericODE2ForceUserFunctionOf, GenericODE2MassMatrixUserFunction as GenericODE2MassMatrixUserFunctionOf, GenericODE2JacobianUserFunction as GenericODE2JacobianUserFunctionOf } from './items/objects/ObjectGenericODE2.ts';
import type { SensorUserFunctionType as SensorUserFunctionTypeOf } from './items/sensors/SensorUserFunction.ts';
import type { SpringForceUserFunction as SpringForceUserFunctionOf } from './items/objects/ObjectConnectorSpringDamper.ts';
import type { CartesianSpringForceUserFunction as CartesianSpringForceUserFunctionOf } from './items/objects/ObjectConnectorCartesianSpringDamper.ts';
import type { CoordinateOffsetUserFunction as CoordinateOffsetUserFunctionOf } from './items/objects/ObjectConnectorCoordinate.ts';
import type { LinearSpringForceUserFunction as LinearSpringForceUserFunctionOf } from './items/objects/ObjectConnectorLinearSpringDamper.ts';
import type { CoordinateVectorConstraintUserFunction as CoordinateVectorConstraintUserFunctionOf, CoordinateVectorJacobianUserFunction as CoordinateVectorJacobianUserFunctionOf } from './items/objects/ObjectConnectorCoordinateVector.ts';
import type { CableAxialForceUserFunction as CableAxialForceUserFunctionOf, CableBendingMomentUserFunction as CableBendingMomentUserFunctionOf } from './items/objects/ObjectANCFCable2D.ts';
import type { FFRFForceUserFunction as FFRFForceUserFunctionOf, FFRFMassMatrixUserFunction as FFRFMassMatrixUserFunctionOf } from './items/objects/ObjectFFRF.ts';
import type { JointOffsetUserFunction as JointOffsetUserFunctionOf } from './items/objects/jointKernel.ts';
import type { RigidBodySpringForceTorqueUserFunction as RigidBodySpringForceTorqueUserFunctionOf, RigidBodyPostNewtonStepUserFunction as RigidBodyPostNewtonStepUserFunctionOf } from './items/objects/ObjectConnectorRigidBodySpringDamper.ts';
import type { TorsionalSpringTorqueUserFunction as TorsionalSpringTorqueUserFunctionOf } from './items/objects/ObjectConnectorTorsionalSpringDamper.ts';
import type { FFRFreducedOrderForceUserFunction as FFRFreducedOrderForceUserFunctionOf, FFRFreducedOrderMassMatrixUserFunction as FFRFreducedOrderMassMatrixUserFunctionOf } from './items/objects/ObjectFFRFreducedOrder.ts';
import type { DistributedLoadUserFunction as DistributedLoadUserFunctionOf } from './items/loads/LoadDistributed.ts';
/** LoadCoordinate.loadUserFunction: (mbs, t, load) → the scalar load. */
export type LoadUserFunction = LoadUserFunctionOf<MainSystem>;
/** LoadForceVector/LoadTorqueVector.loadVectorUserFunction: (mbs, t, loadVector) → the vector. */
export type LoadVectorUserFunction = LoadVectorUserFunctionOf<MainSystem>;
/** ConnectorCoordinateSpringDamper.springForceUserFunction: (mbs, t, itemNumber, displacement, velocity, stiffness, damping, offset) → force. */
export type CoordinateSpringForceUserFunction = CoordinateSpringForceUserFunctionOf<MainSystem>;
/** Spring force user function of ObjectConnectorCoordinateSpringDamperExt, with the MainSystem as first argument. */
export type CoordinateSpringForceExtUserFunction = CoordinateSpringForceExtUserFunctionOf<MainSystem>;
/** GenericODE1.rhsUserFunction: (mbs, t, itemNumber, q) → right-hand side of q̇. */
export type GenericODE1RhsUserFunction = GenericODE1RhsUserFunctionOf<MainSystem>;
/** GenericODE2.forceUserFunction: (mbs, t, itemNumber, q, q_t) → generalized force. */
export type GenericODE2ForceUserFunction = GenericODE2ForceUserFunctionOf<MainSystem>;
/** GenericODE2.massMatrixUserFunction: (mbs, t, itemNumber, q, q_t) → mass matrix rows. */
export type GenericODE2MassMatrixUserFunction = GenericODE2MassMatrixUserFunctionOf<MainSystem>;
/** GenericODE2.jacobianUserFunction: (mbs, t, itemNumber, q, q_t, fODE2, fODE2_t) → Jacobian rows. */
export type GenericODE2JacobianUserFunction = GenericODE2JacobianUserFunctionOf<MainSystem>;
/** SensorUserFunction.sensorUserFunction: (mbs, t, sensorNumbers, factors, configuration) → sensor values. */
export type SensorUserFunctionType = SensorUserFunctionTypeOf<MainSystem>;
/** ConnectorSpringDamper.springForceUserFunction: (mbs, t, itemNumber, deltaL, deltaL_t, stiffness, damping, force) → force. */
export type SpringForceUserFunction = SpringForceUserFunctionOf<MainSystem>;
/** ConnectorCartesianSpringDamper.springForceUserFunction: (mbs, t, itemNumber, displacement, velocity, stiffness, damping, offset) → force vector. */
export type CartesianSpringForceUserFunction = CartesianSpringForceUserFunctionOf<MainSystem>;
/** ConnectorCoordinate.offsetUserFunction(_t): (mbs, t, itemNumber, offset) → offset (or its rate). */
export type CoordinateOffsetUserFunction = CoordinateOffsetUserFunctionOf<MainSystem>;
/** ConnectorCoordinateVector.constraintUserFunction: (mbs, t, itemNumber, q, q_t, velocityLevel) → the constraint equations. */
export type CoordinateVectorConstraintUserFunction = CoordinateVectorConstraintUserFunctionOf<MainSystem>;
/** ConnectorCoordinateVector.jacobianUserFunction: (mbs, t, itemNumber, q, q_t, velocityLevel) → their Jacobian rows. */
export type CoordinateVectorJacobianUserFunction = CoordinateVectorJacobianUserFunctionOf<MainSystem>;
/** ConnectorLinearSpringDamper.springForceUserFunction: (mbs, t, itemNumber, displacement, velocity, stiffness, damping, offset) → force. */
export type LinearSpringForceUserFunction = LinearSpringForceUserFunctionOf<MainSystem>;
/** ANCFCable2D.axialForceUserFunction: the axial force law. */
export type CableAxialForceUserFunction = CableAxialForceUserFunctionOf<MainSystem>;
/** ANCFCable2D.bendingMomentUserFunction: the bending moment law. */
export type CableBendingMomentUserFunction = CableBendingMomentUserFunctionOf<MainSystem>;
/** FFRF.forceUserFunction: (mbs, t, itemNumber, q, q_t) → generalized force. */
export type FFRFForceUserFunction = FFRFForceUserFunctionOf<MainSystem>;
/** FFRF.massMatrixUserFunction: (mbs, t, itemNumber, q, q_t) → mass matrix rows. */
export type FFRFMassMatrixUserFunction = FFRFMassMatrixUserFunctionOf<MainSystem>;
/** JointGeneric.offsetUserFunction(_t): (mbs, t, itemNumber, offsetUserFunctionParameters) → joint offsets. */
export type JointOffsetUserFunction = JointOffsetUserFunctionOf<MainSystem>;
/** ConnectorRigidBodySpringDamper.springForceTorqueUserFunction: → joint-frame force and torque. */
export type RigidBodySpringForceTorqueUserFunction = RigidBodySpringForceTorqueUserFunctionOf<MainSystem>;
/** ConnectorRigidBodySpringDamper.postNewtonStepUserFunction: (mbs, t, itemNumber, dataCoordinates, …) → [error, recommendedStepSize, ...data]. */
export type RigidBodyPostNewtonStepUserFunction = RigidBodyPostNewtonStepUserFunctionOf<MainSystem>;
/** ConnectorTorsionalSpringDamper.springTorqueUserFunction: → torque. */
export type TorsionalSpringTorqueUserFunction = TorsionalSpringTorqueUserFunctionOf<MainSystem>;
/** FFRFreducedOrder.forceUserFunction: (mbs, t, itemNumber, q, q_t) → generalized force. */
export type FFRFreducedOrderForceUserFunction = FFRFreducedOrderForceUserFunctionOf<MainSystem>;
/** FFRFreducedOrder.massMatrixUserFunction: (mbs, t, itemNumber, q, q_t) → mass matrix rows. */
export type FFRFreducedOrderMassMatrixUserFunction = FFRFreducedOrderMassMatrixUserFunctionOf<MainSystem>;
/** LoadDistributed.forcePerLengthUserFunction/momentPerLengthUserFunction: (mbs, t, s, value) → the line-load density. */
export type DistributedLoadUserFunction = DistributedLoadUserFunctionOf<MainSystem>;

export { NodePoint, Point } from './items/nodes/NodePoint.ts';
export { NodePoint2D, Point2D } from './items/nodes/NodePoint2D.ts';
export { NodePointGround, PointGround } from './items/nodes/NodePointGround.ts';
export { NodeGenericODE2 } from './items/nodes/NodeGenericODE2.ts';
export { NodeGenericData } from './items/nodes/NodeGenericData.ts';
export { NodeGenericODE1 } from './items/nodes/NodeGenericODE1.ts';
export { NodePoint2DSlope1, Point2DS1 } from './items/nodes/NodePoint2DSlope1.ts';
export { Node1D } from './items/nodes/Node1D.ts';
export { NodeRigidBodyEP, RigidEP } from './items/nodes/NodeRigidBodyEP.ts';
export { NodeRigidBodyRxyz, RigidRxyz } from './items/nodes/NodeRigidBodyRxyz.ts';
export { NodeRigidBodyRotVecLG, RigidRotVecLG } from './items/nodes/NodeRigidBodyRotVecLG.ts';
export { NodeRigidBodyQuaternion } from './items/nodes/NodeRigidBodyQuaternion.ts';
export { NodeRigidBody2D, Rigid2D } from './items/nodes/NodeRigidBody2D.ts';
export { ObjectGround } from './items/objects/ObjectGround.ts';
export { ObjectRigidBody, RigidBody } from './items/objects/ObjectRigidBody.ts';
export { ObjectRigidBody2D, RigidBody2D } from './items/objects/ObjectRigidBody2D.ts';
export { ObjectMassPoint, MassPoint } from './items/objects/ObjectMassPoint.ts';
export { ObjectMassPoint2D, MassPoint2D } from './items/objects/ObjectMassPoint2D.ts';
export { ObjectConnectorCoordinateSpringDamper, CoordinateSpringDamper } from './items/objects/ObjectConnectorCoordinateSpringDamper.ts';
export { ObjectConnectorCoordinateSpringDamperExt, CoordinateSpringDamperExt } from './items/objects/ObjectConnectorCoordinateSpringDamperExt.ts';
export { ObjectContactCoordinate } from './items/objects/ObjectContactCoordinate.ts';
export { ObjectContactSphereSphere } from './items/objects/ObjectContactSphereSphere.ts';
export { ObjectContactSphereTriangle } from './items/objects/ObjectContactSphereTriangle.ts';
export { ObjectContactCircleCable2D } from './items/objects/ObjectContactCircleCable2D.ts';
export { ObjectContactFrictionCircleCable2D } from './items/objects/ObjectContactFrictionCircleCable2D.ts';
export { ObjectContactConvexRoll } from './items/objects/ObjectContactConvexRoll.ts';
export { ObjectContactCurveCircles } from './items/objects/ObjectContactCurveCircles.ts';
export { ObjectContactRodPlane } from './items/objects/ObjectContactRodPlane.ts';
export { ObjectContactRodSphere } from './items/objects/ObjectContactRodSphere.ts';
export { ObjectContactRodCylinder } from './items/objects/ObjectContactRodCylinder.ts';
export { MarkerBodyCable2DShape } from './items/markers/MarkerBodyCable2DShape.ts';
export { MarkerBodyCable2DCoordinates } from './items/markers/MarkerBodyCable2DCoordinates.ts';
export { ObjectConnectorSpringDamper, SpringDamper } from './items/objects/ObjectConnectorSpringDamper.ts';
export { ObjectConnectorCartesianSpringDamper, CartesianSpringDamper } from './items/objects/ObjectConnectorCartesianSpringDamper.ts';
export { ObjectConnectorCoordinate, CoordinateConstraint } from './items/objects/ObjectConnectorCoordinate.ts';
export { ObjectConnectorCoordinateVector, CoordinateVectorConstraint } from './items/objects/ObjectConnectorCoordinateVector.ts';
export { ObjectConnectorLinearSpringDamper, LinearSpringDamper } from './items/objects/ObjectConnectorLinearSpringDamper.ts';
export { ObjectConnectorReevingSystemSprings, ReevingSystemSprings } from './items/objects/ObjectConnectorReevingSystemSprings.ts';
export { ObjectConnectorDistance, DistanceConstraint } from './items/objects/ObjectConnectorDistance.ts';
export { ObjectConnectorGravity, ConnectorGravity } from './items/objects/ObjectConnectorGravity.ts';
export { ObjectANCFCable2D, Cable2D } from './items/objects/ObjectANCFCable2D.ts';
export { ObjectALEANCFCable2D, ALECable2D } from './items/objects/ObjectALEANCFCable2D.ts';
export { ObjectJointSliding2D, SlidingJoint2D } from './items/objects/ObjectJointSliding2D.ts';
export { ObjectJointALEMoving2D, ALEMovingJoint2D } from './items/objects/ObjectJointALEMoving2D.ts';
export { ObjectBeamGeometricallyExact2D, Beam2D } from './items/objects/ObjectBeamGeometricallyExact2D.ts';
export { ObjectANCFBeam } from './items/objects/ObjectANCFBeam.ts';
export { BeamSection, type BeamSectionValues } from './items/objects/beamSection.ts';
export { NodePointSlope23 } from './items/nodes/NodePointSlope23.ts';
export { NodePointSlope1 } from './items/nodes/NodePointSlope1.ts';
export { ObjectANCFCable } from './items/objects/ObjectANCFCable.ts';
export { ObjectBeamGeometricallyExact } from './items/objects/ObjectBeamGeometricallyExact.ts';
export { ObjectCosseratRod, CosseratRod } from './items/objects/ObjectCosseratRod.ts';
export { ObjectRodLinearDamping } from './items/objects/ObjectRodLinearDamping.ts';
export { ObjectRodUniformTorque, UniformTorques } from './items/objects/ObjectRodUniformTorque.ts';
export { ObjectRodGlobalMuscleTorque, MuscleTorques } from './items/objects/ObjectRodGlobalMuscleTorque.ts';
export { ObjectRodSlenderBodyDrag } from './items/objects/ObjectRodSlenderBodyDrag.ts';
export { ObjectGenericODE2 } from './items/objects/ObjectGenericODE2.ts';
export { ObjectGenericODE1 } from './items/objects/ObjectGenericODE1.ts';
export { ObjectFFRF } from './items/objects/ObjectFFRF.ts';
export { ObjectMass1D, Mass1D } from './items/objects/ObjectMass1D.ts';
export { ObjectRotationalMass1D, Rotor1D } from './items/objects/ObjectRotationalMass1D.ts';
export { ObjectJointGeneric, GenericJoint } from './items/objects/ObjectJointGeneric.ts';
export { ObjectJointSpherical, SphericalJoint } from './items/objects/ObjectJointSpherical.ts';
export { ObjectJointRollingDisc } from './items/objects/ObjectJointRollingDisc.ts';
export { ObjectConnectorRollingDiscPenalty, RollingDiscPenalty } from './items/objects/ObjectConnectorRollingDiscPenalty.ts';
export { ObjectJointRevoluteZ, RevoluteJointZ } from './items/objects/ObjectJointRevoluteZ.ts';
export { ObjectJointPrismaticX, PrismaticJointX } from './items/objects/ObjectJointPrismaticX.ts';
export { ObjectJointRevolute2D, RevoluteJoint2D } from './items/objects/ObjectJointRevolute2D.ts';
export { ObjectJointPrismatic2D, PrismaticJoint2D } from './items/objects/ObjectJointPrismatic2D.ts';
export { ObjectConnectorRigidBodySpringDamper, RigidBodySpringDamper } from './items/objects/ObjectConnectorRigidBodySpringDamper.ts';
export { ObjectConnectorTorsionalSpringDamper, TorsionalSpringDamper } from './items/objects/ObjectConnectorTorsionalSpringDamper.ts';
export { ObjectConnectorHydraulicActuatorSimple, HydraulicActuatorSimple } from './items/objects/ObjectConnectorHydraulicActuatorSimple.ts';
export { ObjectFFRFreducedOrder, CMSobject } from './items/objects/ObjectFFRFreducedOrder.ts';
export { MarkerNodePosition } from './items/markers/MarkerNodePosition.ts';
export { MarkerNodeCoordinate } from './items/markers/MarkerNodeCoordinate.ts';
export { MarkerNodeCoordinates } from './items/markers/MarkerNodeCoordinates.ts';
export { MarkerObjectODE2Coordinates } from './items/markers/MarkerObjectODE2Coordinates.ts';
export { MarkerBodyPosition } from './items/markers/MarkerBodyPosition.ts';
export { MarkerBodyMass } from './items/markers/MarkerBodyMass.ts';
export { MarkerBodyRigid } from './items/markers/MarkerBodyRigid.ts';
export { MarkerNodeRigid } from './items/markers/MarkerNodeRigid.ts';
export { MarkerNodeRotationCoordinate } from './items/markers/MarkerNodeRotationCoordinate.ts';
export { MarkerSuperElementPosition } from './items/markers/MarkerSuperElementPosition.ts';
export { MarkerSuperElementRigid } from './items/markers/MarkerSuperElementRigid.ts';
export { LoadForceVector, Force } from './items/loads/LoadForceVector.ts';
export { LoadTorqueVector, Torque } from './items/loads/LoadTorqueVector.ts';
export { LoadCoordinate } from './items/loads/LoadCoordinate.ts';
export { LoadMassProportional, Gravity } from './items/loads/LoadMassProportional.ts';
export { LoadDistributed, DistributedRodLoad } from './items/loads/LoadDistributed.ts';
export { LoadMuscleTorque, RodMuscleTorque } from './items/loads/LoadMuscleTorque.ts';
export { LoadSinusoidalEndForces, EndpointForcesSinusoidal } from './items/loads/LoadSinusoidalEndForces.ts';
export { SensorNode } from './items/sensors/SensorNode.ts';
export { SensorLoad } from './items/sensors/SensorLoad.ts';
export { SensorObject } from './items/sensors/SensorObject.ts';
export { SensorBody } from './items/sensors/SensorBody.ts';
export { SensorMarker } from './items/sensors/SensorMarker.ts';
export { SensorUserFunction } from './items/sensors/SensorUserFunction.ts';
export { SensorSuperElement } from './items/sensors/SensorSuperElement.ts';

/** Rotations, rigid-body inertia and 3×3 kernels (Exudyn's rigidBodyUtilities names). */
export * from './rotations/index.ts';
/** The dense linear solve for user scripts (numpy.linalg.solve of Exudyn's scripts). */
export { solveLinearSystem } from './linalg/solveLinearSystem.ts';

/** Rod cross-sections and rod parameters from material data. */
export { CircularCrossSection, RectangularCrossSection, rodStiffnessFromMaterial } from './rods/crossSections.ts';
export { rodCenterline } from './rods/centerlines.ts';
export type {
  CenterlineOptions, StraightCenterlineOptions, CircularArcCenterlineOptions, HelixCenterlineOptions, UserCenterlineOptions, RodCenterline,
} from './rods/centerlines.ts';
export type { CreateCosseratRodOptions, CreateCosseratRodResult } from './builders/rods.ts';
export type { CrossSection, CircularCrossSectionOptions, RectangularCrossSectionOptions, RodMaterialOptions, RodStiffness } from './rods/crossSections.ts';

/** FEM interface: Abaqus import, Hex8/Tet4 elements, meshers, FEMinterface. */
export * from './fem/index.ts';
/** FFRF model builders from FEM data (Exudyn's ObjectFFRFinterface, ObjectFFRFreducedOrderInterface). */
export { ObjectFFRFinterface } from './builders/ffrfInterface.ts';
export type { AddObjectFFRFOptions, AddObjectFFRFResult } from './builders/ffrfInterface.ts';
export { ObjectFFRFreducedOrderInterface, REDUCED_MATRIX_ROUNDING } from './builders/ffrfReducedOrderInterface.ts';
export type { AddObjectFFRFreducedOrderOptions, FFRFreducedOrderItems } from './builders/ffrfReducedOrderInterface.ts';

/** Graphics data as in exudyn.graphics (graphics.Brick, graphics.color.red, graphics.FromSTL …) and triangulation to typed arrays. */
export * as graphics from './graphics/index.ts';
export type { GraphicsData, GraphicsTriangleList, GraphicsLine, Color4, TriangulatedGraphics } from './graphics/index.ts';
/** Mesh utilities of Exudyn's graphicsDataUtilities (top-level names in Exudyn scripts): refine a triangle mesh, shrink it along its normals. */
export { RefineMesh, ShrinkMeshNormalToSurface } from './graphics/meshUtilities.ts';
/** Solution files: parse coordinatesSolution.txt (Flexdyn or Exudyn ASCII) and its header (flexdyn/node reads them by name). */
export { parseSolutionFile, solutionRowAtTime, RowMatrix, solutionFileFormatVersion } from './io/solutionFile.ts';
export type { Solution, SolutionHeader, SolutionModelSummary, SolutionItemSummary, SolutionNodeSummary, SolutionObjectSummary, SolutionSensorSummary, SystemCoordinateCounts, WrittenCoordinates } from './io/solutionFile.ts';
/** Plots (SVG, no native dependencies) and sensor files. */
export { plotSensor, componentNorm } from './io/plotSensor.ts';
export { PlotFFT } from './io/plotFFT.ts';
export type { PlotFFTOptions, PlotFFTResult } from './io/plotFFT.ts';
export { FilterSensorOutput, FilterSignal, ComputeFFT, GetInterpolatedSignalValue } from './analysis/signalProcessing.ts';
export type { SignalFilterOptions, FilterSignalOptions, InterpolatedSignalOptions } from './analysis/signalProcessing.ts';
export { fft } from './analysis/fft.ts';
/** Exudyn's smooth step functions for prescribed motions. */
export { SmoothStep, SmoothStepDerivative } from './analysis/smoothStep.ts';
export type { ComplexArray } from './analysis/fft.ts';
export type { PlotSensorOptions, PlotSensorResult, PlotSource, PlotData, PlotSensorSystem } from './io/plotSensor.ts';
export { svgPlot, niceTicks, formatTicks, plotColors } from './io/svgPlot.ts';
export type { PlotCurve, SvgPlotOptions, AxisTicks } from './io/svgPlot.ts';
export { parseSensorFile } from './io/sensorFile.ts';
export type { SensorFileData } from './io/sensorFile.ts';
/** The file system the engine reads and writes through (flexdyn/node installs Node's; without one, solves keep their files in memory). */
export { installFileSystem, installedFileSystem, InMemoryFileSystem } from './core/fileSystem.ts';
export type { FileSystemAccess, TextFileWriter, FileLocation } from './core/fileSystem.ts';
