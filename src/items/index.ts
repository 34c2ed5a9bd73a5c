import { ItemRegistry, type ItemDefinition } from '../registry/definition.ts';
import { nodePointDefinition } from './nodes/NodePoint.ts';
import { nodePoint2DDefinition } from './nodes/NodePoint2D.ts';
import { nodePointGroundDefinition } from './nodes/NodePointGround.ts';
import { nodeGenericODE2Definition } from './nodes/NodeGenericODE2.ts';
import { nodeGenericDataDefinition } from './nodes/NodeGenericData.ts';
import { nodePoint2DSlope1Definition } from './nodes/NodePoint2DSlope1.ts';
import { node1DDefinition } from './nodes/Node1D.ts';
import { nodeGenericODE1Definition } from './nodes/NodeGenericODE1.ts';
import { nodeRigidBodyEPDefinition } from './nodes/NodeRigidBodyEP.ts';
import { nodeRigidBodyRxyzDefinition } from './nodes/NodeRigidBodyRxyz.ts';
import { nodeRigidBodyRotVecLGDefinition } from './nodes/NodeRigidBodyRotVecLG.ts';
import { nodeRigidBodyQuaternionDefinition } from './nodes/NodeRigidBodyQuaternion.ts';
import { nodeRigidBody2DDefinition } from './nodes/NodeRigidBody2D.ts';
import { objectGroundDefinition } from './objects/ObjectGround.ts';
import { objectMassPointDefinition } from './objects/ObjectMassPoint.ts';
import { objectMassPoint2DDefinition } from './objects/ObjectMassPoint2D.ts';
import { objectConnectorCoordinateSpringDamperDefinition } from './objects/ObjectConnectorCoordinateSpringDamper.ts';
import { objectConnectorCoordinateSpringDamperExtDefinition } from './objects/ObjectConnectorCoordinateSpringDamperExt.ts';
import { objectContactCoordinateDefinition } from './objects/ObjectContactCoordinate.ts';
import { objectContactSphereSphereDefinition } from './objects/ObjectContactSphereSphere.ts';
import { objectContactSphereTriangleDefinition } from './objects/ObjectContactSphereTriangle.ts';
import { objectContactCircleCable2DDefinition } from './objects/ObjectContactCircleCable2D.ts';
import { objectContactFrictionCircleCable2DDefinition } from './objects/ObjectContactFrictionCircleCable2D.ts';
import { objectContactConvexRollDefinition } from './objects/ObjectContactConvexRoll.ts';
import { objectContactCurveCirclesDefinition } from './objects/ObjectContactCurveCircles.ts';
import { objectContactRodPlaneDefinition } from './objects/ObjectContactRodPlane.ts';
import { objectContactRodSphereDefinition } from './objects/ObjectContactRodSphere.ts';
import { objectContactRodCylinderDefinition } from './objects/ObjectContactRodCylinder.ts';
import { markerBodyCable2DShapeDefinition } from './markers/MarkerBodyCable2DShape.ts';
import { markerBodyCable2DCoordinatesDefinition } from './markers/MarkerBodyCable2DCoordinates.ts';
import { objectConnectorSpringDamperDefinition } from './objects/ObjectConnectorSpringDamper.ts';
import { objectConnectorCartesianSpringDamperDefinition } from './objects/ObjectConnectorCartesianSpringDamper.ts';
import { objectConnectorCoordinateDefinition } from './objects/ObjectConnectorCoordinate.ts';
import { objectConnectorDistanceDefinition } from './objects/ObjectConnectorDistance.ts';
import { objectConnectorGravityDefinition } from './objects/ObjectConnectorGravity.ts';
import { objectANCFCable2DDefinition } from './objects/ObjectANCFCable2D.ts';
import { objectALEANCFCable2DDefinition } from './objects/ObjectALEANCFCable2D.ts';
import { objectJointSliding2DDefinition } from './objects/ObjectJointSliding2D.ts';
import { objectJointALEMoving2DDefinition } from './objects/ObjectJointALEMoving2D.ts';
import { objectBeamGeometricallyExact2DDefinition } from './objects/ObjectBeamGeometricallyExact2D.ts';
import { objectANCFBeamDefinition } from './objects/ObjectANCFBeam.ts';
import { nodePointSlope23Definition } from './nodes/NodePointSlope23.ts';
import { nodePointSlope1Definition } from './nodes/NodePointSlope1.ts';
import { objectANCFCableDefinition } from './objects/ObjectANCFCable.ts';
import { objectBeamGeometricallyExactDefinition } from './objects/ObjectBeamGeometricallyExact.ts';
import { objectCosseratRodDefinition } from './objects/ObjectCosseratRod.ts';
import { objectRodLinearDampingDefinition } from './objects/ObjectRodLinearDamping.ts';
import { objectRodUniformTorqueDefinition } from './objects/ObjectRodUniformTorque.ts';
import { objectRodGlobalMuscleTorqueDefinition } from './objects/ObjectRodGlobalMuscleTorque.ts';
import { objectRodSlenderBodyDragDefinition } from './objects/ObjectRodSlenderBodyDrag.ts';
import { objectGenericODE2Definition } from './objects/ObjectGenericODE2.ts';
import { objectGenericODE1Definition } from './objects/ObjectGenericODE1.ts';
import { objectConnectorHydraulicActuatorSimpleDefinition } from './objects/ObjectConnectorHydraulicActuatorSimple.ts';
import { objectFFRFDefinition } from './objects/ObjectFFRF.ts';
import { objectMass1DDefinition } from './objects/ObjectMass1D.ts';
import { objectRotationalMass1DDefinition } from './objects/ObjectRotationalMass1D.ts';
import { objectRigidBodyDefinition } from './objects/ObjectRigidBody.ts';
import { objectRigidBody2DDefinition } from './objects/ObjectRigidBody2D.ts';
import { objectJointGenericDefinition } from './objects/ObjectJointGeneric.ts';
import { objectJointSphericalDefinition } from './objects/ObjectJointSpherical.ts';
import { objectJointRollingDiscDefinition } from './objects/ObjectJointRollingDisc.ts';
import { objectConnectorRollingDiscPenaltyDefinition } from './objects/ObjectConnectorRollingDiscPenalty.ts';
import { objectJointRevoluteZDefinition } from './objects/ObjectJointRevoluteZ.ts';
import { objectJointPrismaticXDefinition } from './objects/ObjectJointPrismaticX.ts';
import { objectJointRevolute2DDefinition } from './objects/ObjectJointRevolute2D.ts';
import { objectJointPrismatic2DDefinition } from './objects/ObjectJointPrismatic2D.ts';
import { objectConnectorRigidBodySpringDamperDefinition } from './objects/ObjectConnectorRigidBodySpringDamper.ts';
import { objectConnectorTorsionalSpringDamperDefinition } from './objects/ObjectConnectorTorsionalSpringDamper.ts';
import { objectConnectorCoordinateVectorDefinition } from './objects/ObjectConnectorCoordinateVector.ts';
import { objectConnectorLinearSpringDamperDefinition } from './objects/ObjectConnectorLinearSpringDamper.ts';
import { objectConnectorReevingSystemSpringsDefinition } from './objects/ObjectConnectorReevingSystemSprings.ts';
import { markerNodeCoordinatesDefinition } from './markers/MarkerNodeCoordinates.ts';
import { markerObjectODE2CoordinatesDefinition } from './markers/MarkerObjectODE2Coordinates.ts';
import { markerNodePositionDefinition } from './markers/MarkerNodePosition.ts';
import { markerNodeCoordinateDefinition } from './markers/MarkerNodeCoordinate.ts';
import { markerBodyPositionDefinition } from './markers/MarkerBodyPosition.ts';
import { markerBodyMassDefinition } from './markers/MarkerBodyMass.ts';
import { markerBodyRigidDefinition } from './markers/MarkerBodyRigid.ts';
import { markerNodeRigidDefinition } from './markers/MarkerNodeRigid.ts';
import { markerNodeRotationCoordinateDefinition } from './markers/MarkerNodeRotationCoordinate.ts';
import { loadForceVectorDefinition } from './loads/LoadForceVector.ts';
import { loadTorqueVectorDefinition } from './loads/LoadTorqueVector.ts';
import { loadCoordinateDefinition } from './loads/LoadCoordinate.ts';
import { loadMassProportionalDefinition } from './loads/LoadMassProportional.ts';
import { loadDistributedDefinition } from './loads/LoadDistributed.ts';
import { loadMuscleTorqueDefinition } from './loads/LoadMuscleTorque.ts';
import { loadSinusoidalEndForcesDefinition } from './loads/LoadSinusoidalEndForces.ts';
import { sensorNodeDefinition } from './sensors/SensorNode.ts';
import { sensorLoadDefinition } from './sensors/SensorLoad.ts';
import { sensorObjectDefinition } from './sensors/SensorObject.ts';
import { sensorBodyDefinition } from './sensors/SensorBody.ts';
import { objectFFRFreducedOrderDefinition } from './objects/ObjectFFRFreducedOrder.ts';
import { markerSuperElementPositionDefinition } from './markers/MarkerSuperElementPosition.ts';
import { markerSuperElementRigidDefinition } from './markers/MarkerSuperElementRigid.ts';
import { sensorSuperElementDefinition } from './sensors/SensorSuperElement.ts';
import { sensorMarkerDefinition } from './sensors/SensorMarker.ts';
import { sensorUserFunctionDefinition } from './sensors/SensorUserFunction.ts';

/** Every item type Flexdyn knows, in the order of the reference pages. Adding an item type means adding one line here. */
export const itemDefinitions: readonly ItemDefinition[] = [
  nodePointDefinition,
  nodePoint2DDefinition,
  nodePointGroundDefinition,
  nodeGenericODE2Definition,
  nodeGenericDataDefinition,
  nodePoint2DSlope1Definition,
  node1DDefinition,
  nodeGenericODE1Definition,
  nodeRigidBodyEPDefinition,
  nodeRigidBodyRxyzDefinition,
  nodeRigidBodyRotVecLGDefinition,
  nodeRigidBodyQuaternionDefinition,
  nodeRigidBody2DDefinition,
  objectGroundDefinition,
  objectMassPointDefinition,
  objectMassPoint2DDefinition,
  objectConnectorCoordinateSpringDamperDefinition,
  objectConnectorCoordinateSpringDamperExtDefinition,
  objectContactCoordinateDefinition,
  objectContactSphereSphereDefinition,
  objectContactSphereTriangleDefinition,
  objectContactCircleCable2DDefinition,
  objectContactFrictionCircleCable2DDefinition,
  objectContactConvexRollDefinition,
  objectContactCurveCirclesDefinition,
  objectContactRodPlaneDefinition,
  objectContactRodSphereDefinition,
  objectContactRodCylinderDefinition,
  objectConnectorSpringDamperDefinition,
  objectConnectorCartesianSpringDamperDefinition,
  objectConnectorCoordinateDefinition,
  objectConnectorDistanceDefinition,
  objectConnectorGravityDefinition,
  objectANCFCable2DDefinition,
  objectBeamGeometricallyExact2DDefinition,
  objectANCFBeamDefinition,
  nodePointSlope23Definition,
  nodePointSlope1Definition,
  objectANCFCableDefinition,
  objectBeamGeometricallyExactDefinition,
  objectCosseratRodDefinition,
  objectRodLinearDampingDefinition,
  objectRodUniformTorqueDefinition,
  objectRodGlobalMuscleTorqueDefinition,
  objectRodSlenderBodyDragDefinition,
  objectGenericODE2Definition,
  objectGenericODE1Definition,
  objectConnectorHydraulicActuatorSimpleDefinition,
  objectFFRFDefinition,
  objectMass1DDefinition,
  objectRotationalMass1DDefinition,
  objectRigidBodyDefinition,
  objectRigidBody2DDefinition,
  objectJointGenericDefinition,
  objectJointSphericalDefinition,
  objectJointRollingDiscDefinition,
  objectConnectorRollingDiscPenaltyDefinition,
  objectJointRevoluteZDefinition,
  objectJointPrismaticXDefinition,
  objectJointRevolute2DDefinition,
  objectJointPrismatic2DDefinition,
  objectConnectorRigidBodySpringDamperDefinition,
  objectConnectorTorsionalSpringDamperDefinition,
  objectFFRFreducedOrderDefinition,
  objectConnectorCoordinateVectorDefinition,
  objectConnectorLinearSpringDamperDefinition,
  objectConnectorReevingSystemSpringsDefinition,
  objectALEANCFCable2DDefinition,
  objectJointSliding2DDefinition,
  objectJointALEMoving2DDefinition,
  markerNodePositionDefinition,
  markerNodeCoordinateDefinition,
  markerBodyCable2DShapeDefinition,
  markerBodyPositionDefinition,
  markerBodyMassDefinition,
  markerBodyRigidDefinition,
  markerNodeRigidDefinition,
  markerNodeRotationCoordinateDefinition,
  markerSuperElementPositionDefinition,
  markerSuperElementRigidDefinition,
  markerNodeCoordinatesDefinition,
  markerObjectODE2CoordinatesDefinition,
  markerBodyCable2DCoordinatesDefinition,
  loadForceVectorDefinition,
  loadTorqueVectorDefinition,
  loadCoordinateDefinition,
  loadMassProportionalDefinition,
  loadDistributedDefinition,
  loadMuscleTorqueDefinition,
  loadSinusoidalEndForcesDefinition,
  sensorNodeDefinition,
  sensorLoadDefinition,
  sensorObjectDefinition,
  sensorBodyDefinition,
  sensorMarkerDefinition,
  sensorUserFunctionDefinition,
  sensorSuperElementDefinition,
];

/** The registry of all item types, used by MainSystem to validate and create items. */
export const itemRegistry = new ItemRegistry();
for (const definition of itemDefinitions) itemRegistry.register(definition);
