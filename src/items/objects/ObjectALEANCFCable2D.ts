import { makeFactory, type ItemDefinition } from '../../registry/definition.ts';
import { bodyOrigin, type BindContext, type BodyModel, type ItemState, type LocalMatrixAccumulator, type NodeModel, type ObjectModel, type Only } from '../../registry/capabilities.ts';
import { describeValue, itemError, type ItemLabel } from '../../core/errors.ts';
import { OutputVariableType } from '../../registry/enums.ts';
import { bool, nodeIndexArray, real, uint, ureal, type ParameterValues } from '../../registry/parameters.ts';
import { ANCFCable2DModel, gauss4, integrationRules, shapeFunctions, shapeFunctions_x, shapeFunctions_xx, type CableValues, type QuadratureRule } from './ObjectANCFCable2D.ts';

const parameters = {
  physicsLength: ureal(0, 'Reference length L [m] of the element; must be positive.'),
  physicsMassPerLength: ureal(0, 'Total mass per length ρA [kg/m] (pipe and moving content).'),
  physicsMovingMassFactor: ureal(1, 'Part of ρA that moves axially (1: all mass moves, 0: none; a pipe conveying fluid: fluid mass / total mass).'),
  physicsBendingStiffness: ureal(0, 'Bending stiffness EI [N m²]: bending moment M = EI (K − K_ref).'),
  physicsAxialStiffness: ureal(0, 'Axial stiffness EA [N]: axial force N = EA (ε − ε_ref), ε = |r\'| − 1.'),
  physicsBendingDamping: ureal(0, 'Bending damping d_K [N m²/s]: adds d_K K̇ to the bending moment.'),
  physicsAxialDamping: ureal(0, 'Axial damping d_ε [N/s]: adds d_ε ε̇ to the axial force.'),
  physicsReferenceAxialStrain: real(0, 'Reference (pre-)strain ε₀: the stress-free axial strain.'),
  physicsReferenceCurvature: real(0, 'Reference (pre-)curvature K₀ [1/m]: the stress-free curvature.'),
  physicsUseCouplingTerms: bool(true, 'True: the mass coupling m = M\'q between the cable and the axial motion (the correct case); false: only the constant mass ρA_m L on the axial coordinate.'),
  physicsAddALEvariation: bool(true, 'True: adds the variation of strain and curvature with respect to the axial coordinate, ∫ (N ε\' + M K\') dx (the correct case).'),
  nodeNumbers: nodeIndexArray('Two Point2DSlope1 nodes [n0, n1] at x = 0 and x = L and a NodeGenericODE2 with one coordinate, the axial (ALE) coordinate shared by all elements of the cable.', 3),
  useReducedOrderIntegration: uint(0, 'Quadrature as ObjectANCFCable2D: 0 = Gauss 5 / 3 points (axial / bending), 1 = Gauss 4 / 2, 2 = Lobatto 3 / Gauss 2.'),
  strainIsRelativeToReference: real(0, 'Factor f_ref: 1 makes the (pre-deformed) reference configuration stress-free, 0 the straight one plus ε₀, K₀.'),
};

type Values = ParameterValues<typeof parameters>;

/** Number of cable coordinates (the ALE coordinate is local coordinate 8). */
const N_CABLE = 8;
const N_LOCAL = 9;

/** Third derivatives S'''_j (constant for cubic Hermite functions). */
function shapeFunctions_xxx(L: number, out: Float64Array, o: number): void {
  const L2 = L * L;
  const L3 = L2 * L;
  out[o] = 12 / L3;
  out[o + 1] = 6 / L2;
  out[o + 2] = -12 / L3;
  out[o + 3] = 6 / L2;
}

/** A rule mapped to [0, L] with S', S'', S''' and the reference strain and curvature at its points. */
interface AleRule {
  count: number;
  weight: Float64Array;
  dS: Float64Array;
  ddS: Float64Array;
  strainRef: Float64Array;
  curvatureRef: Float64Array;
}

function mapRule(rule: QuadratureRule, L: number): AleRule {
  const n = rule.points.length;
  const mapped: AleRule = {
    count: n, weight: new Float64Array(n), dS: new Float64Array(4 * n), ddS: new Float64Array(4 * n),
    strainRef: new Float64Array(n), curvatureRef: new Float64Array(n),
  };
  for (let p = 0; p < n; p++) {
    const x = 0.5 * L * rule.points[p] + 0.5 * L;
    mapped.weight[p] = 0.5 * L * rule.weights[p];
    shapeFunctions_x(x, L, mapped.dS, 4 * p);
    shapeFunctions_xx(x, L, mapped.ddS, 4 * p);
  }
  return mapped;
}

/** Section values at one point: r', r'', r''' (pairs) from total coordinates e. */
function slopes(dS: Float64Array, ddS: Float64Array, dddS: Float64Array, o: number, e: ArrayLike<number>, out: Float64Array): void {
  out.fill(0, 0, 6);
  for (let j = 0; j < 4; j++) {
    out[0] += dS[o + j] * e[2 * j]; out[1] += dS[o + j] * e[2 * j + 1];
    out[2] += ddS[o + j] * e[2 * j]; out[3] += ddS[o + j] * e[2 * j + 1];
    out[4] += dddS[j] * e[2 * j]; out[5] += dddS[j] * e[2 * j + 1];
  }
}

/**
 * Run-time model of the axially moving (ALE) cable: the planar ANCF cable of ObjectANCFCable2D (elastic forces, mass
 * matrix and kinematics of the 8 cable coordinates, through an ANCFCable2DModel) plus an axial coordinate s of a
 * NodeGenericODE2 whose velocity v = ṡ moves the mass ρA_m = f_m ρA along the cable (Pechstein–Gerstmayr):
 * mass matrix [[M, m], [mᵀ, ρA_m L]] with m = M'q (M' = ∫ ρA_m Sᵀ S' dx), velocity-dependent forces
 * 2v M'q̇ + v²(B' − M'')q on the cable and 2v q̇ᵀM''q + ½v² qᵀB''q on s (M'' = ∫ ρA_m S'ᵀS' dx, B' = ρA_m [SᵀS']₀ᴸ,
 * B'' = ρA_m [S'ᵀS']₀ᴸ), and the variation of strain and curvature along x on s. The Jacobian is numerical (as Exudyn's).
 */
class ALEANCFCable2DModel implements Only<ObjectModel & BodyModel, ALEANCFCable2DModel> {
  readonly nAE = 0;
  readonly hasConstantMassMatrix: boolean;
  readonly nLocalU = N_LOCAL;
  readonly ode2LhsDependsOnVelocity = true;
  readonly massProportionalForceDependsOnCoordinates = true;
  localNodes: NodeModel[] = [];
  nodes: NodeModel[] = [];

  private readonly cable: ANCFCable2DModel;
  private readonly L: number;
  private readonly rhoAMoving: number;
  /** True when the strain rates include the convective part v r'' (all mass moves: f_m = 1), as Exudyn's. */
  private readonly convectiveRates: boolean;
  private readonly axial: AleRule;
  private readonly bending: AleRule;
  /** 4 × 4 scalar blocks (the same for x and y) of M', M'', B', B''. */
  private readonly M1 = new Float64Array(16);
  private readonly M2 = new Float64Array(16);
  private readonly B1 = new Float64Array(16);
  private readonly B2 = new Float64Array(16);
  private readonly dddS = new Float64Array(4);
  private aleNode!: NodeModel;
  private readonly e = new Float64Array(N_CABLE);
  private readonly eDot = new Float64Array(N_CABLE);
  private readonly eReference = new Float64Array(N_CABLE);
  private readonly section = new Float64Array(6);
  private readonly sectionRate = new Float64Array(6);
  private readonly work = new Float64Array(N_CABLE);
  private readonly jacobian8 = new Float64Array(3 * N_CABLE);
  private readonly shape = new Float64Array(12);

  constructor(readonly label: ItemLabel, private readonly v: Values) {
    if (v.nodeNumbers.length !== 3) itemError(label, 'nodeNumbers', `must contain two Point2DSlope1 nodes and one NodeGenericODE2 (the axial coordinate), got ${describeValue(v.nodeNumbers)}`);
    const cableValues: CableValues = {
      physicsLength: v.physicsLength, physicsMassPerLength: v.physicsMassPerLength, physicsBendingStiffness: v.physicsBendingStiffness,
      physicsAxialStiffness: v.physicsAxialStiffness, physicsBendingDamping: v.physicsBendingDamping, physicsAxialDamping: v.physicsAxialDamping,
      physicsReferenceAxialStrain: v.physicsReferenceAxialStrain, physicsReferenceCurvature: v.physicsReferenceCurvature,
      strainIsRelativeToReference: v.strainIsRelativeToReference, nodeNumbers: v.nodeNumbers.slice(0, 2),
      useReducedOrderIntegration: v.useReducedOrderIntegration, axialForceUserFunction: 0, bendingMomentUserFunction: 0,
    };
    this.cable = new ANCFCable2DModel(label, cableValues);
    this.L = v.physicsLength;
    this.rhoAMoving = v.physicsMassPerLength * v.physicsMovingMassFactor;
    this.convectiveRates = v.physicsMovingMassFactor === 1;
    this.hasConstantMassMatrix = !v.physicsUseCouplingTerms;
    const rules = integrationRules[v.useReducedOrderIntegration];
    this.axial = mapRule(rules.axial, this.L);
    this.bending = mapRule(rules.bending, this.L);
    shapeFunctions_xxx(this.L, this.dddS, 0);
    this.integrateMovingMass();
  }

  get body(): BodyModel {
    return this;
  }

  get arcLength(): number {
    return this.L;
  }

  bind(context: BindContext): void {
    this.cable.bind(context);
    const ale = context.node(this.v.nodeNumbers[2], 'nodeNumbers');
    if (ale.label.typeName !== 'GenericODE2' || ale.nu !== 1) {
      itemError(this.label, 'nodeNumbers', `entry 2 must refer to a NodeGenericODE2 with one coordinate (the axial coordinate), got Node${ale.label.typeName} #${ale.label.index} with ${ale.nu} coordinates`);
    }
    this.aleNode = ale;
    this.nodes = [...this.cable.nodes, ale];
    this.localNodes = this.nodes;
    const [n0, n1] = this.cable.nodes;
    for (let k = 0; k < 4; k++) {
      this.eReference[k] = n0.referenceCoordinates[k];
      this.eReference[4 + k] = n1.referenceCoordinates[k];
    }
    const relative = this.v.strainIsRelativeToReference;
    for (const rule of [this.axial, this.bending]) {
      for (let p = 0; p < rule.count; p++) {
        slopes(rule.dS, rule.ddS, this.dddS, 4 * p, this.eReference, this.section);
        const [rx, ry, rxx, ryy] = this.section;
        const g = rx * rx + ry * ry;
        rule.strainRef[p] = this.v.physicsReferenceAxialStrain + relative * (Math.sqrt(g) - 1);
        rule.curvatureRef[p] = this.v.physicsReferenceCurvature + relative * (rx * ryy - ry * rxx) / g;
      }
    }
  }

  /** M' = ∫ ρA_m Sᵀ S' dx and M'' = ∫ ρA_m S'ᵀ S' dx (4-point Gauss, exact), B' = ρA_m [SᵀS']₀ᴸ, B'' = ρA_m [S'ᵀS']₀ᴸ. */
  private integrateMovingMass(): void {
    const S = this.shape;
    const L = this.L;
    const m = this.rhoAMoving;
    for (let p = 0; p < gauss4.points.length; p++) {
      const x = 0.5 * L * gauss4.points[p] + 0.5 * L;
      const w = 0.5 * L * gauss4.weights[p] * m;
      shapeFunctions(x, L, S, 0);
      shapeFunctions_x(x, L, S, 4);
      for (let i = 0; i < 4; i++) {
        for (let j = 0; j < 4; j++) {
          this.M1[4 * i + j] += w * S[i] * S[4 + j];
          this.M2[4 * i + j] += w * S[4 + i] * S[4 + j];
        }
      }
    }
    const end = new Float64Array(8);
    const start = new Float64Array(8);
    shapeFunctions(L, L, end, 0);
    shapeFunctions_x(L, L, end, 4);
    shapeFunctions(0, L, start, 0);
    shapeFunctions_x(0, L, start, 4);
    for (let i = 0; i < 4; i++) {
      for (let j = 0; j < 4; j++) {
        this.B1[4 * i + j] = m * (end[i] * end[4 + j] - start[i] * start[4 + j]);
        this.B2[4 * i + j] = m * (end[4 + i] * end[4 + j] - start[4 + i] * start[4 + j]);
      }
    }
  }

  /** Total cable coordinates e, their velocities and the axial velocity v. */
  private gather(s: ItemState): number {
    const [n0, n1] = this.cable.nodes;
    for (let k = 0; k < 4; k++) {
      this.e[k] = s.qRef[n0.qIndex + k] + s.q[n0.qIndex + k];
      this.e[4 + k] = s.qRef[n1.qIndex + k] + s.q[n1.qIndex + k];
      this.eDot[k] = s.u[n0.uIndex + k];
      this.eDot[4 + k] = s.u[n1.uIndex + k];
    }
    return s.u[this.aleNode.uIndex];
  }

  /** out = (block ⊗ I₂) x for a 4 × 4 scalar block acting on both components. */
  private static multiply(block: Float64Array, x: Float64Array, out: Float64Array): void {
    for (let i = 0; i < 4; i++) {
      let sx = 0;
      let sy = 0;
      for (let j = 0; j < 4; j++) {
        sx += block[4 * i + j] * x[2 * j];
        sy += block[4 * i + j] * x[2 * j + 1];
      }
      out[2 * i] = sx;
      out[2 * i + 1] = sy;
    }
  }

  massMatrix(s: ItemState, acc: LocalMatrixAccumulator): void {
    this.cable.massMatrix(s, acc);
    const coupling = this.work;
    if (this.v.physicsUseCouplingTerms) {
      this.gather(s);
      ALEANCFCable2DModel.multiply(this.M1, this.e, coupling);
    } else {
      coupling.fill(0);
    }
    for (let i = 0; i < N_CABLE; i++) {
      acc.add(i, N_CABLE, coupling[i]);
      acc.add(N_CABLE, i, coupling[i]);
    }
    acc.add(N_CABLE, N_CABLE, this.rhoAMoving * this.L);
  }

  ode2Lhs(s: ItemState, f: Float64Array): void {
    this.cable.ode2Lhs(s, f);
    const v = this.gather(s);
    const { e, eDot, work } = this;
    // moving mass: cable rows 2v M'q̇ + v²(B' − M'')q, axial row 2v q̇ᵀM''q + ½v² qᵀB''q
    ALEANCFCable2DModel.multiply(this.M1, eDot, work);
    for (let i = 0; i < N_CABLE; i++) f[i] += 2 * v * work[i];
    ALEANCFCable2DModel.multiply(this.B1, e, work);
    for (let i = 0; i < N_CABLE; i++) f[i] += v * v * work[i];
    ALEANCFCable2DModel.multiply(this.M2, e, work);
    let axial = 0;
    for (let i = 0; i < N_CABLE; i++) {
      f[i] -= v * v * work[i];
      axial += 2 * v * eDot[i] * work[i];
    }
    ALEANCFCable2DModel.multiply(this.B2, e, work);
    for (let i = 0; i < N_CABLE; i++) axial += 0.5 * v * v * e[i] * work[i];
    f[N_CABLE] += axial;
    this.addSectionTerms(v, f);
  }

  /**
   * The section forces' share of the axial coordinate, ∫ (N ε' + M K') dx with ε' = r'·r''/|r'| and
   * K' = (|r'|² r' × r''' − 2 (r' × r'') r'·r'')/|r'|⁴ (physicsAddALEvariation), and, with convective rates (f_m = 1),
   * the convective parts of the damping forces, d_ε v ε' ∂ε/∂q and d_K v K' ∂K/∂q, which the cable's material rates lack.
   */
  private addSectionTerms(v: number, f: Float64Array): void {
    const { axialStiffness, axialDamping, bendingStiffness, bendingDamping } = this.materials();
    const addVariation = this.v.physicsAddALEvariation;
    const convectiveAxial = this.convectiveRates && axialDamping !== 0 && v !== 0;
    const convectiveBending = this.convectiveRates && bendingDamping !== 0 && v !== 0;
    if (!addVariation && !convectiveAxial && !convectiveBending) return;
    const { e, eDot, section, sectionRate, dddS } = this;
    const axial = this.axial;
    for (let p = 0; p < axial.count; p++) {
      const o = 4 * p;
      slopes(axial.dS, axial.ddS, dddS, o, e, section);
      const [rx, ry, rxx, ryy] = section;
      const norm = Math.sqrt(rx * rx + ry * ry);
      const strainX = (rx * rxx + ry * ryy) / norm;
      if (addVariation) {
        slopes(axial.dS, axial.ddS, dddS, o, eDot, sectionRate);
        let strainRate = (rx * sectionRate[0] + ry * sectionRate[1]) / norm;
        if (this.convectiveRates) strainRate += v * strainX;
        const force = axialStiffness * (norm - 1 - axial.strainRef[p]) + axialDamping * strainRate;
        f[N_CABLE] += axial.weight[p] * force * strainX;
      }
      if (convectiveAxial) {
        const c = axial.weight[p] * axialDamping * v * strainX / norm;
        for (let j = 0; j < 4; j++) {
          f[2 * j] += c * axial.dS[o + j] * rx;
          f[2 * j + 1] += c * axial.dS[o + j] * ry;
        }
      }
    }
    const bending = this.bending;
    for (let p = 0; p < bending.count; p++) {
      const o = 4 * p;
      slopes(bending.dS, bending.ddS, dddS, o, e, section);
      const [rx, ry, rxx, ryy, rxxx, ryyy] = section;
      const g = rx * rx + ry * ry;
      const cross = rx * ryy - ry * rxx;
      const curvatureX = (g * (rx * ryyy - ry * rxxx) - 2 * cross * (rx * rxx + ry * ryy)) / (g * g);
      if (addVariation) {
        slopes(bending.dS, bending.ddS, dddS, o, eDot, sectionRate);
        const [rxt, ryt, rxxt, ryyt] = sectionRate;
        const cross_t = rxt * ryy - ryt * rxx + rx * ryyt - ry * rxxt;
        const g_t = 2 * (rx * rxt + ry * ryt);
        let curvatureRate = (cross_t * g - cross * g_t) / (g * g);
        if (this.convectiveRates) curvatureRate += v * curvatureX;
        const moment = bendingStiffness * (cross / g - bending.curvatureRef[p]) + bendingDamping * curvatureRate;
        f[N_CABLE] += bending.weight[p] * moment * curvatureX;
      }
      if (convectiveBending) {
        const c = bending.weight[p] * bendingDamping * v * curvatureX;
        const g2 = g * g;
        for (let j = 0; j < 4; j++) {
          const sx = bending.dS[o + j];
          const sxx = bending.ddS[o + j];
          f[2 * j] += c * ((sx * ryy - sxx * ry) / g - cross * 2 * rx * sx / g2);
          f[2 * j + 1] += c * ((-sx * rxx + sxx * rx) / g - cross * 2 * ry * sx / g2);
        }
      }
    }
  }

  private materials(): { axialStiffness: number; axialDamping: number; bendingStiffness: number; bendingDamping: number } {
    return {
      axialStiffness: this.v.physicsAxialStiffness, axialDamping: this.v.physicsAxialDamping,
      bendingStiffness: this.v.physicsBendingStiffness, bendingDamping: this.v.physicsBendingDamping,
    };
  }

  /** Cable part as ObjectANCFCable2D; axial coordinate: ρA (r(L) − r(0))·b = ∫ ρA r'·b dx, which drives s on a slope. */
  massProportionalForce(s: ItemState, loadPerMass: ArrayLike<number>, f: Float64Array): void {
    this.cable.massProportionalForce(s, loadPerMass, f);
    this.gather(s);
    const rhoA = this.v.physicsMassPerLength;
    f[N_CABLE] += rhoA * ((this.e[4] - this.e[0]) * loadPerMass[0] + (this.e[5] - this.e[1]) * loadPerMass[1]);
  }

  position(s: ItemState, localPosition: ArrayLike<number>, out: Float64Array): void {
    this.cable.position(s, localPosition, out);
  }

  /** Velocity of the cable point plus the Eulerian part v r'(x). */
  velocity(s: ItemState, localPosition: ArrayLike<number>, out: Float64Array): void {
    this.cable.velocity(s, localPosition, out);
    const v = this.gather(s);
    const t = this.slopeAt(localPosition[0] ?? 0);
    out[0] += v * t[0];
    out[1] += v * t[1];
  }

  /** r'(x) from the gathered coordinates. */
  private slopeAt(x: number): [number, number] {
    const S = this.shape;
    shapeFunctions_x(x, this.L, S, 0);
    const e = this.e;
    return [S[0] * e[0] + S[1] * e[2] + S[2] * e[4] + S[3] * e[6], S[0] * e[1] + S[1] * e[3] + S[2] * e[5] + S[3] * e[7]];
  }

  /** ∂position/∂q (3 × 9): the cable's, with a zero column for the axial coordinate (the position of a point x does not depend on s). */
  positionJacobian(s: ItemState, localPosition: ArrayLike<number>, out: Float64Array): void {
    this.cable.positionJacobian(s, localPosition, this.jacobian8);
    for (let r = 0; r < 3; r++) {
      for (let c = 0; c < N_CABLE; c++) out[r * N_LOCAL + c] = this.jacobian8[r * N_CABLE + c];
      out[r * N_LOCAL + N_CABLE] = 0;
    }
  }

  /** The axis tangent r'(x) (not normalized), 3 entries. */
  centerlineTangent(s: ItemState, localPosition: ArrayLike<number>, out: Float64Array): void {
    this.gather(s);
    const t = this.slopeAt(localPosition[0] ?? 0);
    out[0] = t[0];
    out[1] = t[1];
    out[2] = 0;
  }

  outputBody(variable: OutputVariableType, s: ItemState, localPosition: ArrayLike<number>): ArrayLike<number> | undefined {
    switch (variable) {
      case OutputVariableType.Velocity: {
        const out = new Float64Array(3);
        this.velocity(s, localPosition, out);
        return out;
      }
      case OutputVariableType.VelocityLocal: {
        const out = new Float64Array(3);
        this.velocity(s, localPosition, out);
        const [rx, ry] = this.slopeAt(localPosition[0] ?? 0);
        const norm = Math.hypot(rx, ry);
        const tx = rx / norm, ty = ry / norm;
        return [tx * out[0] + ty * out[1], -ty * out[0] + tx * out[1], 0];
      }
      case OutputVariableType.ForceLocal:
      case OutputVariableType.TorqueLocal: {
        const value = this.cable.outputBody(variable, s, localPosition);
        if (value === undefined || !this.convectiveRates) return value;
        const damping = variable === OutputVariableType.ForceLocal ? this.v.physicsAxialDamping : this.v.physicsBendingDamping;
        if (damping === 0) return value;
        const v = this.gather(s);
        const S = this.shape;
        const x = localPosition[0] ?? 0;
        shapeFunctions_x(x, this.L, S, 0);
        shapeFunctions_xx(x, this.L, S, 4);
        slopes(S, S.subarray(4), this.dddS, 0, this.e, this.section);
        const [rx, ry, rxx, ryy, rxxx, ryyy] = this.section;
        const g = rx * rx + ry * ry;
        const derivative = variable === OutputVariableType.ForceLocal
          ? (rx * rxx + ry * ryy) / Math.sqrt(g)
          : (g * (rx * ryyy - ry * rxxx) - 2 * (rx * ryy - ry * rxx) * (rx * rxx + ry * ryy)) / (g * g);
        return [value[0] + damping * v * derivative];
      }
      case OutputVariableType.Position: case OutputVariableType.Displacement: case OutputVariableType.Rotation:
      case OutputVariableType.Director1: case OutputVariableType.StrainLocal: case OutputVariableType.CurvatureLocal:
        return this.cable.outputBody(variable, s, localPosition);
      default: return undefined;
    }
  }

  output(variable: OutputVariableType, s: ItemState): ArrayLike<number> | undefined {
    return this.outputBody(variable, s, bodyOrigin);
  }
}

/** The axially moving planar ANCF cable (Exudyn's ObjectALEANCFCable2D). */
export const objectALEANCFCable2DDefinition: ItemDefinition<'Object', typeof parameters> = {
  category: 'Object',
  typeName: 'ALEANCFCable2D',
  aliases: ['ALECable2D'],
  description: 'A planar ANCF cable (as ObjectANCFCable2D, on two Point2DSlope1 nodes) with an additional axial '
    + '(arbitrary Lagrangian–Eulerian) coordinate s of a NodeGenericODE2 shared by all elements of a cable: the part '
    + 'physicsMovingMassFactor of the mass moves along the axis with velocity v = ṡ (a rope running over pulleys, a pipe '
    + 'conveying fluid). Local positions [x, y, 0] as ObjectANCFCable2D; the velocity of a point includes the Eulerian part '
    + 'v r\'(x). The Jacobian of the forces is computed numerically (as Exudyn\'s); the mass matrix depends on q when '
    + 'physicsUseCouplingTerms is true.',
  parameters,
  outputVariables: [
    OutputVariableType.Position, OutputVariableType.Displacement, OutputVariableType.Velocity, OutputVariableType.VelocityLocal,
    OutputVariableType.Rotation, OutputVariableType.Director1, OutputVariableType.StrainLocal, OutputVariableType.CurvatureLocal,
    OutputVariableType.ForceLocal, OutputVariableType.TorqueLocal,
  ],
  equations: [
    'q = [r0, r0\', r1, r1\'] (total cable coordinates), s the axial coordinate, v = ṡ, ρA_m = f_m ρA; r(x) = Σ S_j(x) q_j as ObjectANCFCable2D.',
    'Mass matrix [[M, m], [mᵀ, ρA_m L]], m = M\'q (zero without coupling terms), M = ∫ ρA SᵀS dx, M\' = ∫ ρA_m SᵀS\' dx, M\'\' = ∫ ρA_m S\'ᵀS\' dx,',
    'B\' = ρA_m [SᵀS\']₀ᴸ, B\'\' = ρA_m [S\'ᵀS\']₀ᴸ.',
    'ode2Lhs (cable) = Q_elastic + 2v M\'q̇ + v²(B\' − M\'\')q; ode2Lhs (s) = 2v q̇ᵀM\'\'q + ½v² qᵀB\'\'q + ∫ (N ε\' + M K\') dx (physicsAddALEvariation),',
    'ε\' = r\'·r\'\'/|r\'|, K\' = (|r\'|² r\'×r\'\'\' − 2 (r\'×r\'\') r\'·r\'\')/|r\'|⁴; with f_m = 1 the strain rates are convective: ε̇ + v ε\', K̇ + v K\'.',
    'Mass-proportional load b: cable part as ObjectANCFCable2D, on s: ρA (r(L) − r(0))·b. Velocity of a point: Σ S_j q̇_j + v r\'(x).',
  ].join('\n'),
  example: (mbs) => {
    const nodes = [0, 1].map((x) => mbs.addNode({ nodeType: 'Point2DSlope1', referenceCoordinates: [x, 0, 1, 0], initialCoordinates: [0, 0.1 * x, 0, 0.2], initialVelocities: [0, 0.5 * x, 0, 0.3] }));
    const ale = mbs.addNode({ nodeType: 'GenericODE2', numberOfODE2Coordinates: 1, referenceCoordinates: [0], initialCoordinates: [0.1], initialCoordinates_t: [0.7] });
    const cable = mbs.addObject({ objectType: 'ALEANCFCable2D', nodeNumbers: [...nodes, ale], physicsLength: 1, physicsMassPerLength: 0.8, physicsMovingMassFactor: 1, physicsBendingStiffness: 2, physicsAxialStiffness: 50, physicsBendingDamping: 0.1, physicsAxialDamping: 0.5, physicsReferenceCurvature: 0.2 });
    mbs.addLoad({ loadType: 'MassProportional', markerNumber: mbs.addMarker({ markerType: 'BodyMass', bodyNumber: cable }), loadVector: [0.3, -9.81, 0] });
    return cable;
  },
  create: (v, label) => new ALEANCFCable2DModel(label, v),
};

/** Factory for an axially moving planar ANCF cable element. */
export const ObjectALEANCFCable2D = makeFactory(objectALEANCFCable2DDefinition);
/** Exudyn's alias of {@link ObjectALEANCFCable2D}. */
export const ALECable2D = ObjectALEANCFCable2D;
