import { makeFactory, type ItemDefinition } from '../../registry/definition.ts';
import type { BindContext, ItemState, LocalMatrixAccumulator, NodeModel, ObjectModel, Only, PostNewtonOutput } from '../../registry/capabilities.ts';
import { itemError, type ItemLabel } from '../../core/errors.ts';
import { OutputVariableType } from '../../registry/enums.ts';
import { bool, markerIndexArray, markerIndexList, nodeIndexArray, real, ureal, vector, type ParameterValues } from '../../registry/parameters.ts';
import { CableSlidingTrack } from './cableSliding.ts';
import { lagrangeMultiplier } from './connectorBase.ts';
import { slidingChainExample } from './ObjectJointSliding2D.ts';

const parameters = {
  markerNumbers: markerIndexArray('[m0, m1]: m0 a position marker of the moving body, m1 the MarkerBodyCable2DCoordinates of the element the joint starts on (slidingMarkerNumbers[data coordinate 0]).', 2),
  slidingMarkerNumbers: markerIndexList('The MarkerBodyCable2DCoordinates of the (ALE) cable elements, in order: element i ends where element i + 1 starts.'),
  slidingMarkerOffsets: vector([], 'Arc offset of each element from the start of the first one: [0, L0, L0 + L1, …].'),
  slidingOffset: real(0, 'Sliding offset [m]: the arc position of the body on the chain when the axial coordinate is 0.'),
  nodeNumbers: nodeIndexArray('[data node, ALE node]: a NodeGenericData with 1 data coordinate (the index of the active element) and the NodeGenericODE2 of the cable\'s axial coordinate s.', 2),
  usePenaltyFormulation: bool(false, 'True: the constraint is replaced by a penalty spring, g = d − λ/penaltyStiffness (position level also in index 2).'),
  penaltyStiffness: ureal(0, 'Stiffness of the penalty formulation [N/m]; must be positive with usePenaltyFormulation.'),
  activeConnector: bool(true, 'If false, both equations read λ = 0.'),
};

type Values = ParameterValues<typeof parameters>;

/**
 * Run-time model of the ALE moving joint: the body point p0 is fixed to the material point of an axially moving cable
 * that is at the Eulerian arc position s + slidingOffset (s the cable's axial coordinate); d = r(x) − p0 = 0 with
 * x = s + slidingOffset − offset_i. Local coordinates: m0's, the chain's nodes, the ALE node.
 */
class JointALEMoving2DModel implements Only<ObjectModel, JointALEMoving2DModel> {
  readonly nAE = 2;
  readonly multiplierRows: readonly number[];
  readonly positionLevelRows: readonly number[];
  private readonly track: CableSlidingTrack;
  private readonly active: boolean;
  private readonly penalty: boolean;
  private aleNode!: NodeModel;
  private aleColumn = -1;

  constructor(readonly label: ItemLabel, private readonly v: Values) {
    this.track = new CableSlidingTrack(label, v.markerNumbers, v.slidingMarkerNumbers, Array.from(v.slidingMarkerOffsets));
    this.active = v.activeConnector;
    this.penalty = v.usePenaltyFormulation;
    if (this.penalty && !(v.penaltyStiffness > 0)) itemError(label, 'penaltyStiffness', `must be positive with usePenaltyFormulation = true, got ${v.penaltyStiffness}`);
    this.multiplierRows = this.active ? [] : [0, 1];
    this.positionLevelRows = this.active && this.penalty ? [0, 1] : [];
  }

  get localNodes(): readonly NodeModel[] {
    return this.track.localNodes;
  }

  bind(context: BindContext): void {
    if (this.v.nodeNumbers.length !== 2) itemError(this.label, 'nodeNumbers', `must contain [data node, ALE node], got ${this.v.nodeNumbers.length} entries`);
    const ale = context.node(this.v.nodeNumbers[1], 'nodeNumbers');
    if (ale.label.typeName !== 'GenericODE2' || ale.nu !== 1) {
      itemError(this.label, 'nodeNumbers', `entry 1 must refer to the NodeGenericODE2 with one coordinate of the cable's axial motion, got Node${ale.label.typeName} #${ale.label.index} with ${ale.nu} coordinates`);
    }
    this.aleNode = ale;
    this.track.bind(context, this.v.nodeNumbers[0], 'nodeNumbers', 1, false, [ale]);
    this.aleColumn = this.track.nLocal - 1;
  }

  /** The axial coordinate s (displacement coordinate of the ALE node, as Exudyn's) plus slidingOffset. */
  private slidingPosition(s: ItemState): number {
    return s.q[this.aleNode.qIndex] + this.v.slidingOffset;
  }

  private localSlidingPosition(s: ItemState): number {
    return this.slidingPosition(s) - this.track.offsets[this.track.activeIndex(s)];
  }

  ae(s: ItemState, g: Float64Array, useIndex2: boolean, c?: Float64Array): void {
    if (!this.active) {
      g[0] = lagrangeMultiplier(s, this, 0);
      g[1] = lagrangeMultiplier(s, this, 1);
      return;
    }
    const track = this.track;
    track.evaluate(s, this.localSlidingPosition(s), c !== undefined);
    const { r, r_x, p0, v0, S, eDot, jacobian0, n0, nLocal } = track;
    if (!useIndex2 || this.penalty) {
      g[0] = r[0] - p0[0];
      g[1] = r[1] - p0[1];
      if (this.penalty) {
        g[0] -= lagrangeMultiplier(s, this, 0) / this.v.penaltyStiffness;
        g[1] -= lagrangeMultiplier(s, this, 1) / this.v.penaltyStiffness;
      }
    } else {
      const vAle = s.u[this.aleNode.uIndex];
      let vx = 0, vy = 0;
      for (let j = 0; j < 4; j++) { vx += S[j] * eDot[2 * j]; vy += S[j] * eDot[2 * j + 1]; }
      g[0] = vx + vAle * r_x[0] - v0[0];
      g[1] = vy + vAle * r_x[1] - v0[1];
    }
    if (c === undefined) return;
    for (let i = 0; i < n0; i++) {
      c[i] = -jacobian0[i];
      c[nLocal + i] = -jacobian0[n0 + i];
    }
    const columns = track.activeColumns(s);
    for (let j = 0; j < 4; j++) {
      c[columns[2 * j]] += S[j];
      c[nLocal + columns[2 * j + 1]] += S[j];
    }
    c[this.aleColumn] += r_x[0];
    c[nLocal + this.aleColumn] += r_x[1];
  }

  /** Penalty formulation: ∂g/∂λ = −I/penaltyStiffness. */
  ae_lambda(_s: ItemState, target: LocalMatrixAccumulator, factor: number): void {
    if (!this.active || !this.penalty) return;
    target.add(0, 0, -factor / this.v.penaltyStiffness);
    target.add(1, 1, -factor / this.v.penaltyStiffness);
  }

  /** Exudyn's post-Newton step: the element switch when the sliding position left the active element. */
  postNewtonStep(s: ItemState, _startOfStep: ItemState, _out: PostNewtonOutput): number {
    if (!this.active) return 0;
    return this.track.switchElement(s, this.localSlidingPosition(s));
  }

  output(variable: OutputVariableType, s: ItemState): ArrayLike<number> | undefined {
    const track = this.track;
    switch (variable) {
      case OutputVariableType.Position: { const out = new Float64Array(3); track.marker0.position(s, out); return out; }
      case OutputVariableType.Velocity: { const out = new Float64Array(3); track.marker0.velocity(s, out); return out; }
      case OutputVariableType.Coordinates: return [track.activeIndex(s), s.q[this.aleNode.qIndex]];
      case OutputVariableType.Coordinates_t: return [s.u[this.aleNode.uIndex]];
      case OutputVariableType.Force: return [lagrangeMultiplier(s, this, 0), lagrangeMultiplier(s, this, 1), 0];
      case OutputVariableType.SlidingCoordinate: return [this.slidingPosition(s)];
      default: return undefined;
    }
  }
}

/** The joint of a body moving with an axially moving cable (Exudyn's ObjectJointALEMoving2D). */
export const objectJointALEMoving2DDefinition: ItemDefinition<'Object', typeof parameters> = {
  category: 'Object',
  typeName: 'JointALEMoving2D',
  aliases: ['ALEMovingJoint2D'],
  description: 'Fixes a point of a body (marker m0) to the material point of an axially moving cable (ObjectALEANCFCable2D '
    + 'elements given by their MarkerBodyCable2DCoordinates in slidingMarkerNumbers, arc offsets slidingMarkerOffsets) that '
    + 'is at the arc position s + slidingOffset, s the axial coordinate (nodeNumbers[1]): the body moves with the cable. '
    + 'Two algebraic equations (forces [λ0, λ1]); the NodeGenericData (nodeNumbers[0]) holds the index of the active element, '
    + 'which switches after Newton when the position leaves it (discontinuous iteration; error = distance beyond the element '
    + 'end). The joint couples to the nodes of all elements of the chain and the ALE node (a fixed sparse pattern). '
    + 'Outputs: Position and Velocity of m0, Coordinates [element index, s], Coordinates_t [ṡ], Force, SlidingCoordinate s + slidingOffset.',
  parameters,
  outputVariables: [
    OutputVariableType.Position, OutputVariableType.Velocity, OutputVariableType.Coordinates, OutputVariableType.Coordinates_t,
    OutputVariableType.SlidingCoordinate, OutputVariableType.Force,
  ],
  equations: [
    'x = s + slidingOffset − offset_i (element i = data 0), r = Σ S_j(x) e_j, d = r − p0.',
    'Index 3: g = d; index 2: g = Σ S_j ė_j + ṡ r\'(x) − ṗ0; penalty: g = d − λ/k (position level always).',
    'Jacobian: [−J0 | S_j on the active element\'s coordinates | r\'(x) on s]. Post-Newton: x < 0 → i − 1, x > L → i + 1.',
  ].join('\n'),
  validate: (v, label) => {
    if (v.slidingMarkerOffsets.length !== v.slidingMarkerNumbers.length) {
      itemError(label, 'slidingMarkerOffsets', `must have one entry per slidingMarkerNumbers entry (${v.slidingMarkerNumbers.length}), got ${v.slidingMarkerOffsets.length}`);
    }
  },
  example: (mbs) => {
    const ale = mbs.addNode({ nodeType: 'GenericODE2', numberOfODE2Coordinates: 1, referenceCoordinates: [0], initialCoordinates: [0.2], initialCoordinates_t: [0.4] });
    const { markers, offsets } = slidingChainExample(mbs, 'ALEANCFCable2D', ale);
    const body = mbs.addNode({ nodeType: 'Point2D', referenceCoordinates: [0.3, -0.1], initialVelocities: [0.2, 0.1] });
    mbs.addObject({ objectType: 'MassPoint2D', physicsMass: 1, nodeNumber: body });
    const m0 = mbs.addMarker({ markerType: 'NodePosition', nodeNumber: body });
    const data = mbs.addNode({ nodeType: 'GenericData', numberOfDataCoordinates: 1, initialCoordinates: [0] });
    return mbs.addObject({ objectType: 'JointALEMoving2D', markerNumbers: [m0, markers[0]], slidingMarkerNumbers: markers, slidingMarkerOffsets: offsets, slidingOffset: 0.1, nodeNumbers: [data, ale] });
  },
  create: (v, label) => new JointALEMoving2DModel(label, v),
};

/** Factory for an ALE moving joint. */
export const ObjectJointALEMoving2D = makeFactory(objectJointALEMoving2DDefinition);
/** Exudyn's alias of {@link ObjectJointALEMoving2D}. */
export const ALEMovingJoint2D = ObjectJointALEMoving2D;
