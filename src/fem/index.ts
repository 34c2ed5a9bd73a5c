/**
 * FEM interface: Abaqus import, linear Hex8/Tet4 elements and assembly, structured meshers,
 * the FEMinterface model class, the sparse eigen solver and mode bases (free modes, Hurty/Craig–Bampton).
 * @module
 */
export { FEMinterface } from './FEMinterface.ts';
export type { FemElements, FemNodeSet, FemElementSet, Vec3Like } from './FEMinterface.ts';
export type { CscMatrix } from '../linalg/sparse.ts';
export { cscMultiply } from '../linalg/sparse.ts';
export {
  abaqusElementTypes, parseAbaqusInput, readAbaqusInputFile, parseAbaqusMatrix, readAbaqusMatrixFile,
} from './abaqus.ts';
export type {
  FileLocation, AbaqusMesh, AbaqusElementBlock, AbaqusNodeSet, AbaqusElementSet, AbaqusMaterial, AbaqusSolidSection,
  AbaqusImportOptions, AbaqusMatrix, AbaqusMatrixOptions, MatrixStorage,
} from './abaqus.ts';
export {
  nodesPerElement, lameParameters, hex8Stiffness, hex8MassScalar, tet4Stiffness, tet4MassScalar, elementStresses, ElementWorkspace,
} from './elements.ts';
export type { FemElementType, LinearElasticMaterial, Hex8Integration } from './elements.ts';
export { assembleLinearElastic, nodeAdjacency } from './assembly.ts';
export type { ElementBlock, NodeAdjacency, LinearElasticAssemblyOptions, LinearElasticMatrices } from './assembly.ts';
export { createBlockMesh, createCylinderMesh } from './meshers.ts';
export type { FemMesh, BlockMeshOptions, CylinderMeshOptions, StructuredElementType, Vec3 } from './meshers.ts';
export { solveSparseEigen, DEFAULT_SHIFT_FACTOR, STURM_GAP } from './eigenSparse.ts';
export type { SparseEigenOptions, SparseEigenResult, ShiftedSolver, SturmCheckResult } from './eigenSparse.ts';
export { computeEigenmodes, computeHurtyCraigBamptonModes, RIGID_BODY_EIGENVALUE_TOLERANCE } from './modes.ts';
export type { ModeSolverOptions, EigenmodesOptions, EigenmodesResult, HCBStaticModes, HurtyCraigBamptonOptions, HurtyCraigBamptonResult } from './modes.ts';
