import { makeFactory, type ItemDefinition } from '../../registry/definition.ts';
import type { BindContext, ItemState, NodeModel, ObjectModel, Only, PositionMarkerModel } from '../../registry/capabilities.ts';
import { itemError, type ItemLabel } from '../../core/errors.ts';
import { OutputVariableType } from '../../registry/enums.ts';
import { bool, markerIndexArray, preal } from '../../registry/parameters.ts';
import { lagrangeMultiplier, MarkerPair, NodeMarkerInputs, nodeMarkerKind, positionMarkers } from './connectorBase.ts';
import { jointSlot, jointSlotDoubles, type JointKernels } from './jointKernels.ts';
import type { KernelRegion } from './kernelRegions.ts';

const parameters = {
  markerNumbers: markerIndexArray('Two position markers [m0, m1].', 2),
  distance: preal(0, 'Prescribed distance [m] between the markers; must be positive.'),
  activeConnector: bool(true, 'If false, the equation reads λ = 0 (the multiplier stays).'),
};

/** Run-time model of a distance constraint |p1 − p0| = d. */
class DistanceConstraintModel implements Only<ObjectModel, DistanceConstraintModel> {
  readonly nAE = 1;
  localNodes: NodeModel[] = [];
  /** Inactive: the row reads g = λ. */
  readonly multiplierRows: readonly number[];
  private readonly markers: MarkerPair;
  private readonly direction = new Float64Array(3);
  /** Work arrays of constraintForce_q: I − n nᵀ (row-major) and λn. */
  private readonly projector = new Float64Array(9);
  private readonly force = new Float64Array(3);
  /** The joint kernels where they form both markers' kinematics from their nodes (evaluateNodes, frame 3; set in bind). */
  private kernels: JointKernels | undefined;
  /** The item's slot, kept over binds (a model that rebinds, e.g. after deleting items, takes no new slots). */
  private slot: KernelRegion<JointKernels> | undefined;
  /** The byte address of the kernels' slot. */
  private kernelSlot = 0;
  /** The markers' nodeMarker kinds, nodes and constants (the constants in the slot, after its set-up). */
  private readonly nodeInputs = new NodeMarkerInputs();

  constructor(readonly label: ItemLabel, markerNumbers: readonly number[], private readonly distance: number, private readonly active: boolean) {
    this.markers = new MarkerPair(label, markerNumbers, positionMarkers);
    this.multiplierRows = active ? [] : [0];
  }

  bind(context: BindContext): void {
    this.markers.bind(context);
    this.localNodes = this.markers.localNodes;
    this.kernels = undefined;
    const { marker0, marker1, n0, n1 } = this.markers;
    const localNodes = this.localNodes;
    if (!this.active || new Set(localNodes).size !== localNodes.length) return;
    const kind0 = distanceMarkerKind(marker0, n0), kind1 = distanceMarkerKind(marker1, n1);
    if (kind0 < 0 || kind1 < 0) return;
    const slot = this.slot ??= jointSlot(true);
    this.kernels = slot.kernels;
    this.kernelSlot = slot.address;
    // the set-up: frame 3 (a distance constraint), d at 4
    slot.region.fill(0, 18, jointSlotDoubles);
    slot.region[19] = 3;
    slot.region[22] = this.distance;
    this.nodeInputs.bind(this.markers, kind0, kind1, slot.region.subarray(jointSlotDoubles));
  }

  /**
   * Updates the relative kinematics, the velocities only with velocities true (the index-2 equation and the outputs;
   * the position-level equation and the Jacobians need none); returns L = |p1 − p0|.
   */
  private evaluate(s: ItemState, velocities: boolean): number {
    const dp = this.markers.dp;
    if (velocities) this.markers.evaluateRelative(s);
    else this.markers.evaluateRelativePositions(s);
    return Math.sqrt(dp[0] * dp[0] + dp[1] * dp[1] + dp[2] * dp[2]);
  }

  /** n = Δp/L; the direction of a constraint between coinciding points is undefined. */
  private updateDirection(length: number): void {
    if (length === 0) itemError(this.label, 'markerNumbers', 'must refer to markers at different positions for the constraint direction (p1 − p0)/|p1 − p0|, got coinciding markers (distance 0)');
    const inv = 1 / length;
    for (let i = 0; i < 3; i++) this.direction[i] = inv * this.markers.dp[i];
  }

  /**
   * Position level g = |Δp| − d; velocity level (index 2) ġ = Δpᵀ Δv / |Δp|; inactive g = λ. C_q = [−nᵀJ0, nᵀJ1] with
   * n = Δp/|Δp| (inactive: zero), from the same kinematics.
   */
  ae(s: ItemState, g: Float64Array, useIndex2: boolean, c?: Float64Array): void {
    if (!this.active) { g[0] = lagrangeMultiplier(s, this); return; }
    const k = this.kernels;
    if (k !== undefined) { this.kernelAe(s, k, g, useIndex2, c); return; }
    const length = this.evaluate(s, useIndex2);
    if (!useIndex2) {
      g[0] = length - this.distance;
    } else {
      this.updateDirection(length);
      const { dp, dv } = this.markers;
      g[0] = (1 / length) * (dp[0] * dv[0] + dp[1] * dv[1] + dp[2] * dv[2]);
    }
    if (c === undefined) return;
    this.updateDirection(length);
    this.markers.evaluateJacobians(s);
    this.markers.addForcePair(this.direction, c);
  }

  /** {@link DistanceConstraintModel.ae} by the joint kernels (evaluateNodes), from the markers' nodes. */
  private kernelAe(s: ItemState, k: JointKernels, g: Float64Array, useIndex2: boolean, c: Float64Array | undefined): void {
    const nodeInputs = this.nodeInputs;
    nodeInputs.write(s, k.nodes);
    const { n0, n1 } = this.markers;
    k.evaluateNodes(this.kernelSlot, n0, n1, useIndex2 ? 1 : 0, 0, c !== undefined ? 1 : 0, nodeInputs.kind0, nodeInputs.kind1);
    if ((useIndex2 || c !== undefined) && k.generic[0] === 0) this.updateDirection(0);
    g[0] = k.g[0];
    if (c === undefined) return;
    const row = k.c;
    for (let i = 0, n = n0 + n1; i < n; i++) c[i] = row[i];
  }

  /**
   * λ·C_qq = ∂(λ[−J0ᵀn; J1ᵀn])/∂q = (λ/|Δp|) Jᵀ(I − n nᵀ)(J + N) + the markers' ∂(J_iᵀ(±λn))/∂q_i, J = [−J0, J1], N
   * the markers' ∂p/∂q along the radial Euler-parameter direction (which J leaves out); false
   * (numerical) if a marker cannot differentiate its Jacobian.
   */
  constraintForce_q(s: ItemState, k: Float64Array, factor: number): boolean {
    const { markers, direction: n, projector, force } = this;
    if (!markers.jacobianDerivativesAvailable) return false;
    const length = this.evaluate(s, false);
    this.updateDirection(length);
    markers.evaluateJacobians(s);
    const lambda = lagrangeMultiplier(s, this);
    for (let i = 0; i < 3; i++) {
      force[i] = lambda * n[i];
      for (let j = 0; j < 3; j++) projector[3 * i + j] = (i === j ? 1 : 0) - n[i] * n[j];
    }
    markers.addProjectedMatrix(projector, factor * lambda / length, k);
    markers.addNullDirectionProjectedMatrix(s, projector, factor * lambda / length, k);
    markers.addJacobianTransposedForce_q(s, force, factor, k);
    return true;
  }

  output(variable: OutputVariableType, s: ItemState): ArrayLike<number> | undefined {
    const length = this.evaluate(s, true);
    switch (variable) {
      case OutputVariableType.Displacement: return Array.from(this.markers.dp);
      case OutputVariableType.Velocity: return Array.from(this.markers.dv);
      case OutputVariableType.Distance: return [length];
      case OutputVariableType.Force: return [lagrangeMultiplier(s, this)];
      default: return undefined;
    }
  }
}

/**
 * The kind of a marker for the joint kernels' nodeMarker (nodeMarkerKind), or 3 for a marker at a mass point's node
 * (NodePoint, 3 coordinates).
 */
function distanceMarkerKind(marker: PositionMarkerModel, n: number): number {
  const kind = nodeMarkerKind(marker, n);
  if (kind >= 0) return kind;
  const node = marker.frameNode;
  return node !== undefined && n === 3 && node.nu === 3 && node.label.typeName === 'Point' ? 3 : -1;
}

/** A distance constraint between two position markers (Exudyn's ObjectConnectorDistance, alias DistanceConstraint). */
export const objectConnectorDistanceDefinition: ItemDefinition<'Object', typeof parameters> = {
  category: 'Object',
  typeName: 'ConnectorDistance',
  aliases: ['DistanceConstraint'],
  description: 'Keeps two position markers at a fixed distance: |p1 − p0| − distance = 0 (not squared), one Lagrange multiplier λ.',
  parameters,
  outputVariables: [OutputVariableType.Displacement, OutputVariableType.Velocity, OutputVariableType.Distance, OutputVariableType.Force],
  equations: 'Index 3: g = |Δp| − d; index 2: ġ = Δpᵀ Δv / |Δp|; C_q = [−nᵀ J0, nᵀ J1], n = Δp/|Δp|. Force = λ. '
    + 'Coinciding markers (|Δp| = 0) are an error for the Jacobian and the velocity-level equation. '
    + 'Inactive (activeConnector false): the equation reads λ = 0, the multiplier stays (as in Exudyn and the joints).',
  example: (mbs) => {
    const node = mbs.addNode({ nodeType: 'RigidBodyEP', referenceCoordinates: [1, 0, 0.2, 1, 0, 0, 0], initialVelocities: [0, 0.5, 0, 0, 0.1, 0.2, 0] });
    const body = mbs.addObject({ objectType: 'RigidBody', physicsMass: 1, physicsInertia: [0.1, 0.2, 0.3, 0, 0, 0], nodeNumber: node });
    const ground = mbs.addObject({ objectType: 'Ground' });
    const markers = [mbs.addMarker({ markerType: 'BodyPosition', bodyNumber: ground, localPosition: [0, 0, 0] }), mbs.addMarker({ markerType: 'BodyPosition', bodyNumber: body, localPosition: [0.3, 0.1, -0.2] })];
    return mbs.addObject({ objectType: 'ConnectorDistance', markerNumbers: markers, distance: 1.1 });
  },
  create: (v, label) => new DistanceConstraintModel(label, v.markerNumbers, v.distance, v.activeConnector),
};

/** Factory for a distance constraint. */
export const ObjectConnectorDistance = makeFactory(objectConnectorDistanceDefinition);
/** Exudyn's alias of {@link ObjectConnectorDistance}. */
export const DistanceConstraint = ObjectConnectorDistance;
