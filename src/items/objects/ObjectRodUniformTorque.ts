import { makeFactory, type ItemDefinition } from '../../registry/definition.ts';
import type { ItemState } from '../../registry/capabilities.ts';
import { itemError, type ItemLabel } from '../../core/errors.ts';
import { objectIndex, uint, vector } from '../../registry/parameters.ts';
import { objectCosseratRodDefinition } from './ObjectCosseratRod.ts';
import { RodSpatialTorqueModel } from './rodSpatialTorque.ts';

const parameters = {
  bodyNumber: objectIndex('The rod (a CosseratRod, or another line body with Gauss points and rotation Jacobians) the torque acts on.'),
  torquePerLength: vector([0, 0, 0], 'Torque per reference arc length τ [N m/m] in global coordinates (fixed in space, it does not rotate with the rod); '
    + 'PyElastica\'s UniformTorques(torque T, direction d) on a rod of length L is τ = T d/L.', 3, 'Vector3D'),
  pointsPerElement: uint(3, 'Gauss points per rod element at which the torque density is integrated (1 … 10).'),
};

/**
 * Run-time model: at each Gauss point k (arc s_k, reference length ds_k) the torque τ ds_k acts on the cross-section,
 * Q = Σ_k J_rot(s_k)ᵀ τ ds_k = ∫ δφ_Kᵀ Aᵀ τ ds (the body-frame density c = Aᵀτ rotates against the rod), with the exact
 * Jacobian −Σ_k ∂(J_rotᵀ τ)/∂Δq ds_k from the rod.
 */
class RodUniformTorqueModel extends RodSpatialTorqueModel {
  constructor(label: ItemLabel, bodyNumber: number, torque: ArrayLike<number>, pointsPerElement: number) {
    super(label, bodyNumber, pointsPerElement, false, torque);
  }

  /** ds_k λ (times τ; λ the static load factor, 1 in dynamics). */
  protected torqueScale(s: ItemState, k: number): number {
    return this.lengths[k] * s.loadFactor;
  }
}

/** PyElastica's UniformTorques: a torque per length fixed in space along the whole rod (issue 14). */
export const objectRodUniformTorqueDefinition: ItemDefinition<'Object', typeof parameters> = {
  category: 'Object',
  typeName: 'RodUniformTorque',
  aliases: ['UniformTorques'],
  description: 'A torque per reference arc length τ in global coordinates along a whole rod (PyElastica\'s UniformTorques: its total torque T '
    + 'along d spread evenly over the elements and rotated into each element\'s frame is τ = T d/L here). The torque stays fixed in space '
    + 'while the rod rotates, so in the cross-section frame its density c = Aᵀτ depends on the configuration: the generalized force '
    + '∫ δφ_Kᵀ Aᵀ τ ds = Σ_k J_rot(s_k)ᵀ τ ds_k (pointsPerElement Gauss points per element) has the load Jacobian Σ_k ∂(J_rotᵀ τ)/∂Δq ds_k, '
    + 'given analytically by the rod. That is why it is an object on the rod (bodyNumber) with block-sparse Jacobians, not a load on a '
    + 'MarkerBodyMass (a load\'s Jacobian is one dense block over all rod coordinates). A body-fixed torque density is LoadDistributed\'s '
    + 'momentPerLength, a uniform force LoadDistributed\'s forcePerLength (PyElastica\'s UniformForces F d: F d/L). The static load factor '
    + 'scales τ.',
  parameters,
  outputVariables: [],
  equations: 'ode2Lhs = −Σ_k J_rot(s_k)ᵀ τ λ ds_k (λ the static load factor); ∂ode2Lhs/∂Δq = −Σ_k ∂(J_rotᵀ τ λ ds_k)/∂Δq at fixed τ.',
  validate: (v, label) => {
    if (v.pointsPerElement < 1 || v.pointsPerElement > 10) itemError(label, 'pointsPerElement', `must be 1 … 10, got ${v.pointsPerElement}`);
  },
  example: (mbs) => mbs.addObject({ objectType: 'RodUniformTorque', bodyNumber: objectCosseratRodDefinition.example(mbs), torquePerLength: [0.3, -0.2, 0.5] }),
  create: (v, label) => new RodUniformTorqueModel(label, v.bodyNumber, v.torquePerLength, v.pointsPerElement),
};

/** Factory for a uniform global torque on a rod. */
export const ObjectRodUniformTorque = makeFactory(objectRodUniformTorqueDefinition);
/** PyElastica's name of {@link ObjectRodUniformTorque}. */
export const UniformTorques = ObjectRodUniformTorque;
