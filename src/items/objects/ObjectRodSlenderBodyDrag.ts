import { makeFactory, type ItemDefinition } from '../../registry/definition.ts';
import type { LineForceLaw } from '../../registry/capabilities.ts';
import { itemError, type ItemLabel } from '../../core/errors.ts';
import { markerIndex, preal, ureal } from '../../registry/parameters.ts';
import { objectCosseratRodDefinition } from './ObjectCosseratRod.ts';
import { RodLineForceModel } from './rodLineForceBase.ts';

const parameters = {
  markerNumber: markerIndex('MarkerBodyMass of the rod in the fluid.'),
  dynamicViscosity: ureal(0, 'Dynamic viscosity μ [Pa s] of the fluid (at rest).'),
  radius: preal(1, 'Filament radius r [m] in the logarithm ln(L/r) of slender-body theory (L the rod length); r < L.'),
};

/**
 * Resistive force of slender-body theory per reference length, b = −C e (I − ½ t tᵀ) v with C = 4πμ/ln(L/r), the
 * stretch e = |r_ξ|/(ds/dξ) and the unit tangent t = r_ξ/|r_ξ|; written with a = r_ξ: b = −(C/(ds/dξ))(|a| v − ½ a (a·v)/|a|).
 */
class SlenderBodyLaw implements LineForceLaw {
  readonly dependsOnTangent = true;
  private length = Number.NaN;
  private coefficient = 0;

  constructor(private readonly label: ItemLabel, private readonly mu: number, private readonly radius: number) {}

  evaluate(_sArc: number, length: number, dsdxi: number, a: Float64Array, v: Float64Array, _omega: Float64Array, b: Float64Array, _c: Float64Array,
    dbdv?: Float64Array, dbda?: Float64Array): void {
    if (length !== this.length) {
      if (!(length > this.radius)) itemError(this.label, 'radius', `must be smaller than the rod length L = ${length} (ln(L/r) > 0), got ${this.radius}`);
      this.length = length;
      this.coefficient = 4 * Math.PI * this.mu / Math.log(length / this.radius);
    }
    const n = Math.hypot(a[0], a[1], a[2]), av = a[0] * v[0] + a[1] * v[1] + a[2] * v[2], k = -this.coefficient / dsdxi;
    for (let d = 0; d < 3; d++) b[d] = k * (n * v[d] - 0.5 * a[d] * av / n);
    if (dbdv === undefined || dbda === undefined) return;
    for (let r = 0; r < 3; r++) {
      for (let col = 0; col < 3; col++) {
        const delta = r === col ? 1 : 0;
        dbdv[3 * r + col] = k * (n * delta - 0.5 * a[r] * a[col] / n);
        dbda[3 * r + col] = k * (v[r] * a[col] / n - 0.5 * (av / n * delta + a[r] * v[col] / n - av * a[r] * a[col] / (n * n * n)));
      }
    }
  }
}

/** Slender-body-theory drag of a filament in a viscous fluid at rest (PyElastica's SlenderBodyTheory). */
export const objectRodSlenderBodyDragDefinition: ItemDefinition<'Object', typeof parameters> = {
  category: 'Object',
  typeName: 'RodSlenderBodyDrag',
  description: 'Resistive-force drag of slender-body theory on a rod in a viscous fluid at rest (PyElastica\'s SlenderBodyTheory, Gazzola et al. '
    + '2018, eq. 4.13), through a MarkerBodyMass on the rod: force per current length f = −(4πμ/ln(L/r))(I − ½ t tᵀ) v with the unit tangent '
    + 't and the centerline velocity v, i.e. per reference length b = e f with the stretch e (normal drag twice the tangential one). '
    + 'Integrated with the rod\'s test functions and inertia quadrature; analytic Jacobians with respect to the velocities and (through t and e) '
    + 'the positions. L is the rod\'s length L of the arc-length coordinate (PyElastica: the current total length; the difference enters '
    + 'only through the logarithm). No moments (PyElastica has none).',
  parameters,
  outputVariables: [],
  example: (mbs) => {
    const marker = mbs.addMarker({ markerType: 'BodyMass', bodyNumber: objectCosseratRodDefinition.example(mbs) });
    return mbs.addObject({ objectType: 'RodSlenderBodyDrag', markerNumber: marker, dynamicViscosity: 0.8, radius: 0.02 });
  },
  create: (v, label) => new RodLineForceModel(label, v.markerNumber, new SlenderBodyLaw(label, v.dynamicViscosity, v.radius)),
};

/** Factory for slender-body-theory drag on a rod. */
export const ObjectRodSlenderBodyDrag = makeFactory(objectRodSlenderBodyDragDefinition);
