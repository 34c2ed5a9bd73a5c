/**
 * FEMinterface (Exudyn's name): a linear finite element model of one body — nodes,
 * elements, sparse mass and stiffness matrices, node and element sets — imported from
 * Abaqus or built with the meshers and the Hex8/Tet4 elements, plus the node selection and
 * node weighting tools that flexible-body markers need.
 *
 * Node i owns coordinates 3i, 3i+1, 3i+2 (x, y, z; Exudyn's ordering); all node and
 * element numbers are 0-based.
 * @module
 */
import ndarray from 'ndarray';
import type { NdArray } from 'ndarray';
import { FlexdynError } from '../core/errors.ts';
import { cscFromTriplets, type CscMatrix } from '../linalg/sparse.ts';
import { RigidBodyInertia } from '../rotations/rigidBodyInertia.ts';
import { skewEntry } from '../rotations/skew.ts';
import {
  readAbaqusInputFile, readAbaqusMatrixFile,
  type AbaqusImportOptions, type AbaqusMaterial, type AbaqusMatrix, type AbaqusSolidSection, type FileLocation,
} from './abaqus.ts';
import {
  computeEigenmodes, computeHurtyCraigBamptonModes,
  type EigenmodesResult, type HCBStaticModes, type HurtyCraigBamptonResult, type ModeSolverOptions,
} from './modes.ts';
import { assembleLinearElastic, type ElementBlock, type LinearElasticAssemblyOptions } from './assembly.ts';
import { nodesPerElement, type FemElementType, type LinearElasticMaterial } from './elements.ts';
import type { FemMesh } from './meshers.ts';
import { loadDataFile, saveDataFile } from './persistence.ts';

/** A 3-vector given as any array-like of numbers. */
export type Vec3Like = ArrayLike<number>;

/** Elements of one type in an FEMinterface (Exudyn: an entry 'Hex8': array of `fem.elements[0]`). */
export interface FemElements extends ElementBlock {
  /** Number of elements. */
  count: number;
  /** Abaqus element labels, when imported from Abaqus. */
  labels?: Int32Array;
}

/** A named node set (Exudyn's `{'Name', 'NodeNumbers', 'NodeWeights'}`). */
export interface FemNodeSet {
  /** Set name. */
  name: string;
  /** 0-based node numbers. */
  nodeNumbers: Int32Array;
  /** Optional weights, one per node. */
  nodeWeights?: Float64Array;
}

/** A named element set: 0-based element numbers over all element blocks, block by block. */
export interface FemElementSet {
  /** Set name. */
  name: string;
  /** 0-based element numbers. */
  elementNumbers: Int32Array;
}

/** Node-local face node indices of each element type (corner nodes only for Hex20 and Tet10, as Exudyn). */
const hexFaces = [[0, 1, 2, 3], [7, 6, 5, 4], [0, 4, 5, 1], [1, 5, 6, 2], [2, 6, 7, 3], [3, 7, 4, 0]];
const tetFaces = [[0, 1, 2], [0, 3, 1], [1, 3, 2], [2, 3, 0]];
const facesOf: Record<FemElementType, number[][]> = { Hex8: hexFaces, Hex20: hexFaces, Tet4: tetFaces, Tet10: tetFaces };
const surfaceTypeOrder: FemElementType[] = ['Hex8', 'Hex20', 'Tet4', 'Tet10'];

function vec3(v: Vec3Like, where: string, name: string): [number, number, number] {
  if (v === undefined || v === null || v.length !== 3 || ![v[0], v[1], v[2]].every(Number.isFinite)) {
    throw new FlexdynError(`FEMinterface.${where}: ${name} must be 3 finite numbers, got ${v === undefined ? 'undefined' : `length ${v?.length}`}`);
  }
  return [v[0], v[1], v[2]];
}

/** Finite element model of one flexible body (Exudyn's FEMinterface). */
export class FEMinterface {
  /** Node positions in the reference configuration, x, y, z per node. */
  nodes: Float64Array = new Float64Array(0);
  /** Abaqus node labels, when imported from Abaqus. */
  nodeLabels?: Int32Array;
  /** Elements by type, in order of first appearance. */
  elements: FemElements[] = [];
  /** Sparse mass matrix (both triangles stored), when read or computed. */
  massMatrix?: CscMatrix;
  /** Sparse stiffness matrix (both triangles stored), when read or computed. */
  stiffnessMatrix?: CscMatrix;
  /** Node sets. */
  nodeSets: FemNodeSet[] = [];
  /** Element sets. */
  elementSets: FemElementSet[] = [];
  /** Materials of the imported file. */
  materials: AbaqusMaterial[] = [];
  /** Solid sections (element set → material) of the imported file. */
  sections: AbaqusSolidSection[] = [];
  /** Where the mesh came from ('Abaqus', 'mesher', …) and the file name, if any. */
  metaData: {
    /** Where the mesh came from: 'Abaqus', 'mesher' or 'unknown'. */
    source: string;
    /** The imported file, if any. */
    fileName?: string;
  } = { source: 'unknown' };
  /** Mode basis (n_dofs × n_modes, column-major) of the last {@link FEMinterface.computeEigenmodes} call. */
  modeBasis?: NdArray<Float64Array>;
  /** |λ| = ω² of the modes in {@link FEMinterface.modeBasis}. */
  eigenValues?: Float64Array;
  private surfaceCache?: Int32Array;

  /**
   * Imports nodes, elements, node/element sets, materials and sections of an Abaqus input file
   * (Exudyn's ImportFromAbaqusInputFile; `options` selects the part or instance). Replaces the
   * mesh and clears the matrices. Returns the node positions.
   */
  importFromAbaqusInputFile(fileName: FileLocation, options: AbaqusImportOptions = {}): Float64Array {
    const mesh = readAbaqusInputFile(fileName, options);
    this.setMesh(mesh.nodes, mesh.elementBlocks.map((b) => ({ type: b.type, connectivity: b.connectivity, labels: b.labels })));
    this.nodeLabels = mesh.nodeLabels;
    this.nodeSets = mesh.nodeSets.map((s) => ({ name: s.name, nodeNumbers: s.nodeNumbers }));
    this.elementSets = mesh.elementSets.map((s) => ({ name: s.name, elementNumbers: s.elementNumbers }));
    this.materials = mesh.materials;
    this.sections = mesh.sections;
    this.metaData = { source: 'Abaqus', fileName: mesh.fileName };
    return this.nodes;
  }

  /**
   * Saves nodes, elements, sets, materials, sections, mass and stiffness matrices and the mode basis to a JSON file
   * (Exudyn's SaveToFile; our own format, see src/fem/persistence.ts); {@link FEMinterface.loadFromFile} restores them exactly.
   */
  saveToFile(fileName: FileLocation): void {
    saveDataFile(fileName, 'flexdyn-FEMinterface', {
      nodes: this.nodes, nodeLabels: this.nodeLabels, elements: this.elements, massMatrix: this.massMatrix, stiffnessMatrix: this.stiffnessMatrix,
      nodeSets: this.nodeSets, elementSets: this.elementSets, materials: this.materials, sections: this.sections, metaData: this.metaData,
      modeBasis: this.modeBasis, eigenValues: this.eigenValues,
    });
  }

  /** Replaces all data by a file of {@link FEMinterface.saveToFile} (Exudyn's LoadFromFile); the mesh is checked as on import. */
  loadFromFile(fileName: FileLocation): void {
    const d = loadDataFile(fileName, 'flexdyn-FEMinterface');
    if (!(d.nodes instanceof Float64Array) || !Array.isArray(d.elements)) {
      throw new FlexdynError('FEMinterface.loadFromFile: the file must hold nodes and elements, got ' + Object.keys(d).join(', '));
    }
    this.setMesh(d.nodes, d.elements as FemElements[]);
    this.nodeLabels = d.nodeLabels as Int32Array | undefined;
    this.massMatrix = d.massMatrix as CscMatrix | undefined;
    this.stiffnessMatrix = d.stiffnessMatrix as CscMatrix | undefined;
    this.nodeSets = (d.nodeSets ?? []) as FemNodeSet[];
    this.elementSets = (d.elementSets ?? []) as FemElementSet[];
    this.materials = (d.materials ?? []) as AbaqusMaterial[];
    this.sections = (d.sections ?? []) as AbaqusSolidSection[];
    this.metaData = (d.metaData ?? { source: 'unknown' }) as FEMinterface['metaData'];
    this.modeBasis = d.modeBasis as NdArray<Float64Array> | undefined;
    this.eigenValues = d.eigenValues as Float64Array | undefined;
  }

  /** Uses a mesh of the meshers (or any nodes and element blocks); replaces the mesh and clears matrices and sets. */
  importMesh(mesh: FemMesh): void {
    this.setMesh(Float64Array.from(mesh.nodes), mesh.elementBlocks.map((b) => ({ type: b.type, connectivity: Int32Array.from(b.connectivity) })));
    this.nodeLabels = undefined;
    this.nodeSets = [];
    this.elementSets = [];
    this.materials = [];
    this.sections = [];
    this.metaData = { source: 'mesher' };
  }

  private setMesh(nodes: Float64Array, blocks: { type: FemElementType; connectivity: Int32Array; labels?: Int32Array }[]): void {
    if (nodes.length % 3 !== 0) throw new FlexdynError(`FEMinterface: nodes must hold 3 coordinates per node, got ${nodes.length} values`);
    const nNodes = nodes.length / 3;
    for (const b of blocks) {
      const nn = nodesPerElement[b.type];
      if (nn === undefined) throw new FlexdynError(`FEMinterface: unknown element type ${String(b.type)}`);
      if (b.connectivity.length % nn !== 0) throw new FlexdynError(`FEMinterface: ${b.type} connectivity must hold ${nn} nodes per element, got ${b.connectivity.length} values`);
      for (const n of b.connectivity) {
        if (!(n >= 0 && n < nNodes)) throw new FlexdynError(`FEMinterface: ${b.type} element refers to node ${n}, but there are ${nNodes} nodes`);
      }
    }
    this.nodes = nodes;
    this.elements = blocks.map((b) => ({ type: b.type, connectivity: b.connectivity, count: b.connectivity.length / nodesPerElement[b.type], labels: b.labels }));
    this.massMatrix = undefined;
    this.stiffnessMatrix = undefined;
    this.surfaceCache = undefined;
  }

  private readMatrix(fileName: FileLocation): AbaqusMatrix {
    const labels = this.nodeLabels;
    let indexOfLabel: ((label: number) => number | undefined) | undefined;
    if (labels !== undefined) {
      const map = new Map<number, number>();
      labels.forEach((l, i) => map.set(l, i));
      indexOfLabel = (l) => map.get(l);
    }
    return readAbaqusMatrixFile(fileName, {
      numberOfCoordinates: this.numberOfNodes() > 0 ? this.numberOfCoordinates() : undefined,
      nodeIndexOfLabel: indexOfLabel,
    });
  }

  /** Reads the mass matrix from an Abaqus .mtx file (Exudyn's ReadMassMatrixFromAbaqus); returns how it was stored. */
  readMassMatrixFromAbaqus(fileName: FileLocation): AbaqusMatrix {
    const m = this.readMatrix(fileName);
    this.massMatrix = m.matrix;
    return m;
  }

  /** Reads the stiffness matrix from an Abaqus .mtx file (Exudyn's ReadStiffnessMatrixFromAbaqus). */
  readStiffnessMatrixFromAbaqus(fileName: FileLocation): AbaqusMatrix {
    const m = this.readMatrix(fileName);
    this.stiffnessMatrix = m.matrix;
    return m;
  }

  /**
   * Computes mass and stiffness of the Hex8/Tet4 mesh with linear elastic material. With a
   * material, all elements use it; without, each element takes the material of its Abaqus
   * solid section (density, E, ν from *Material). Returns the total element volume.
   * Abaqus's C3D8 matrices are reproduced with `hex8Integration: 'selectiveReduced'` and its
   * `*MATRIX GENERATE, MASS` output with `lumpedMass: true`; C3D4 matrices with the defaults.
   */
  computeMassAndStiffness(material?: LinearElasticMaterial, options: LinearElasticAssemblyOptions = {}): number {
    if (this.elements.length === 0) throw new FlexdynError('FEMinterface.computeMassAndStiffness: the model has no elements');
    let materials: LinearElasticMaterial[];
    let materialOfElement: Int32Array | undefined;
    if (material !== undefined) {
      materials = [material];
    } else {
      const nElements = this.numberOfElements();
      materialOfElement = new Int32Array(nElements).fill(-1);
      materials = [];
      for (const section of this.sections) {
        const set = this.elementSets.find((s) => s.name.toUpperCase() === section.elementSet.toUpperCase());
        if (set === undefined) throw new FlexdynError(`FEMinterface.computeMassAndStiffness: solid section refers to element set "${section.elementSet}", which is not defined`);
        const m = this.materials.find((x) => x.name.toUpperCase() === section.material.toUpperCase());
        if (m === undefined) throw new FlexdynError(`FEMinterface.computeMassAndStiffness: solid section refers to material "${section.material}", which is not defined`);
        if (m.unsupportedElasticType !== undefined) throw new FlexdynError(`FEMinterface.computeMassAndStiffness: material "${m.name}" has *Elastic, type=${m.unsupportedElasticType}; only isotropic elasticity is supported`);
        if (m.density === undefined || m.youngsModulus === undefined || m.poissonsRatio === undefined) {
          throw new FlexdynError(`FEMinterface.computeMassAndStiffness: material "${m.name}" needs *Density and *Elastic; pass a material instead`);
        }
        const k = materials.length;
        materials.push({ youngsModulus: m.youngsModulus, poissonsRatio: m.poissonsRatio, density: m.density });
        for (const e of set.elementNumbers) materialOfElement[e] = k;
      }
      const missing = materialOfElement.indexOf(-1);
      if (missing >= 0) throw new FlexdynError(`FEMinterface.computeMassAndStiffness: element ${missing} has no solid section with a material; pass a material`);
    }
    const r = assembleLinearElastic(this.nodes, this.elements, materials, materialOfElement, options);
    this.massMatrix = r.massMatrix;
    this.stiffnessMatrix = r.stiffnessMatrix;
    return r.volume;
  }

  /** The mass matrix (Exudyn's GetMassMatrix); throws if none was read or computed. */
  getMassMatrix(): CscMatrix {
    if (this.massMatrix === undefined) throw new FlexdynError('FEMinterface.getMassMatrix: no mass matrix: read one (readMassMatrixFromAbaqus) or compute one (computeMassAndStiffness)');
    return this.massMatrix;
  }

  /** The stiffness matrix (Exudyn's GetStiffnessMatrix); throws if none was read or computed. */
  getStiffnessMatrix(): CscMatrix {
    if (this.stiffnessMatrix === undefined) throw new FlexdynError('FEMinterface.getStiffnessMatrix: no stiffness matrix: read one (readStiffnessMatrixFromAbaqus) or compute one (computeMassAndStiffness)');
    return this.stiffnessMatrix;
  }

  /** Number of nodes. */
  numberOfNodes(): number {
    return this.nodes.length / 3;
  }

  /** Number of nodal coordinates, 3 per node. */
  numberOfCoordinates(): number {
    return this.nodes.length;
  }

  /** Number of elements over all blocks. */
  numberOfElements(): number {
    return this.elements.reduce((s, b) => s + b.count, 0);
  }

  /** Node positions as an n×3 ndarray view of {@link FEMinterface.nodes} (Exudyn's GetNodePositionsAsArray). */
  getNodePositionsAsArray(): NdArray<Float64Array> {
    return ndarray(this.nodes, [this.numberOfNodes(), 3]);
  }

  /** Connectivity of the elements of one type as a count×nodesPerElement ndarray view, or undefined. */
  getElementsAsArray(type: FemElementType): NdArray<Int32Array> | undefined {
    const b = this.elements.find((x) => x.type === type);
    return b === undefined ? undefined : ndarray(b.connectivity, [b.count, nodesPerElement[type]]);
  }

  /** Node set by name (case-insensitive), or undefined. */
  getNodeSet(name: string): FemNodeSet | undefined {
    return this.nodeSets.find((s) => s.name.toUpperCase() === name.toUpperCase());
  }

  private checkNode(node: number, where: string): void {
    if (!Number.isInteger(node) || node < 0 || node >= this.numberOfNodes()) {
      throw new FlexdynError(`FEMinterface.${where}: node number must be an integer in 0 … ${this.numberOfNodes() - 1}, got ${node}`);
    }
  }

  /** Mean position of the given nodes (Exudyn's GetNodePositionsMean). */
  getNodePositionsMean(nodeNumbers: ArrayLike<number>): [number, number, number] {
    if (nodeNumbers.length === 0) throw new FlexdynError('FEMinterface.getNodePositionsMean: nodeNumbers must not be empty');
    const s: [number, number, number] = [0, 0, 0];
    for (let k = 0; k < nodeNumbers.length; k++) {
      const n = nodeNumbers[k];
      this.checkNode(n, 'getNodePositionsMean');
      for (let d = 0; d < 3; d++) s[d] += this.nodes[3 * n + d];
    }
    return [s[0] / nodeNumbers.length, s[1] / nodeNumbers.length, s[2] / nodeNumbers.length];
  }

  /**
   * Number of the first node whose coordinates all lie within ±tolerance of `point` (Exudyn's
   * GetNodeAtPoint). If none: throws, or returns −1 when raiseException is false.
   */
  getNodeAtPoint(point: Vec3Like, tolerance = 1e-5, raiseException = true): number {
    const p = vec3(point, 'getNodeAtPoint', 'point');
    const x = this.nodes;
    for (let i = 0; i < x.length / 3; i++) {
      if (Math.abs(x[3 * i] - p[0]) <= tolerance && Math.abs(x[3 * i + 1] - p[1]) <= tolerance && Math.abs(x[3 * i + 2] - p[2]) <= tolerance) return i;
    }
    if (raiseException) throw new FlexdynError(`FEMinterface.getNodeAtPoint: no node within ${tolerance} of [${p.join(', ')}]`);
    return -1;
  }

  /** Nodes whose distance to the plane through `point` with normal `normal` (normalized here) is ≤ tolerance (Exudyn's GetNodesInPlane). */
  getNodesInPlane(point: Vec3Like, normal: Vec3Like, tolerance = 1e-5): number[] {
    const p = vec3(point, 'getNodesInPlane', 'point');
    const n = vec3(normal, 'getNodesInPlane', 'normal');
    const len = Math.hypot(n[0], n[1], n[2]);
    if (len === 0) throw new FlexdynError('FEMinterface.getNodesInPlane: normal must not be zero');
    const x = this.nodes;
    const out: number[] = [];
    for (let i = 0; i < x.length / 3; i++) {
      const d = ((x[3 * i] - p[0]) * n[0] + (x[3 * i + 1] - p[1]) * n[1] + (x[3 * i + 2] - p[2]) * n[2]) / len;
      if (Math.abs(d) <= tolerance) out.push(i);
    }
    return out;
  }

  /** Nodes inside the axis-aligned box pMin ≤ x ≤ pMax (Exudyn's GetNodesInCube). */
  getNodesInCube(pMin: Vec3Like, pMax: Vec3Like): number[] {
    const a = vec3(pMin, 'getNodesInCube', 'pMin');
    const b = vec3(pMax, 'getNodesInCube', 'pMax');
    const x = this.nodes;
    const out: number[] = [];
    for (let i = 0; i < x.length / 3; i++) {
      let inside = true;
      for (let d = 0; d < 3; d++) if (!(x[3 * i + d] >= a[d] && x[3 * i + d] <= b[d])) inside = false;
      if (inside) out.push(i);
    }
    return out;
  }

  /** Same as {@link FEMinterface.getNodesInCube}: nodes inside the box pMin ≤ x ≤ pMax. */
  getNodesInBox(pMin: Vec3Like, pMax: Vec3Like): number[] {
    return this.getNodesInCube(pMin, pMax);
  }

  /**
   * Nodes on the cylinder surface of radius `radius` around the axis p1→p2, within ±tolerance
   * radially and with axial coordinate in [−tolerance, |p2−p1| + tolerance] (Exudyn's GetNodesOnCylinder).
   */
  getNodesOnCylinder(p1: Vec3Like, p2: Vec3Like, radius: number, tolerance = 1e-5): number[] {
    const a = vec3(p1, 'getNodesOnCylinder', 'p1');
    const b = vec3(p2, 'getNodesOnCylinder', 'p2');
    let v0 = b[0] - a[0], v1 = b[1] - a[1], v2 = b[2] - a[2];
    const lAxis = Math.hypot(v0, v1, v2);
    if (lAxis === 0) throw new FlexdynError('FEMinterface.getNodesOnCylinder: p1 and p2 must differ');
    v0 /= lAxis; v1 /= lAxis; v2 /= lAxis;
    const x = this.nodes;
    const out: number[] = [];
    for (let i = 0; i < x.length / 3; i++) {
      const d0 = x[3 * i] - a[0], d1 = x[3 * i + 1] - a[1], d2 = x[3 * i + 2] - a[2];
      const s = v0 * d0 + v1 * d1 + v2 * d2;
      if (s > lAxis + tolerance || s < -tolerance) continue;
      const r = Math.hypot(d0 - s * v0, d1 - s * v1, d2 - s * v2);
      if (Math.abs(r - radius) <= tolerance) out.push(i);
    }
    return out;
  }

  /** Nodes on the segment p1–p2 within ±tolerance (Exudyn's GetNodesOnLine). */
  getNodesOnLine(p1: Vec3Like, p2: Vec3Like, tolerance = 1e-5): number[] {
    return this.getNodesOnCylinder(p1, p2, 0, tolerance);
  }

  /** Nodes on the circle of radius r around `point` in the plane with normal `normal` (Exudyn's GetNodesOnCircle). */
  getNodesOnCircle(point: Vec3Like, normal: Vec3Like, r: number, tolerance = 1e-5): number[] {
    const p = vec3(point, 'getNodesOnCircle', 'point');
    const inPlane = new Set(this.getNodesInPlane(point, normal, tolerance));
    const out: number[] = [];
    for (const i of inPlane) {
      const d = Math.hypot(this.nodes[3 * i] - p[0], this.nodes[3 * i + 1] - p[1], this.nodes[3 * i + 2] - p[2]);
      if (Math.abs(d - r) <= tolerance) out.push(i);
    }
    return out;
  }

  /**
   * Outer surface of the mesh as triangles (k×3 node numbers, flat): the element faces that
   * belong to one element only (faces as in Exudyn's VolumeToSurfaceElements, corner nodes only
   * for Hex20/Tet10; triangular faces first, then each quadrilateral face q as the triangles
   * (q0, q2, q1), (q0, q3, q2)). Normals (right-hand rule) point out of the body for
   * positively oriented elements; Exudyn lists the same triangles with the opposite orientation.
   */
  getSurfaceTriangles(): Int32Array {
    if (this.surfaceCache !== undefined) return this.surfaceCache;
    const blocks = surfaceTypeOrder.flatMap((t) => this.elements.filter((b) => b.type === t));
    // every face's corner nodes in face order, four per face (−1 after a triangle's third), in block, element, face order
    let faceCount = 0;
    for (const b of blocks) faceCount += b.count * facesOf[b.type].length;
    const corners = new Int32Array(4 * faceCount).fill(-1);
    let k = 0;
    for (const b of blocks) {
      const nn = nodesPerElement[b.type];
      for (let e = 0; e < b.count; e++) {
        for (const face of facesOf[b.type]) {
          for (let i = 0; i < face.length; i++) corners[4 * k + i] = b.connectivity[e * nn + face[i]];
          k++;
        }
      }
    }
    const count = sameFaceCounts(corners, faceCount, this.numberOfNodes());
    const trigs: number[] = [];
    const quads: number[] = [];
    for (let f = 0; f < faceCount; f++) {
      if (count[f] !== 1) continue;
      const o = 4 * f;
      if (corners[o + 3] < 0) trigs.push(corners[o], corners[o + 2], corners[o + 1]);
      else quads.push(corners[o], corners[o + 2], corners[o + 1], corners[o], corners[o + 3], corners[o + 2]);
    }
    this.surfaceCache = Int32Array.from([...trigs, ...quads]);
    return this.surfaceCache;
  }

  /**
   * Weights of the given nodes from the surface triangles all of whose nodes are in the list:
   * each triangle adds a third of its area to each of its nodes; normalized to sum 1 unless
   * normalizeWeights is false (Exudyn's GetNodeWeightsFromSurfaceAreas).
   */
  getNodeWeightsFromSurfaceAreas(nodeList: ArrayLike<number>, normalizeWeights = true): Float64Array {
    const local = new Int32Array(this.numberOfNodes()).fill(-1);
    for (let i = 0; i < nodeList.length; i++) {
      this.checkNode(nodeList[i], 'getNodeWeightsFromSurfaceAreas');
      local[nodeList[i]] = i;
    }
    const trigs = this.getSurfaceTriangles();
    const x = this.nodes;
    const w = new Float64Array(nodeList.length);
    for (let t = 0; t < trigs.length; t += 3) {
      const i0 = trigs[t], i1 = trigs[t + 1], i2 = trigs[t + 2];
      if (local[i0] < 0 || local[i1] < 0 || local[i2] < 0) continue;
      const a0 = x[3 * i1] - x[3 * i0], a1 = x[3 * i1 + 1] - x[3 * i0 + 1], a2 = x[3 * i1 + 2] - x[3 * i0 + 2];
      const b0 = x[3 * i2] - x[3 * i0], b1 = x[3 * i2 + 1] - x[3 * i0 + 1], b2 = x[3 * i2 + 2] - x[3 * i0 + 2];
      const c0 = a1 * b2 - a2 * b1, c1 = a2 * b0 - a0 * b2, c2 = a0 * b1 - a1 * b0;
      const area = 0.5 * Math.sqrt(c0 * c0 + c1 * c1 + c2 * c2);
      w[local[i0]] += area / 3;
      w[local[i1]] += area / 3;
      w[local[i2]] += area / 3;
    }
    let sum = 0;
    for (const v of w) sum += v;
    if (sum === 0) throw new FlexdynError('FEMinterface.getNodeWeightsFromSurfaceAreas: no surface triangle has all its nodes in nodeList');
    if (normalizeWeights) {
      const f = 1 / sum;
      for (let i = 0; i < w.length; i++) w[i] *= f;
    }
    return w;
  }

  /**
   * Mass weights of the given nodes: m_i = Σ_j M(3i, j), the row sum of the mass matrix
   * (= ∫ρN_i dV for a consistent mass, the lumped mass), divided by Σ m_i unless normalize is false.
   */
  getNodeMassWeights(nodeList: ArrayLike<number>, normalize = true): Float64Array {
    const M = this.getMassMatrix();
    const w = new Float64Array(nodeList.length);
    let sum = 0;
    for (let i = 0; i < nodeList.length; i++) {
      this.checkNode(nodeList[i], 'getNodeMassWeights');
      const c = 3 * nodeList[i];
      let m = 0;
      for (let k = M.colPtr[c]; k < M.colPtr[c + 1]; k++) m += M.values[k];
      w[i] = m;
      sum += m;
    }
    if (normalize) {
      if (!(sum > 0)) throw new FlexdynError(`FEMinterface.getNodeMassWeights: total mass of the nodes must be > 0, got ${sum}`);
      for (let i = 0; i < w.length; i++) w[i] /= sum;
    }
    return w;
  }

  /**
   * Free-free eigenmodes of the mass and stiffness matrices (Exudyn's ComputeEigenmodes): the lowest nModes modes after
   * excludeRigidBodyModes rigid-body modes (checked to be zero), M-normalized, stored in modeBasis and eigenValues.
   * Always uses the sparse shift-invert solver (Exudyn's dense option gives the same modes up to sign).
   */
  computeEigenmodes(nModes: number, excludeRigidBodyModes = 0, solverOptions?: ModeSolverOptions): EigenmodesResult {
    const result = computeEigenmodes({
      massMatrix: this.getMassMatrix(), stiffnessMatrix: this.getStiffnessMatrix(), numberOfModes: nModes, excludeRigidBodyModes, solverOptions,
    });
    this.modeBasis = result.modeBasis;
    this.eigenValues = result.eigenValues;
    return result;
  }

  /**
   * Hurty–Craig–Bampton modes (Exudyn's ComputeHurtyCraigBamptonModes): static modes of the boundary node lists
   * (computationMode 'RBE2', the default: 6 rigid-interface modes per list except the first, which fixes the floating frame;
   * 'allBoundaryNodes': one per boundary coordinate) and nEigenModes fixed-interface eigenmodes, stored in modeBasis and
   * eigenValues. Always uses the sparse solver (Exudyn's useSparseSolver = False gives the same mode space).
   */
  computeHurtyCraigBamptonModes(
    boundaryNodesList: readonly (readonly number[] | Int32Array)[], nEigenModes: number,
    options: { computationMode?: HCBStaticModes; boundaryNodesWeights?: readonly ArrayLike<number>[]; solverOptions?: ModeSolverOptions } = {},
  ): HurtyCraigBamptonResult {
    const mode = options.computationMode ?? 'RBE2';
    if (mode !== 'RBE2' && mode !== 'allBoundaryNodes') {
      throw new FlexdynError(`FEMinterface.computeHurtyCraigBamptonModes: computationMode must be 'RBE2' or 'allBoundaryNodes', got ${String(mode)}`, { parameter: 'computationMode' });
    }
    const result = computeHurtyCraigBamptonModes({
      massMatrix: this.getMassMatrix(), stiffnessMatrix: this.getStiffnessMatrix(), nodePositions: this.nodes,
      boundaryNodeLists: boundaryNodesList, numberOfEigenModes: nEigenModes, useRigidBodyModes: mode === 'RBE2',
      boundaryNodeWeights: options.boundaryNodesWeights, solverOptions: options.solverOptions,
    });
    this.modeBasis = result.modeBasis;
    this.eigenValues = result.eigenValues;
    return result;
  }

  /**
   * The gyroscopic matrix G = (I ⊗ X) M of a rotor spinning about the coordinate axis rotationAxis (0, 1, 2) (Exudyn's
   * GetGyroscopicMatrix): X = ẽ_axis, the skew matrix of the axis unit vector, one 3×3 block per node, so that ω G q̇ is
   * the gyroscopic force of a spin rate ω in the rotating frame (Exudyn's rotor-dynamics test models). Sparse: the CSC
   * matrix of Exudyn's default sparse = True (a dense matrix: expand it, e.g. with the entries of the CSC arrays).
   */
  getGyroscopicMatrix(rotationAxis = 2): CscMatrix {
    if (rotationAxis !== 0 && rotationAxis !== 1 && rotationAxis !== 2) {
      throw new FlexdynError(`FEMinterface.getGyroscopicMatrix: rotationAxis must be 0, 1 or 2, got ${String(rotationAxis)}`, { parameter: 'rotationAxis' });
    }
    const m = this.getMassMatrix();
    // row 3i + a of G is Σ_b X[a][b] · row 3i + b of M; X = ẽ has the entries X[a][b] = −ε_{axis, a, b}
    const a1 = (rotationAxis + 1) % 3, a2 = (rotationAxis + 2) % 3;
    const count = 2 * m.rowIndex.length;
    const rows = new Int32Array(count), cols = new Int32Array(count), values = new Float64Array(count);
    let k = 0;
    for (let col = 0; col < m.n; col++) {
      for (let p = m.colPtr[col]; p < m.colPtr[col + 1]; p++) {
        const row = m.rowIndex[p];
        const block = row - (row % 3), b = row % 3;
        // X[a1][a2] = −1, X[a2][a1] = +1: an entry of M in local row a2 goes to row a1 with −1, one in a1 to a2 with +1
        if (b === a2) { rows[k] = block + a1; cols[k] = col; values[k++] = -m.values[p]; }
        else if (b === a1) { rows[k] = block + a2; cols[k] = col; values[k++] = m.values[p]; }
      }
    }
    return cscFromTriplets(m.n, rows, cols, values, k);
  }

  /** Multiplies the mass matrix by factor (Exudyn's ScaleMassMatrix). */
  scaleMassMatrix(factor: number): void {
    const v = this.getMassMatrix().values;
    for (let k = 0; k < v.length; k++) v[k] *= factor;
  }

  /** Multiplies the stiffness matrix by factor (Exudyn's ScaleStiffnessMatrix). */
  scaleStiffnessMatrix(factor: number): void {
    const v = this.getStiffnessMatrix().values;
    for (let k = 0; k < v.length; k++) v[k] *= factor;
  }

  /** Adds a point mass to the 3 diagonal entries of a node in the mass matrix (Exudyn's AddNodeMass). */
  addNodeMass(nodeNumber: number, addedMass: number): void {
    this.checkNode(nodeNumber, 'addNodeMass');
    this.massMatrix = addToDiagonal(this.getMassMatrix(), 3 * nodeNumber, [addedMass, addedMass, addedMass]);
  }

  /** Adds springs to ground (3 stiffnesses) to the diagonal of a node in the stiffness matrix (Exudyn's AddElasticSupportAtNode). */
  addElasticSupportAtNode(nodeNumber: number, springStiffness: Vec3Like = [1e8, 1e8, 1e8]): void {
    this.checkNode(nodeNumber, 'addElasticSupportAtNode');
    this.stiffnessMatrix = addToDiagonal(this.getStiffnessMatrix(), 3 * nodeNumber, vec3(springStiffness, 'addElasticSupportAtNode', 'springStiffness'));
  }

  /**
   * Mass, center of mass and inertia tensor about the origin of the node coordinates, from the
   * mass matrix and the node positions (Exudyn's GetRigidBodyInertia): m = 1ᵀM₁₁1 over x
   * coordinates, com = Φᵀ M x / m, J = x̃ᵀ M x̃.
   */
  getRigidBodyInertia(): RigidBodyInertia {
    const M = this.getMassMatrix();
    const x = this.nodes;
    if (M.n !== x.length) throw new FlexdynError(`FEMinterface.getRigidBodyInertia: mass matrix is ${M.n}×${M.n}, but there are ${x.length} node coordinates`);
    let mass = 0;
    const mc = [0, 0, 0];
    const J = new Float64Array(9);
    for (let c = 0; c < M.n; c++) {
      const j = Math.floor(c / 3), b = c % 3;
      for (let k = M.colPtr[c]; k < M.colPtr[c + 1]; k++) {
        const r = M.rowIndex[k];
        const v = M.values[k];
        const i = Math.floor(r / 3), a = r % 3;
        if (a === 0 && b === 0) mass += v;
        mc[a] += v * x[c];
        for (let p = 0; p < 3; p++) {
          const sp = skewEntry(x, 3 * i, a, p);
          if (sp === 0) continue;
          for (let q = 0; q < 3; q++) J[3 * p + q] += sp * v * skewEntry(x, 3 * j, b, q);
        }
      }
    }
    if (!(mass > 0)) throw new FlexdynError(`FEMinterface.getRigidBodyInertia: total mass must be > 0, got ${mass}`);
    return new RigidBodyInertia(mass, [[J[0], J[1], J[2]], [J[3], J[4], J[5]], [J[6], J[7], J[8]]], [mc[0] / mass, mc[1] / mass, mc[2] / mass], false);
  }
}

/**
 * For each face of {@link FEMinterface.getSurfaceTriangles} (corners: four node numbers per face in [0, nodeCount), −1
 * after a triangle's third), the number of faces with the same multiset of corner nodes (itself included). Faces are
 * grouped by their two smallest entries (an exact number key) and compared in full within a group.
 */
function sameFaceCounts(corners: Int32Array, faceCount: number, nodeCount: number): Int32Array {
  const sorted = new Int32Array(4 * faceCount);
  const groups = new Map<number, number[]>();
  for (let f = 0; f < faceCount; f++) {
    const o = 4 * f;
    // insertion sort of the four entries
    for (let i = 0; i < 4; i++) {
      const v = corners[o + i];
      let j = i;
      for (; j > 0 && sorted[o + j - 1] > v; j--) sorted[o + j] = sorted[o + j - 1];
      sorted[o + j] = v;
    }
    const key = (sorted[o] + 1) * (nodeCount + 1) + sorted[o + 1] + 1;
    const group = groups.get(key);
    if (group === undefined) groups.set(key, [f]);
    else group.push(f);
  }
  const count = new Int32Array(faceCount);
  for (const group of groups.values()) {
    for (const f of group) {
      const o = 4 * f;
      let same = 0;
      for (const g of group) if (sorted[4 * g + 2] === sorted[o + 2] && sorted[4 * g + 3] === sorted[o + 3]) same++;
      count[f] = same;
    }
  }
  return count;
}

/** Returns a with values added to the diagonal entries start, start+1, …; inserts missing diagonal entries. */
function addToDiagonal(a: CscMatrix, start: number, values: ArrayLike<number>): CscMatrix {
  let missing = false;
  const slots: number[] = [];
  for (let d = 0; d < values.length; d++) {
    const c = start + d;
    let slot = -1;
    for (let k = a.colPtr[c]; k < a.colPtr[c + 1]; k++) if (a.rowIndex[k] === c) { slot = k; break; }
    slots.push(slot);
    if (slot < 0) missing = true;
  }
  if (!missing) {
    for (let d = 0; d < values.length; d++) a.values[slots[d]] += values[d];
    return a;
  }
  const extra = slots.filter((s) => s < 0).length;
  const colPtr = new Int32Array(a.n + 1);
  const rowIndex = new Int32Array(a.rowIndex.length + extra);
  const vals = new Float64Array(a.values.length + extra);
  let w = 0;
  for (let c = 0; c < a.n; c++) {
    colPtr[c] = w;
    const d = c - start;
    const insert = d >= 0 && d < values.length && slots[d] < 0;
    let inserted = false;
    for (let k = a.colPtr[c]; k < a.colPtr[c + 1]; k++) {
      if (insert && !inserted && a.rowIndex[k] > c) { rowIndex[w] = c; vals[w++] = values[d]; inserted = true; }
      rowIndex[w] = a.rowIndex[k];
      vals[w++] = a.values[k] + (d >= 0 && d < values.length && a.rowIndex[k] === c ? values[d] : 0);
    }
    if (insert && !inserted) { rowIndex[w] = c; vals[w++] = values[d]; }
  }
  colPtr[a.n] = w;
  return { n: a.n, colPtr, rowIndex, values: vals };
}
