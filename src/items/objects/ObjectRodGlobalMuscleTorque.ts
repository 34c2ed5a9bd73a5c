import { makeFactory, type ItemDefinition } from '../../registry/definition.ts';
import type { ItemState } from '../../registry/capabilities.ts';
import { itemError, type ItemLabel } from '../../core/errors.ts';
import { objectIndex, uint, vector, type ParameterValues } from '../../registry/parameters.ts';
import { MuscleWave, muscleWaveParameters, validateMuscleWave } from '../loads/muscleWave.ts';
import { objectCosseratRodDefinition } from './ObjectCosseratRod.ts';
import { RodSpatialTorqueModel } from './rodSpatialTorque.ts';

const parameters = {
  bodyNumber: objectIndex('The rod (a CosseratRod, or another line body with Gauss points and rotation Jacobians) the muscle torque acts on.'),
  direction: vector([0, 0, 1], 'Axis d of the internal moment in global coordinates (fixed in space, e.g. the normal of the ground a snake crawls on); '
    + 'not normalized: τ = τ_mag d.', 3, 'Vector3D'),
  ...muscleWaveParameters,
  pointsPerElement: uint(3, 'Gauss points per rod element at which the moment density −∂τ/∂s is integrated (1 … 10).'),
};

type Values = ParameterValues<typeof parameters>;

/**
 * Run-time model: the internal moment τ(s, t) d with d fixed in space acts as the moment density c = −∂τ/∂s d at the
 * Gauss points (c ds_k) and the couples −τ(0) d, +τ(L) d at the rod's ends (zero with the spline shape), all global
 * torques on the cross-sections (RodSpatialTorqueModel: Q = Σ J_rotᵀ Aᵀ T, exact load Jacobian from the rod).
 */
class RodGlobalMuscleTorqueModel extends RodSpatialTorqueModel {
  private readonly wave: MuscleWave;
  /** β(s_k) and dβ/ds(s_k) of every point (fixed arcs: evaluated once in bind). */
  private shapes = new Float64Array(0);
  private shapeSlopes = new Float64Array(0);

  constructor(label: ItemLabel, v: Values) {
    super(label, v.bodyNumber, v.pointsPerElement, true, v.direction);
    this.wave = new MuscleWave(v);
  }

  protected override pointsBound(): void {
    this.shapes = Float64Array.from(this.positions, (p) => this.wave.shape(p[0]));
    this.shapeSlopes = Float64Array.from(this.positions, (p) => this.wave.shapeSlope(p[0]));
  }

  protected override prepare(s: ItemState): void {
    this.wave.setTime(s.t, s.loadFactor);
  }

  /** Gauss point k: −∂τ/∂s(s_k) ds_k (times d); the two end points: −τ(0) and +τ(L). */
  protected torqueScale(_s: ItemState, k: number): number {
    const sArc = this.positions[k][0], gaussPoints = this.lengths.length, wave = this.wave;
    if (k < gaussPoints) return -wave.magnitudeSlope(sArc, this.shapes[k], this.shapeSlopes[k]) * this.lengths[k];
    return (k === gaussPoints ? -1 : 1) * wave.magnitude(sArc, this.shapes[k]);
  }
}

/** PyElastica's and the 2018 snake paper's MuscleTorques: a travelling wave of internal moments about an axis fixed in space (issue 14). */
export const objectRodGlobalMuscleTorqueDefinition: ItemDefinition<'Object', typeof parameters> = {
  category: 'Object',
  typeName: 'RodGlobalMuscleTorque',
  aliases: ['MuscleTorques'],
  description: 'Muscle torques on a rod as PyElastica\'s MuscleTorques and the 2018 snake paper\'s code apply them: an internal moment '
    + 'τ(s, t) d = r(t) a β(s) sin(2πt/T − k s + φ) d about an axis d fixed in space (both codes turn the global axis into each element\'s frame '
    + 'and apply +τ and −τ to the two elements next to each interior node), with the ramp r(t) = min(1, t/rampUpTime), the cubic B-spline shape '
    + 'β(s) (PyElastica\'s function, or with splineCurve the paper code\'s curve) and the amplitude a. It acts as the moment density c = −∂τ/∂s d '
    + 'integrated at pointsPerElement Gauss points per element, plus the couples −τ(0) d and +τ(L) d at the rod\'s ends (zero with a spline); '
    + 'integrated by parts this is ∫ τ d·δθ\' ds of the global virtual rotations, the continuum form of the codes\' couples. Because d stays '
    + 'fixed while a cross-section rolls about the rod axis, the generalized force depends on the configuration (exact load Jacobian from the '
    + 'rod, block-sparse per element, as ObjectRodUniformTorque); LoadMuscleTorque is the same wave about an axis fixed in the cross-section '
    + '(no load Jacobian), which for a rod that rolls bends it out of the plane. The static load factor scales τ.',
  parameters,
  outputVariables: [],
  equations: 'τ(s, t) = r(t) a β(s) sin(2πt/T − k s + φ); ode2Lhs = −Σ_k J_rot(s_k)ᵀ(−∂τ/∂s(s_k) ds_k d λ) − J_rot(L)ᵀ τ(L) d λ + J_rot(0)ᵀ τ(0) d λ '
    + '(λ the static load factor, J_rot the body-frame rotation Jacobian applied to the global torque through Aᵀ); ∂ode2Lhs/∂Δq at fixed global torques from the rod.',
  validate: (v, label) => {
    validateMuscleWave(v, label);
    if (v.pointsPerElement < 1 || v.pointsPerElement > 10) itemError(label, 'pointsPerElement', `must be 1 … 10, got ${v.pointsPerElement}`);
  },
  example: (mbs) => mbs.addObject({
    objectType: 'RodGlobalMuscleTorque', bodyNumber: objectCosseratRodDefinition.example(mbs), direction: [0.2, 0, 1], amplitude: 0.8,
    splineCoefficients: [1, 2, 0.5, 1.5], baseLength: 1, period: 0.5, waveNumber: 6, phaseShift: 0.3, rampUpTime: 0.1,
  }),
  create: (v, label) => new RodGlobalMuscleTorqueModel(label, v),
};

/** Factory for muscle torques about an axis fixed in space. */
export const ObjectRodGlobalMuscleTorque = makeFactory(objectRodGlobalMuscleTorqueDefinition);
/** PyElastica's name of {@link ObjectRodGlobalMuscleTorque}. */
export const MuscleTorques = ObjectRodGlobalMuscleTorque;
