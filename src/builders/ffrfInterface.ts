import { optionNames, ownOptions } from '../core/dictionary.ts';
import type { BuilderSink } from './builderSink.ts';
import type { CscMatrix } from '../linalg/sparse.ts';
import type { NodeIndex, ObjectIndex } from '../registry/parameters.ts';
import { FlexdynError } from '../core/errors.ts';
import { NodeRigidBodyEP } from '../items/nodes/NodeRigidBodyEP.ts';
import { NodePoint } from '../items/nodes/NodePoint.ts';
import { ObjectFFRF } from '../items/objects/ObjectFFRF.ts';
import { AngularVelocity2EulerParameters_t, RotationMatrix2EulerParameters } from '../rotations/rotationMatrices.ts';
import type { FEMinterface } from '../fem/FEMinterface.ts';

/** Options of {@link ObjectFFRFinterface.addObjectFFRF} (Exudyn's AddObjectFFRF arguments). */
export interface AddObjectFFRFOptions {
  /** Reference position of the frame origin (global). */
  positionRef?: ArrayLike<number>;
  /** Reference orientation of the frame, 3 × 3 rotation matrix (rows); default identity. */
  rotationMatrixRef?: readonly (readonly number[])[];
  /** Initial translational velocity of the frame (global). */
  initialVelocity?: ArrayLike<number>;
  /** Initial angular velocity of the frame (global). */
  initialAngularVelocity?: ArrayLike<number>;
  /**
   * Gravity vector (global), applied through the object's forceVector: m g on the frame translation and M Φ_t g on
   * the mesh nodes (exact for a centre of mass at the frame origin; other bodies are rejected).
   */
  gravity?: ArrayLike<number>;
  /** Adds the Tisserand-frame constraints (Exudyn's constrainRigidBodyMotion, default true). */
  constrainRigidBodyMotion?: boolean;
  /** Rayleigh damping D = α M + β K: α. */
  massProportionalDamping?: number;
  /** Rayleigh damping D = α M + β K: β. */
  stiffnessProportionalDamping?: number;
  /** RGBA colour for viewers. */
  color?: readonly number[];
}

/** The option names of {@link AddObjectFFRFOptions}, for the unknown-option check of ObjectFFRFinterface.addObjectFFRF. */
const addObjectFFRFOptionNames = optionNames<AddObjectFFRFOptions>({
  positionRef: true, rotationMatrixRef: true, initialVelocity: true, initialAngularVelocity: true, gravity: true, constrainRigidBodyMotion: true, massProportionalDamping: true, stiffnessProportionalDamping: true, color: true,
});

/** The items {@link ObjectFFRFinterface.addObjectFFRF} created. */
export interface AddObjectFFRFResult {
  /** The reference-frame node (NodeRigidBodyEP). */
  nRigidBody: NodeIndex;
  /** The mesh nodes (NodePoint), mesh node i is nodeList[i]. */
  nodeList: NodeIndex[];
  /** The ObjectFFRF. */
  oFFRF: ObjectIndex;
}

function vec3(v: ArrayLike<number> | undefined, name: string): number[] {
  const out = v === undefined ? [0, 0, 0] : Array.from(v);
  if (out.length !== 3 || !out.every(Number.isFinite)) throw new FlexdynError(`ObjectFFRFinterface.addObjectFFRF: ${name} must have 3 finite entries, got [${out.join(', ')}]`);
  return out;
}

/** C = a·A + b·B for two CSC matrices of equal dimension (union pattern). */
function combine(a: number, A: CscMatrix, b: number, B: CscMatrix): { numberOfRows: number; numberOfColumns: number; triplets: [number, number, number][] } {
  const triplets: [number, number, number][] = [];
  for (const [f, m] of [[a, A], [b, B]] as const) {
    if (f === 0) continue;
    for (let c = 0; c < m.n; c++) for (let k = m.colPtr[c]; k < m.colPtr[c + 1]; k++) triplets.push([m.rowIndex[k], c, f * m.values[k]]);
  }
  return { numberOfRows: A.n, numberOfColumns: A.n, triplets };
}

/**
 * Creates a full FFRF body (ObjectFFRF) from a {@link FEMinterface} in one call, as Exudyn's FEM.ObjectFFRFinterface:
 * the mesh, its mass and stiffness matrices are taken at construction.
 */
export class ObjectFFRFinterface {
  /** Node positions, 3 per node. */
  readonly nodes: Float64Array;
  /** Mass and stiffness matrices of the mesh coordinates. */
  readonly massMatrix: CscMatrix;
  /** Stiffness matrix of the mesh coordinates. */
  readonly stiffnessMatrix: CscMatrix;
  /** Surface triangles for viewers. */
  readonly triangles: Int32Array;

  constructor(fem: FEMinterface) {
    this.nodes = Float64Array.from(fem.nodes);
    this.massMatrix = fem.getMassMatrix();
    this.stiffnessMatrix = fem.getStiffnessMatrix();
    this.triangles = fem.numberOfElements() > 0 ? fem.getSurfaceTriangles() : new Int32Array(0);
    if (this.massMatrix.n !== this.nodes.length || this.stiffnessMatrix.n !== this.nodes.length) {
      throw new FlexdynError(`ObjectFFRFinterface: mass and stiffness matrices must be ${this.nodes.length} x ${this.nodes.length} (3 per node), got ${this.massMatrix.n} and ${this.stiffnessMatrix.n}`);
    }
  }

  /** Adds the reference node, one Point node per mesh node and the ObjectFFRF to mbs (Exudyn's AddObjectFFRF). */
  addObjectFFRF(mbs: BuilderSink, options: AddObjectFFRFOptions = {}): AddObjectFFRFResult {
    options = ownOptions('ObjectFFRFinterface.addObjectFFRF', options, addObjectFFRFOptionNames);
    const p0 = vec3(options.positionRef, 'positionRef');
    const v0 = vec3(options.initialVelocity, 'initialVelocity');
    const w0 = vec3(options.initialAngularVelocity, 'initialAngularVelocity');
    const g = vec3(options.gravity, 'gravity');
    const ep0 = options.rotationMatrixRef === undefined ? [1, 0, 0, 0] : RotationMatrix2EulerParameters(options.rotationMatrixRef);
    const ep0t = AngularVelocity2EulerParameters_t(w0, ep0);
    const nRigidBody = mbs.addNode(NodeRigidBodyEP({ referenceCoordinates: [...p0, ...ep0], initialVelocities: [...v0, ...ep0t] }));
    const n = this.nodes.length / 3;
    const nodeList: NodeIndex[] = [];
    for (let i = 0; i < n; i++) {
      nodeList.push(mbs.addNode(NodePoint({ referenceCoordinates: [this.nodes[3 * i], this.nodes[3 * i + 1], this.nodes[3 * i + 2]], visualization: { show: false } })));
    }
    const alpha = options.massProportionalDamping ?? 0, beta = options.stiffnessProportionalDamping ?? 0;
    let forceVector: number[] = [];
    if (g.some((x) => x !== 0)) forceVector = this.gravityForceVector(g);
    const oFFRF = mbs.addObject(ObjectFFRF({
      nodeNumbers: [nRigidBody, ...nodeList],
      massMatrixFF: this.massMatrix,
      stiffnessMatrixFF: this.stiffnessMatrix,
      dampingMatrixFF: alpha !== 0 || beta !== 0 ? combine(alpha, this.massMatrix, beta, this.stiffnessMatrix) : [],
      forceVector,
      tisserandFrameConstraints: options.constrainRigidBodyMotion ?? true,
      visualization: { triangleMesh: Array.from(this.triangles), color: options.color ?? [0.1, 0.9, 0.1, 1], showNodes: true },
    }));
    return { nRigidBody, nodeList, oFFRF };
  }

  /** [m g, 0 (4), M Φ_t g] with a check that the centre of mass is at the frame origin. */
  private gravityForceVector(g: number[]): number[] {
    const M = this.massMatrix, x = this.nodes, nf = x.length;
    const mg = new Float64Array(nf);
    let mass = 0;
    const mx = [0, 0, 0];
    let extent = 0;
    for (let c = 0; c < nf; c++) {
      extent = Math.max(extent, Math.abs(x[c]));
      for (let k = M.colPtr[c]; k < M.colPtr[c + 1]; k++) {
        const r = M.rowIndex[k];
        mg[r] += M.values[k] * g[c % 3];
        if (r % 3 === 0 && c % 3 === 0) mass += M.values[k];
        mx[r % 3] += M.values[k] * x[c];
      }
    }
    const com = mx.map((v) => v / mass);
    if (Math.hypot(...com) > 1e-8 * extent) {
      throw new FlexdynError(`ObjectFFRFinterface.addObjectFFRF: gravity through the force vector needs the centre of mass at the frame origin, got [${com.join(', ')}]; shift the mesh so that its centre of mass is at 0 and use positionRef`);
    }
    return [mass * g[0], mass * g[1], mass * g[2], 0, 0, 0, 0, ...mg];
  }
}
