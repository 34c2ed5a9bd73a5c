import type { CoordinateAddresses, ItemState } from '../registry/capabilities.ts';
import { ConfigurationType } from '../registry/enums.ts';
import { copyArray } from '../linalg/arrays.ts';
import type { UserFunctionSystem } from '../registry/userFunctionSystem.ts';

/** The sizes of a state's arrays besides q (whose size is that of the reference coordinates). */
export interface StateSizes {
  /** Number of velocity coordinates. */
  readonly nu: number;
  /** Number of algebraic coordinates. */
  readonly nAE: number;
  /** Number of data coordinates. */
  readonly nData: number;
}

/** The reference values of a system without ODE1 coordinates. */
const noODE1 = new Float64Array(0);

/** One configuration of the system: coordinates, velocities, accelerations, multipliers and time. */
export class SystemState implements ItemState {
  /** Position coordinates (displacements from reference). */
  readonly q: Float64Array;
  /** Velocity coordinates. */
  readonly u: Float64Array;
  /** Accelerations. */
  readonly a: Float64Array;
  /** Algebraic coordinates (Lagrange multipliers). */
  readonly lambda: Float64Array;
  /** Data coordinates (discrete states of contact and switching items). */
  readonly data: Float64Array;
  /** ODE1 coordinates (displacements from ode1Ref). */
  readonly ode1: Float64Array;
  /** Time derivatives of the ODE1 coordinates. */
  readonly ode1_t: Float64Array;
  /**
   * Time of this configuration. Declared, not defined (no class field emitted): a defined field starts as undefined, and
   * the doubles stored later then go into a tagged field, one new heap number per store (several per explicit step).
   */
  declare t: number;
  /** Load factor (static solver); 1 otherwise (declared as t). */
  declare loadFactor: number;
  /** See {@link ItemState.postNewtonKept}: set by the step loop around the recording of an accepted step. */
  postNewtonKept = false;

  /**
   * All values above in one array, [q, u, a, λ, ODE1 coordinates, ODE1 rates, data] (the arrays are views of it): a state
   * copy is one array copy, however many of the blocks are empty.
   */
  private readonly values: Float64Array;
  /** The coordinate blocks of {@link SystemState.values}, all but the data coordinates. */
  readonly coordinates: Float64Array;

  constructor(readonly qRef: Float64Array, sizes: StateSizes, readonly addresses: CoordinateAddresses, readonly mbs: UserFunctionSystem, readonly configuration: ConfigurationType, readonly ode1Ref: Float64Array = noODE1) {
    const lengths = [qRef.length, sizes.nu, sizes.nu, sizes.nAE, ode1Ref.length, ode1Ref.length, sizes.nData];
    let total = 0;
    for (const length of lengths) total += length;
    this.values = new Float64Array(total);
    let offset = 0;
    const [q, u, a, lambda, ode1, ode1_t, data] = lengths.map((length) => this.values.subarray(offset, (offset += length)));
    this.q = q;
    this.u = u;
    this.a = a;
    this.lambda = lambda;
    this.ode1 = ode1;
    this.ode1_t = ode1_t;
    this.data = data;
    this.coordinates = this.values.subarray(0, total - sizes.nData);
    // t and loadFactor hold fractions later: they are stored as doubles from the start (a fraction first, then the start
    // value). A field whose first value is a small integer changes its representation at its first fraction (V8), which
    // replaces the class's hidden class and discards all code optimized for the old one: in a fresh process the item
    // kernels optimized during the initial accelerations were deoptimized at the first step and compiled again.
    this.t = 0.5;
    this.loadFactor = 0.5;
    this.t = 0;
    this.loadFactor = 1;
  }

  /** Copies all values of another state of the same system. */
  copyFrom(other: SystemState): void {
    copyArray(this.values, other.values);
    this.t = other.t;
    this.loadFactor = other.loadFactor;
  }

  /**
   * Copies the coordinates (q, u, a, λ, ODE1 coordinates and rates), time and load factor of another state of the same system, but not its data
   * coordinates: a repeated iteration of a step (Exudyn's discontinuous iteration) restarts from the start of step with
   * the discrete states its post-Newton step has just updated.
   */
  copyCoordinatesFrom(other: SystemState): void {
    copyArray(this.coordinates, other.coordinates);
    this.t = other.t;
    this.loadFactor = other.loadFactor;
  }
}

/** The configurations of a compiled system (Exudyn's systemData states). */
export class SystemData {
  /** Initial configuration, from the nodes' initial values. */
  readonly initial: SystemState;
  /** Current configuration, updated by the solvers. */
  readonly current: SystemState;
  /** Start of the current step. */
  readonly startOfStep: SystemState;
  /** Configuration shown by viewers. */
  readonly visualization: SystemState;
  /** Reference configuration: all displacements zero. */
  readonly reference: SystemState;

  constructor(qRef: Float64Array, sizes: StateSizes, addresses: CoordinateAddresses, mbs: UserFunctionSystem, ode1Ref: Float64Array = noODE1) {
    this.initial = new SystemState(qRef, sizes, addresses, mbs, ConfigurationType.Initial, ode1Ref);
    this.current = new SystemState(qRef, sizes, addresses, mbs, ConfigurationType.Current, ode1Ref);
    this.startOfStep = new SystemState(qRef, sizes, addresses, mbs, ConfigurationType.StartOfStep, ode1Ref);
    this.visualization = new SystemState(qRef, sizes, addresses, mbs, ConfigurationType.Visualization, ode1Ref);
    this.reference = new SystemState(qRef, sizes, addresses, mbs, ConfigurationType.Reference, ode1Ref);
  }
}
