import { optionNames } from '../core/dictionary.ts';
import type { CreateGroundOptions, CreateMassPointOptions, CreateRigidBodyOptions } from './bodies.ts';
import type {
  CreateCartesianSpringDamperOptions, CreateConnectorOptions, CreateDistanceConstraintOptions, CreateRigidBodySpringDamperOptions,
  CreateSpringDamperOptions, CreateTorsionalSpringDamperOptions, CreateCoordinateConstraintOptions, CreateSphereSphereContactOptions,
  CreateSphereTriangleContactOptions, CreateSphereQuadContactOptions,
} from './connectors.ts';
import type { CreateLoadOptions } from './loads.ts';
import type { CreateJointOptions } from './jointFrames.ts';
import type { CreateAxisJointOptions, CreateGenericJointOptions, CreateSphericalJointOptions } from './joints.ts';
import type { CreateCosseratRodOptions } from './rods.ts';
import type { CreateRollingDiscOptions, CreateRollingDiscPenaltyOptions } from './rollingDisc.ts';
import type { CreateDistanceSensorGeometryOptions, CreateDistanceSensorOptions } from './distanceSensor.ts';
import type { CreateRodContactSensorOptions } from './rodContactSensor.ts';

/**
 * Option names of each create helper (Exudyn's keyword arguments), for the unknown-option check: built on the first
 * call of a create helper (≈ 40 kB of objects and ≈ 0.14 ms that a fresh process of a model without them need not pay).
 */
function builderOptionTable() {
  const connector = {
    name: true, bodyNumbers: true, bodyOrNodeList: true, localPosition0: true, localPosition1: true, show: true, drawSize: true, color: true,
  } as const satisfies { readonly [K in keyof Required<CreateConnectorOptions>]: true };
  const loadOptions = {
    name: true, bodyNumber: true, loadVector: true, localPosition: true, bodyFixed: true, loadVectorUserFunction: true, show: true,
  } as const satisfies { readonly [K in keyof Required<CreateLoadOptions>]: true };
  const joint = {
    name: true, bodyNumbers: true, position: true, useGlobalFrame: true, show: true, color: true,
  } as const satisfies { readonly [K in keyof Required<CreateJointOptions>]: true };

  const sphereSurfaceContact = {
    radiusSphere: true, includeEdges: true, dynamicFriction: true, frictionProportionalZone: true, contactStiffness: true, contactDamping: true,
    contactStiffnessExponent: true, restitutionCoefficient: true, minimumImpactVelocity: true, impactModel: true, dataInitialCoordinates: true,
    activeConnector: true,
  } as const;

  return {
    createGround: optionNames<CreateGroundOptions>({ name: true, referencePosition: true, graphicsDataList: true, show: true }),
    createMassPoint: optionNames<CreateMassPointOptions>({
      name: true, referencePosition: true, initialDisplacement: true, initialVelocity: true, physicsMass: true, gravity: true, graphicsDataList: true, drawSize: true,
      color: true, show: true, create2D: true, returnDict: true,
    }),
    createRigidBody: optionNames<CreateRigidBodyOptions>({
      name: true, referencePosition: true, referenceRotationMatrix: true, initialVelocity: true, initialAngularVelocity: true, initialDisplacement: true,
      initialRotationMatrix: true, inertia: true, gravity: true, nodeType: true, graphicsDataList: true, graphicsDataUserFunction: true, drawSize: true,
      color: true, show: true, create2D: true, returnDict: true,
    }),
    createSpringDamper: optionNames<CreateSpringDamperOptions>({
      ...connector, referenceLength: true, stiffness: true, damping: true, force: true, velocityOffset: true, springForceUserFunction: true,
    }),
    createCartesianSpringDamper: optionNames<CreateCartesianSpringDamperOptions>({ ...connector, stiffness: true, damping: true, offset: true, springForceUserFunction: true }),
    createDistanceConstraint: optionNames<CreateDistanceConstraintOptions>({ ...connector, distance: true }),
    createRigidBodySpringDamper: optionNames<CreateRigidBodySpringDamperOptions>({
      ...connector, stiffness: true, damping: true, offset: true, rotationMatrixJoint: true, useGlobalFrame: true, intrinsicFormulation: true,
      springForceTorqueUserFunction: true, postNewtonStepUserFunction: true, nodeNumber: true,
    }),
    createTorsionalSpringDamper: optionNames<CreateTorsionalSpringDamperOptions>({
      ...joint, axis: true, stiffness: true, damping: true, offset: true, velocityOffset: true, torque: true, springTorqueUserFunction: true,
      unlimitedRotations: true, drawSize: true,
    }),
    createDistanceSensorGeometry: optionNames<CreateDistanceSensorGeometryOptions>({ meshPoints: true, meshTrigs: true, rigidBodyMarkerIndex: true, searchTreeCellSize: true }),
    createDistanceSensor: optionNames<CreateDistanceSensorOptions>({
      generalContactIndex: true, positionOrMarker: true, dirSensor: true, minDistance: true, maxDistance: true, cylinderRadius: true, selectedTypeIndex: true,
      storeInternal: true, fileName: true, measureVelocity: true, addGraphicsObject: true, drawDisplaced: true, color: true,
    }),
    createRodContactSensor: optionNames<CreateRodContactSensorOptions>({ generalContactNumber: true, storeInternal: true, writeToFile: true, fileName: true }),
    createSphereSphereContact: optionNames<CreateSphereSphereContactOptions>({
      ...connector, spheresRadii: true, isHollowSphere1: true, dynamicFriction: true, frictionProportionalZone: true, contactStiffness: true,
      contactDamping: true, contactStiffnessExponent: true, constantPullOffForce: true, contactPlasticityRatio: true, adhesionCoefficient: true,
      adhesionExponent: true, restitutionCoefficient: true, minimumImpactVelocity: true, impactModel: true, dataInitialCoordinates: true,
      activeConnector: true,
    }),
    createSphereTriangleContact: optionNames<CreateSphereTriangleContactOptions>({ ...connector, ...sphereSurfaceContact, trianglePoints: true }),
    createSphereQuadContact: optionNames<CreateSphereQuadContactOptions>({ ...connector, ...sphereSurfaceContact, quadPoints: true }),
    createRevoluteJoint: optionNames<CreateAxisJointOptions>({ ...joint, axis: true, axisRadius: true, axisLength: true }),
    createPrismaticJoint: optionNames<CreateAxisJointOptions>({ ...joint, axis: true, axisRadius: true, axisLength: true }),
    createSphericalJoint: optionNames<CreateSphericalJointOptions>({ ...joint, constrainedAxes: true, jointRadius: true }),
    createRollingDisc: optionNames<CreateRollingDiscOptions>({
      name: true, bodyNumbers: true, axisPosition: true, axisVector: true, discRadius: true, planePosition: true, planeNormal: true,
      constrainedAxes: true, activeConnector: true, show: true, discWidth: true, color: true,
    }),
    createRollingDiscPenalty: optionNames<CreateRollingDiscPenaltyOptions>({
      name: true, bodyNumbers: true, axisPosition: true, axisVector: true, discRadius: true, planePosition: true, planeNormal: true,
      contactStiffness: true, contactDamping: true, dryFriction: true, dryFrictionAngle: true, dryFrictionProportionalZone: true,
      viscousFriction: true, rollingFrictionViscous: true, useLinearProportionalZone: true, activeConnector: true, show: true,
      discWidth: true, color: true,
    }),
    createGenericJoint: optionNames<CreateGenericJointOptions>({
      ...joint, rotationMatrixAxes: true, constrainedAxes: true, offsetUserFunction: true, offsetUserFunction_t: true, axesRadius: true, axesLength: true,
    }),
    createCosseratRod: optionNames<CreateCosseratRodOptions>({
      name: true, centerline: true, numberOfElements: true, polynomialDegree: true, interpolation: true, rodParameters: true, physicsAxialShearStiffness: true,
      physicsBendingTorsionStiffness: true, physicsMassPerLength: true, physicsInertiaPerLength: true, physicsAxialShearDamping: true,
      physicsBendingTorsionDamping: true, integration: true, sectionLaw: true, formulation: true, constraints: true, gravity: true, show: true,
    }),
    createCoordinateConstraint: optionNames<CreateCoordinateConstraintOptions>({
      name: true, bodyNumbers: true, coordinates: true, offset: true, factorValue1: true, velocityLevel: true, offsetUserFunction: true,
      offsetUserFunction_t: true, show: true, drawSize: true, color: true,
    }),
    createForce: optionNames<CreateLoadOptions>(loadOptions),
    createTorque: optionNames<CreateLoadOptions>(loadOptions),
  } as const;
}

/** The create helpers of MainSystem that check their options against {@link builderOptionNames}. */
export type BuilderHelper = keyof ReturnType<typeof builderOptionTable>;

let builderOptions: ReturnType<typeof builderOptionTable> | undefined;

/** The option names of the create helper `helper`. */
export function builderOptionNames(helper: BuilderHelper): readonly string[] {
  builderOptions ??= builderOptionTable();
  return builderOptions[helper];
}
