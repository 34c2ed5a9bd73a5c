import { makeFactory, type ItemDefinition } from '../../registry/definition.ts';
import type { BindContext, ItemState, LocalMatrixAccumulator, NodeModel, ObjectModel, Only } from '../../registry/capabilities.ts';
import { describeValue, itemError, type ItemLabel } from '../../core/errors.ts';
import { checkNonNegativeEntries } from '../../registry/physicalChecks.ts';
import { OutputVariableType } from '../../registry/enums.ts';
import { bool, markerIndexArray, nodeIndex, preal, real, ureal, userFunction, type UserFunctionValue } from '../../registry/parameters.ts';
import { CoordinatePair } from './coordinatePair.ts';
import { bindDataNode } from './connectorBase.ts';
import { stribeckFunction } from './contactKernel.ts';
import type { SystemUserFunction, UserFunctionSystem } from '../../registry/userFunctionSystem.ts';

/** Spring force user function of ConnectorCoordinateSpringDamperExt: replaces the whole force law (spring, damper, friction, limit stops). */
export type CoordinateSpringForceExtUserFunction<S extends UserFunctionSystem = UserFunctionSystem> = SystemUserFunction<S, [
  t: number, itemNumber: number, displacement: number, velocity: number, stiffness: number, damping: number, offset: number, velocityOffset: number,
  fDynamicFriction: number, fStaticFrictionOffset: number, exponentialDecayStatic: number, fViscousFriction: number, frictionProportionalZone: number,
], number>;

const parameters = {
  markerNumbers: markerIndexArray('Two coordinate markers [m0, m1].', 2),
  nodeNumber: nodeIndex('A NodeGenericData with 3 data coordinates [friction mode, last sticking position, limit stop state]; needed for the bristle friction model (frictionProportionalZone = 0 with friction) and for limit stops.'),
  stiffness: real(0, 'Spring stiffness k [N/m], against q − offset.'),
  damping: real(0, 'Damping d [N s/m], against v − velocityOffset.'),
  offset: real(0, 'Offset x_off of the relative coordinate (reference length; a prescribed drive position).'),
  velocityOffset: real(0, 'Offset v_off of the relative velocity (D-control of a drive).'),
  factor0: real(1, 'Factor f0 of marker 0\'s coordinate: q = f1 c1 − f0 c0 (gear ratios).'),
  factor1: real(1, 'Factor f1 of marker 1\'s coordinate.'),
  fDynamicFriction: ureal(0, 'Dynamic friction force f_μd [N] (μ_d times a normal force) when sliding.'),
  fStaticFrictionOffset: ureal(0, 'Static friction offset force f_μso [N]: the friction force is at most f_μd + f_μso.'),
  stickingStiffness: ureal(0, 'Stiffness k_μ [N/m] of the bristles while sticking.'),
  stickingDamping: ureal(0, 'Damping d_μ [N s/m] of the bristles while sticking.'),
  exponentialDecayStatic: preal(1e-3, 'Velocity v_exp [m/s] of the exponential decay of the static friction offset (to 36.8 % at v_exp).'),
  fViscousFriction: real(0, 'Viscous friction f_μv [N s/m] acting against the relative velocity when sliding.'),
  frictionProportionalZone: ureal(0, 'Regularization velocity v_reg [m/s]: ≠ 0 gives the regularized Stribeck law (no data node), 0 the bristle model (stick/slip with the data node).'),
  limitStopsUpper: real(0, 'Upper limit s_upper of q beyond which the limit stop acts.'),
  limitStopsLower: real(0, 'Lower limit s_lower of q below which the limit stop acts.'),
  limitStopsStiffness: ureal(0, 'Contact stiffness k_limits [N/m] of the limit stops.'),
  limitStopsDamping: ureal(0, 'Contact damping d_limits [N s/m] of the limit stops.'),
  useLimitStops: bool(false, 'If true, the limit stops act (the data node is needed).'),
  activeConnector: bool(true, 'If false, the connector exerts no force.'),
  springForceUserFunction: userFunction<CoordinateSpringForceExtUserFunction>('Replaces the whole force law.',
    '(mbs, t, itemNumber, displacement, velocity, stiffness, damping, offset, velocityOffset, fDynamicFriction, fStaticFrictionOffset, exponentialDecayStatic, fViscousFriction, frictionProportionalZone) => force'),
};

type Values = {
  markerNumbers: readonly number[]; nodeNumber: number; stiffness: number; damping: number; offset: number; velocityOffset: number;
  factor0: number; factor1: number; fDynamicFriction: number; fStaticFrictionOffset: number; stickingStiffness: number;
  stickingDamping: number; exponentialDecayStatic: number; fViscousFriction: number; frictionProportionalZone: number;
  limitStopsUpper: number; limitStopsLower: number; limitStopsStiffness: number; limitStopsDamping: number; useLimitStops: boolean;
  activeConnector: boolean; springForceUserFunction: UserFunctionValue<CoordinateSpringForceExtUserFunction>;
};

/** Data coordinates of the data node: friction mode (0 stick, ±f_slip slip), last sticking position, limit stop state. */
const frictionMode = 0, lastStickingPosition = 1, limitStopState = 2;

/** Exudyn's Stribeck law with the connector's friction parameters ({@link stribeckFunction}); ∂f/∂v to slope[0] when given. */
function stribeck(v: Values, velocity: number, slope?: Float64Array): number {
  return stribeckFunction(velocity, v.fDynamicFriction, v.fStaticFrictionOffset, v.fViscousFriction, v.exponentialDecayStatic, v.frictionProportionalZone, slope);
}

/** Run-time model of the extended coordinate spring-damper (friction, limit stops, data node, post-Newton step). */
class CoordinateSpringDamperExtModel implements Only<ObjectModel, CoordinateSpringDamperExtModel> {
  readonly nAE = 0;
  readonly ode2LhsDependsOnVelocity = true;
  /** Analytic ∂F/∂q pattern; absent with a user function or rotation-coordinate markers (numerical, as Exudyn). */
  ode2Lhs_q?: (s: ItemState, k: LocalMatrixAccumulator, factor: number) => void;
  /** Analytic ∂F/∂v pattern; absent as ode2Lhs_q. */
  ode2Lhs_u?: (s: ItemState, d: LocalMatrixAccumulator, factor: number) => void;
  localNodes: NodeModel[] = [];
  private readonly pair: CoordinatePair;
  private dataNode: NodeModel | undefined;
  private readonly slope = new Float64Array(1);
  /** ∂F/∂q and ∂F/∂v of the last {@link CoordinateSpringDamperExtModel.force} call with derivatives. */
  private forceQ = 0;
  private forceV = 0;

  constructor(readonly label: ItemLabel, private readonly v: Values) {
    this.pair = new CoordinatePair(label, v.markerNumbers);
  }

  bind(context: BindContext): void {
    this.pair.bind(context);
    this.localNodes = this.pair.localNodes;
    const v = this.v;
    const neededFor = this.usesBristles() ? 'for the bristle friction model (friction with frictionProportionalZone = 0)' : v.useLimitStops ? 'for limit stops (useLimitStops)' : undefined;
    this.dataNode = bindDataNode(context, this.label, v.nodeNumber, 3, neededFor);
    if (v.springForceUserFunction === 0 && this.pair.hasUnitRows) {
      this.ode2Lhs_q = (s, acc, factor) => { this.force(s, true); this.pair.addPatternEntries(acc, factor * this.forceQ, v.factor0, v.factor1); };
      this.ode2Lhs_u = (s, acc, factor) => { this.force(s, true); this.pair.addPatternEntries(acc, factor * this.forceV, v.factor0, v.factor1); };
    }
  }

  /** The bristle friction model is in use: friction forces with frictionProportionalZone = 0 (Exudyn's case 2). */
  private usesBristles(): boolean {
    const v = this.v;
    return (v.fDynamicFriction !== 0 || v.fStaticFrictionOffset !== 0) && v.frictionProportionalZone === 0;
  }

  /** The data node's coordinates of state s start here (requires the data node). */
  private dataStart(): number {
    const node = this.dataNode;
    if (node === undefined) return itemError(this.label, 'nodeNumber', 'must refer to a NodeGenericData with 3 data coordinates for friction with frictionProportionalZone = 0 or limit stops (parameters changed after assemble?), got -1 (none)');
    return node.dataIndex;
  }

  /**
   * f_SD = k(q − x_off) + d(v − v_off) + f_friction + f_contact (or the user function), reading stick/slip and contact from
   * the data coordinates of s; with derivatives, sets forceQ = ∂f/∂q and forceV = ∂f/∂v at fixed data coordinates.
   */
  private force(s: ItemState, derivatives = false): number {
    const v = this.v;
    const q = this.pair.displacement(s, v.factor0, v.factor1);
    const rate = this.pair.velocity(s, v.factor0, v.factor1);
    const uf = v.springForceUserFunction;
    if (uf !== 0) {
      const force = uf(s.mbs, s.t, this.label.index, q, rate, v.stiffness, v.damping, v.offset, v.velocityOffset, v.fDynamicFriction, v.fStaticFrictionOffset, v.exponentialDecayStatic, v.fViscousFriction, v.frictionProportionalZone);
      if (typeof force !== 'number' || !Number.isFinite(force)) itemError(this.label, 'springForceUserFunction', `must return a finite number, got ${describeValue(force)}`);
      return force;
    }
    let force = v.stiffness * (q - v.offset) + v.damping * (rate - v.velocityOffset);
    let forceQ = v.stiffness;
    let forceV = v.damping;
    const slope = this.slope;
    if (v.frictionProportionalZone !== 0) {
      force += stribeck(v, rate, slope);
      forceV += slope[0];
    } else if (this.usesBristles()) {
      const start = this.dataStart();
      const mode = s.data[start + frictionMode];
      if (mode === 0) {
        force += (q - s.data[start + lastStickingPosition]) * v.stickingStiffness + rate * v.stickingDamping;
        forceQ += v.stickingStiffness;
        forceV += v.stickingDamping;
      } else {
        // the sign of the slip force is kept during Newton (it switches only in the post-Newton step)
        const slip = stribeck(v, rate, slope);
        const sign = Math.sign(mode) * Math.sign(slip);
        force += Math.sign(mode) * Math.abs(slip);
        forceV += sign * slope[0];
      }
    }
    if (v.useLimitStops) {
      const contact = s.data[this.dataStart() + limitStopState];
      if (contact !== 0) {
        const limit = contact < 0 ? v.limitStopsLower : v.limitStopsUpper;
        force += (q - limit) * v.limitStopsStiffness + rate * v.limitStopsDamping;
        forceQ += v.limitStopsStiffness;
        forceV += v.limitStopsDamping;
      }
    }
    if (derivatives) {
      this.forceQ = forceQ;
      this.forceV = forceV;
    }
    return force;
  }

  ode2Lhs(s: ItemState, f: Float64Array): void {
    const v = this.v;
    if (!v.activeConnector) return;
    this.pair.addForce(s, f, this.force(s), v.factor0, v.factor1);
  }

  /**
   * Exudyn's post-Newton step of the bristle friction and the limit stops: stick → slip when the bristle force exceeds
   * f_μd + f_μso (error |f_stick| − |f_slip|), slip → stick when the velocity reverses against the slip force (error the
   * force jump; the new sticking position continues the last force), limit stop contact opened or closed (error
   * k_limits·penetration). Writes the three data coordinates of the current state.
   */
  postNewtonStep(s: ItemState, startOfStep: ItemState): number {
    const v = this.v;
    if (!v.activeConnector || !(this.usesBristles() || v.useLimitStops)) return 0;
    const start = this.dataStart();
    const data = s.data;
    const q = this.pair.displacement(s, v.factor0, v.factor1);
    const rate = this.pair.velocity(s, v.factor0, v.factor1);
    let error = 0;

    const mode = data[start + frictionMode];
    const stick = data[start + lastStickingPosition];
    const stickingForce = (q - stick) * v.stickingStiffness + rate * v.stickingDamping;
    if (mode === 0) {
      if (Math.abs(stickingForce) > v.fDynamicFriction + v.fStaticFrictionOffset) {
        const slip = stribeck(v, rate);
        error += Math.abs(stickingForce) - Math.abs(slip);
        data[start + frictionMode] = slip;
      }
    } else {
      const slip = stribeck(v, rate);
      data[start + lastStickingPosition] = q;
      data[start + frictionMode] = slip;
      if (rate * mode < 0) {
        const modeAtStart = startOfStep.data[start + frictionMode];
        if (modeAtStart === 0) {
          data[start + lastStickingPosition] = startOfStep.data[start + lastStickingPosition];
          error += Math.abs(Math.abs(slip) - Math.abs(stickingForce));
        } else {
          data[start + lastStickingPosition] = q - (modeAtStart - rate * v.stickingDamping) / v.stickingStiffness;
          error += Math.abs(modeAtStart - slip);
        }
        data[start + frictionMode] = 0;
      }
    }

    let contact = 0;
    if (v.useLimitStops) {
      const previous = data[start + limitStopState];
      const { limitStopsLower: lower, limitStopsUpper: upper, limitStopsStiffness: stiffness } = v;
      if (previous < 0) {
        if (q > lower) error += Math.abs(previous * stiffness); else contact = q - lower;
      } else if (previous > 0) {
        if (q < upper) error += Math.abs(previous * stiffness); else contact = q - upper;
      } else if (q > upper) {
        contact = q - upper;
        error += Math.abs(contact * stiffness);
      } else if (q < lower) {
        contact = q - lower;
        error += Math.abs(contact * stiffness);
      }
    }
    data[start + limitStopState] = contact;
    return error;
  }

  output(variable: OutputVariableType, s: ItemState): ArrayLike<number> | undefined {
    const v = this.v;
    switch (variable) {
      case OutputVariableType.Displacement: return [this.pair.displacement(s, v.factor0, v.factor1)];
      case OutputVariableType.Velocity: return [this.pair.velocity(s, v.factor0, v.factor1)];
      case OutputVariableType.Force: return [v.activeConnector ? this.force(s) : 0];
      default: return undefined;
    }
  }
}

/** The extended coordinate spring-damper (Exudyn's ObjectConnectorCoordinateSpringDamperExt, alias CoordinateSpringDamperExt). */
export const objectConnectorCoordinateSpringDamperExtDefinition: ItemDefinition<'Object', typeof parameters> = {
  category: 'Object',
  typeName: 'ConnectorCoordinateSpringDamperExt',
  aliases: ['CoordinateSpringDamperExt'],
  description: 'A spring-damper between two coordinate markers with gear factors, friction and limit stops. Friction is either the '
    + 'regularized Stribeck law (frictionProportionalZone ≠ 0, no data node) or, with frictionProportionalZone = 0, a bristle model '
    + 'that sticks with stiffness k_μ and damping d_μ and slips with the Stribeck force; stick/slip and limit stop contact are '
    + 'switched in the post-Newton step (discontinuous iteration) and kept in the 3 data coordinates of a NodeGenericData '
    + '(nodeNumber): [friction mode d_μ (0 stick, ±f_slip slip), last sticking position x_lsp, limit stop state d_ls (0 free, '
    + '< 0 below limitStopsLower, > 0 beyond limitStopsUpper: the penetration)]. Initialize the data node with the initial '
    + 'state. Jacobians are analytic at fixed data coordinates (numerical with a user function or rotation-coordinate markers). '
    + 'The damper acts against v − velocityOffset, as Exudyn documents (Exudyn 1.11\'s code ignores velocityOffset).',
  parameters,
  outputVariables: [OutputVariableType.Displacement, OutputVariableType.Velocity, OutputVariableType.Force],
  equations: 'q = f1 c1 − f0 c0, v = f1 ċ1 − f0 ċ0; f_SD = k(q − x_off) + d(v − v_off) + f_friction + f_contact; '
    + 'Stribeck S(v) = (f_μd + f_μso) v/v_reg for |v| ≤ v_reg ≠ 0, else sign(v)(f_μd + f_μso e^{−(|v|−v_reg)/v_exp} + f_μv(|v| − v_reg)); '
    + 'f_friction = S(v) if v_reg ≠ 0; bristle model (v_reg = 0, f_μd or f_μso ≠ 0): stick (d_μ = 0) k_μ(q − x_lsp) + d_μ v, slip sign(d_μ)|S(v)|; '
    + 'f_contact = k_limits(q − s_upper) + d_limits v while d_ls > 0, k_limits(q − s_lower) + d_limits v while d_ls < 0, else 0; '
    + 'generalized forces Q_m0 = −f_SD f0 J_m0, Q_m1 = f_SD f1 J_m1 (left-hand side). Post-Newton step: stick → slip if '
    + '|k_μ(q − x_lsp) + d_μ v| > f_μd + f_μso; slip → stick if v d_μ < 0; contact opens/closes when q crosses a limit.',
  example: (mbs) => {
    const nodes = [0, 1].map((i) => mbs.addNode({ nodeType: 'Point', referenceCoordinates: [i, 0, 0], initialCoordinates: [0, 0.1 * i, 0], initialVelocities: [0.5 * i, 0.2, 0] }));
    for (const node of nodes) mbs.addObject({ objectType: 'MassPoint', physicsMass: 1, nodeNumber: node });
    const markers = nodes.map((node, i) => mbs.addMarker({ markerType: 'NodeCoordinate', nodeNumber: node, coordinate: i }));
    const data = mbs.addNode({ nodeType: 'GenericData', numberOfDataCoordinates: 3, initialCoordinates: [0, 0.02, 0.05] });
    return mbs.addObject({
      objectType: 'ConnectorCoordinateSpringDamperExt', markerNumbers: markers, nodeNumber: data, stiffness: 40, damping: 1.5, offset: 0.1,
      velocityOffset: 0.05, factor0: 1.5, factor1: 0.8, fDynamicFriction: 2, fStaticFrictionOffset: 1, stickingStiffness: 300,
      stickingDamping: 3, exponentialDecayStatic: 0.2, limitStopsUpper: 0.05, limitStopsLower: -0.3, limitStopsStiffness: 500,
      limitStopsDamping: 5, useLimitStops: true,
    });
  },
  validate: (v, label) => {
    // Without a user function the values are a spring and a damper; with one they are only its arguments.
    if (v.springForceUserFunction !== 0) return;
    checkNonNegativeEntries(label, 'stiffness', [v.stiffness], 'a spring with negative stiffness pushes away from its rest position');
    checkNonNegativeEntries(label, 'damping', [v.damping], 'a damper with negative damping adds energy');
    if (v.useLimitStops && v.limitStopsLower > v.limitStopsUpper) {
      itemError(label, 'limitStopsLower', `must not exceed limitStopsUpper = ${v.limitStopsUpper} with useLimitStops, got ${v.limitStopsLower}`);
    }
    if ((v.fDynamicFriction !== 0 || v.fStaticFrictionOffset !== 0) && v.frictionProportionalZone === 0 && v.stickingStiffness === 0) {
      itemError(label, 'stickingStiffness', 'must be positive for the bristle friction model (friction with frictionProportionalZone = 0), got 0');
    }
  },
  create: (v, label) => new CoordinateSpringDamperExtModel(label, v),
};

/** Factory for the extended coordinate spring-damper. */
export const ObjectConnectorCoordinateSpringDamperExt = makeFactory(objectConnectorCoordinateSpringDamperExtDefinition);
/** Exudyn's alias of {@link ObjectConnectorCoordinateSpringDamperExt}. */
export const CoordinateSpringDamperExt = ObjectConnectorCoordinateSpringDamperExt;
