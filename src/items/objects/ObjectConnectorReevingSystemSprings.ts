import { makeFactory, type ItemDefinition } from '../../registry/definition.ts';
import {
  isCoordinateMarker, isRigidMarker, type BindContext, type CoordinateMarkerModel, type ItemState, type NodeModel, type ObjectModel,
  type Only, type RigidMarkerModel,
} from '../../registry/capabilities.ts';
import { itemError, type ItemLabel } from '../../core/errors.ts';
import { OutputVariableType } from '../../registry/enums.ts';
import { bool, markerIndexList, matrix, real, ureal, vector, type MatrixValue, type VectorValue } from '../../registry/parameters.ts';
import { reevingSystemRegion, solveTangent, type ReevingSystemRegion } from './reevingSystemKernels.ts';

const parameters = {
  markerNumbers: markerIndexList('Rigid markers [m_0 … m_{nr−1}] of the rope ends and the sheaves in rope order, then, with hasCoordinateMarkers, the coordinate markers [m_c0, m_c1] of length added at the start and at the end.'),
  hasCoordinateMarkers: bool(false, 'If true, the last two markers are coordinate markers that change the reference length: L0 = L_ref + f0·q_c0 + f1·q_c1.'),
  coordinateFactors: vector([1, 1], 'Factors [f0, f1] of the two coordinate markers (e.g. a sheave radius turning revolutions into length).', 2, 'Vector2D'),
  stiffnessPerLength: ureal(0, 'Axial stiffness EA [N] of the rope: the rope stiffness is EA/L0.'),
  dampingPerLength: ureal(0, 'Axial damping DA [N s] of the rope: the damping coefficient is DA/L0.'),
  dampingTorsional: ureal(0, 'Damping DT [N m s] of the relative rotation of two neighbouring sheaves about the rope axis (experimental in Exudyn).'),
  dampingShear: ureal(0, 'Damping DS [N s] of the relative motion of two neighbouring sheaves perpendicular to the rope, divided by the span length (experimental in Exudyn).'),
  regularizationForce: real(0.1, 'F_reg [N]: if > 0, compressive rope forces become F_reg·tanh(F/F_reg) ≥ −F_reg; if ≤ 0, the rope is a linear spring in tension and compression.'),
  referenceLength: real(0, 'Reference length L_ref [m] of the rope.'),
  sheavesAxes: matrix([], 'Axis ā_i of each rigid marker in its frame, one row [x, y, z] per rigid marker (unit length where the radius is non-zero); the axis direction selects the side the rope runs on.', undefined, 'Vector3DList'),
  sheavesRadii: vector([], 'Radius R_i ≥ 0 of each rigid marker\'s sheave; 0 for a point (a rope end or a point the rope runs through).'),
  activeConnector: bool(true, 'If false, the rope carries no force.'),
};

type Values = {
  markerNumbers: readonly number[]; hasCoordinateMarkers: boolean; coordinateFactors: VectorValue; stiffnessPerLength: number;
  dampingPerLength: number; dampingTorsional: number; dampingShear: number; regularizationForce: number; referenceLength: number;
  sheavesAxes: MatrixValue; sheavesRadii: VectorValue; activeConnector: boolean;
};

/** Tolerance on |ā| = 1 for sheaves with a radius: a longer or shorter axis would scale the tangent geometry. */
const unitAxisTolerance = 1e-10;

/** Number of rigid markers (sheaves and rope ends). */
function sheaveCount(v: Pick<Values, 'markerNumbers' | 'hasCoordinateMarkers'>): number {
  return v.markerNumbers.length - (v.hasCoordinateMarkers ? 2 : 0);
}

/**
 * Run-time model of a rope over frictionless sheaves, a massless spring with one force F over its whole length. The
 * geometry (tangent points, length, its rate) is evaluated per call from the markers; the generalized forces act on
 * each marker as a force and a torque through its position and rotation Jacobians. The Jacobians are numerical (the
 * tangent points depend on the whole sheave geometry), as in Exudyn.
 */
class ReevingSystemModel implements Only<ObjectModel, ReevingSystemModel> {
  readonly nAE = 0;
  readonly ode2LhsDependsOnVelocity = true;
  localNodes: NodeModel[] = [];
  private sheaves: RigidMarkerModel[] = [];
  private coordinates: CoordinateMarkerModel[] = [];
  /** Local offset of each marker's coordinates (rigid markers, then coordinate markers). */
  private offsets = new Int32Array(0);
  private readonly nr: number;
  /**
   * The kernels' region of this rope (reevingSystemKernels.ts: the markers' kinematics, the spans' tangent radius vectors,
   * directions and lengths, the markers' Jacobians and loads); made at bind.
   */
  private kernel: ReevingSystemRegion | undefined = undefined;
  /** Per sheave i: the views of entries 3i … 3i + 2 of position, velocity and omega (made at bind: subarray allocates). */
  private sheaveViews: Float64Array[][] = [];
  /** Per sheave i: the view of its rotation matrix in the region. */
  private rotationViews: Float64Array[] = [];
  /** A coordinate marker's Jacobian row. */
  private coordinateRow = new Float64Array(0);
  /** Results of the last evaluation: rope length L, its rate L̇ and the rope force F. */
  private length = 0;
  private lengthRate = 0;
  private ropeForce = 0;

  constructor(readonly label: ItemLabel, private readonly v: Values) {
    this.nr = sheaveCount(v);
  }

  bind(context: BindContext): void {
    const { nr, v } = this;
    this.sheaves = [];
    this.coordinates = [];
    v.markerNumbers.forEach((index, i) => {
      const marker = context.marker(index, 'markerNumbers');
      if (i < nr) {
        if (!isRigidMarker(marker)) itemError(this.label, 'markerNumbers', `entry ${i} must refer to a rigid marker (position and orientation, e.g. MarkerNodeRigid or MarkerBodyRigid), got ${marker.label.category}${marker.label.typeName} #${index}`);
        this.sheaves.push(marker);
      } else {
        if (!isCoordinateMarker(marker)) itemError(this.label, 'markerNumbers', `entry ${i} must refer to a coordinate marker (hasCoordinateMarkers: the last two markers), got ${marker.label.category}${marker.label.typeName} #${index}`);
        this.coordinates.push(marker);
      }
    });
    const markers = [...this.sheaves, ...this.coordinates];
    this.offsets = new Int32Array(markers.length);
    let offset = 0;
    let widest = 0;
    markers.forEach((marker, i) => {
      this.offsets[i] = offset;
      offset += marker.nLocalU;
      widest = Math.max(widest, marker.nLocalU);
    });
    this.localNodes = markers.flatMap((marker) => [...marker.nodes]);
    const kernel = this.kernel = reevingSystemRegion(this.sheaves.map((marker) => marker.nLocalU));
    kernel.region[1] = v.dampingTorsional;
    kernel.region[2] = v.dampingShear;
    kernel.region[3] = v.dampingTorsional !== 0 || v.dampingShear !== 0 ? 1 : 0;
    kernel.radii.set(v.sheavesRadii);
    v.sheavesAxes.forEach((row, i) => kernel.localAxes.set(row, 3 * i));
    this.sheaveViews = [kernel.position, kernel.velocity, kernel.omega].map((array) => Array.from({ length: nr }, (_, i) => array.subarray(3 * i, 3 * i + 3)));
    this.rotationViews = Array.from({ length: nr }, (_, i) => kernel.rotations.subarray(9 * i, 9 * i + 9));
    this.coordinateRow = new Float64Array(widest);
  }

  /** Updates the marker kinematics, the tangent points, L, L̇ and F. */
  private evaluate(s: ItemState): void {
    const { nr, v } = this;
    const kernel = this.kernel!;
    const { kernels, address, tableAddress, lengths, wrap } = kernel;
    const views = this.sheaveViews;
    const positionViews = views[0], velocityViews = views[1], omegaViews = views[2], rotationViews = this.rotationViews;
    for (let i = 0; i < nr; i++) {
      const marker = this.sheaves[i];
      marker.position(s, positionViews[i]);
      marker.velocity(s, velocityViews[i]);
      marker.angularVelocity(s, omegaViews[i]);
      marker.orientation(s, rotationViews[i]);
    }
    // the global axes and the common tangents of the spans (a span whose inputs are those of its last solve keeps its tangents: the sensors'
    // evaluations at the state of the last residual)
    for (let i = 0; i < nr - 1; i++) {
      const reason = solveTangent(kernel, i);
      if (reason !== undefined) itemError(this.label, 'markerNumbers', `has no rope span between markers ${i} and ${i + 1}: ${reason}; check the sheave positions, axes and radii`);
    }
    const radii = v.sheavesRadii;
    const rate = kernels.spans(address, tableAddress);
    let length = 0;
    for (let i = 0; i < nr - 1; i++) {
      length += lengths[i];
      // the arc wrapped on sheave i between the tangent point of span i − 1 and that of span i: its angle in [0, 2π)
      const R = radii[i];
      if (i > 0 && R !== 0) {
        const phi = Math.atan2(wrap[2 * i + 1], wrap[2 * i]);
        length += R * (phi < 0 ? phi + 2 * Math.PI : phi);
      }
    }
    this.length = length;
    this.lengthRate = rate;
    let L0 = v.referenceLength, L0rate = 0;
    if (v.hasCoordinateMarkers) {
      const [c0, c1] = this.coordinates;
      const [f0, f1] = v.coordinateFactors;
      L0 += f0 * c0.coordinate(s) + f1 * c1.coordinate(s);
      L0rate += f0 * c0.coordinateVelocity(s) + f1 * c1.coordinateVelocity(s);
    }
    this.ropeForce = 0;
    if (!v.activeConnector) return;
    // L0 = 0 is a modelling error Exudyn bridges with 1/L0 = 1000 (1 mm); we do the same and document it
    const inverseL0 = L0 !== 0 ? 1 / L0 : 1e3;
    let force = ((length - L0) * v.stiffnessPerLength + (rate - L0rate) * v.dampingPerLength) * inverseL0;
    if (v.regularizationForce > 0 && force < 0) force = v.regularizationForce * Math.tanh(force / v.regularizationForce);
    this.ropeForce = force;
  }

  /**
   * Per span i with direction d: the rope acts with F d on marker i and −F d on marker i + 1 at the tangent points;
   * torsional damping −DT ((ωB − ωA)·d) d and shear damping −(DS/ℓ)(Δv − (Δv·d) d) of the tangent-point velocities
   * add to it. LHS per marker: −J_posᵀ f − J_rotᵀ (τ) with its total force f and torque τ about the marker; the
   * coordinate markers get F·f_k (their length enters L0 with the opposite sign).
   */
  ode2Lhs(s: ItemState, f: Float64Array): void {
    if (!this.v.activeConnector) return;
    this.evaluate(s);
    const { nr, v } = this;
    const { kernels, region, address, tableAddress, positionJacobians, rotationJacobians, loads } = this.kernel!;
    const F = this.ropeForce;
    region[0] = F;
    for (let i = 0; i < nr; i++) {
      const marker = this.sheaves[i];
      if (marker.nLocalU === 0) continue;
      marker.positionJacobian(s, positionJacobians[i]);
      marker.rotationJacobian(s, rotationJacobians[i]);
    }
    kernels.loads(address, tableAddress);
    for (let i = 0; i < nr; i++) {
      const load = loads[i], offset = this.offsets[i];
      for (let k = 0; k < load.length; k++) f[offset + k] += load[k];
    }
    if (v.hasCoordinateMarkers) {
      for (let k = 0; k < 2; k++) this.addCoordinateForce(s, k, -v.coordinateFactors[k] * F, f);
    }
  }

  /** f[coordinate marker k] += value times its Jacobian (a unit entry, or its coordinate Jacobian row). */
  private addCoordinateForce(s: ItemState, k: number, value: number, f: Float64Array): void {
    const marker = this.coordinates[k];
    const offset = this.offsets[this.nr + k];
    if (marker.coordinateJacobian !== undefined) {
      marker.coordinateJacobian(s, this.coordinateRow);
      for (let j = 0; j < marker.nLocalU; j++) f[offset + j] += value * this.coordinateRow[j];
      return;
    }
    const local = marker.coordinateLocalIndex ?? -1;
    if (local >= 0) f[offset + local] += value;
  }

  output(variable: OutputVariableType, s: ItemState): ArrayLike<number> | undefined {
    this.evaluate(s);
    switch (variable) {
      case OutputVariableType.Distance: return [this.length];
      case OutputVariableType.VelocityLocal: return [this.lengthRate];
      case OutputVariableType.ForceLocal: return [this.ropeForce];
      default: return undefined;
    }
  }
}

/** A rope over sheaves as one spring (Exudyn's ObjectConnectorReevingSystemSprings, alias ReevingSystemSprings). */
export const objectConnectorReevingSystemSpringsDefinition: ItemDefinition<'Object', typeof parameters> = {
  category: 'Object',
  typeName: 'ConnectorReevingSystemSprings',
  aliases: ['ReevingSystemSprings'],
  description: 'A rope running from rigid marker m_0 over frictionless, torque-free sheaves (rigid markers m_1 … m_{nr−2}, each '
    + 'with a radius and an axis) to m_{nr−1}, modelled as one massless visco-elastic spring with the same force F in every '
    + 'span. The spans are the common tangents of neighbouring circles in 3D; the axis direction selects the side the rope '
    + 'runs on. Optionally two coordinate markers add length at the rope ends. Numerical Jacobians (as in Exudyn).',
  parameters,
  outputVariables: [OutputVariableType.Distance, OutputVariableType.VelocityLocal, OutputVariableType.ForceLocal],
  equations: 'Span i: the common tangent of circles i and i + 1 (see reevingSystemKernelsSource.ts) with radius vectors r_A, r_B; '
    + 'L = Σ |p_{i+1} + r_B − p_i − r_A| + Σ_{0<i<nr−1} R_i φ_i, φ_i ∈ [0, 2π) the wrap angle on sheave i; '
    + 'L̇ = Σ (v_{i+1} + ω_{i+1} × r_B − v_i − ω_i × r_A)·d_i (the wrap-angle rates are neglected, as in Exudyn). '
    + 'L0 = L_ref + f0 q_c0 + f1 q_c1, L̇0 = f0 q̇_c0 + f1 q̇_c1 (coordinate markers; else L_ref, 0). '
    + 'F_lin = ((L − L0) EA + (L̇ − L̇0) DA)/L0 (1/L0 := 1000 at L0 = 0, as in Exudyn), F = F_lin, or F_reg tanh(F_lin/F_reg) '
    + 'for F_lin < 0 when F_reg > 0. Each span pulls its end markers together with F d_i at the tangent points (force and '
    + 'torque through the markers\' position and rotation Jacobians), plus torsional damping −DT((ω_{i+1} − ω_i)·d) d and '
    + 'shear damping −(DS/ℓ_i)(Δv − (Δv·d) d) of the tangent-point velocities; the coordinate markers get −f_k F on the '
    + 'right-hand side. Outputs: Distance L, VelocityLocal L̇, ForceLocal F.',
  example: (mbs) => {
    // a rope from a fixed point over a hanging sheave to a rigid body on a spring-free support: two spans and one wrap
    const ground = mbs.addObject({ objectType: 'Ground' });
    const nodes = [[0, -2, 0], [2.2, 0.3, 0.1]].map((p, i) => mbs.addNode({
      nodeType: 'RigidBodyEP', referenceCoordinates: [...p, 1, 0, 0, 0],
      initialCoordinates: i === 0 ? [0.05, -0.1, 0, 0, 0, 0, 0] : [0, 0.1, -0.05, 0, 0, 0, 0],
      initialVelocities: i === 0 ? [0.2, -0.3, 0.1, 0, 0.1, -0.2, 0.3] : [-0.1, 0.4, 0.2, 0, 0.2, 0.1, -0.1],
    }));
    const bodies = nodes.map((node) => mbs.addObject({ objectType: 'RigidBody', physicsMass: 3, physicsInertia: [1, 1, 2, 0, 0, 0], nodeNumber: node }));
    const markers = [
      mbs.addMarker({ markerType: 'BodyRigid', bodyNumber: ground, localPosition: [-1, 0.5, 0] }),
      mbs.addMarker({ markerType: 'NodeRigid', nodeNumber: nodes[0] }),
      mbs.addMarker({ markerType: 'BodyRigid', bodyNumber: bodies[1], localPosition: [0.1, 0, 0] }),
    ];
    const c0 = mbs.addMarker({ markerType: 'NodeCoordinate', nodeNumber: nodes[1], coordinate: 0 });
    const c1 = mbs.addMarker({ markerType: 'NodeCoordinate', nodeNumber: mbs.addNode({ nodeType: 'PointGround' }), coordinate: 0 });
    return mbs.addObject({
      objectType: 'ConnectorReevingSystemSprings', markerNumbers: [...markers, c0, c1], hasCoordinateMarkers: true, coordinateFactors: [0.5, 1],
      stiffnessPerLength: 800, dampingPerLength: 20, dampingTorsional: 0.5, dampingShear: 2, referenceLength: 5,
      sheavesAxes: [[0, 0, 1], [0, 0, -1], [0, 0, 1]], sheavesRadii: [0, 0.6, 0.2],
    });
  },
  validate: (v, label) => {
    const nr = sheaveCount(v);
    if (nr < 2) itemError(label, 'markerNumbers', `must hold at least two rigid markers (the rope ends)${v.hasCoordinateMarkers ? ' and then the two coordinate markers' : ''}, got ${v.markerNumbers.length} markers`);
    if (v.sheavesRadii.length !== nr) itemError(label, 'sheavesRadii', `must have one radius per rigid marker (${nr}), got ${v.sheavesRadii.length}`);
    if (v.sheavesAxes.length !== nr) itemError(label, 'sheavesAxes', `must have one axis per rigid marker (${nr} rows [x, y, z]), got ${v.sheavesAxes.length}`);
    v.sheavesAxes.forEach((row, i) => {
      if (row.length !== 3) itemError(label, 'sheavesAxes', `row ${i} must be a 3D vector, got ${row.length} entries`);
      if (v.sheavesRadii[i] < 0) itemError(label, 'sheavesRadii', `entry ${i} must be non-negative, got ${v.sheavesRadii[i]}`);
      if (v.sheavesRadii[i] > 0 && Math.abs(Math.hypot(row[0], row[1], row[2]) - 1) > unitAxisTolerance) {
        itemError(label, 'sheavesAxes', `row ${i} must be a unit vector (sheave ${i} has radius ${v.sheavesRadii[i]}), got length ${Math.hypot(row[0], row[1], row[2])}`);
      }
    });
  },
  create: (v, label) => new ReevingSystemModel(label, v),
};

/** Factory for a reeving system. */
export const ObjectConnectorReevingSystemSprings = makeFactory(objectConnectorReevingSystemSpringsDefinition);
/** Exudyn's alias of {@link ObjectConnectorReevingSystemSprings}. */
export const ReevingSystemSprings = ObjectConnectorReevingSystemSprings;
