import { makeFactory, type ItemDefinition } from '../../registry/definition.ts';
import type { BindContext, ItemState, LoadCoordinateDependence, LoadModel, Only } from '../../registry/capabilities.ts';
import { itemError, type ItemLabel } from '../../core/errors.ts';
import { markerIndex, real, ureal, vector, type ParameterValues } from '../../registry/parameters.ts';
import { objectCosseratRodDefinition } from '../objects/ObjectCosseratRod.ts';
import { bindLineLoadMarker, type LineLoadMarker } from './LoadDistributed.ts';

const parameters = {
  markerNumber: markerIndex('MarkerBodyMass of the rod; the forces act on its first and its last node.'),
  startForceMagnitude: real(0, 'Magnitude F_s [N] of the force on the rod\'s first node (PyElastica\'s start_force_mag).'),
  endForceMagnitude: real(0, 'Magnitude F_e [N] of the force on the rod\'s last node (PyElastica\'s end_force_mag).'),
  rampUpTime: ureal(0, 'Time t_r [s] during which the forces are −2 F n̂ (the rod is first pulled along −n̂); afterwards they rotate in the plane of r̂ and n̂.'),
  tangentDirection: vector([0, 0, 1], 'Direction t̂ (global) normal to the plane in which the forces rotate (PyElastica\'s tangent_direction); not normalized.', 3, 'Vector3D'),
  normalDirection: vector([0, 1, 0], 'Direction n̂ (global) of the force at t = t_r + 1 (PyElastica\'s normal_direction); not normalized.', 3, 'Vector3D'),
};

type Values = ParameterValues<typeof parameters>;

/** Run-time model: two global forces of a common time law on the rod's end nodes (constant in the configuration). */
class SinusoidalEndForcesModel implements Only<LoadModel, SinusoidalEndForcesModel> {
  marker!: LineLoadMarker;
  readonly coordinateDependence: LoadCoordinateDependence = 'constant';
  /** Local offset of the last node's velocity coordinates. */
  private lastOffset = 0;
  /** r̂ = n̂ × t̂. */
  private readonly roll = new Float64Array(3);
  /** Force per unit magnitude at the current time. */
  private readonly direction = new Float64Array(3);

  constructor(readonly label: ItemLabel, private readonly v: Values) {
    const n = v.normalDirection, t = v.tangentDirection;
    this.roll[0] = n[1] * t[2] - n[2] * t[1];
    this.roll[1] = n[2] * t[0] - n[0] * t[2];
    this.roll[2] = n[0] * t[1] - n[1] * t[0];
  }

  bind(context: BindContext): void {
    const marker = bindLineLoadMarker(context, this.label, this.v.markerNumber);
    const nodes = marker.nodes, first = nodes[0], last = nodes[nodes.length - 1];
    for (const node of [first, last]) {
      if (node.positionDimension !== 3 || node.nu < 3) {
        itemError(this.label, 'markerNumber', `must refer to a rod whose end nodes have 3D positions (their first 3 velocity coordinates), got ${node.label.category}${node.label.typeName} #${node.label.index}`);
      }
    }
    this.marker = marker;
    this.lastOffset = marker.nLocalU - last.nu;
  }

  /**
   * The direction d(t) of the forces per unit magnitude (PyElastica's law): −2 n̂ for t < t_r, else
   * cos(½π(t − t_r)) r̂ + sin(½π(t − t_r)) n̂.
   */
  private directionAt(t: number): Float64Array {
    const d = this.direction, n = this.v.normalDirection, tr = this.v.rampUpTime;
    if (t < tr) {
      for (let i = 0; i < 3; i++) d[i] = -2 * n[i];
    } else {
      const phase = 0.5 * Math.PI * (t - tr), c = Math.cos(phase), sn = Math.sin(phase);
      for (let i = 0; i < 3; i++) d[i] = c * this.roll[i] + sn * n[i];
    }
    return d;
  }

  /** [F_start; F_end] at the state's time (without the load factor). */
  values(s: ItemState): Float64Array {
    const d = this.directionAt(s.t), out = new Float64Array(6);
    for (let i = 0; i < 3; i++) { out[i] = this.v.startForceMagnitude * d[i]; out[3 + i] = this.v.endForceMagnitude * d[i]; }
    return out;
  }

  /** f += λ F_s d(t) on the first node's centerline coordinates, λ F_e d(t) on the last node's (J_pos = I there). */
  addGeneralizedLoad(s: ItemState, f: Float64Array): void {
    if (this.marker.nLocalU === 0) return;
    const d = this.directionAt(s.t), fs = s.loadFactor * this.v.startForceMagnitude, fe = s.loadFactor * this.v.endForceMagnitude, o = this.lastOffset;
    for (let i = 0; i < 3; i++) { f[i] += fs * d[i]; f[o + i] += fe * d[i]; }
  }
}

/** PyElastica's EndpointForcesSinusoidal on a rod (issue 14). */
export const loadSinusoidalEndForcesDefinition: ItemDefinition<'Load', typeof parameters> = {
  category: 'Load',
  typeName: 'SinusoidalEndForces',
  aliases: ['EndpointForcesSinusoidal'],
  description: 'Forces on the two end nodes of a rod (through a MarkerBodyMass on the rod) with PyElastica\'s EndpointForcesSinusoidal time law: '
    + 'F_start = F_s d(t) on the first node and F_end = F_e d(t) on the last, with d(t) = −2 n̂ while t < t_r (the rod is pulled along −n̂), '
    + 'then d(t) = cos(½π(t − t_r)) r̂ + sin(½π(t − t_r)) n̂, r̂ = n̂ × t̂: the forces turn in the plane normal to t̂ with period 4 s (a quarter '
    + 'turn per second), starting along r̂ at t_r. The directions are taken as given (PyElastica does not normalize them either). The forces are '
    + 'global and act at the nodes, where the rod\'s position Jacobian is the identity on the node\'s centerline coordinates: the generalized '
    + 'force does not depend on the configuration (no load Jacobian). The static load factor scales both forces. The load sensor reports '
    + '[F_start, F_end].',
  parameters,
  outputVariables: [],
  equations: 'd(t) = −2 n̂ (t < t_r), cos(½π(t − t_r)) r̂ + sin(½π(t − t_r)) n̂ (t ≥ t_r), r̂ = n̂ × t̂; f_{r_first} += λ F_s d(t), f_{r_last} += λ F_e d(t).',
  example: (mbs) => {
    const marker = mbs.addMarker({ markerType: 'BodyMass', bodyNumber: objectCosseratRodDefinition.example(mbs) });
    return mbs.addLoad({
      loadType: 'SinusoidalEndForces', markerNumber: marker, startForceMagnitude: 0.5, endForceMagnitude: -1.2, rampUpTime: 0.1,
      tangentDirection: [1, 0, 0], normalDirection: [0, 0, 1],
    });
  },
  create: (v, label) => new SinusoidalEndForcesModel(label, v),
};

/** Factory for PyElastica's sinusoidal end forces. */
export const LoadSinusoidalEndForces = makeFactory(loadSinusoidalEndForcesDefinition);
/** PyElastica's name of {@link LoadSinusoidalEndForces}. */
export const EndpointForcesSinusoidal = LoadSinusoidalEndForces;
