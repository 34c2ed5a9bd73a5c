import { describe, it, expect } from 'vitest';
import { solveSparseEigen } from '../../src/fem/eigenSparse.ts';
import { computeEigenmodes } from '../../src/fem/modes.ts';
import { readAbaqusMatrixFile } from '../../src/fem/abaqus.ts';
import { FEMinterface } from '../../src/fem/FEMinterface.ts';
import { denseGeneralizedEigenvalues } from '../fem/eigenMatrices.ts';
import { exudynData, exudynDataMissingReason } from '../../testModels/exudynData.ts';

// Exudyn's rotor disc (rotorDiscTest.inp and its Abaqus matrices, K scaled by 1e-2 as in Exudyn's
// compareAbaqusAnsysRotorEigenfrequencies.py): the eigenfrequencies Exudyn reports. The solvers' own
// correctness (dense oracle, M-orthonormality, Sturm counts) is tested on our own rotor in test/fem and test/linalg.

/** Exudyn's first flexible eigenfrequency of the rotor disc (GetEigenFrequenciesHz()[6]). */
const exudynF6 = 104.6370132606291;

describe.skipIf(exudynDataMissingReason !== undefined)('rotor disc (Exudyn rotorDiscTest)', () => {
  it('solveSparseEigen: f_6 = Exudyn\'s 104.6370132606291 Hz, bending modes in pairs, the 18 lowest equal the dense solve', () => {
    const mass = readAbaqusMatrixFile(exudynData('rotorDiscTestMASS1.mtx')).matrix;
    const stiffness = readAbaqusMatrixFile(exudynData('rotorDiscTestSTIF1.mtx')).matrix;
    for (let k = 0; k < stiffness.values.length; k++) stiffness.values[k] *= 1e-2;
    const result = solveSparseEigen(stiffness, mass, { numberOfEigenvalues: 18 });
    const f6 = Math.sqrt(result.values[6]) / (2 * Math.PI);
    // scipy's eigh in Exudyn's script: λ_max/λ_6 ≈ 1.5e3, so dense eigenvalues carry ~1e-13 relative errors; we find 8e-13 in f_6
    expect(Math.abs(f6 - exudynF6) / exudynF6).toBeLessThan(1e-11);
    expect(Math.abs(result.values[7] - result.values[6]) / result.values[6]).toBeLessThan(1e-9);
    const dense = denseGeneralizedEigenvalues(stiffness, mass);
    for (let i = 6; i < 18; i++) expect(Math.abs(result.values[i] - dense[i]) / dense[i]).toBeLessThan(1e-10);
  });

  it('FEMinterface.computeEigenmodes (rigid-body modes excluded): the first frequency is Exudyn\'s', () => {
    const fem = new FEMinterface();
    fem.importFromAbaqusInputFile(exudynData('rotorDiscTest.inp'), { typeName: 'Instance', name: 'rotor-1' });
    fem.readMassMatrixFromAbaqus(exudynData('rotorDiscTestMASS1.mtx'));
    fem.readStiffnessMatrixFromAbaqus(exudynData('rotorDiscTestSTIF1.mtx'));
    fem.scaleStiffnessMatrix(1e-2);
    const r = computeEigenmodes({ massMatrix: fem.getMassMatrix(), stiffnessMatrix: fem.getStiffnessMatrix(), numberOfModes: 8, excludeRigidBodyModes: true });
    expect(r.modeBasis.shape).toEqual([345, 8]);
    expect(Math.abs(r.eigenFrequenciesHz[0] - exudynF6) / exudynF6).toBeLessThan(1e-11);
  });
});
