/**
 * Rotations and rigid-body inertia: Exudyn-named script utilities (exudyn.rigidBodyUtilities,
 * exudyn.lieGroupBasics), non-unit quaternion helpers of the Cosserat rod, and allocation-free
 * 3×3 kernels (`…Into`) for item implementations.
 * @module
 */
export type { Vector3Like, Matrix3Like } from './skew.ts';
export {
  Skew, Skew2Vec, cross3, mat3Mul, mat3TransposeMul, mat3MulTranspose, mat3Transpose, mat3MulVec, mat3TransposeMulVec,
  skewInto, skew2VecInto, dot3, norm3, cross3Into, mat3IdentityInto, mat3TransposeInto, mat3MulVecInto,
  mat3TransposeMulVecInto, mat3MulInto, mat3TransposeMulInto, mat3MulTransposeInto, skewMulInto, addSkewMulInto, skewEntry,
  mat3Det, hypot2, hypot3,
} from './skew.ts';
export {
  eulerParameters0,
  RotationMatrixX, RotationMatrixY, RotationMatrixZ, RotationMatrix2D,
  RotXYZ2RotationMatrix, RotationMatrix2RotXYZ, RotXYZ2G, RotXYZ2GLocal, RotXYZ2G_t, RotXYZ2GLocal_t,
  AngularVelocity2RotXYZ_t, RotXYZ2EulerParameters,
  EulerParameters2RotationMatrix, RotationMatrix2EulerParameters, EulerParameters2G, EulerParameters2GLocal,
  AngularVelocity2EulerParameters_t,
  RotationVector2RotationMatrix, RotationMatrix2RotationVector, ComputeRotationAxisFromRotationVector,
  RotationVector2G, RotationVector2GLocal,
  ExpSO3, LogSO3, TExpSO3, TExpSO3Inv, ExpS3, CompositionRuleForRotationVectors, CompositionRuleForEulerParameters,
  ComputeOrthonormalBasisVectors, ComputeOrthonormalBasis, GramSchmidt,
  rotXYZ2RotationMatrixInto, rotationMatrix2RotXYZInto, rotXYZ2GInto, rotXYZ2GLocalInto, rotXYZ2G_tInto,
  rotXYZ2GLocal_tInto, eulerParameters2RotationMatrixInto, rotationMatrix2EulerParametersInto,
  eulerParameters2GInto, eulerParameters2GLocalInto, expSO3Into, logSO3Into, tExpSO3Into, tExpSO3InvInto,
  compositionRotationVectorInto,
} from './rotationMatrices.ts';
export {
  sinc, quaternionRotationMatrix, quaternionProduct, quaternionExp, quaternionComposeRotationVector,
  quaternionRateMatrix, quaternionAngularVelocityMatrix,
  quaternionRotationMatrixInto, quaternionRotationMatrixDerivativeInto, quaternionProductInto, quaternionExpInto,
  quaternionComposeRotationVectorInto, quaternionRateMatrixInto, quaternionRatesInto, quaternionAngularVelocityMatrixInto,
} from './quaternion.ts';
export type {
  RigidBodyInertiaOptions, InertiaCuboidOptions, InertiaRodXOptions, InertiaMassPointOptions, InertiaSphereOptions,
  InertiaHollowSphereOptions, InertiaCylinderOptions,
} from './rigidBodyInertia.ts';
export {
  RigidBodyInertia, InertiaTensor2Inertia6D, Inertia6D2InertiaTensor, InertiaCuboid, InertiaRodX, InertiaMassPoint,
  InertiaSphere, InertiaHollowSphere, InertiaCylinder,
} from './rigidBodyInertia.ts';
