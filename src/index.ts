/**
 * Flexdyn: flexible multibody dynamics in TypeScript. Everything a model script imports.
 * @module
 */
export { SystemContainer, MainSystem, SystemDataAccess } from './MainSystem.ts';
export type { ItemInput, PreStepUserFunction, PostNewtonUserFunction, AssembledItems } from './MainSystem.ts';
export type { UserFunctionSystem } from './registry/userFunctionSystem.ts';
import type { MainSystem } from './MainSystem.ts';

declare module './registry/userFunctionSystem.ts' {
  /** In the public API the system a user function receives is the MainSystem: this merges all its methods in. */
  interface UserFunctionSystem extends MainSystem {}
}
export type { CreateGroundOptions, CreateMassPointOptions, CreateRigidBodyOptions, CreateRigidBodyResult } from './builders/bodies.ts';
export { NodeType } from './builders/bodies.ts';
export type {
  BodyNodeOrMarker, CreateConnectorOptions, CreateSpringDamperOptions, CreateCartesianSpringDamperOptions, CreateDistanceConstraintOptions,
  CreateRigidBodySpringDamperOptions, CreateTorsionalSpringDamperOptions, CreateCoordinateConstraintOptions,
} from './builders/connectors.ts';
export type { BodyOrMarker, CreateJointOptions } from './builders/jointFrames.ts';
export type { CreateLoadOptions } from './builders/loads.ts';
export type { CreateAxisJointOptions, CreateSphericalJointOptions, CreateGenericJointOptions } from './builders/joints.ts';
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
  SimulationSettings, TimeIntegrationSettings, StaticSolverSettings, SolutionSettings, NewtonSettings,
  GeneralizedAlphaSettings, ExplicitIntegrationSettings, NumericalDifferentiationSettings,
} from './solvers/SimulationSettings.ts';
export type { SolverStatistics } from './solvers/stepContracts.ts';
export type { ReferenceOutputs } from './model/referenceModel.ts';
export type { EigenvalueOptions, EigenvalueResult } from './solvers/eigen.ts';
export type { ItemLabel } from './core/errors.ts';
export type { ItemDefinition, ItemCategory, ItemDictionary, FactoryResult } from './registry/definition.ts';
export type { Parameter, ParameterKind, ParameterSchema, ParameterValues, ParameterInput, VectorValue, MatrixValue, UserFunctionValue } from './registry/parameters.ts';
export type { LoadUserFunction } from './items/loads/LoadCoordinate.ts';
export type { LoadVectorUserFunction } from './items/loads/LoadForceVector.ts';
export type { CoordinateSpringForceUserFunction } from './items/objects/ObjectConnectorCoordinateSpringDamper.ts';
export type { GenericODE2ForceUserFunction, GenericODE2MassMatrixUserFunction, GenericODE2JacobianUserFunction } from './items/objects/ObjectGenericODE2.ts';
export type { SensorUserFunctionType } from './items/sensors/SensorUserFunction.ts';

export { NodePoint, Point } from './items/nodes/NodePoint.ts';
export { NodePoint2D, Point2D } from './items/nodes/NodePoint2D.ts';
export { NodePointGround } from './items/nodes/NodePointGround.ts';
export { NodeGenericODE2 } from './items/nodes/NodeGenericODE2.ts';
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
export { ObjectConnectorSpringDamper, SpringDamper } from './items/objects/ObjectConnectorSpringDamper.ts';
export type { SpringForceUserFunction } from './items/objects/ObjectConnectorSpringDamper.ts';
export { ObjectConnectorCartesianSpringDamper, CartesianSpringDamper } from './items/objects/ObjectConnectorCartesianSpringDamper.ts';
export type { CartesianSpringForceUserFunction } from './items/objects/ObjectConnectorCartesianSpringDamper.ts';
export { ObjectConnectorCoordinate, CoordinateConstraint } from './items/objects/ObjectConnectorCoordinate.ts';
export type { CoordinateOffsetUserFunction } from './items/objects/ObjectConnectorCoordinate.ts';
export { ObjectConnectorDistance, DistanceConstraint } from './items/objects/ObjectConnectorDistance.ts';
export { ObjectConnectorGravity, ConnectorGravity } from './items/objects/ObjectConnectorGravity.ts';
export { ObjectANCFCable2D, Cable2D } from './items/objects/ObjectANCFCable2D.ts';
export type { CableAxialForceUserFunction, CableBendingMomentUserFunction } from './items/objects/ObjectANCFCable2D.ts';
export { ObjectCosseratRod, CosseratRod } from './items/objects/ObjectCosseratRod.ts';
export { ObjectGenericODE2 } from './items/objects/ObjectGenericODE2.ts';
export { ObjectFFRF } from './items/objects/ObjectFFRF.ts';
export type { FFRFForceUserFunction, FFRFMassMatrixUserFunction } from './items/objects/ObjectFFRF.ts';
export { ObjectMass1D, Mass1D } from './items/objects/ObjectMass1D.ts';
export { ObjectRotationalMass1D, Rotor1D } from './items/objects/ObjectRotationalMass1D.ts';
export { ObjectJointGeneric, GenericJoint } from './items/objects/ObjectJointGeneric.ts';
export type { JointOffsetUserFunction } from './items/objects/jointKernel.ts';
export { ObjectJointSpherical, SphericalJoint } from './items/objects/ObjectJointSpherical.ts';
export { ObjectJointRevoluteZ, RevoluteJointZ } from './items/objects/ObjectJointRevoluteZ.ts';
export { ObjectJointPrismaticX, PrismaticJointX } from './items/objects/ObjectJointPrismaticX.ts';
export { ObjectJointRevolute2D, RevoluteJoint2D } from './items/objects/ObjectJointRevolute2D.ts';
export { ObjectJointPrismatic2D, PrismaticJoint2D } from './items/objects/ObjectJointPrismatic2D.ts';
export { ObjectConnectorRigidBodySpringDamper, RigidBodySpringDamper } from './items/objects/ObjectConnectorRigidBodySpringDamper.ts';
export type { RigidBodySpringForceTorqueUserFunction } from './items/objects/ObjectConnectorRigidBodySpringDamper.ts';
export { ObjectConnectorTorsionalSpringDamper, TorsionalSpringDamper } from './items/objects/ObjectConnectorTorsionalSpringDamper.ts';
export type { TorsionalSpringTorqueUserFunction } from './items/objects/ObjectConnectorTorsionalSpringDamper.ts';
export { ObjectFFRFreducedOrder, CMSobject } from './items/objects/ObjectFFRFreducedOrder.ts';
export type { FFRFreducedOrderForceUserFunction, FFRFreducedOrderMassMatrixUserFunction } from './items/objects/ObjectFFRFreducedOrder.ts';
export { MarkerNodePosition } from './items/markers/MarkerNodePosition.ts';
export { MarkerNodeCoordinate } from './items/markers/MarkerNodeCoordinate.ts';
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
export type { DistributedLoadUserFunction } from './items/loads/LoadDistributed.ts';
export { SensorNode } from './items/sensors/SensorNode.ts';
export { SensorLoad } from './items/sensors/SensorLoad.ts';
export { SensorObject } from './items/sensors/SensorObject.ts';
export { SensorBody } from './items/sensors/SensorBody.ts';
export { SensorMarker } from './items/sensors/SensorMarker.ts';
export { SensorUserFunction } from './items/sensors/SensorUserFunction.ts';
export { SensorSuperElement } from './items/sensors/SensorSuperElement.ts';

/** Rotations, rigid-body inertia and 3×3 kernels (Exudyn's rigidBodyUtilities names). */
export * from './rotations/index.ts';

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
/** Solution files: parse coordinatesSolution.txt (Flexdyn or Exudyn ASCII) and its header (flexdyn/node reads them by name). */
export { parseSolutionFile, solutionRowAtTime, RowMatrix, solutionFileFormatVersion } from './io/solutionFile.ts';
export type { Solution, SolutionHeader, SolutionModelSummary, SolutionItemSummary, SolutionNodeSummary, SolutionObjectSummary, SolutionSensorSummary, SystemCoordinateCounts, WrittenCoordinates } from './io/solutionFile.ts';
/** Plots (SVG, no native dependencies) and sensor files. */
export { plotSensor, componentNorm } from './io/plotSensor.ts';
export type { PlotSensorOptions, PlotSensorResult, PlotSource, PlotData, PlotSensorSystem } from './io/plotSensor.ts';
export { svgPlot, niceTicks, formatTicks, plotColors } from './io/svgPlot.ts';
export type { PlotCurve, SvgPlotOptions, AxisTicks } from './io/svgPlot.ts';
export { parseSensorFile } from './io/sensorFile.ts';
export type { SensorFileData } from './io/sensorFile.ts';
/** The file system the engine reads and writes through (flexdyn/node installs Node's; without one, solves keep their files in memory). */
export { installFileSystem, installedFileSystem, InMemoryFileSystem } from './core/fileSystem.ts';
export type { FileSystemAccess, TextFileWriter, FileLocation } from './core/fileSystem.ts';
