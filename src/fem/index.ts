/**
 * FEM interface: Abaqus import, linear Hex8/Tet4 elements and assembly, structured meshers,
 * and the FEMinterface model class.
 * @module
 */
export { FEMinterface } from './FEMinterface.ts';
export type { FemElements, FemNodeSet, FemElementSet } from './FEMinterface.ts';
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
export type { FemMesh, BlockMeshOptions, CylinderMeshOptions, StructuredElementType } from './meshers.ts';
