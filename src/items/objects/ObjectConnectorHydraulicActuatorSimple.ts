import { makeFactory, type ItemDefinition } from '../../registry/definition.ts';
import type { BindContext, ItemState, NodeModel, ObjectModel, Only } from '../../registry/capabilities.ts';
import { itemError, type ItemLabel } from '../../core/errors.ts';
import { OutputVariableType } from '../../registry/enums.ts';
import { bool, markerIndexArray, nodeIndexArray, preal, real, ureal } from '../../registry/parameters.ts';
import { MarkerPair, positionMarkers } from './connectorBase.ts';

const parameters = {
  markerNumbers: markerIndexArray('Two position markers [m0, m1], usually the bushings of the cylinder (m0) and of the rod (m1).', 2),
  nodeNumbers: nodeIndexArray('One NodeGenericODE1 with the two chamber pressures [p0, p1] as its coordinates (reference values zero).'),
  offsetLength: ureal(0, 'Offset length L_o [m]: the distance of the markers at stroke s = 0.'),
  strokeLength: preal(0, 'Stroke length L_s [m]: largest stroke, relative to L_o (used with useChamberVolumeChange).'),
  chamberCrossSection0: preal(0, 'Cross section A_0 [m²] of chamber 0 at the piston head.'),
  chamberCrossSection1: preal(0, 'Cross section A_1 [m²] of chamber 1 at the piston rod side (usually smaller than A_0).'),
  hoseVolume0: preal(0, 'Hose volume V_h,0 [m³] of chamber 0; must be positive.'),
  hoseVolume1: preal(0, 'Hose volume V_h,1 [m³] of chamber 1; must be positive.'),
  valveOpening0: real(0, 'Relative valve opening A_v,0 ∈ [−1, 1] of chamber 0: > 0 towards system pressure, < 0 towards the tank, 0 closed.'),
  valveOpening1: real(0, 'Relative valve opening A_v,1 ∈ [−1, 1] of chamber 1: > 0 towards system pressure, < 0 towards the tank, 0 closed.'),
  actuatorDamping: ureal(0, 'Viscous damping d_HA [N s/m] against the actuator velocity.'),
  oilBulkModulus: preal(0, 'Bulk modulus K_oil [N/m²] of the oil.'),
  cylinderBulkModulus: ureal(0, 'Bulk modulus K_cyl [N/m²] representing the cylinder stiffness in the effective bulk modulus (0: rigid cylinder).'),
  hoseBulkModulus: ureal(0, 'Bulk modulus K_hose [N/m²] representing the hose stiffness in the effective bulk modulus (0: rigid hose).'),
  nominalFlow: preal(0, 'Nominal flow Q_n [m³/s] through a valve.'),
  systemPressure: real(0, 'System (pump) pressure p_s [N/m²].'),
  tankPressure: real(0, 'Tank pressure p_t [N/m²].'),
  useChamberVolumeChange: bool(false, 'If true, the chamber volumes and effective bulk moduli follow the stroke; else V_k = V_h,k and K_k = K_oil.'),
  activeConnector: bool(true, 'If false, the actuator applies no force (the pressure equations still run).'),
};

type Values = {
  offsetLength: number; strokeLength: number; chamberCrossSection0: number; chamberCrossSection1: number; hoseVolume0: number;
  hoseVolume1: number; valveOpening0: number; valveOpening1: number; actuatorDamping: number; oilBulkModulus: number;
  cylinderBulkModulus: number; hoseBulkModulus: number; nominalFlow: number; systemPressure: number; tankPressure: number;
  useChamberVolumeChange: boolean; activeConnector: boolean; nodeNumbers: readonly number[];
};

/** The parameters {@link HydraulicActuatorModel.updateParameter} changes in place: all but the references. */
const inPlaceParameters: ReadonlySet<string> = new Set(Object.keys(parameters).filter((name) => name !== 'markerNumbers' && name !== 'nodeNumbers'));

/** sign(x)·√|x|: the flow law's square root, defined for both flow directions. */
function signedSqrt(x: number): number {
  return Math.sign(x) * Math.sqrt(Math.abs(x));
}

/**
 * Run-time model of a double-acting hydraulic cylinder between two position markers with the chamber pressures as
 * ODE1 coordinates (Exudyn's ObjectConnectorHydraulicActuatorSimple). Every parameter is read at each evaluation, so
 * valve openings set between steps take effect in the next one.
 */
class HydraulicActuatorModel implements Only<ObjectModel, HydraulicActuatorModel> {
  readonly nAE = 0;
  readonly ode2LhsDependsOnVelocity = true;
  readonly ode1RhsDependsOnODE2 = true;
  readonly ode2LhsDependsOnODE1 = true;
  localNodes: NodeModel[] = [];
  localODE1Nodes: NodeModel[] = [];
  private readonly markers: MarkerPair;
  /** Index of p0 in the states' ode1 arrays (p1 follows). */
  private pressureIndex = 0;
  /** Actuator length L, stroke velocity L̇ and scalar force of the last evaluation. */
  private length = 0;
  private lengthRate = 0;
  private scalarForce = 0;
  /** Unit direction n = Δp/L. */
  private readonly direction = new Float64Array(3);
  private readonly forceVector = new Float64Array(3);

  /** The parameters (a copy of the dictionary's values: {@link HydraulicActuatorModel.updateParameter} changes them). */
  private readonly v: Values;

  constructor(readonly label: ItemLabel, markerNumbers: readonly number[], values: Values) {
    this.markers = new MarkerPair(label, markerNumbers, positionMarkers);
    this.v = { ...values };
  }

  /** Every scalar parameter is read at each evaluation: a new value (validated) takes effect in place. */
  updateParameter(name: string, value: unknown): boolean {
    if (!inPlaceParameters.has(name) || typeof value !== typeof this.v[name as keyof Values]) return false;
    (this.v as Record<string, unknown>)[name] = value;
    return true;
  }

  bind(context: BindContext): void {
    this.markers.bind(context);
    this.localNodes = this.markers.localNodes;
    if (this.v.nodeNumbers.length !== 1) itemError(this.label, 'nodeNumbers', `must hold exactly one NodeGenericODE1 (the two pressures), got ${this.v.nodeNumbers.length} nodes`);
    const node = context.node(this.v.nodeNumbers[0], 'nodeNumbers');
    if (node.nODE1 !== 2) {
      itemError(this.label, 'nodeNumbers', `must refer to a node with 2 ODE1 coordinates (NodeGenericODE1 with the pressures p0, p1), got ${node.label.category}${node.label.typeName} #${node.label.index} with ${node.nODE1 ?? 0} ODE1 coordinates`);
    }
    if (node.referenceCoordinates[0] !== 0 || node.referenceCoordinates[1] !== 0) {
      itemError(this.label, 'nodeNumbers', `the pressures are the coordinates of ${node.label.category}${node.label.typeName} #${node.label.index} without reference values: its referenceCoordinates must be [0, 0], got [${Array.from(node.referenceCoordinates).join(', ')}]`);
    }
    this.localODE1Nodes = [node];
    this.pressureIndex = node.ode1Index!;
  }

  /** Updates length, direction and stroke velocity from the markers; the length must not vanish. */
  private evaluateKinematics(s: ItemState): void {
    const { markers, direction: n } = this;
    markers.evaluateRelative(s);
    const dp = markers.dp;
    const dv = markers.dv;
    const length = Math.sqrt(dp[0] * dp[0] + dp[1] * dp[1] + dp[2] * dp[2]);
    if (!(length > 0)) itemError(this.label, 'markerNumbers', `the actuator length (distance of the markers) must be positive, got ${length} at t = ${s.t}`);
    this.length = length;
    for (let i = 0; i < 3; i++) n[i] = dp[i] / length;
    this.lengthRate = dv[0] * n[0] + dv[1] * n[1] + dv[2] * n[2];
  }

  /** f_HA = −p0 A_0 + p1 A_1 + d_HA L̇ (0 if inactive); needs {@link HydraulicActuatorModel.evaluateKinematics}. */
  private evaluateForce(s: ItemState): void {
    const v = this.v;
    this.scalarForce = 0;
    if (!v.activeConnector) return;
    const p0 = s.ode1[this.pressureIndex];
    const p1 = s.ode1[this.pressureIndex + 1];
    this.scalarForce = -p0 * v.chamberCrossSection0 + p1 * v.chamberCrossSection1 + v.actuatorDamping * this.lengthRate;
  }

  ode2Lhs(s: ItemState, f: Float64Array): void {
    if (!this.v.activeConnector) return;
    this.evaluateKinematics(s);
    this.evaluateForce(s);
    for (let i = 0; i < 3; i++) this.forceVector[i] = this.scalarForce * this.direction[i];
    this.markers.evaluateJacobians(s);
    this.markers.addForcePair(this.forceVector, f);
  }

  /**
   * ṗ_k = K_k/V_k (∓A_k ṡ + A_v,k Q_n sqrts(p_s − p_k)) for an opening towards the pump (A_v,k ≥ 0), with
   * sqrts(p_k − p_t) towards the tank; − for chamber 0, + for chamber 1.
   */
  ode1Rhs(s: ItemState, f: Float64Array): void {
    const v = this.v;
    this.evaluateKinematics(s);
    const stroke = this.length - v.offsetLength;
    const strokeRate = this.lengthRate;
    let volume0 = v.hoseVolume0;
    let volume1 = v.hoseVolume1;
    let bulk0 = v.oilBulkModulus;
    let bulk1 = v.oilBulkModulus;
    if (v.useChamberVolumeChange) {
      volume0 += v.chamberCrossSection0 * stroke;
      volume1 += v.chamberCrossSection1 * (v.strokeLength - stroke);
      if (volume0 > 0 && volume1 > 0) {
        bulk0 = this.effectiveBulkModulus(volume0, v.hoseVolume0);
        bulk1 = this.effectiveBulkModulus(volume1, v.hoseVolume1);
      }
    }
    if (!(volume0 > 0) || !(volume1 > 0)) {
      itemError(this.label, volume0 > 0 ? 'hoseVolume1' : 'hoseVolume0', `the chamber volumes must stay positive, got V0 = ${volume0}, V1 = ${volume1} at stroke ${stroke} (t = ${s.t})`);
    }
    const p0 = s.ode1[this.pressureIndex];
    const p1 = s.ode1[this.pressureIndex + 1];
    const flow0 = v.valveOpening0 * v.nominalFlow * signedSqrt(v.valveOpening0 >= 0 ? v.systemPressure - p0 : p0 - v.tankPressure);
    const flow1 = v.valveOpening1 * v.nominalFlow * signedSqrt(v.valveOpening1 >= 0 ? v.systemPressure - p1 : p1 - v.tankPressure);
    f[0] += (bulk0 / volume0) * (-v.chamberCrossSection0 * strokeRate + flow0);
    f[1] += (bulk1 / volume1) * (v.chamberCrossSection1 * strokeRate + flow1);
  }

  /** K_eff = 1/(1/K_oil + (V − V_h)/(V K_cyl) + V_h/(V K_hose)), a term dropped where its modulus is 0. */
  private effectiveBulkModulus(volume: number, hoseVolume: number): number {
    const v = this.v;
    const cylinder = v.cylinderBulkModulus !== 0 ? (volume - hoseVolume) / (volume * v.cylinderBulkModulus) : 0;
    const hose = v.hoseBulkModulus !== 0 ? hoseVolume / (volume * v.hoseBulkModulus) : 0;
    return 1 / (1 / v.oilBulkModulus + cylinder + hose);
  }

  output(variable: OutputVariableType, s: ItemState): ArrayLike<number> | undefined {
    this.evaluateKinematics(s);
    this.evaluateForce(s);
    switch (variable) {
      case OutputVariableType.Distance: return [this.length];
      // literals, not Array.from (its iterator allocates per entry): a sensor reads these in every step
      case OutputVariableType.Displacement: { const dp = this.markers.dp; return [dp[0], dp[1], dp[2]]; }
      case OutputVariableType.Velocity: { const dv = this.markers.dv; return [dv[0], dv[1], dv[2]]; }
      case OutputVariableType.VelocityLocal: return [this.lengthRate];
      case OutputVariableType.Force: { const f = this.scalarForce, n = this.direction; return [f * n[0], f * n[1], f * n[2]]; }
      default: return undefined;
    }
  }
}

/** Exudyn's ObjectConnectorHydraulicActuatorSimple: a double-acting cylinder with pressure build-up equations. */
export const objectConnectorHydraulicActuatorSimpleDefinition: ItemDefinition<'Object', typeof parameters> = {
  category: 'Object',
  typeName: 'ConnectorHydraulicActuatorSimple',
  aliases: ['HydraulicActuatorSimple'],
  description: 'A double-acting hydraulic cylinder between two position markers: the chamber pressures p0 (piston head) and p1 (rod side) '
    + 'are the two ODE1 coordinates of a NodeGenericODE1, driven by the valve openings (flow from the pump or to the tank) and the stroke '
    + 'velocity; the pressures push the markers apart or together. The valve openings are usually set from a pre-step user function.',
  parameters,
  outputVariables: [OutputVariableType.Distance, OutputVariableType.Displacement, OutputVariableType.Velocity, OutputVariableType.VelocityLocal, OutputVariableType.Force],
  equations: 'L = |Δp|, n = Δp/L, ṡ = L̇ = Δvᵀn, s = L − L_o. Force (tension positive) f_HA = −p0 A_0 + p1 A_1 + d_HA L̇, vector f_HA n on '
    + 'marker 1 and −f_HA n on marker 0 (none if activeConnector is false). Pressure build-up: ṗ_0 = K_0/V_0 (−A_0 ṡ + A_v,0 Q_n sqrts(p_s − p_0)) '
    + 'for A_v,0 ≥ 0, sqrts(p_0 − p_t) for A_v,0 < 0; ṗ_1 = K_1/V_1 (A_1 ṡ + A_v,1 Q_n sqrts(p_s − p_1)) (sqrts(p_1 − p_t) for A_v,1 < 0), '
    + 'sqrts(x) = sign(x)√|x|. With useChamberVolumeChange V_0 = V_h,0 + A_0 s, V_1 = V_h,1 + A_1 (L_s − s) and '
    + 'K_k = 1/(1/K_oil + (V_k − V_h,k)/(V_k K_cyl) + V_h,k/(V_k K_hose)) (terms with a zero modulus dropped); else V_k = V_h,k, K_k = K_oil. '
    + 'A vanishing actuator length or a chamber volume ≤ 0 stops the solver with a named error. All Jacobians (∂/∂q, ∂/∂u, ∂/∂p) are '
    + 'forward differences, as in Exudyn. Outputs: Distance L, Displacement Δp, Velocity Δv, VelocityLocal L̇, Force f_HA n.',
  example: (mbs) => {
    const ground = mbs.addObject({ objectType: 'Ground', referencePosition: [0, 0, 0] });
    const node = mbs.addNode({ nodeType: 'Point', referenceCoordinates: [1, 0.2, 0.1], initialVelocities: [0.5, 1, -0.3] });
    mbs.addObject({ objectType: 'MassPoint', physicsMass: 10, nodeNumber: node });
    const pressures = mbs.addNode({ nodeType: 'GenericODE1', numberOfODE1Coordinates: 2, referenceCoordinates: [0, 0], initialCoordinates: [3e5, 2e5] });
    const m0 = mbs.addMarker({ markerType: 'BodyPosition', bodyNumber: ground, localPosition: [0, 0, 0] });
    const m1 = mbs.addMarker({ markerType: 'NodePosition', nodeNumber: node });
    return mbs.addObject({
      objectType: 'ConnectorHydraulicActuatorSimple', markerNumbers: [m0, m1], nodeNumbers: [pressures], offsetLength: 0.8, strokeLength: 0.5,
      chamberCrossSection0: 1e-3, chamberCrossSection1: 8e-4, hoseVolume0: 1e-4, hoseVolume1: 1.2e-4, valveOpening0: 0.3, valveOpening1: -0.2,
      actuatorDamping: 100, oilBulkModulus: 1.5e9, cylinderBulkModulus: 5e10, hoseBulkModulus: 1e9, nominalFlow: 1e-6, systemPressure: 1e7,
      tankPressure: 1e5, useChamberVolumeChange: true,
    });
  },
  create: (v, label) => new HydraulicActuatorModel(label, v.markerNumbers, v),
};

/** Factory for a hydraulic actuator with pressure build-up equations. */
export const ObjectConnectorHydraulicActuatorSimple = makeFactory(objectConnectorHydraulicActuatorSimpleDefinition);
/** Exudyn's alias of {@link ObjectConnectorHydraulicActuatorSimple}. */
export const HydraulicActuatorSimple = ObjectConnectorHydraulicActuatorSimple;
