import { describe, expect, it } from 'vitest';
import type { BindContext, ItemState, MarkerModel, NodeModel, ObjectModel, PositionMarkerModel } from '../../src/registry/capabilities.ts';
import { completeDictionary, labelOf, type ItemDefinition } from '../../src/registry/definition.ts';
import { ConfigurationType, OutputVariableType } from '../../src/registry/enums.ts';
import { FlexdynError } from '../../src/core/errors.ts';
import { MainSystem } from '../../src/MainSystem.ts';
import {
  rotationMatrix2RotXYZInto, rotXYZ2GInto, rotXYZ2GLocalInto, rotXYZ2RotationMatrixInto, expSO3Into, logSO3Into,
} from '../../src/rotations/rotationMatrices.ts';
import { mat3MulInto, mat3MulVecInto, mat3TransposeMulInto, mat3TransposeMulVecInto, skewInto } from '../../src/rotations/skew.ts';
import {
  SystemContainer, SimulationSettings, ObjectGround, NodePoint, MassPoint, MarkerBodyPosition, MarkerNodePosition, Force,
  RevoluteJointZ, SphericalJoint, PrismaticJointX, GenericJoint, TorsionalSpringDamper, RigidBodySpringDamper, Torque, LinearSolverType, NodePointGround, MarkerNodeRigid, NodeRigidBodyEP, NodeRigidBodyRxyz, ObjectRigidBody, MarkerBodyRigid, SensorNode,
} from '../../src/index.ts';
import { objectJointGenericDefinition } from '../../src/items/objects/ObjectJointGeneric.ts';
import { objectJointSphericalDefinition } from '../../src/items/objects/ObjectJointSpherical.ts';
import { objectJointRevoluteZDefinition } from '../../src/items/objects/ObjectJointRevoluteZ.ts';
import { objectJointPrismaticXDefinition } from '../../src/items/objects/ObjectJointPrismaticX.ts';
import { objectJointRevolute2DDefinition } from '../../src/items/objects/ObjectJointRevolute2D.ts';
import { objectJointPrismatic2DDefinition } from '../../src/items/objects/ObjectJointPrismatic2D.ts';
import { objectConnectorRigidBodySpringDamperDefinition } from '../../src/items/objects/ObjectConnectorRigidBodySpringDamper.ts';
import { objectConnectorTorsionalSpringDamperDefinition } from '../../src/items/objects/ObjectConnectorTorsionalSpringDamper.ts';
import { randomSequence } from '../helpers/random.ts';
import { jacobianError } from '../helpers/objectJacobian.ts';
import type { SystemState } from '../../src/model/SystemState.ts';
import { maxAbs, maxDifference } from '../helpers/arrays.ts';

/** A node with additive coordinates (u = q̇), enough for markers that read q and u directly. */
function testNode(index: number, nu: number, qIndex: number): NodeModel {
  const zeros = new Float64Array(nu);
  return {
    label: labelOf('Node', 'Test', index), nq: nu, nu, nAE: 0, isGround: false, positionDimension: 3,
    qIndex, uIndex: qIndex, aeIndex: -1, dataIndex: 0, referenceCoordinates: zeros, initialCoordinates: zeros, initialVelocities: zeros,
    attach: () => {}, output: () => undefined,
  };
}

/**
 * A rigid marker at the body-fixed point x̄ of a body with 6 additive coordinates [displacement, Tait–Bryan angles]
 * (reference position pRef and angles θRef): p = pRef + q_p + A x̄, A = RotXYZ(θRef + q_θ), ω̄ = G_l q̇_θ,
 * J_pos = [I | −A x̄̃ G_l], J_rot = [0 | G]. With `planar`, the body has 3 coordinates [x, y, φ] rotating about z.
 * Independent of the engine's rigid bodies, so the joints are tested against their equations alone.
 */
class TestRigidMarker implements MarkerModel {
  readonly nodes: NodeModel[];
  readonly nLocalU: number;
  private readonly a = new Float64Array(9);
  private readonly g = new Float64Array(9);
  private readonly gLocal = new Float64Array(9);
  private readonly angles = new Float64Array(3);
  private readonly work = new Float64Array(9);
  private readonly work3 = new Float64Array(3);

  constructor(readonly label: ReturnType<typeof labelOf>, private readonly node: NodeModel | undefined, private readonly pRef: number[],
    private readonly thetaRef: number[], private readonly local: number[], private readonly planar = false) {
    this.nodes = node === undefined ? [] : [node];
    this.nLocalU = node === undefined ? 0 : node.nu;
  }

  bind(): void {}

  private update(s: ItemState): void {
    const q = s.q, k = this.node?.qIndex ?? 0;
    for (let i = 0; i < 3; i++) this.angles[i] = this.thetaRef[i];
    if (this.node !== undefined) {
      if (this.planar) this.angles[2] += q[k + 2];
      else for (let i = 0; i < 3; i++) this.angles[i] += q[k + 3 + i];
    }
    rotXYZ2RotationMatrixInto(this.a, this.angles);
    rotXYZ2GInto(this.g, this.angles);
    rotXYZ2GLocalInto(this.gLocal, this.angles);
  }

  /** Angle rates of the node. */
  private rates(s: ItemState, out: Float64Array): Float64Array {
    out.fill(0);
    if (this.node === undefined) return out;
    const k = this.node.uIndex;
    if (this.planar) out[2] = s.u[k + 2];
    else for (let i = 0; i < 3; i++) out[i] = s.u[k + 3 + i];
    return out;
  }

  position(s: ItemState, out: Float64Array): void {
    this.update(s);
    mat3MulVecInto(out, this.a, this.local);
    const translations = this.node === undefined ? 0 : this.planar ? 2 : 3;
    for (let i = 0; i < 3; i++) out[i] += this.pRef[i] + (i < translations ? s.q[this.node!.qIndex + i] : 0);
  }

  velocity(s: ItemState, out: Float64Array): void {
    const omega = new Float64Array(3);
    this.angularVelocityLocal(s, omega);
    const x = this.local;
    const c = [omega[1] * x[2] - omega[2] * x[1], omega[2] * x[0] - omega[0] * x[2], omega[0] * x[1] - omega[1] * x[0]];
    mat3MulVecInto(out, this.a, c);
    const translations = this.node === undefined ? 0 : this.planar ? 2 : 3;
    for (let i = 0; i < translations; i++) out[i] += s.u[this.node!.uIndex + i];
  }

  orientation(s: ItemState, out: Float64Array): void {
    this.update(s);
    out.set(this.a);
  }

  angularVelocityLocal(s: ItemState, out: Float64Array): void {
    this.update(s);
    mat3MulVecInto(out, this.gLocal, this.rates(s, this.work3));
  }

  angularVelocity(s: ItemState, out: Float64Array): void {
    this.update(s);
    mat3MulVecInto(out, this.g, this.rates(s, this.work3));
  }

  positionJacobian(s: ItemState, out: Float64Array): void {
    this.update(s);
    const n = this.nLocalU;
    out.fill(0);
    if (n === 0) return;
    // −A x̄̃ G_l (planar: the z column only).
    mat3MulInto(this.work, this.a, skewInto(new Float64Array(9), this.local));
    const rot = mat3MulInto(new Float64Array(9), this.work, this.gLocal);
    if (this.planar) {
      out[0] = 1; out[n + 1] = 1;
      for (let i = 0; i < 3; i++) out[i * n + 2] = -rot[3 * i + 2];
      return;
    }
    for (let i = 0; i < 3; i++) {
      out[i * n + i] = 1;
      for (let j = 0; j < 3; j++) out[i * n + 3 + j] = -rot[3 * i + j];
    }
  }

  rotationJacobian(s: ItemState, out: Float64Array): void {
    this.update(s);
    const n = this.nLocalU;
    out.fill(0);
    if (n === 0) return;
    if (this.planar) { for (let i = 0; i < 3; i++) out[i * n + 2] = this.g[3 * i + 2]; return; }
    for (let i = 0; i < 3; i++) for (let j = 0; j < 3; j++) out[i * n + 3 + j] = this.g[3 * i + j];
  }

  output(): undefined {
    return undefined;
  }
}

/**
 * The marker seen as a position marker: a view with its point kinematics and without the frame methods, by which the
 * engine tells the marker kinds apart (typed as the test marker, the tests call only its point methods).
 */
function positionView(m: TestRigidMarker): TestRigidMarker {
  const view: PositionMarkerModel = {
    label: m.label, nodes: m.nodes, nLocalU: m.nLocalU, bind: () => {}, output: () => undefined,
    position: (s, out) => m.position(s, out), velocity: (s, out) => m.velocity(s, out), positionJacobian: (s, out) => m.positionJacobian(s, out),
  };
  return view as TestRigidMarker;
}

/** Two test rigid markers on two bodies (or marker 0 on ground) and a state with random q, u and λ. */
interface Setup {
  markers: TestRigidMarker[];
  s: ItemState & { q: Float64Array; u: Float64Array; lambda: Float64Array; t: number };
  nodes: NodeModel[];
}

function rigidSetup(seed: number, options: { ground?: boolean; planar?: boolean; orientation?: boolean; nAE?: number; amplitude?: number } = {}): Setup {
  const random = randomSequence(seed);
  const planar = options.planar === true;
  const nu = planar ? 3 : 6;
  const amplitude = options.amplitude ?? 0.4;
  const nodes = [testNode(0, nu, 0), testNode(1, nu, nu)];
  const vec = (scale: number) => [scale * random(), scale * random(), planar ? 0 : scale * random()];
  const angles = () => (planar ? [0, 0, random()] : [random(), 0.5 * random(), random()]);
  const view = options.orientation === false ? positionView : (m: TestRigidMarker) => m;
  const marker0 = view(new TestRigidMarker(labelOf('Marker', 'TestRigid', 0), options.ground === true ? undefined : nodes[0], vec(1), angles(), vec(0.5), planar));
  const marker1 = view(new TestRigidMarker(labelOf('Marker', 'TestRigid', 1), nodes[1], vec(1), angles(), vec(0.5), planar));
  const n = 2 * nu;
  const nAE = options.nAE ?? 6;
  const s = {
    qRef: new Float64Array(n), q: new Float64Array(n), u: new Float64Array(n), a: new Float64Array(n), lambda: new Float64Array(nAE),
    t: 0.37, loadFactor: 1, mbs: new MainSystem(), configuration: ConfigurationType.Current, data: new Float64Array(0),
    ode1Ref: new Float64Array(0), ode1: new Float64Array(0), ode1_t: new Float64Array(0),
    // the test objects are object #7 (createObject): their multipliers start at λ[0], equation n_u
    addresses: { nodeQ: new Int32Array(0), nodeU: new Int32Array(0), nodeAE: new Int32Array(0), nodeData: new Int32Array(0), objectAE: Int32Array.of(-1, -1, -1, -1, -1, -1, -1, n), nodeODE1: new Int32Array(0) },
  };
  for (let i = 0; i < n; i++) { s.q[i] = amplitude * random(); s.u[i] = 2 * random(); }
  for (let i = 0; i < nAE; i++) s.lambda[i] = random();
  return { markers: [marker0, marker1], s, nodes };
}

/** Creates and binds object #7 of the given definition on the setup's markers 0 and 1 (its λ start at 0, see rigidSetup). */
function createObject(definition: ItemDefinition, input: Record<string, unknown>, setup: Setup): ObjectModel {
  const label = labelOf('Object', definition.typeName, 7);
  const values = completeDictionary(definition, { markerNumbers: [0, 1], ...input }, label);
  const object = definition.create(values as never, label) as ObjectModel;
  object.bind(testContext(setup.markers));
  return object;
}

function testContext(markers: MarkerModel[]): BindContext {
  const fail = (): never => { throw new Error('not available in this test'); };
  return {
    node: fail, body: fail, load: fail, object: fail, sensor: fail, outputVariables: fail,
    marker: (index) => markers[index],
  };
}

function localSize(object: ObjectModel): number {
  return object.localNodes.reduce((sum, node) => sum + node.nu, 0);
}

/** Central differences of g(q) (rows × n_local) with respect to the object's local q. */
function centralDifferences(object: ObjectModel, s: Setup['s'], rows: number, evaluate: (out: Float64Array) => void, h: number): Float64Array {
  const n = localSize(object);
  const result = new Float64Array(rows * n);
  const plus = new Float64Array(rows), minus = new Float64Array(rows);
  let local = 0;
  for (const node of object.localNodes) {
    for (let j = 0; j < node.nu; j++, local++) {
      const index = node.qIndex + j;
      const saved = s.q[index];
      s.q[index] = saved + h; evaluate(plus);
      s.q[index] = saved - h; evaluate(minus);
      s.q[index] = saved;
      for (let r = 0; r < rows; r++) result[r * n + local] = (plus[r] - minus[r]) / (2 * h);
    }
  }
  return result;
}

/** d/dt g(q(t)) along q̇ = u (time fixed) by central differences. */
function rateAlongMotion(object: ObjectModel, s: Setup['s'], h: number): Float64Array {
  const plus = new Float64Array(object.nAE), minus = new Float64Array(object.nAE);
  const saved = s.q.slice();
  const t = s.t;
  for (let i = 0; i < s.q.length; i++) s.q[i] = saved[i] + h * s.u[i];
  s.t = t + h; object.ae!(s, plus, false);
  for (let i = 0; i < s.q.length; i++) s.q[i] = saved[i] - h * s.u[i];
  s.t = t - h; object.ae!(s, minus, false);
  s.q.set(saved);
  s.t = t;
  return plus.map((value, r) => (value - minus[r]) / (2 * h));
}

// Central differences with h = 1e-6 on O(1) coordinates: truncation h²·|g'''| ≲ 1e-11, round-off eps·|g|/h ≈ 2e-10;
// relative to max|C_q| = O(1), 1e-7 leaves a wide margin and still catches any missing term (which is O(1)).
const jacobianTolerance = 1e-7;

/** The joint configurations to check: every item, and the generic joint's translation/rotation branches. */
const jointCases: { name: string; definition: ItemDefinition; input: Record<string, unknown>; rigid: boolean; planar?: boolean }[] = [
  { name: 'JointGeneric rigid [1,1,1,1,1,1]', definition: objectJointGenericDefinition, input: {}, rigid: true },
  { name: 'JointGeneric prismatic [0,1,1,1,1,1]', definition: objectJointGenericDefinition, input: { constrainedAxes: [0, 1, 1, 1, 1, 1] }, rigid: true },
  { name: 'JointGeneric revolute x [1,1,1,0,1,1]', definition: objectJointGenericDefinition, input: { constrainedAxes: [1, 1, 1, 0, 1, 1] }, rigid: true },
  { name: 'JointGeneric revolute y, local z free [1,1,0,1,0,1]', definition: objectJointGenericDefinition, input: { constrainedAxes: [1, 1, 0, 1, 0, 1] }, rigid: true },
  { name: 'JointGeneric universal [1,1,1,0,1,0]', definition: objectJointGenericDefinition, input: { constrainedAxes: [1, 1, 1, 0, 1, 0] }, rigid: true },
  { name: 'JointGeneric universal [0,0,1,0,0,1]', definition: objectJointGenericDefinition, input: { constrainedAxes: [0, 0, 1, 0, 0, 1] }, rigid: true },
  { name: 'JointGeneric spherical [1,1,1,0,0,0]', definition: objectJointGenericDefinition, input: { constrainedAxes: [1, 1, 1, 0, 0, 0] }, rigid: true },
  { name: 'JointGeneric with rotation markers', definition: objectJointGenericDefinition, input: { rotationMarker0: rotXYZ([0.3, -0.7, 1.1]), rotationMarker1: rotXYZ([-0.2, 0.4, 2.0]) }, rigid: true },
  { name: 'JointGeneric prismatic with rotationMarker0', definition: objectJointGenericDefinition, input: { constrainedAxes: [0, 1, 1, 1, 1, 1], rotationMarker0: rotXYZ([0.3, -0.7, 1.1]) }, rigid: true },
  { name: 'JointSpherical', definition: objectJointSphericalDefinition, input: {}, rigid: false },
  { name: 'JointSpherical [0,1,1]', definition: objectJointSphericalDefinition, input: { constrainedAxes: [0, 1, 1] }, rigid: false },
  { name: 'JointRevoluteZ', definition: objectJointRevoluteZDefinition, input: { rotationMarker0: rotXYZ([0.5, 0.1, -0.4]), rotationMarker1: rotXYZ([1.2, -0.3, 0.2]) }, rigid: true },
  { name: 'JointPrismaticX', definition: objectJointPrismaticXDefinition, input: { rotationMarker0: rotXYZ([0.5, 0.1, -0.4]), rotationMarker1: rotXYZ([1.2, -0.3, 0.2]) }, rigid: true },
  { name: 'JointRevolute2D', definition: objectJointRevolute2DDefinition, input: {}, rigid: false, planar: true },
  { name: 'JointPrismatic2D', definition: objectJointPrismatic2DDefinition, input: { axisMarker0: [0.6, 0.8, 0], normalMarker1: [-0.28, 0.96, 0] }, rigid: true, planar: true },
  { name: 'JointPrismatic2D without rotation', definition: objectJointPrismatic2DDefinition, input: { constrainRotation: false }, rigid: true, planar: true },
  // the kernel's translation rows in J1 with spatial markers (z rows of J and tilted rotation Jacobians take part)
  { name: 'JointPrismatic2D on spatial markers', definition: objectJointPrismatic2DDefinition, input: { axisMarker0: [0.6, 0.8, 0.3], normalMarker1: [-0.28, 0.96, 0.5] }, rigid: true },
];

function rotXYZ(angles: number[]): number[][] {
  const a = rotXYZ2RotationMatrixInto(new Float64Array(9), angles);
  return [[a[0], a[1], a[2]], [a[3], a[4], a[5]], [a[6], a[7], a[8]]];
}

describe('joint Jacobians', () => {
  for (const c of jointCases) {
    it(`aeQMatchesCentralDifferences: ${c.name}`, () => {
      for (const [seed, ground] of [[1, false], [2, false], [3, true]] as const) {
        const setup = rigidSetup(seed, { ground, planar: c.planar, orientation: c.rigid });
        const object = createObject(c.definition, c.input, setup);
        const n = localSize(object);
        const analytic = new Float64Array(object.nAE * n);
        object.ae!(setup.s, new Float64Array(object.nAE), false, analytic);
        const numeric = centralDifferences(object, setup.s, object.nAE, (g) => object.ae!(setup.s, g, false), 1e-6);
        // Multiplier rows (g = λ) do not depend on q: both are zero there.
        expect(maxDifference(analytic, numeric) / maxAbs(numeric)).toBeLessThan(jacobianTolerance);
        expect(maxAbs(numeric)).toBeGreaterThan(0.1);
      }
    });
  }

  it('alternativeConstraintsKeepTheStandardJacobianAsExudyn', () => {
    const setup = rigidSetup(4);
    const standard = createObject(objectJointGenericDefinition, {}, setup);
    const alternative = createObject(objectJointGenericDefinition, { alternativeConstraints: true }, setup);
    const n = localSize(standard);
    const c0 = new Float64Array(6 * n), c1 = new Float64Array(6 * n);
    standard.ae!(setup.s, new Float64Array(standard.nAE), false, c0);
    alternative.ae!(setup.s, new Float64Array(alternative.nAE), false, c1);
    expect(Array.from(c1)).toEqual(Array.from(c0));
    // The alternative equations: a0_x·(a1_y × a0_z) − 1 etc.; 0 for coinciding frames, −2 for a 180° flip about z.
    const g = new Float64Array(6);
    const a0 = new Float64Array(9);
    setup.markers[0].orientation(setup.s, a0);
    const flip = new TestRigidMarker(labelOf('Marker', 'TestRigid', 2), undefined, [0, 0, 0], rotationMatrixToAngles(mat3MulInto(new Float64Array(9), a0, rotXYZ2RotationMatrixInto(new Float64Array(9), [0, 0, Math.PI]))), [0, 0, 0]);
    const same = new TestRigidMarker(labelOf('Marker', 'TestRigid', 3), undefined, [0, 0, 0], rotationMatrixToAngles(a0), [0, 0, 0]);
    const onFlip = createObject(objectJointGenericDefinition, { alternativeConstraints: true, constrainedAxes: [0, 0, 0, 1, 1, 1] }, { ...setup, markers: [setup.markers[0], flip] });
    onFlip.ae!(setup.s, g, false);
    // a1 = a0·Rz(π): a1_x = −a0_x, a1_y = −a0_y, a1_z = a0_z → [−2, 0, −2], while the standard dot products all vanish there.
    expect(g[3]).toBeCloseTo(-2, 12);
    expect(g[4]).toBeCloseTo(0, 12);
    expect(g[5]).toBeCloseTo(-2, 12);
    const standardOnFlip = createObject(objectJointGenericDefinition, { constrainedAxes: [0, 0, 0, 1, 1, 1] }, { ...setup, markers: [setup.markers[0], flip] });
    standardOnFlip.ae!(setup.s, g, false);
    for (let k = 3; k < 6; k++) expect(g[k]).toBeCloseTo(0, 12);
    const onSame = createObject(objectJointGenericDefinition, { alternativeConstraints: true, constrainedAxes: [0, 0, 0, 1, 1, 1] }, { ...setup, markers: [setup.markers[0], same] });
    onSame.ae!(setup.s, g, false);
    for (let k = 3; k < 6; k++) expect(g[k]).toBeCloseTo(0, 12);
  });
});

/** Tait–Bryan angles of a rotation matrix (for building test markers with a given orientation). */
function rotationMatrixToAngles(a: Float64Array): number[] {
  return Array.from(rotationMatrix2RotXYZInto(new Float64Array(3), a));
}

describe('joint index-2 equations', () => {
  for (const c of jointCases) {
    it(`velocityLevelEquationsAreTheTimeDerivative: ${c.name}`, () => {
      for (const seed of [11, 12]) {
        const setup = rigidSetup(seed, { planar: c.planar, orientation: c.rigid });
        const object = createObject(c.definition, c.input, setup);
        const index2 = new Float64Array(object.nAE);
        object.ae!(setup.s, index2, true);
        const rate = rateAlongMotion(object, setup.s, 1e-6);
        const free = object.multiplierRows ?? [];
        for (let r = 0; r < object.nAE; r++) {
          // Multiplier rows read λ on both levels; the others: |ġ| = O(1), central differences to ~1e-9.
          if (free.includes(r)) expect(index2[r]).toBe(setup.s.lambda[r]);
          else expect(Math.abs(index2[r] - rate[r])).toBeLessThan(1e-8);
        }
      }
    });
  }

  it('offsetUserFunction_tIsTheVelocityLevelOfTheTranslationOffsets', () => {
    // Offsets o(t) = p·[sin 3t, t², cos t] in the joint frame (one translation free → local equations).
    const p = [0.2, -0.4, 0.3, 0, 0, 0];
    const offset = (_mbs: unknown, t: number, _i: number, q: number[]) => [q[0] * Math.sin(3 * t), q[1] * t * t, q[2] * Math.cos(t), 0, 0, 0];
    const offset_t = (_mbs: unknown, t: number, _i: number, q: number[]) => [3 * q[0] * Math.cos(3 * t), 2 * q[1] * t, -q[2] * Math.sin(t), 0, 0, 0];
    for (const axes of [[1, 1, 1, 1, 1, 0], [1, 0, 1, 1, 1, 1]]) {
      const setup = rigidSetup(13);
      const object = createObject(objectJointGenericDefinition, { constrainedAxes: axes, offsetUserFunction: offset, offsetUserFunction_t: offset_t, offsetUserFunctionParameters: p }, setup);
      const index2 = new Float64Array(6);
      object.ae!(setup.s, index2, true);
      const rate = rateAlongMotion(object, setup.s, 1e-6);
      for (let r = 0; r < 6; r++) if (axes[r] === 1) expect(Math.abs(index2[r] - rate[r])).toBeLessThan(1e-8);
    }
  });

  it('rotationOffsetsOnVelocityLevelAreRejected', () => {
    const setup = rigidSetup(14);
    const object = createObject(objectJointGenericDefinition, { offsetUserFunction_t: () => [0, 0, 0, 0.1, 0, 0] }, setup);
    expect(() => object.ae!(setup.s, new Float64Array(6), true)).toThrow(/ObjectJointGeneric #7: offsetUserFunction_t must return zero rotation offsets \(entries 3\.\.5\) on velocity level/);
  });
});

describe('joints lower to the generic joint', () => {
  it('revoluteZPrismaticXSphericalAndRevolute2DAreRowSelectionsOfJointGeneric', () => {
    const r0 = rotXYZ([0.5, 0.1, -0.4]), r1 = rotXYZ([1.2, -0.3, 0.2]);
    // [item, its parameters, the joint it lowers to, that joint's parameters, the rows the item selects]
    const cases: [ItemDefinition, Record<string, unknown>, ItemDefinition, Record<string, unknown>, number[]][] = [
      [objectJointRevoluteZDefinition, { rotationMarker0: r0, rotationMarker1: r1 }, objectJointGenericDefinition, { rotationMarker0: r0, rotationMarker1: r1, constrainedAxes: [1, 1, 1, 1, 1, 0] }, [0, 1, 2, 3, 4]],
      [objectJointPrismaticXDefinition, { rotationMarker0: r0, rotationMarker1: r1 }, objectJointGenericDefinition, { rotationMarker0: r0, rotationMarker1: r1, constrainedAxes: [0, 1, 1, 1, 1, 1] }, [1, 2, 3, 4, 5]],
      [objectJointSphericalDefinition, {}, objectJointGenericDefinition, { constrainedAxes: [1, 1, 1, 0, 0, 0] }, [0, 1, 2]],
      // Global components also with a free axis (JointGeneric would switch to the joint frame there).
      [objectJointRevolute2DDefinition, {}, objectJointSphericalDefinition, { constrainedAxes: [1, 1, 0] }, [0, 1]],
    ];
    for (const [definition, input, lowered, loweredInput, rows] of cases) {
      const setup = rigidSetup(21);
      const item = createObject(definition, input, setup);
      const generic = createObject(lowered, loweredInput, setup);
      const n = localSize(item);
      for (const index2 of [false, true]) {
        const gItem = new Float64Array(item.nAE), gGeneric = new Float64Array(generic.nAE);
        item.ae!(setup.s, gItem, index2);
        setup.s.lambda.fill(0);
        generic.ae!(setup.s, gGeneric, index2);
        rows.forEach((row, r) => expect(gItem[r]).toBe(gGeneric[row]));
        // The generic joint's extra rows are its free rows, g = λ (= 0 here).
        for (let row = 0; row < generic.nAE; row++) if (!rows.includes(row)) expect(gGeneric[row]).toBe(0);
      }
      const cItem = new Float64Array(item.nAE * n), cGeneric = new Float64Array(generic.nAE * n);
      item.ae!(setup.s, new Float64Array(item.nAE), false, cItem);
      generic.ae!(setup.s, new Float64Array(generic.nAE), false, cGeneric);
      rows.forEach((row, r) => { for (let k = 0; k < n; k++) expect(cItem[r * n + k]).toBe(cGeneric[row * n + k]); });
    }
  });

  it('freeAxesAndInactiveJointsAreMultiplierRows', () => {
    const setup = rigidSetup(22);
    const generic = createObject(objectJointGenericDefinition, { constrainedAxes: [1, 0, 1, 0, 1, 1] }, setup);
    expect(generic.multiplierRows).toEqual([1, 3]);
    const g = new Float64Array(6);
    generic.ae!(setup.s, g, false);
    expect(g[1]).toBe(setup.s.lambda[1]);
    expect(g[3]).toBe(setup.s.lambda[3]);
    const n = localSize(generic);
    const c = new Float64Array(6 * n);
    generic.ae!(setup.s, new Float64Array(generic.nAE), false, c);
    for (const row of [1, 3]) for (let k = 0; k < n; k++) expect(c[row * n + k]).toBe(0);
    const inactive = createObject(objectJointRevoluteZDefinition, { activeConnector: false }, setup);
    expect(inactive.nAE).toBe(5);
    expect(inactive.multiplierRows).toEqual([0, 1, 2, 3, 4]);
    const g5 = new Float64Array(5);
    inactive.ae!(setup.s, g5, true);
    expect(Array.from(g5)).toEqual(Array.from(setup.s.lambda.subarray(0, 5)));
    expect(createObject(objectJointPrismatic2DDefinition, { constrainRotation: false }, rigidSetup(23, { planar: true })).multiplierRows).toEqual([1]);
    expect(createObject(objectJointRevoluteZDefinition, {}, setup).multiplierRows).toEqual([]);
  });
});

describe('joint outputs', () => {
  it('outputsFollowExudynsDefinitions', () => {
    const setup = rigidSetup(31);
    const r0 = rotXYZ([0.5, 0.1, -0.4]), r1 = rotXYZ([1.2, -0.3, 0.2]);
    const s = setup.s;
    const [m0, m1] = setup.markers;
    const p0 = new Float64Array(3), p1 = new Float64Array(3), v0 = new Float64Array(3), v1 = new Float64Array(3);
    const a0 = new Float64Array(9), a1 = new Float64Array(9), w0 = new Float64Array(3), w1 = new Float64Array(3);
    m0.position(s, p0); m1.position(s, p1); m0.velocity(s, v0); m1.velocity(s, v1);
    m0.orientation(s, a0); m1.orientation(s, a1); m0.angularVelocity(s, w0); m1.angularVelocity(s, w1);
    const a0All = mat3MulInto(new Float64Array(9), a0, Float64Array.from(r0.flat()));
    const a1All = mat3MulInto(new Float64Array(9), a1, Float64Array.from(r1.flat()));
    const local = (x: number[]) => Array.from(mat3TransposeMulVecInto(new Float64Array(3), a0All, x));
    const diff = (a: Float64Array, b: Float64Array) => [0, 1, 2].map((i) => a[i] - b[i]);
    const rotation = rotationMatrixToAngles(mat3TransposeMulInto(new Float64Array(9), a0All, a1All));
    const lambda = Array.from(s.lambda);
    const expectClose = (actual: ArrayLike<number> | undefined, expected: number[]) => {
      expect(actual).toBeDefined();
      // Same formulas, evaluated in a different order: round-off only.
      expected.forEach((value, i) => expect(actual![i]).toBeCloseTo(value, 13));
    };
    const generic = createObject(objectJointGenericDefinition, { rotationMarker0: r0, rotationMarker1: r1 }, setup);
    expectClose(generic.output(OutputVariableType.Position, s), Array.from(p0));
    expectClose(generic.output(OutputVariableType.Velocity, s), Array.from(v0));
    expectClose(generic.output(OutputVariableType.DisplacementLocal, s), local(diff(p1, p0)));
    expectClose(generic.output(OutputVariableType.VelocityLocal, s), local(diff(v1, v0)));
    expectClose(generic.output(OutputVariableType.AngularVelocityLocal, s), local(diff(w1, w0)));
    expectClose(generic.output(OutputVariableType.Rotation, s), rotation);
    expectClose(generic.output(OutputVariableType.ForceLocal, s), local(lambda.slice(0, 3)));
    expectClose(generic.output(OutputVariableType.TorqueLocal, s), lambda.slice(3, 6));
    expect(generic.output(OutputVariableType.Force, s)).toBeUndefined();
    const revolute = createObject(objectJointRevoluteZDefinition, { rotationMarker0: r0, rotationMarker1: r1 }, setup);
    expectClose(revolute.output(OutputVariableType.ForceLocal, s), local(lambda.slice(0, 3)));
    expectClose(revolute.output(OutputVariableType.TorqueLocal, s), [lambda[3], lambda[4], 0]);
    const prismatic = createObject(objectJointPrismaticXDefinition, { rotationMarker0: r0, rotationMarker1: r1 }, setup);
    expectClose(prismatic.output(OutputVariableType.ForceLocal, s), [0, lambda[0], lambda[1]]);
    expectClose(prismatic.output(OutputVariableType.TorqueLocal, s), lambda.slice(2, 5));
    const freeTranslation = createObject(objectJointGenericDefinition, { constrainedAxes: [1, 0, 1, 1, 1, 1] }, setup);
    expectClose(freeTranslation.output(OutputVariableType.ForceLocal, s), lambda.slice(0, 3));
    const spherical = createObject(objectJointSphericalDefinition, {}, setup);
    expectClose(spherical.output(OutputVariableType.Displacement, s), diff(p1, p0));
    expectClose(spherical.output(OutputVariableType.Force, s), lambda.slice(0, 3));
    expect(spherical.output(OutputVariableType.ForceLocal, s)).toBeUndefined();
  });
});

describe('joint marker checks', () => {
  it('rigidJointsRejectPositionOnlyMarkers', () => {
    const setup = rigidSetup(41, { orientation: false });
    expect(() => createObject(objectJointGenericDefinition, {}, setup)).toThrow(FlexdynError);
    expect(() => createObject(objectJointRevoluteZDefinition, {}, setup)).toThrow(
      'ObjectJointRevoluteZ #7: markerNumbers entry 0 must refer to a rigid marker (position and orientation, e.g. MarkerBodyRigid or MarkerNodeRigid), got MarkerTestRigid #0, which provides no orientation');
    expect(() => createObject(objectConnectorRigidBodySpringDamperDefinition, {}, setup)).toThrow(/markerNumbers entry 0 must refer to a rigid marker/);
    expect(() => createObject(objectConnectorTorsionalSpringDamperDefinition, {}, setup)).toThrow(/markerNumbers entry 0 must refer to a rigid marker \(position and orientation, e.g. MarkerBodyRigid or MarkerNodeRigid\), got MarkerTestRigid #0, which provides no orientation$/);
    // Point joints accept them.
    expect(createObject(objectJointSphericalDefinition, {}, setup).nAE).toBe(3);
  });
});

/** Relative kinematics in the frame A0all for the connector checks: returns [uPos, uRot, vPos, vRot]. */
function relativeKinematics(setup: Setup, aJoint: Float64Array, rotation: number[]): number[][] {
  const s = setup.s;
  const [m0, m1] = setup.markers;
  const p0 = new Float64Array(3), p1 = new Float64Array(3), v0 = new Float64Array(3), v1 = new Float64Array(3), w0 = new Float64Array(3), w1 = new Float64Array(3);
  m0.position(s, p0); m1.position(s, p1); m0.velocity(s, v0); m1.velocity(s, v1); m0.angularVelocity(s, w0); m1.angularVelocity(s, w1);
  const inJoint = (a: Float64Array, b: Float64Array) => Array.from(mat3TransposeMulVecInto(new Float64Array(3), aJoint, [0, 1, 2].map((i) => a[i] - b[i])));
  return [inJoint(p1, p0), rotation, inJoint(v1, v0), inJoint(w1, w0)];
}

describe('ObjectConnectorRigidBodySpringDamper', () => {
  const stiffness = [
    [100, 5, 0, 0, 2, 0], [5, 200, 0, 0, 0, 0], [0, 0, 300, 1, 0, 0],
    [0, 0, 1, 40, 0, 0], [2, 0, 0, 0, 50, 3], [0, 0, 0, 0, 3, 60],
  ];
  const damping = stiffness.map((row) => row.map((value) => 0.01 * value));
  const offset = [0.01, -0.02, 0.03, 0.1, -0.05, 0.2];
  const r0 = rotXYZ([0.3, -0.2, 0.5]), r1 = rotXYZ([-0.1, 0.4, 0.2]);

  it('forceLawInTheJointFrameWithRotationMarker0FromTheLeft', () => {
    const setup = rigidSetup(51, { amplitude: 0.2 });
    const s = setup.s;
    const connector = createObject(objectConnectorRigidBodySpringDamperDefinition, { stiffness, damping, offset, rotationMarker0: r0, rotationMarker1: r1 }, setup);
    const a0 = new Float64Array(9), a1 = new Float64Array(9);
    setup.markers[0].orientation(s, a0);
    setup.markers[1].orientation(s, a1);
    const a0All = mat3MulInto(new Float64Array(9), Float64Array.from(r0.flat()), a0);
    const a1All = mat3MulInto(new Float64Array(9), a1, Float64Array.from(r1.flat()));
    const rotation = rotationMatrixToAngles(mat3TransposeMulInto(new Float64Array(9), a0All, a1All));
    const [uPos, uRot, vPos, vRot] = relativeKinematics(setup, a0All, rotation);
    const u6 = [...uPos, ...uRot], v6 = [...vPos, ...vRot];
    const f6 = stiffness.map((row, i) => row.reduce((sum, k, j) => sum + k * (u6[j] - offset[j]), 0) + damping[i].reduce((sum, d, j) => sum + d * v6[j], 0));
    const close = (actual: ArrayLike<number> | undefined, expected: number[]) => expected.forEach((value, i) => expect(actual![i]).toBeCloseTo(value, 11));
    // Same formulas in a different evaluation order: round-off of |f| ≈ 100 → 1e-11 absolute.
    close(connector.output(OutputVariableType.DisplacementLocal, s), uPos);
    close(connector.output(OutputVariableType.Rotation, s), uRot);
    close(connector.output(OutputVariableType.VelocityLocal, s), vPos);
    close(connector.output(OutputVariableType.AngularVelocityLocal, s), vRot);
    close(connector.output(OutputVariableType.ForceLocal, s), f6.slice(0, 3));
    close(connector.output(OutputVariableType.TorqueLocal, s), f6.slice(3, 6));
    // Generalized forces: lhs = [−J0ᵀF − G0ᵀT; J1ᵀF + G1ᵀT] with F, T = A0all f6 (global).
    const n = localSize(connector);
    const lhs = new Float64Array(n);
    connector.ode2Lhs!(s, lhs);
    const force = mat3MulVecInto(new Float64Array(3), a0All, f6.slice(0, 3));
    const torque = mat3MulVecInto(new Float64Array(3), a0All, f6.slice(3, 6));
    const expected = generalizedForces(setup, force, torque, force, torque);
    expect(maxDifference(lhs, expected)).toBeLessThan(1e-11 * maxAbs(expected));
  });

  it('translationOnlySpringsSkipTheRotationsWithTheSameForces', () => {
    // stiffness and damping on translations only (rows and columns 3–5 zero): ode2Lhs takes the path without the
    // relative rotation; the forces are those of the force law, lhs = [−J0ᵀF; J1ᵀF] with F = A0all f6[0:3]
    const setup = rigidSetup(54, { amplitude: 0.2 });
    const s = setup.s;
    const translational = (m: number[][]) => m.map((row, i) => row.map((value, j) => (i < 3 && j < 3 ? value : 0)));
    const k = translational(stiffness), d = translational(damping);
    const connector = createObject(objectConnectorRigidBodySpringDamperDefinition, { stiffness: k, damping: d, offset, rotationMarker0: r0, rotationMarker1: r1 }, setup);
    const a0 = new Float64Array(9);
    setup.markers[0].orientation(s, a0);
    const a0All = mat3MulInto(new Float64Array(9), Float64Array.from(r0.flat()), a0);
    const [uPos, , vPos] = relativeKinematics(setup, a0All, [0, 0, 0]);
    const f3 = [0, 1, 2].map((i) => [0, 1, 2].reduce((sum, j) => sum + k[i][j] * (uPos[j] - offset[j]) + d[i][j] * vPos[j], 0));
    const n = localSize(connector);
    const lhs = new Float64Array(n);
    connector.ode2Lhs!(s, lhs);
    const force = mat3MulVecInto(new Float64Array(3), a0All, f3);
    const expected = generalizedForces(setup, force, [0, 0, 0], force, [0, 0, 0]);
    expect(maxDifference(lhs, expected)).toBeLessThan(1e-11 * maxAbs(expected));
    expect(connector.output(OutputVariableType.TorqueLocal, s)).toEqual([0, 0, 0]);
  });

  it('userFunctionGetsRawDisplacementsAndReplacesTheLaw', () => {
    const setup = rigidSetup(52, { amplitude: 0.2 });
    let seen: unknown[] = [];
    const connector = createObject(objectConnectorRigidBodySpringDamperDefinition, {
      stiffness, damping, offset,
      springForceTorqueUserFunction: (...args: unknown[]) => { seen = args.slice(1).map((x) => (Array.isArray(x) ? structuredClone(x) : x)); return [1, 2, 3, 4, 5, 6]; },
    }, setup);
    expect(connector.output(OutputVariableType.TorqueLocal, setup.s)).toEqual([4, 5, 6]);
    expect(seen[0]).toBe(0.37);
    expect(seen[1]).toBe(7);
    expect(seen[2]).toEqual(connector.output(OutputVariableType.DisplacementLocal, setup.s));
    expect(seen[3]).toEqual(connector.output(OutputVariableType.Rotation, setup.s));
    expect(seen[4]).toEqual(connector.output(OutputVariableType.VelocityLocal, setup.s));
    expect(seen[5]).toEqual(connector.output(OutputVariableType.AngularVelocityLocal, setup.s));
    expect(seen[6]).toEqual(stiffness);
    expect(seen[7]).toEqual(damping);
    expect(seen[10]).toEqual(offset);
  });

  it('dampingJacobianMatchesCentralDifferencesInBothFormulationsAndIsNumericalWithAUserFunction', () => {
    // full (coupled) stiffness and damping, large relative rotation: ode2Lhs_u against central differences over u
    const stiffness = [1000, 2000, 3000, 40, 50, 60].map((k, i) => [0, 1, 2, 3, 4, 5].map((j) => (i === j ? k : 5)));
    const damping = [10, 20, 30, 2, 2.5, 3].map((d, i) => [0, 1, 2, 3, 4, 5].map((j) => (i === j ? d : 0.02 * (i + 2 * j + 1))));
    for (const [seed, intrinsicFormulation, ground] of [[53, true, false], [61, true, true], [67, false, false]] as const) {
      const setup = rigidSetup(seed, { amplitude: 0.8, ground });
      const connector = createObject(objectConnectorRigidBodySpringDamperDefinition, { stiffness, damping, offset: [0.01, 0, -0.02, 0.1, 0, 0.05], rotationMarker0: rotXYZ([0.3, -0.2, 0.4]), rotationMarker1: rotXYZ([-0.1, 0.5, 0.2]), intrinsicFormulation }, setup);
      expect(connector.ode2Lhs_u).toBeDefined();
      const { error, scale } = jacobianError(connector, setup.s as unknown as SystemState, true, 1e-5);
      // linear in u: the central difference is exact up to round-off of |f| ≈ 1e3 over 2h (≈ 1e-13/1e-5 of scale ≈ 10)
      expect(scale).toBeGreaterThan(1);
      expect(error, `seed ${seed}`).toBeLessThan(1e-8);
    }
    const setup = rigidSetup(53);
    const withUserFunction = createObject(objectConnectorRigidBodySpringDamperDefinition, { damping, springForceTorqueUserFunction: () => [0, 0, 0, 0, 0, 0] }, setup);
    expect(withUserFunction.ode2Lhs_u).toBeUndefined();
  });

  it('intrinsicFormulationUsesTheSE3LogarithmAndIsIndependentOfTheMarkerOrder', () => {
    const diagonal = [1000, 2000, 3000, 40, 50, 60].map((k, i) => [0, 1, 2, 3, 4, 5].map((j) => (i === j ? k : 0)));
    const setup = rigidSetup(53, { amplitude: 0.8 });
    const s = setup.s;
    const forward = createObject(objectConnectorRigidBodySpringDamperDefinition, { stiffness: diagonal, damping: diagonal.map((row) => row.map((k) => 0.01 * k)), intrinsicFormulation: true }, setup);
    const swapped = createObject(objectConnectorRigidBodySpringDamperDefinition, { stiffness: diagonal, damping: diagonal.map((row) => row.map((k) => 0.01 * k)), intrinsicFormulation: true }, { ...setup, markers: [setup.markers[1], setup.markers[0]] });
    const n = localSize(forward), half = n / 2;
    const f = new Float64Array(n), g = new Float64Array(n);
    forward.ode2Lhs!(s, f);
    swapped.ode2Lhs!(s, g);
    // Swapping the markers swaps the coordinate blocks; the forces on each body stay the same (round-off of |f| ≈ 1e3).
    for (let k = 0; k < half; k++) {
      expect(Math.abs(f[k] - g[half + k])).toBeLessThan(1e-9 * maxAbs(f));
      expect(Math.abs(f[half + k] - g[k])).toBeLessThan(1e-9 * maxAbs(f));
    }
    // uRot = log(A0ᵀA1), uPos = T_exp(uRot)⁻ᵀ A0ᵀ(p1 − p0): exp(uRot) reproduces the relative rotation, and the
    // swapped connector measures exactly the negative motion.
    const a0 = new Float64Array(9), a1 = new Float64Array(9);
    setup.markers[0].orientation(s, a0);
    setup.markers[1].orientation(s, a1);
    const uRot = forward.output(OutputVariableType.Rotation, s)!;
    const relative = mat3TransposeMulInto(new Float64Array(9), a0, a1);
    expect(maxDifference(expSO3Into(new Float64Array(9), uRot), relative)).toBeLessThan(1e-14);
    // Exudyn's trace-formula logarithm (used for parity) against the shared one: equal up to round-off away from 180°.
    expect(maxDifference(uRot, logSO3Into(new Float64Array(3), relative))).toBeLessThan(1e-14);
    const back = swapped.output(OutputVariableType.Rotation, s)!;
    const backPos = swapped.output(OutputVariableType.DisplacementLocal, s)!;
    const forwardPos = forward.output(OutputVariableType.DisplacementLocal, s)!;
    for (let i = 0; i < 3; i++) {
      expect(back[i]).toBeCloseTo(-uRot[i], 13);
      expect(backPos[i]).toBeCloseTo(-forwardPos[i], 13);
    }
  });
});

/** [−J0ᵀF0 − G0ᵀT0; J1ᵀF1 + G1ᵀT1] from the test markers' Jacobians. */
function generalizedForces(setup: Setup, f0: ArrayLike<number>, t0: ArrayLike<number>, f1: ArrayLike<number>, t1: ArrayLike<number>): Float64Array {
  const s = setup.s;
  const [m0, m1] = setup.markers;
  const n0 = m0.nLocalU, n1 = m1.nLocalU;
  const result = new Float64Array(n0 + n1);
  const add = (marker: TestRigidMarker, n: number, offset: number, f: ArrayLike<number>, t: ArrayLike<number>, sign: number) => {
    const jp = new Float64Array(3 * n), jr = new Float64Array(3 * n);
    marker.positionJacobian(s, jp);
    marker.rotationJacobian(s, jr);
    for (let k = 0; k < n; k++) for (let i = 0; i < 3; i++) result[offset + k] += sign * (jp[i * n + k] * f[i] + jr[i * n + k] * t[i]);
  };
  add(m0, n0, 0, f0, t0, -1);
  add(m1, n1, n0, f1, t1, 1);
  return result;
}

describe('ObjectConnectorTorsionalSpringDamper', () => {
  it('torqueAboutTheJointZAxisFromTheRelativeAngle', () => {
    const setup = rigidSetup(61, { amplitude: 0.2 });
    const s = setup.s;
    const r0 = rotXYZ([0.3, -0.2, 0.5]), r1 = rotXYZ([-0.1, 0.4, 0.2]);
    const k = 30, d = 0.7, offset = 0.1, velocityOffset = -0.2, torque0 = 1.5;
    const connector = createObject(objectConnectorTorsionalSpringDamperDefinition, { stiffness: k, damping: d, offset, velocityOffset, torque: torque0, rotationMarker0: r0, rotationMarker1: r1 }, setup);
    const a0 = new Float64Array(9), a1 = new Float64Array(9), w0 = new Float64Array(3), w1 = new Float64Array(3);
    setup.markers[0].orientation(s, a0); setup.markers[1].orientation(s, a1);
    setup.markers[0].angularVelocity(s, w0); setup.markers[1].angularVelocity(s, w1);
    const a0All = mat3MulInto(new Float64Array(9), a0, Float64Array.from(r0.flat()));
    const a1All = mat3MulInto(new Float64Array(9), a1, Float64Array.from(r1.flat()));
    const angle = rotationMatrixToAngles(mat3TransposeMulInto(new Float64Array(9), a0All, a1All))[2];
    const omega = mat3TransposeMulVecInto(new Float64Array(3), a0All, [0, 1, 2].map((i) => w1[i] - w0[i]))[2];
    const torque = k * (angle - offset) + d * (omega - velocityOffset) + torque0;
    // Round-off only (|τ| ≈ 30).
    expect(connector.output(OutputVariableType.Rotation, s)![0]).toBeCloseTo(angle, 14);
    expect(connector.output(OutputVariableType.AngularVelocityLocal, s)![0]).toBeCloseTo(omega, 13);
    expect(connector.output(OutputVariableType.TorqueLocal, s)![0]).toBeCloseTo(torque, 12);
    const lhs = new Float64Array(localSize(connector));
    connector.ode2Lhs!(s, lhs);
    const t = mat3MulVecInto(new Float64Array(3), a0All, [0, 0, torque]);
    const expected = generalizedForces(setup, [0, 0, 0], t, [0, 0, 0], t);
    expect(maxDifference(lhs, expected)).toBeLessThan(1e-12 * maxAbs(expected));
  });

  it('springTorqueIsTheGradientOfItsPotentialAboutACommonAxis', () => {
    // Planar bodies rotating about z: Δθ = φ1 − φ0 + const, V = ½k(Δθ − θ_off)²; the torque law must be ∂V/∂q.
    const setup = rigidSetup(62, { planar: true, amplitude: 0.3 });
    const k = 12, offset = 0.05;
    const connector = createObject(objectConnectorTorsionalSpringDamperDefinition, { stiffness: k, offset }, setup);
    const potential = (out: Float64Array) => { const angle = connector.output(OutputVariableType.Rotation, setup.s)![0]; out[0] = 0.5 * k * (angle - offset) ** 2; };
    const gradient = centralDifferences(connector, setup.s, 1, potential, 1e-6);
    const lhs = new Float64Array(localSize(connector));
    connector.ode2Lhs!(setup.s, lhs);
    // V is quadratic in the angles: central differences exact up to round-off eps·V/h ≈ 1e-10.
    expect(maxDifference(lhs, gradient)).toBeLessThan(1e-8);
    expect(maxAbs(lhs)).toBeGreaterThan(0.1);
  });

  it('withoutStiffnessDampingAndTorqueItAddsNothingAndStillMeasures', () => {
    // an angle sensor (k = d = τ_c = 0): ode2Lhs adds nothing (the law's torque 0·angle + 0·ω + 0 is zero); with a
    // constant torque it acts again
    const setup = rigidSetup(64, { amplitude: 0.3 });
    const n = localSize(createObject(objectConnectorTorsionalSpringDamperDefinition, {}, setup));
    for (const [torque, acts] of [[0, false], [0.5, true]] as const) {
      const connector = createObject(objectConnectorTorsionalSpringDamperDefinition, { offset: 0.2, velocityOffset: 0.1, torque }, setup);
      const lhs = new Float64Array(n);
      connector.ode2Lhs!(setup.s, lhs);
      expect(maxAbs(lhs) > 0).toBe(acts);
      expect(connector.output(OutputVariableType.TorqueLocal, setup.s)).toEqual([torque]);
      expect(Math.abs(connector.output(OutputVariableType.Rotation, setup.s)![0])).toBeGreaterThan(0.01);
    }
  });

  it('userFunctionReplacesTheTorqueLaw', () => {
    const setup = rigidSetup(63);
    let args: number[] = [];
    const connector = createObject(objectConnectorTorsionalSpringDamperDefinition, {
      stiffness: 2, damping: 3, offset: 4,
      springTorqueUserFunction: (_mbs: unknown, t: number, i: number, angle: number, omega: number, k: number, d: number, o: number) => { args = [t, i, angle, omega, k, d, o]; return 9; },
    }, setup);
    expect(connector.output(OutputVariableType.TorqueLocal, setup.s)).toEqual([9]);
    expect(args.slice(0, 2)).toEqual([0.37, 7]);
    expect(args[2]).toBe(connector.output(OutputVariableType.Rotation, setup.s)![0]);
    expect(args.slice(4)).toEqual([2, 3, 4]);
  });
});

describe('joints in a MainSystem', () => {
  function silentSettings(): SimulationSettings {
    const settings = new SimulationSettings();
    settings.solutionSettings.writeSolutionToFile = false;
    settings.staticSolver.verboseMode = 0;
    return settings;
  }

  it('jointOnPositionOnlyMarkersFailsAtAssembleNamingTheJoint', () => {
    const mbs = new SystemContainer().addSystem();
    const ground = mbs.addObject(ObjectGround({}));
    const node = mbs.addNode(NodePoint({ referenceCoordinates: [1, 0, 0] }));
    mbs.addObject(MassPoint({ physicsMass: 1, nodeNumber: node }));
    const m0 = mbs.addMarker(MarkerBodyPosition({ bodyNumber: ground, localPosition: [1, 0, 0] }));
    const m1 = mbs.addMarker(MarkerNodePosition({ nodeNumber: node }));
    const joint = mbs.addObject(RevoluteJointZ({ markerNumbers: [m0, m1] }));
    expect(() => mbs.assemble()).toThrow(
      `ObjectJointRevoluteZ #${joint}: markerNumbers entry 0 must refer to a rigid marker (position and orientation, e.g. MarkerBodyRigid or MarkerNodeRigid), got MarkerBodyPosition #${m0}, which provides no orientation`);
    try { mbs.assemble(); } catch (error) {
      expect(error).toBeInstanceOf(FlexdynError);
      expect((error as FlexdynError).parameter).toBe('markerNumbers');
      expect((error as FlexdynError).item).toEqual({ category: 'Object', typeName: 'JointRevoluteZ', index: joint });
    }
  });

  it('redundantSphericalJointsFailNamingBothJoints', () => {
    // A mass point held by two identical spherical joints to ground: C_q has two identical 3×3 blocks.
    const mbs = new SystemContainer().addSystem();
    const ground = mbs.addObject(ObjectGround({}));
    const node = mbs.addNode(NodePoint({ referenceCoordinates: [0, -1, 0] }));
    mbs.addObject(MassPoint({ physicsMass: 1, nodeNumber: node }));
    const m0 = mbs.addMarker(MarkerBodyPosition({ bodyNumber: ground, localPosition: [0, -1, 0] }));
    const m1 = mbs.addMarker(MarkerNodePosition({ nodeNumber: node }));
    mbs.addLoad(Force({ markerNumber: m1, loadVector: [0, -9.81, 0] }));
    const first = mbs.addObject(SphericalJoint({ markerNumbers: [m0, m1] }));
    const second = mbs.addObject(SphericalJoint({ markerNumbers: [m0, m1] }));
    mbs.assemble();
    for (const linearSolverType of [LinearSolverType.EXUdense, LinearSolverType.EigenSparse]) {
      const settings = silentSettings();
      settings.linearSolverType = linearSolverType;
      for (const solve of [() => mbs.solveStatic(settings), () => mbs.solveDynamic(settings)]) {
        let message = '';
        try { solve(); } catch (error) { message = (error as Error).message; }
        // Either joint may lose the pivot (dense: the second, sparse ordering: the first); both are named.
        expect(message).toMatch(/singular.*algebraic equation \d of ObjectJointSpherical #\d \(equation \d\), which shares coordinates with ObjectJointSpherical #\d/);
        expect(message).toContain(`ObjectJointSpherical #${first}`);
        expect(message).toContain(`ObjectJointSpherical #${second}`);
      }
    }
  });

  it('sphericalJointHoldsAMassPointAgainstGravity', () => {
    const mbs = new SystemContainer().addSystem();
    const ground = mbs.addObject(ObjectGround({}));
    const node = mbs.addNode(NodePoint({ referenceCoordinates: [0.5, -1, 0.2] }));
    const m = 2.5, g = 9.81;
    mbs.addObject(MassPoint({ physicsMass: m, nodeNumber: node }));
    const m0 = mbs.addMarker(MarkerBodyPosition({ bodyNumber: ground, localPosition: [0.5, -1, 0.2] }));
    const m1 = mbs.addMarker(MarkerNodePosition({ nodeNumber: node }));
    mbs.addLoad(Force({ markerNumber: m1, loadVector: [0, -m * g, 0] }));
    const joint = mbs.addObject(SphericalJoint({ markerNumbers: [m0, m1], constrainedAxes: [1, 1, 0] }));
    mbs.addObject(SphericalJoint({ markerNumbers: [m0, m1], constrainedAxes: [0, 0, 1] }));
    mbs.assemble();
    const settings = silentSettings();
    settings.timeIntegration.numberOfSteps = 10;
    mbs.solveDynamic(settings);
    // M a + C_qᵀλ = f with C_q = [0 | I]: λ_y = −m g, the force the joint exerts on marker 0 (Exudyn's sign); the free
    // row's multiplier stays 0. Newton converges in one step on this linear problem (round-off).
    const force = mbs.getObjectOutput(joint, OutputVariableType.Force);
    expect(force[0]).toBeCloseTo(0, 12);
    expect(force[1]).toBeCloseTo(-m * g, 10);
    expect(force[2]).toBe(0);
    expect(maxAbs(mbs.getNodeOutput(node, OutputVariableType.Displacement))).toBeLessThan(1e-14);
  });
});

describe('rigid bodies on joints', () => {
  function dynamicSettings(endTime: number, steps: number): SimulationSettings {
    const settings = new SimulationSettings();
    settings.solutionSettings.writeSolutionToFile = false;
    settings.timeIntegration.endTime = endTime;
    settings.timeIntegration.numberOfSteps = steps;
    settings.timeIntegration.verboseMode = 0;
    settings.solutionSettings.sensorsWritePeriod = endTime / steps;
    return settings;
  }

  /**
   * A slender rod (m = 2, L = 0.8, COM at the node) hanging from a revolute joint at the origin, hinge at body-local
   * [0, l, 0] (l = L/2), swinging about global z with initial angular velocity ω0; Euler-parameter node.
   */
  function pendulum(omega0: number, genericJoint = false) {
    const m = 2, L = 0.8, l = L / 2, g = 9.81;
    const jc = [m * L * L / 12, 1e-3, m * L * L / 12];
    const mbs = new SystemContainer().addSystem();
    const ground = mbs.addObject(ObjectGround({}));
    const node = mbs.addNode(NodeRigidBodyEP({ referenceCoordinates: [0, -l, 0, 1, 0, 0, 0], initialVelocities: [omega0 * l, 0, 0, 0, 0, 0, 0.5 * omega0] }));
    const body = mbs.addObject(ObjectRigidBody({ physicsMass: m, physicsInertia: [...jc, 0, 0, 0], nodeNumber: node }));
    const hinge0 = mbs.addMarker(MarkerBodyRigid({ bodyNumber: ground, localPosition: [0, 0, 0] }));
    const hinge1 = mbs.addMarker(MarkerBodyRigid({ bodyNumber: body, localPosition: [0, l, 0] }));
    mbs.addLoad(Force({ markerNumber: mbs.addMarker(MarkerBodyPosition({ bodyNumber: body })), loadVector: [0, -m * g, 0] }));
    const joint = mbs.addObject(genericJoint ? GenericJoint({ markerNumbers: [hinge0, hinge1], constrainedAxes: [1, 1, 1, 1, 1, 0] }) : RevoluteJointZ({ markerNumbers: [hinge0, hinge1] }));
    const sensors = [OutputVariableType.Position, OutputVariableType.Velocity, OutputVariableType.AngularVelocityLocal, OutputVariableType.Rotation]
      .map((outputVariableType) => mbs.addSensor(SensorNode({ nodeNumber: node, outputVariableType, storeInternal: true, writeToFile: false })));
    mbs.assemble();
    /** Kinetic plus potential energy of each stored row. */
    const energies = () => {
      const [position, velocity, omega] = sensors.slice(0, 3).map((sensor) => mbs.getSensorStoredData(sensor));
      return position.map((row, k) => {
        const v = velocity[k], w = omega[k];
        return 0.5 * m * (v[1] ** 2 + v[2] ** 2 + v[3] ** 2) + 0.5 * (jc[0] * w[1] ** 2 + jc[1] * w[2] ** 2 + jc[2] * w[3] ** 2) + m * g * row[2];
      });
    };
    return { mbs, node, joint, energies, angle: () => mbs.getSensorStoredData(sensors[3]).map((row) => [row[0], row[3]]), hingeInertia: jc[2] + m * l * l, m, g, l };
  }

  it('pendulumOnRevoluteJointConservesEnergyWithSpectralRadiusOne', () => {
    const deviation: number[] = [];
    for (const steps of [1000, 2000]) {
      const { mbs, energies, joint, m, g, l } = pendulum(4);
      const settings = dynamicSettings(2, steps);
      settings.timeIntegration.generalizedAlpha.spectralRadius = 1;
      // Index 3 turns a constraint residual ε left by Newton into velocity errors ≈ ε γ/(βh) (Exudyn's scheme too):
      // with the default tolerance (1e-8) they dominate the energy error and grow as h shrinks. Converge tightly
      // to see the integrator alone.
      settings.timeIntegration.newton.relativeTolerance = 1e-12;
      settings.timeIntegration.newton.absoluteTolerance = 1e-12;
      mbs.solveDynamic(settings);
      const e = energies();
      deviation.push(Math.max(...e.map((value) => Math.abs(value - e[0]))) / Math.abs(e[0] + m * g * l));
      // The joint stays closed and aligned (index 3: to the Newton tolerance).
      expect(maxAbs(mbs.getObjectOutput(joint, OutputVariableType.DisplacementLocal))).toBeLessThan(1e-12);
      expect(Math.abs(mbs.getObjectOutput(joint, OutputVariableType.Rotation)[0]) + Math.abs(mbs.getObjectOutput(joint, OutputVariableType.Rotation)[1])).toBeLessThan(1e-12);
    }
    // ρ∞ = 1 is the trapezoidal rule: no numerical damping. For the nonlinear pendulum (swing ≈ 56°, Ω ≈ 4.3/s) the
    // energy oscillates with an O((Ωh)²) amplitude (measured 2.3e-5 and 5.6e-6 relative to the kinetic energy at the
    // bottom) without drifting: halving h divides it by 4.
    expect(deviation[1]).toBeLessThan(1e-5);
    expect(deviation[0] / deviation[1]).toBeGreaterThan(3.6);
    expect(deviation[0] / deviation[1]).toBeLessThan(4.4);
  });

  it('smallAmplitudePeriodIsTwoPiSqrtJOverMgl', () => {
    const { mbs, angle, hingeInertia, m, g, l } = pendulum(0.02);
    const period = 2 * Math.PI * Math.sqrt(hingeInertia / (m * g * l));
    const settings = dynamicSettings(3.2 * period, 4800);
    settings.timeIntegration.generalizedAlpha.spectralRadius = 1;
    mbs.solveDynamic(settings);
    // Downward zero crossings of the angle (linear interpolation between rows): at T/2, 3T/2, 5T/2.
    const rows = angle();
    const crossings: number[] = [];
    for (let k = 1; k < rows.length; k++) {
      const [t0, a0] = rows[k - 1], [t1, a1] = rows[k];
      if (a0 > 0 && a1 <= 0) crossings.push(t0 + (t1 - t0) * a0 / (a0 - a1));
    }
    expect(crossings.length).toBe(3);
    const measured = (crossings[2] - crossings[0]) / 2;
    // Amplitude θ0 ≈ 4.7e-3: period correction θ0²/16 ≈ 1.4e-6; trapezoidal rule: (Ωh)²/12 ≈ 1.3e-6 with h ≈ 2e-3·T/3;
    // interpolation at a zero crossing (θ'' = 0 there) is exact to O(h³). 2e-5 relative leaves margin.
    expect(Math.abs(measured - period) / period).toBeLessThan(2e-5);
  });

  it('genericRevoluteJointWithAFreeRowMovesExactlyLikeRevoluteJointZ', () => {
    // JointGeneric [1,1,1,1,1,0] has the equations of RevoluteJointZ plus the decoupled row λ5 = 0 (∂g/∂λ on the AE
    // diagonal, 1/(βh²) in the implicit solver): the dense LU never mixes it into the other unknowns, so both runs
    // produce bit-identical motions, and λ5 stays exactly 0.
    const runs = [false, true].map((generic) => {
      const run = pendulum(4, generic);
      run.mbs.solveDynamic(dynamicSettings(0.5, 250));
      return run;
    });
    const [revolute, generic] = runs;
    for (const variable of [OutputVariableType.Coordinates, OutputVariableType.Coordinates_t]) {
      expect(generic.mbs.getNodeOutput(generic.node, variable)).toEqual(revolute.mbs.getNodeOutput(revolute.node, variable));
    }
    const torque = generic.mbs.getObjectOutput(generic.joint, OutputVariableType.TorqueLocal);
    expect(torque[2]).toBe(0);
    expect(torque.slice(0, 2)).toEqual(revolute.mbs.getObjectOutput(revolute.joint, OutputVariableType.TorqueLocal).slice(0, 2));
  });

  it('staticTorqueOnAGenericRevoluteJointTwistsTheTorsionalSpringByTauOverK', () => {
    const mbs = new SystemContainer().addSystem();
    const ground = mbs.addObject(ObjectGround({}));
    const node = mbs.addNode(NodeRigidBodyRxyz({ referenceCoordinates: [0.2, 0.3, 0.1, 0.4, -0.2, 0.3] }));
    const body = mbs.addObject(ObjectRigidBody({ physicsMass: 2, physicsInertia: [0.1, 0.2, 0.3, 0, 0, 0], nodeNumber: node }));
    // Joint frame = body frame at the reference: rotationMarker0 = A_body(reference), axis = its z axis.
    const aRef = rotXYZ([0.4, -0.2, 0.3]);
    const m0 = mbs.addMarker(MarkerBodyRigid({ bodyNumber: ground, localPosition: [0.2, 0.3, 0.1] }));
    const m1 = mbs.addMarker(MarkerBodyRigid({ bodyNumber: body }));
    const joint = mbs.addObject(GenericJoint({ markerNumbers: [m0, m1], constrainedAxes: [1, 1, 1, 1, 1, 0], rotationMarker0: aRef }));
    const k = 50, tau = 5;
    const spring = mbs.addObject(TorsionalSpringDamper({ markerNumbers: [m0, m1], stiffness: k, rotationMarker0: aRef }));
    const axis = [aRef[0][2], aRef[1][2], aRef[2][2]];
    mbs.addLoad(Torque({ markerNumber: m1, loadVector: axis.map((a) => tau * a) }));
    mbs.assemble();
    const settings = new SimulationSettings();
    settings.solutionSettings.writeSolutionToFile = false;
    settings.staticSolver.verboseMode = 0;
    mbs.solveStatic(settings);
    // Equilibrium k Δθ = τ about the joint axis; Newton (relative tolerance 1e-8 on residuals ≈ τ) leaves ~1e-10.
    expect(mbs.getObjectOutput(spring, OutputVariableType.Rotation)[0]).toBeCloseTo(tau / k, 9);
    expect(mbs.getObjectOutput(joint, OutputVariableType.Rotation)[2]).toBeCloseTo(tau / k, 9);
    expect(Math.abs(mbs.getObjectOutput(joint, OutputVariableType.Rotation)[0]) + Math.abs(mbs.getObjectOutput(joint, OutputVariableType.Rotation)[1])).toBeLessThan(1e-12);
    expect(mbs.getObjectOutput(joint, OutputVariableType.TorqueLocal)[2]).toBe(0);
    expect(maxAbs(mbs.getObjectOutput(joint, OutputVariableType.DisplacementLocal))).toBeLessThan(1e-14);
  });

  it('prismaticJointKeepsTheMotionOnItsAxis', () => {
    for (const useIndex2 of [false, true]) {
      const m = 3, g = 9.81, v0 = 0.7, T = 1;
      const r0 = rotXYZ([0.3, 0.5, 0.7]);
      const axis = [r0[0][0], r0[1][0], r0[2][0]];
      const local = [0.1, 0.2, -0.1];
      const mbs = new SystemContainer().addSystem();
      const ground = mbs.addObject(ObjectGround({}));
      const node = mbs.addNode(NodeRigidBodyRxyz({ referenceCoordinates: [-local[0], -local[1], -local[2], 0, 0, 0], initialVelocities: [v0 * axis[0], v0 * axis[1], v0 * axis[2], 0, 0, 0] }));
      const body = mbs.addObject(ObjectRigidBody({ physicsMass: m, physicsInertia: [0.2, 0.3, 0.4, 0.01, 0.02, 0.03], nodeNumber: node }));
      const marker0 = mbs.addMarker(MarkerBodyRigid({ bodyNumber: ground }));
      const marker1 = mbs.addMarker(MarkerBodyRigid({ bodyNumber: body, localPosition: local }));
      mbs.addLoad(Force({ markerNumber: mbs.addMarker(MarkerBodyPosition({ bodyNumber: body })), loadVector: [0, -m * g, 0] }));
      const joint = mbs.addObject(PrismaticJointX({ markerNumbers: [marker0, marker1], rotationMarker0: r0, rotationMarker1: r0 }));
      mbs.assemble();
      const settings = dynamicSettings(T, 100);
      settings.timeIntegration.generalizedAlpha.useNewmark = useIndex2;
      settings.timeIntegration.generalizedAlpha.useIndex2Constraints = useIndex2;
      mbs.solveDynamic(settings);
      // Constant acceleration (g·axis) along the axis: Newmark and generalized-α integrate it exactly and the constraint
      // is linear along this motion, so s(T) = v0 T + ½ (g·axis) T² holds to round-off (measured 6e-15).
      const gAxis = -g * axis[1];
      const s = v0 * T + 0.5 * gAxis * T * T;
      const displacement = mbs.getNodeOutput(node, OutputVariableType.Displacement);
      axis.forEach((a, i) => expect(displacement[i]).toBeCloseTo(s * a, 12));
      const local1 = mbs.getObjectOutput(joint, OutputVariableType.DisplacementLocal);
      expect(local1[0]).toBeCloseTo(s, 12);
      expect(Math.abs(local1[1]) + Math.abs(local1[2])).toBeLessThan(1e-13);
      expect(maxAbs(mbs.getNodeOutput(node, OutputVariableType.Rotation))).toBeLessThan(1e-13);
      // The force on marker 0 (λ of M a + C_qᵀλ = f) is the weight component normal to the axis, in the joint frame:
      // ForceLocal = [0, (A0allᵀW)_y, (A0allᵀW)_z]; λ to Newton tolerance (measured 2e-9 with index 3, |W| ≈ 29).
      const force = mbs.getObjectOutput(joint, OutputVariableType.ForceLocal);
      const weightLocal = mat3TransposeMulVecInto(new Float64Array(3), Float64Array.from(r0.flat()), [0, -m * g, 0]);
      expect(force[0]).toBe(0);
      expect(force[1]).toBeCloseTo(weightLocal[1], 8);
      expect(force[2]).toBeCloseTo(weightLocal[2], 8);
    }
  });
});

describe("Exudyn's mini examples (main/pythonDev/TestModels/MiniExamples, references from runTestSuiteRefSol.py)", () => {
  /** A unit rigid body (Rxyz node) with a MarkerNodeRigid and a ground marker at the origin. */
  function unitBody(initialVelocities = [0, 0, 0, 0, 0, 0]) {
    const mbs = new SystemContainer().addSystem();
    const ground = mbs.addObject(ObjectGround({ referencePosition: [0, 0, 0] }));
    mbs.addNode(NodePointGround({ referenceCoordinates: [0, 0, 0] }));
    const node = mbs.addNode(NodeRigidBodyRxyz({ initialVelocities }));
    mbs.addObject(ObjectRigidBody({ physicsMass: 1, physicsInertia: [1, 1, 1, 0, 0, 0], nodeNumber: node }));
    const body = mbs.addMarker(MarkerNodeRigid({ nodeNumber: node }));
    const groundMarker = mbs.addMarker(MarkerBodyRigid({ bodyNumber: ground, localPosition: [0, 0, 0] }));
    return { mbs, node, body, groundMarker };
  }
  const defaultSettings = () => {
    const settings = new SimulationSettings();
    settings.solutionSettings.writeSolutionToFile = false;
    settings.timeIntegration.verboseMode = 0;
    return settings;
  };

  it('ObjectJointRevoluteZ.py: a unit torque about z turns the body by t²/2', () => {
    const { mbs, node, body, groundMarker } = unitBody();
    mbs.addObject(RevoluteJointZ({ markerNumbers: [groundMarker, body] }));
    mbs.addLoad(Torque({ markerNumber: body, loadVector: [0, 0, 1] }));
    mbs.assemble();
    mbs.solveDynamic(defaultSettings());
    // Reference 0.49999999999999795: the exact t²/2 at t = 1 up to Exudyn's round-off; ours differs by 5.6e-17.
    expect(Math.abs(mbs.getNodeOutput(node, OutputVariableType.Rotation)[2] - 0.49999999999999795)).toBeLessThan(1e-14);
  });

  it('ObjectConnectorTorsionalSpringDamper.py: revolute joint with a torsional spring-damper under a unit torque', () => {
    const { mbs, node, body, groundMarker } = unitBody();
    const k = 2e3;
    mbs.addObject(RevoluteJointZ({ markerNumbers: [groundMarker, body] }));
    mbs.addObject(TorsionalSpringDamper({ markerNumbers: [groundMarker, body], stiffness: k, damping: k * 0.01, offset: 0 }));
    mbs.addLoad(Torque({ markerNumber: body, loadVector: [0, 0, 1] }));
    mbs.assemble();
    mbs.solveDynamic(defaultSettings());
    // Linear problem about the joint axis, numerical connector Jacobian: agreement to round-off of 5e-4 (measured 7.7e-18).
    expect(Math.abs(mbs.getNodeOutput(node, OutputVariableType.Rotation)[2] - 0.0004999866342439527)).toBeLessThan(5e-17);
  });

  it('ObjectConnectorRigidBodySpringDamper.py: body on a translational spring-damper with initial velocity', () => {
    const { mbs, node, body, groundMarker } = unitBody([0, 1e3, 0, 0, 0, 0]);
    const k = 500;
    const diagonal = (values: number[]) => values.map((value, i) => values.map((_, j) => (i === j ? value : 0)));
    mbs.addObject(RigidBodySpringDamper({ markerNumbers: [groundMarker, body], stiffness: diagonal([k, k, k, 0, 0, 0]), damping: diagonal([0, k * 0.01, 0, 0, 0, 0]), offset: [0, 0, 0, 0, 0, 0] }));
    mbs.assemble();
    mbs.solveDynamic(defaultSettings());
    // One Newton iteration per step (100 steps, h = 0.01) with a forward-difference connector Jacobian whose round-off
    // noise is ~1e-7 relative: the result carries the Newton tolerance, and Exudyn's own builds spread by 1.4e-9
    // (non-AVX: -0.534929955894111, experimental solver: -0.5349299542344889); the fully converged value is
    // -0.53492995109. Ours: -0.53492995211 (2.4e-9 from the reference); a different force law would differ by O(1e-2).
    expect(Math.abs(mbs.getNodeOutput(node, OutputVariableType.Displacement)[1] - -0.5349299545315868)).toBeLessThan(5e-9);
  });
});
