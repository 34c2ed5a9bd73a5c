import { dict, matrix, ureal, type MatrixValue, type Parameter } from '../../registry/parameters.ts';

/*
 * Exudyn's exu.BeamSection as an item parameter (sectionData of ObjectANCFBeam and ObjectBeamGeometricallyExact).
 */

const zeros = (n: number): number[][] => Array.from({ length: n }, () => new Array<number>(n).fill(0));

/** Exudyn's exu.BeamSection: the section data of beams (stiffness, damping, inertia, mass per length). */
export type BeamSectionValues = {
  /** 6 × 6 stiffness matrix: diagonal [EA, GA_y, GA_z, GJ, EI_y, EI_z] for axial/shear strains and twist/curvatures. */
  stiffnessMatrix: MatrixValue;
  /** 6 × 6 viscous damping matrix of the same strains. */
  dampingMatrix: MatrixValue;
  /** 3 × 3 cross-section mass moment of inertia per length [kg m]. */
  inertia: MatrixValue;
  /** Mass per length ρA [kg/m]. */
  massPerLength: number;
};

/** Exudyn's exu.BeamSection(): a complete section dictionary, zeros where not given. */
export function BeamSection(values: Partial<BeamSectionValues> = {}): BeamSectionValues {
  return { stiffnessMatrix: zeros(6), dampingMatrix: zeros(6), inertia: zeros(3), massPerLength: 0, ...values };
}

const sectionFields = {
  stiffnessMatrix: matrix(zeros(6), '6 × 6 stiffness matrix, diagonal [EA, GA_y, GA_z, GJ, EI_y, EI_z] (the beams use the diagonal only).', [6, 6]),
  dampingMatrix: matrix(zeros(6), '6 × 6 viscous damping matrix of the same strains (diagonal only; ObjectBeamGeometricallyExact has no damping).', [6, 6]),
  inertia: matrix(zeros(3), '3 × 3 cross-section mass moment of inertia per length [kg m] (ObjectANCFBeam: diagonal only).', [3, 3]),
  massPerLength: ureal(0, 'Mass per length ρA [kg/m].'),
};

/** The sectionData parameter: a BeamSection dictionary, zeros where keys are missing; `uses` says what the item reads. */
export function sectionDataParameter(uses: string): Parameter<Record<string, unknown>> {
  return { ...dict(`Exudyn's BeamSection (missing keys are zero, as BeamSection({ … }) fills them): ${uses}.`, sectionFields, 'BeamSection'), default: BeamSection() as unknown as Record<string, unknown> };
}

/** Rejects negative diagonal entries and (unless `full`) off-diagonal entries of a section matrix, naming item and key. */
export function checkSectionMatrix(fail: (parameter: string, message: string) => never, key: keyof BeamSectionValues, m: MatrixValue, full = false): void {
  m.forEach((row, i) => row.forEach((value, j) => {
    if (i !== j && value !== 0 && !full) fail(`sectionData.${key}`, `must be diagonal (the beam uses the diagonal only), got ${value} at [${i}][${j}]`);
    if (i === j && value < 0) fail(`sectionData.${key}`, `must have a non-negative diagonal, got ${value} at [${i}][${i}]`);
  }));
}
