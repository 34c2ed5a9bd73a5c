import { makeFactory, type ItemDefinition } from '../../registry/definition.ts';
import type { ItemState, ObjectModel, Only } from '../../registry/capabilities.ts';
import { itemError, type ItemLabel } from '../../core/errors.ts';
import { ureal, type ParameterValues } from '../../registry/parameters.ts';
import { addExampleRod, RodRigidContactModel, rodRigidContactForceEquations, rodRigidContactOutputs, rodRigidContactOutputsText, rodRigidContactParameters, validateRodRigidContact } from './rodRigidContact.ts';

const parameters = {
  ...rodRigidContactParameters,
  sphereRadius: ureal(0, 'Radius R_s [m] of the sphere centred at the marker (> 0; the default 0 must be replaced).'),
};

type Values = ParameterValues<typeof parameters>;

/** Run-time model of the rod–sphere contact: Δp = d = x − c, gap = |d| − R_s − R. */
class ContactRodSphereModel extends RodRigidContactModel implements Only<ObjectModel, ContactRodSphereModel> {
  constructor(label: ItemLabel, private readonly sphere: Values) {
    super(label, sphere, 1, undefined);
  }

  protected gapOf(distance: number): number {
    return distance - this.sphere.sphereRadius - this.sphere.radius;
  }

  protected relativeVector(): void {
    this.dp.set(this.d);
  }

  protected relativeVectorJacobian(_s: ItemState): void {
    this.pair.dDp.set(this.dD);
  }
}

/** Contact of a Cosserat rod with a sphere on a rigid body or the ground, with friction (issue 14). */
export const objectContactRodSphereDefinition: ItemDefinition<'Object', typeof parameters> = {
  category: 'Object',
  typeName: 'ContactRodSphere',
  description: 'Penalty contact between a rod (ObjectCosseratRod, bodyNumber) of circular cross-section R and a sphere of radius R_s centred at a marker '
    + '(markerNumber: on a rigid body, which receives the reaction force and its moment, or on the ground), acting at pointsPerElement Gauss points '
    + 'of every element: normal force per length k δ^n − d v_n (δ = −gap, linear or Hertz-like) integrated over the reference arc length, along the '
    + 'line from the sphere\'s centre to the rod\'s centerline, and Coulomb friction at the contact point (midway in the overlap; it also turns the '
    + 'section and the sphere), regularized below v_reg, with a stick/slip state per point: below v_reg the static coefficient, above the dynamic one. '
    + rodRigidContactOutputsText,
  parameters,
  outputVariables: rodRigidContactOutputs,
  equations: [
    'Contact point k at arc length s_k (Gauss points), reference length ds_k: d = r(s_k) − c (c the marker position), gap = |d| − R_s − R, n0 = d/|d|;',
    ...rodRigidContactForceEquations,
    'force on the rod F = F_c n0 − F_t at the contact point, −F on the sphere\'s body. Post-Newton: stored gap ← gap, slip speed ← |v_t|.',
  ].join('\n'),
  example: (mbs) => {
    // a curved quadratic rod pressed about 0.3 into a large, moving, spinning sphere on a rigid body (every point far from
    // δ = 0, where δ^1.5 curves strongly, also at the registry test's random states), friction: the first element's points
    // slide, the second element's stick (stored slip speed < v_reg)
    const rod = addExampleRod(mbs);
    const body = mbs.addObject({
      objectType: 'RigidBody', physicsMass: 2, physicsInertia: [0.1, 0.2, 0.3, 0, 0, 0],
      nodeNumber: mbs.addNode({ nodeType: 'RigidBodyRxyz', referenceCoordinates: [0, 0.1, -4.95, 0.3, -0.2, 0.4], initialVelocities: [0.1, -0.2, 0.3, 1, -0.5, 2] }),
    });
    const marker = mbs.addMarker({ markerType: 'BodyRigid', bodyNumber: body, localPosition: [0.1, 0, 0] });
    const data = [0, 1].flatMap((e) => [0, 1].flatMap(() => [-0.01, e === 0 ? 1 : 0, 0, 0]));
    const node = mbs.addNode({ nodeType: 'GenericData', numberOfDataCoordinates: 16, initialCoordinates: data });
    return mbs.addObject({
      objectType: 'ContactRodSphere', bodyNumber: rod, markerNumber: marker, nodeNumber: node, radius: 0.3, sphereRadius: 5,
      pointsPerElement: 2, contactStiffness: 1e4, contactDamping: 20, contactStiffnessExponent: 1.5,
      dynamicFriction: 0.3, staticFriction: 0.4, frictionProportionalZone: 0.5,
    });
  },
  validate: (v, label) => {
    validateRodRigidContact(v, label);
    if (!(v.sphereRadius > 0)) itemError(label, 'sphereRadius', `must be a sphere radius > 0, got ${v.sphereRadius}`);
  },
  create: (v, label) => new ContactRodSphereModel(label, v),
};

/** Factory for the rod–sphere contact. */
export const ObjectContactRodSphere = makeFactory(objectContactRodSphereDefinition);
