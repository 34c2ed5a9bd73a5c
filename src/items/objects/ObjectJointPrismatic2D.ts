import { makeFactory, type ItemDefinition } from '../../registry/definition.ts';
import type { BindContext, ItemState, NodeModel, ObjectModel, Only } from '../../registry/capabilities.ts';
import { itemError, type ItemLabel } from '../../core/errors.ts';
import type { OutputVariableType } from '../../registry/enums.ts';
import { bool, markerIndexArray, vector } from '../../registry/parameters.ts';
import { cross3Into, mat3MulVecInto } from '../../rotations/skew.ts';
import { lagrangeMultiplier, RigidMarkerPair } from './connectorBase.ts';

const parameters = {
  markerNumbers: markerIndexArray('Two rigid markers [m0, m1] (position and orientation).', 2),
  axisMarker0: vector([1, 0, 0], 'Sliding axis t̄0 in the frame of marker 0.', 3, 'Vector3D'),
  normalMarker1: vector([0, 1, 0], 'Normal n̄1 to the sliding axis in the frame of marker 1.', 3, 'Vector3D'),
  constrainRotation: bool(true, 'If true, the relative rotation is locked (t0·n1 = 0), else the second equation reads λ1 = 0.'),
  activeConnector: bool(true, 'If false, both equations read λ = 0 (the multipliers stay).'),
};

/** Run-time model of a planar prismatic joint; its equations are planar, not a selection of the generic joint's. */
class Prismatic2DModel implements Only<ObjectModel, Prismatic2DModel> {
  readonly nAE = 2;
  localNodes: NodeModel[] = [];
  readonly multiplierRows: readonly number[];
  private readonly markers: RigidMarkerPair;
  /** t0 = A0 t̄0 and n1 = A1 n̄1. */
  private readonly t0 = new Float64Array(3);
  private readonly n1 = new Float64Array(3);
  private readonly work = new Float64Array(3);
  private readonly work2 = new Float64Array(3);
  private n = 0;

  constructor(readonly label: ItemLabel, private readonly v: {
    markerNumbers: readonly number[]; axisMarker0: Float64Array; normalMarker1: Float64Array; constrainRotation: boolean; activeConnector: boolean;
  }) {
    this.markers = new RigidMarkerPair(label, v.markerNumbers);
    this.multiplierRows = !v.activeConnector ? [0, 1] : v.constrainRotation ? [] : [1];
  }

  bind(context: BindContext): void {
    this.markers.bind(context);
    this.localNodes = this.markers.localNodes;
    this.n = this.markers.n0 + this.markers.n1;
  }

  /** Updates positions, velocities, A0, A1, t0 and n1. */
  private kinematics(s: ItemState): void {
    const { markers } = this;
    markers.evaluateRelative(s);
    markers.evaluateOrientations(s);
    mat3MulVecInto(this.t0, markers.a0, this.v.axisMarker0);
    mat3MulVecInto(this.n1, markers.a1, this.v.normalMarker1);
  }

  /** Index 3: [d·n1, t0·n1]; index 2: [Δv·n1 + d·ṅ1, ṫ0·n1 + t0·ṅ1] with ṫ0 = A0(ω̄0 × t̄0), ṅ1 = A1(ω̄1 × n̄1). */
  ae(s: ItemState, g: Float64Array, useIndex2: boolean): void {
    const { v } = this;
    if (!v.activeConnector) {
      g[0] = lagrangeMultiplier(s, this, 0);
      g[1] = lagrangeMultiplier(s, this, 1);
      return;
    }
    this.kinematics(s);
    const { dp, dv } = this.markers;
    const { t0, n1 } = this;
    if (!useIndex2) {
      g[0] = dot(dp, n1);
      g[1] = v.constrainRotation ? dot(t0, n1) : lagrangeMultiplier(s, this, 1);
      return;
    }
    const { a0, a1, omega0, omega1 } = this.markers;
    this.markers.evaluateAngularVelocities(s);
    const t0Dot = mat3MulVecInto(this.work, a0, cross3Into(this.work, omega0, v.axisMarker0));
    const n1Dot = mat3MulVecInto(this.work2, a1, cross3Into(this.work2, omega1, v.normalMarker1));
    g[0] = dot(dv, n1) + dot(dp, n1Dot);
    g[1] = v.constrainRotation ? dot(t0Dot, n1) + dot(t0, n1Dot) : lagrangeMultiplier(s, this, 1);
  }

  /**
   * Exudyn's planar Jacobian: row 0 [−(J0_x n1_x + J0_y n1_y) | J1_x n1_x + J1_y n1_y − d·A1(n̄1 × G1)],
   * row 1 [−A0(t̄0 × G0)·n1 | −t0·A1(n̄1 × G1)], with the columns of the (global) rotation Jacobians G.
   */
  ae_q(s: ItemState, c: Float64Array): void {
    if (!this.v.activeConnector) return;
    this.kinematics(s);
    const { markers, n, t0, n1, work, work2 } = this;
    const { n0, n1: count1, jacobian0: j0, jacobian1: j1, dp } = markers;
    markers.evaluateJacobians(s);
    markers.evaluateRotationJacobians(s);
    const g0 = markers.rotationJacobian0, g1 = markers.rotationJacobian1;
    const rotation = this.v.constrainRotation;
    for (let k = 0; k < n0; k++) {
      c[k] = -j0[k] * n1[0] - j0[n0 + k] * n1[1];
      if (rotation) {
        work2[0] = g0[k]; work2[1] = g0[n0 + k]; work2[2] = g0[2 * n0 + k];
        mat3MulVecInto(work, markers.a0, cross3Into(work, this.v.axisMarker0, work2));
        c[n + k] = -dot(work, n1);
      }
    }
    for (let k = 0; k < count1; k++) {
      work2[0] = g1[k]; work2[1] = g1[count1 + k]; work2[2] = g1[2 * count1 + k];
      mat3MulVecInto(work, markers.a1, cross3Into(work, this.v.normalMarker1, work2));
      c[n0 + k] = j1[k] * n1[0] + j1[count1 + k] * n1[1] - dot(dp, work);
      if (rotation) c[n + n0 + k] = -dot(t0, work);
    }
  }

  output(_variable: OutputVariableType, _s: ItemState): ArrayLike<number> | undefined {
    return undefined;
  }
}

function dot(a: ArrayLike<number>, b: ArrayLike<number>): number {
  return a[0] * b[0] + a[1] * b[1] + a[2] * b[2];
}

/** A planar prismatic joint (Exudyn's ObjectJointPrismatic2D, alias PrismaticJoint2D). */
export const objectJointPrismatic2DDefinition: ItemDefinition<'Object', typeof parameters> = {
  category: 'Object',
  typeName: 'JointPrismatic2D',
  aliases: ['PrismaticJoint2D'],
  description: 'Marker 1 slides along the axis t0 = A0·axisMarker0 of marker 0 in the plane: its position stays on the line '
    + '(d·n1 = 0 with n1 = A1·normalMarker1) and, with constrainRotation, the relative rotation is locked (t0·n1 = 0); '
    + '2 algebraic equations. For planar bodies (rotation about z). No output variables (Exudyn raises "not implemented").',
  parameters,
  outputVariables: [],
  equations: 'd = p1 − p0. Index 3: g0 = d·n1, g1 = t0·n1 (or λ1 without constrainRotation). Index 2: g0 = (v1 − v0)·n1 + d·A1(ω̄1 × n̄1), '
    + 'g1 = A0(ω̄0 × t̄0)·n1 + t0·A1(ω̄1 × n̄1). Jacobian (planar, as Exudyn: z rows of J0, J1 ignored, the global rotation Jacobian '
    + 'columns G crossed with the local axes): row 0 [−(J0_x n1_x + J0_y n1_y) | J1_x n1_x + J1_y n1_y − d·A1(n̄1 × G1)], '
    + 'row 1 [−A0(t̄0 × G0)·n1 | −t0·A1(n̄1 × G1)].',
  example: (mbs) => {
    const nodes = [0, 1].map((i) => mbs.addNode({ nodeType: 'RigidBody2D', referenceCoordinates: [i, 0.2 * i, 0.3 * i], initialVelocities: [0.1, 0.2 * i, 1 - 2 * i] }));
    const bodies = nodes.map((node) => mbs.addObject({ objectType: 'RigidBody2D', physicsMass: 1, physicsInertia: 0.2, nodeNumber: node }));
    const markers = bodies.map((body, i) => mbs.addMarker({ markerType: 'BodyRigid', bodyNumber: body, localPosition: [0.5 - i, 0.1 * i, 0] }));
    return mbs.addObject({ objectType: 'JointPrismatic2D', markerNumbers: markers, axisMarker0: [0.6, 0.8, 0], normalMarker1: [0, 1, 0] });
  },
  create: (v, label) => new Prismatic2DModel(label, {
    markerNumbers: v.markerNumbers, axisMarker0: Float64Array.from(v.axisMarker0), normalMarker1: Float64Array.from(v.normalMarker1),
    constrainRotation: v.constrainRotation, activeConnector: v.activeConnector,
  }),
};

/** Factory for a planar prismatic joint. */
export const ObjectJointPrismatic2D = makeFactory(objectJointPrismatic2DDefinition);
/** Exudyn's alias of {@link ObjectJointPrismatic2D}. */
export const PrismaticJoint2D = ObjectJointPrismatic2D;
