import { makeFactory, type ItemDefinition } from '../../registry/definition.ts';
import type { ItemState, ObjectModel, Only } from '../../registry/capabilities.ts';
import { itemError, type ItemLabel } from '../../core/errors.ts';
import { bool, ureal, vector, type ParameterValues } from '../../registry/parameters.ts';
import { addExampleRod, projectColumns, RodRigidContactModel, rodRigidContactForceEquations, rodRigidContactOutputs, rodRigidContactOutputsText, rodRigidContactParameters, validateRodRigidContact } from './rodRigidContact.ts';

const parameters = {
  ...rodRigidContactParameters,
  cylinderRadius: ureal(0, 'Radius R_c [m] of the cylinder whose axis passes through the marker (> 0; the default 0 must be replaced).'),
  cylinderAxis: vector([0, 0, 1], 'Direction of the cylinder\'s axis in the marker frame (normalized; must not be zero); the cylinder is unbounded along it.', 3, 'Vector3D'),
  insideCylinder: bool(false, 'If true, the rod runs inside a tube of radius R_c (a catheter in a vessel): gap = R_c − R − |Δp|; else it touches the cylinder '
    + 'from outside: gap = |Δp| − R_c − R.'),
};

type Values = ParameterValues<typeof parameters>;

/**
 * Run-time model of the rod–cylinder contact: the axis a = A a_l of the marker frame, Δp = (I − a aᵀ) d (d = x − c), gap
 * |Δp| − R_c − R (outside) or R_c − R − |Δp| (inside, normal −Δp/|Δp|); ∂Δp = P ∂d − ((a·d) I + a dᵀ) ∂a with
 * ∂a = −ã J_r0 (+ the marker's null direction of A a_l, Euler parameters).
 */
class ContactRodCylinderModel extends RodRigidContactModel implements Only<ObjectModel, ContactRodCylinderModel> {
  /** Unit axis in the marker frame and globally. */
  private readonly axisLocal = new Float64Array(3);
  private readonly axis = new Float64Array(3);
  private readonly rotation = new Float64Array(9);
  private axisJacobian = new Float64Array(0);

  constructor(label: ItemLabel, private readonly cylinder: Values) {
    super(label, cylinder, cylinder.insideCylinder ? -1 : 1, 'for the orientation of the cylinder\'s axis');
    const a = cylinder.cylinderAxis, length = Math.hypot(a[0], a[1], a[2]);
    for (let i = 0; i < 3; i++) this.axisLocal[i] = a[i] / length;
  }

  protected gapOf(distance: number): number {
    const { cylinderRadius: Rc, radius: R } = this.cylinder;
    return this.cylinder.insideCylinder ? Rc - R - distance : distance - Rc - R;
  }

  protected relativeVector(s: ItemState): void {
    const A = this.rotation, a = this.axis, al = this.axisLocal, d = this.d;
    this.shape!.orientation(s, A);
    for (let i = 0; i < 3; i++) a[i] = A[3 * i] * al[0] + A[3 * i + 1] * al[1] + A[3 * i + 2] * al[2];
    const ad = a[0] * d[0] + a[1] * d[1] + a[2] * d[2];
    for (let i = 0; i < 3; i++) this.dp[i] = d[i] - ad * a[i];
  }

  protected relativeVectorJacobian(s: ItemState): void {
    const pair = this.pair, { n0, n } = pair, a = this.axis, d = this.d, dDp = pair.dDp;
    projectColumns(a, this.dD, n, dDp);
    if (n0 === 0) return;
    if (this.axisJacobian.length !== 3 * n0) this.axisJacobian = new Float64Array(3 * n0);
    const da = this.axisJacobian, jr = pair.jr0;
    // ∂a = −ã J_r0 = J_r0 columns × a
    for (let j = 0; j < n0; j++) {
      const x = jr[j], y = jr[n0 + j], z = jr[2 * n0 + j];
      da[j] = y * a[2] - z * a[1];
      da[n0 + j] = z * a[0] - x * a[2];
      da[2 * n0 + j] = x * a[1] - y * a[0];
    }
    this.shape!.addRotatedVectorNullDirection?.(s, this.axisLocal, da);
    const ad = a[0] * d[0] + a[1] * d[1] + a[2] * d[2];
    for (let j = 0; j < n0; j++) {
      const x = da[j], y = da[n0 + j], z = da[2 * n0 + j], dda = d[0] * x + d[1] * y + d[2] * z;
      dDp[j] -= ad * x + a[0] * dda;
      dDp[n + j] -= ad * y + a[1] * dda;
      dDp[2 * n + j] -= ad * z + a[2] * dda;
    }
  }
}

/** Contact of a Cosserat rod with a cylinder (outside, or inside a tube) on a rigid body or the ground, with friction (issue 14). */
export const objectContactRodCylinderDefinition: ItemDefinition<'Object', typeof parameters> = {
  category: 'Object',
  typeName: 'ContactRodCylinder',
  description: 'Penalty contact between a rod (ObjectCosseratRod, bodyNumber) of circular cross-section R and an unbounded circular cylinder of radius R_c '
    + 'whose axis passes through a rigid marker along cylinderAxis (markerNumber: on a rigid body, e.g. a pulley on a revolute joint, which receives '
    + 'the reaction force and its moment, or on the ground): the rod touches it from outside (a thread over a pulley, a capstan) or runs inside it '
    + '(insideCylinder: a catheter in a vessel). Acting at pointsPerElement Gauss points of every element: normal force per length k δ^n − d v_n '
    + '(δ = −gap, linear or Hertz-like) integrated over the reference arc length, normal to the axis, and Coulomb friction at the contact point '
    + '(midway in the overlap; it also turns the section and the cylinder), regularized below v_reg, with a stick/slip state per point: below v_reg '
    + 'the static coefficient, above the dynamic one. ' + rodRigidContactOutputsText,
  parameters,
  outputVariables: rodRigidContactOutputs,
  equations: [
    'Contact point k at arc length s_k (Gauss points), reference length ds_k: d = r(s_k) − c (c the marker position), a = A a_l (unit axis), Δp = (I − a aᵀ) d;',
    'outside: gap = |Δp| − R_c − R, n0 = Δp/|Δp|; inside: gap = R_c − R − |Δp|, n0 = −Δp/|Δp|;',
    ...rodRigidContactForceEquations,
    'force on the rod F = F_c n0 − F_t at the contact point, −F on the cylinder\'s body. Post-Newton: stored gap ← gap, slip speed ← |v_t|.',
  ].join('\n'),
  example: (mbs) => {
    // a curved quadratic rod across a moving, spinning cylinder (tilted axis) on a rigid body with Euler parameters (the
    // axis's null direction), marker off the body's centre, friction: the first element's points slide, the second
    // element's stick; a second contact runs the rod inside a tube on the same body. The linear law (the Hertz-like one is
    // the sphere's example): the gaps along the rod span 0, where δ^1.5 curves too strongly for central differences
    const rod = addExampleRod(mbs);
    const ep = [0.9, 0.1, -0.2, 0.3], norm = Math.hypot(...ep);
    const body = mbs.addObject({
      objectType: 'RigidBody', physicsMass: 2, physicsInertia: [0.1, 0.2, 0.3, 0, 0, 0],
      nodeNumber: mbs.addNode({ nodeType: 'RigidBodyEP', referenceCoordinates: [0.05, 0.1, -0.7, ...ep.map((e) => e / norm)], initialVelocities: [0.1, -0.2, 0.3, 0.2, 0.3, -0.1, 0.4] }),
    });
    const marker = mbs.addMarker({ markerType: 'BodyRigid', bodyNumber: body, localPosition: [0.1, -0.05, 0.02] });
    const data = [0, 1].flatMap((e) => [0, 1].flatMap(() => [-0.01, e === 0 ? 1 : 0, 0, 0]));
    const node = mbs.addNode({ nodeType: 'GenericData', numberOfDataCoordinates: 16, initialCoordinates: data });
    mbs.addObject({
      objectType: 'ContactRodCylinder', bodyNumber: rod, markerNumber: marker, nodeNumber: mbs.addNode({ nodeType: 'GenericData', numberOfDataCoordinates: 16, initialCoordinates: data }),
      radius: 0.3, cylinderRadius: 0.9, cylinderAxis: [0.1, 1, 0.2], insideCylinder: true, pointsPerElement: 2, contactStiffness: 1e4, contactDamping: 20,
      dynamicFriction: 0.3, frictionProportionalZone: 0.5,
    });
    return mbs.addObject({
      objectType: 'ContactRodCylinder', bodyNumber: rod, markerNumber: marker, nodeNumber: node, radius: 0.3, cylinderRadius: 0.6, cylinderAxis: [0.1, 1, 0.2],
      pointsPerElement: 2, contactStiffness: 1e4, contactDamping: 20, dynamicFriction: 0.3, staticFriction: 0.4, frictionProportionalZone: 0.5,
    });
  },
  validate: (v, label) => {
    validateRodRigidContact(v, label);
    if (!(v.cylinderRadius > 0)) itemError(label, 'cylinderRadius', `must be a cylinder radius > 0, got ${v.cylinderRadius}`);
    if (!(Math.hypot(v.cylinderAxis[0], v.cylinderAxis[1], v.cylinderAxis[2]) > 0)) {
      itemError(label, 'cylinderAxis', `must be a vector of nonzero length, got [${Array.from(v.cylinderAxis).join(', ')}]`);
    }
    if (v.insideCylinder && !(v.cylinderRadius > v.radius)) {
      itemError(label, 'cylinderRadius', `must exceed the rod's radius R = ${v.radius} for a rod inside the cylinder (insideCylinder), got ${v.cylinderRadius}`);
    }
  },
  create: (v, label) => new ContactRodCylinderModel(label, v),
};

/** Factory for the rod–cylinder contact. */
export const ObjectContactRodCylinder = makeFactory(objectContactRodCylinderDefinition);
