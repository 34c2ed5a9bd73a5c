import { makeFactory, type ItemDefinition } from '../../registry/definition.ts';
import { denseLocalMatrix, type BindContext, type ItemState, type LocalMatrixAccumulator, type NodeModel, type ObjectModel, type Only } from '../../registry/capabilities.ts';
import { itemError, type ItemLabel } from '../../core/errors.ts';
import { OutputVariableType } from '../../registry/enums.ts';
import { bool, markerIndexArray, real, ureal } from '../../registry/parameters.ts';
import { MarkerPair, positionMarkers } from './connectorBase.ts';
import { zeroArray } from '../../linalg/arrays.ts';

const parameters = {
  markerNumbers: markerIndexArray('Two position markers [m0, m1].', 2),
  gravitationalConstant: real(6.6743e-11, 'Gravitational constant G [m³/(kg s²)]; a negative value gives repulsion.'),
  mass0: ureal(0, 'Mass [kg] of the body at marker m0.'),
  mass1: ureal(0, 'Mass [kg] of the body at marker m1.'),
  minDistanceRegularization: ureal(0, 'Distance d_min [m] below which the force is regularized: 1/L² becomes 1/(L² + (L − d_min)²).'),
  activeConnector: bool(true, 'If false, the connector has no effect.'),
};

type Values = { gravitationalConstant: number; mass0: number; mass1: number; minDistanceRegularization: number; activeConnector: boolean };

/** Run-time model of Newton's gravitational attraction between two points. */
class GravityConnectorModel implements Only<ObjectModel, GravityConnectorModel> {
  readonly nAE = 0;
  readonly ode2LhsDependsOnVelocity = false;
  localNodes: NodeModel[] = [];
  private readonly markers: MarkerPair;
  private length = 0;
  /** Scalar attraction F = G m0 m1 w(L) and its derivative dF/dL. */
  private scalarForce = 0;
  private forceDerivative = 0;
  private readonly direction = new Float64Array(3);
  private readonly forceVector = new Float64Array(3);
  private readonly matrix = new Float64Array(9);
  /** The shared dense work array of the local matrix (n_local × n_local, see denseLocalMatrix; set in bind). */
  private localMatrix = new Float64Array(0);
  private nLocal = 0;

  constructor(readonly label: ItemLabel, markerNumbers: readonly number[], private readonly v: Values) {
    this.markers = new MarkerPair(label, markerNumbers, positionMarkers);
  }

  bind(context: BindContext): void {
    this.markers.bind(context);
    this.localNodes = this.markers.localNodes;
    this.nLocal = this.markers.n0 + this.markers.n1;
    this.localMatrix = denseLocalMatrix(this.nLocal);
  }

  /** Updates L, n = Δp/L (n = 0 at L = 0), F and dF/dL. */
  private evaluate(s: ItemState): void {
    const { markers, direction: n, v } = this;
    markers.evaluateRelative(s);
    const dp = markers.dp;
    const length = Math.sqrt(dp[0] * dp[0] + dp[1] * dp[1] + dp[2] * dp[2]);
    const dMin = v.minDistanceRegularization;
    this.length = length;
    let weight: number;
    let weightDerivative: number;
    if (length > dMin) {
      weight = 1 / (length * length);
      weightDerivative = -2 * weight / length;
    } else if (dMin !== 0) {
      const gap = length - dMin;
      weight = 1 / (length * length + gap * gap);
      weightDerivative = -2 * (length + gap) * weight * weight;
    } else {
      itemError(this.label, 'minDistanceRegularization', 'must be positive when the markers coincide (distance 0, force singular), got 0');
    }
    const inv = length !== 0 ? 1 / length : 1;
    for (let i = 0; i < 3; i++) n[i] = inv * dp[i];
    const c = v.activeConnector ? v.gravitationalConstant * (v.mass0 * v.mass1) : 0;
    this.scalarForce = c * weight;
    this.forceDerivative = c * weightDerivative;
  }

  ode2Lhs(s: ItemState, f: Float64Array): void {
    if (!this.v.activeConnector) return;
    this.evaluate(s);
    for (let i = 0; i < 3; i++) this.forceVector[i] = this.scalarForce * this.direction[i];
    this.markers.evaluateJacobians(s);
    this.markers.addForcePair(this.forceVector, f);
  }

  /** ∂(F n)/∂Δp = (F/L)(I − n nᵀ) + F'(L) n nᵀ (zero at L = 0, where the direction is undefined). */
  ode2Lhs_q(s: ItemState, acc: LocalMatrixAccumulator, factor: number): void {
    const k = this.localMatrix;
    zeroArray(k);
    this.addStiffness(s, k, factor);
    acc.addBlock(0, 0, this.nLocal, this.nLocal, k, 0, this.nLocal, 1);
  }

  /** Adds factor·∂(F n)/∂Δq to k (nothing when inactive or at L = 0). */
  private addStiffness(s: ItemState, k: Float64Array, factor: number): void {
    if (!this.v.activeConnector) return;
    this.evaluate(s);
    const { direction: n, matrix: S, length } = this;
    if (length === 0) return;
    const a = this.scalarForce / length;
    const b = this.forceDerivative;
    for (let i = 0; i < 3; i++) {
      for (let j = 0; j < 3; j++) S[3 * i + j] = a * ((i === j ? 1 : 0) - n[i] * n[j]) + b * n[i] * n[j];
    }
    this.markers.evaluateJacobians(s);
    this.markers.addProjectedMatrix(S, factor, k);
    this.markers.addNullDirectionProjectedMatrix(s, S, factor, k);
  }

  output(variable: OutputVariableType, s: ItemState): ArrayLike<number> | undefined {
    this.evaluate(s);
    switch (variable) {
      case OutputVariableType.Distance: return [this.length];
      case OutputVariableType.Displacement: return Array.from(this.markers.dp);
      case OutputVariableType.Force: return Array.from(this.direction, (n) => this.scalarForce * n);
      default: return undefined;
    }
  }
}

/** Newton's gravitation between two position markers (Exudyn's ObjectConnectorGravity). */
export const objectConnectorGravityDefinition: ItemDefinition<'Object', typeof parameters> = {
  category: 'Object',
  typeName: 'ConnectorGravity',
  aliases: ['ConnectorGravity'],
  description: 'Gravitational attraction between two position markers: F = G·mass0·mass1/L² (L = |p1 − p0|), regularized to '
    + 'G·mass0·mass1/(L² + (L − d_min)²) for L ≤ d_min when minDistanceRegularization d_min > 0. The force vector F n, n = (p1 − p0)/L, '
    + 'acts with +F n on marker 1 and −F n on marker 0 (left-hand side), i.e. the markers attract each other.',
  parameters,
  outputVariables: [OutputVariableType.Distance, OutputVariableType.Displacement, OutputVariableType.Force],
  equations: 'LHS = [−J0ᵀ; J1ᵀ] F n. Analytic Jacobian ∂(F n)/∂Δp = (F/L)(I − n nᵀ) + F\'(L) n nᵀ (Exudyn differentiates numerically). '
    + 'Force returns F n with F > 0 (as Exudyn\'s code; its item page writes the magnitude with a minus sign). '
    + 'Coinciding markers without regularization are an error.',
  example: (mbs) => {
    const nodes = [0, 1].map((i) => mbs.addNode({ nodeType: 'Point', referenceCoordinates: [i, 0.3 * i, 0], initialVelocities: [0, 0.5 - i, 0.1] }));
    for (const node of nodes) mbs.addObject({ objectType: 'MassPoint', physicsMass: 1, nodeNumber: node });
    const markers = nodes.map((node) => mbs.addMarker({ markerType: 'NodePosition', nodeNumber: node }));
    return mbs.addObject({ objectType: 'ConnectorGravity', markerNumbers: markers, gravitationalConstant: 1, mass0: 2, mass1: 3, minDistanceRegularization: 0.1 });
  },
  create: (v, label) => new GravityConnectorModel(label, v.markerNumbers, v),
};

/** Factory for a gravity connector. */
export const ObjectConnectorGravity = makeFactory(objectConnectorGravityDefinition);
/** Exudyn's alias of {@link ObjectConnectorGravity}. */
export const ConnectorGravity = ObjectConnectorGravity;
