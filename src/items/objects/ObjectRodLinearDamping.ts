import { makeFactory, type ItemDefinition } from '../../registry/definition.ts';
import type { LineForceLaw } from '../../registry/capabilities.ts';
import { markerIndex, ureal } from '../../registry/parameters.ts';
import { objectCosseratRodDefinition } from './ObjectCosseratRod.ts';
import { RodLineForceModel } from './rodLineForceBase.ts';

const parameters = {
  markerNumber: markerIndex('MarkerBodyMass of the rod that is damped.'),
  translationalDamping: ureal(0, 'c_t [N s/m²]: force per reference length b = −c_t v (v the centerline velocity, global).'),
  rotationalDamping: ureal(0, 'c_r [N m s]: moment per reference length c = −c_r ω̄ (ω̄ the body-fixed angular velocity of the cross-section).'),
};

/** b = −c_t v, c = −c_r ω̄: constant derivatives, no dependence on the tangent. */
class LinearDampingLaw implements LineForceLaw {
  readonly dependsOnTangent = false;

  constructor(private readonly ct: number, private readonly cr: number) {}

  evaluate(_sArc: number, _length: number, _dsdxi: number, _rXi: Float64Array, v: Float64Array, omega: Float64Array, b: Float64Array, c: Float64Array,
    dbdv?: Float64Array, _dbdrXi?: Float64Array, dcdw?: Float64Array): void {
    for (let d = 0; d < 3; d++) { b[d] = -this.ct * v[d]; c[d] = -this.cr * omega[d]; }
    if (dbdv !== undefined && dcdw !== undefined) {
      dbdv[0] = dbdv[4] = dbdv[8] = -this.ct;
      dcdw[0] = dcdw[4] = dcdw[8] = -this.cr;
    }
  }
}

/** Linear viscous damping of a rod's translational and rotational velocity per length (PyElastica's AnalyticalLinearDamper, implicit). */
export const objectRodLinearDampingDefinition: ItemDefinition<'Object', typeof parameters> = {
  category: 'Object',
  typeName: 'RodLinearDamping',
  description: 'Linear damping of the translational and rotational velocity of a rod per reference length, through a MarkerBodyMass on the '
    + 'rod: line force b = −c_t v (global) and line moment c = −c_r ω̄ (cross-section frame), integrated with the rod\'s test functions '
    + 'and inertia quadrature (ode2Lhs = ∫ (N_i c_t v, N_i c_r ω̄) ds, a constant damping matrix c_t ∫ N_i N_j ds I₃, c_r ∫ N_i N_j ds I₃). '
    + 'PyElastica\'s AnalyticalLinearDamper with translational_damping_constant γ_t (per node) and rotational_damping_constant γ_r (per element) '
    + 'is c_t = γ_t/Δl, c_r = γ_r/Δl on its element length Δl; its uniform_damping_constant ν is c_t = ν ρA, c_r = ν ρI (mass-proportional). '
    + 'Here the damping is part of the implicit equations (no exponential update), so it does not depend on the step size.',
  parameters,
  outputVariables: [],
  example: (mbs) => {
    const marker = mbs.addMarker({ markerType: 'BodyMass', bodyNumber: objectCosseratRodDefinition.example(mbs) });
    return mbs.addObject({ objectType: 'RodLinearDamping', markerNumber: marker, translationalDamping: 0.7, rotationalDamping: 0.05 });
  },
  create: (v, label) => new RodLineForceModel(label, v.markerNumber, new LinearDampingLaw(v.translationalDamping, v.rotationalDamping)),
};

/** Factory for rod velocity damping. */
export const ObjectRodLinearDamping = makeFactory(objectRodLinearDampingDefinition);
