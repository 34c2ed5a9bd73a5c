import { describe, expect, it } from 'vitest';
import {
  SystemContainer, NodePoint, MassPoint, ConfigurationType, OutputVariableType, FlexdynError, SimulationSettings, ObjectGround, MarkerBodyRigid, GenericJoint,
} from '../../src/index.ts';

describe('results that must not only look right', () => {
  it('referenceConfigurationAnswersTheReferenceCoordinates', () => {
    const mbs = new SystemContainer().addSystem();
    const n = mbs.addNode(NodePoint({ referenceCoordinates: [1, 2, 3], initialCoordinates: [0.5, 0, 0] }));
    mbs.addObject(MassPoint({ physicsMass: 1, nodeNumber: n }));
    mbs.assemble();
    expect(mbs.systemData.getODE2Coordinates(ConfigurationType.Reference)).toEqual([1, 2, 3]);
    expect(mbs.systemData.getODE2Coordinates(ConfigurationType.Initial)).toEqual([0.5, 0, 0]);
    // Exudyn's idiom: position = displacement + reference.
    const q = mbs.systemData.getODE2Coordinates(ConfigurationType.Initial);
    const qRef = mbs.systemData.getODE2Coordinates(ConfigurationType.Reference);
    expect(q.map((v, i) => v + qRef[i])).toEqual(mbs.getNodeOutput(n, OutputVariableType.Position, ConfigurationType.Initial));
    expect(() => mbs.systemData.setODE2Coordinates([0, 0, 0], ConfigurationType.Reference)).toThrow(/configuration must be Current, Initial, StartOfStep or Visualization, got Reference/);
    expect(() => mbs.systemData.setODE2Coordinates([0, 0, 0], ConfigurationType.Reference)).toThrow(FlexdynError);
  });

  it('defaultEigenvaluesOfAStiffClampedRodResolveBothBendingPlanes', () => {
    // clamped Cosserat rod, L = 1, EI = 1, ρA = 1, stiff in shear and extension (1e6): Euler–Bernoulli ω₁² = 1.8751041² = 12.36236;
    // ω²_max ≈ 1e14, so the direct dense solve resolves ω₁² only to ε·ω²_max ≈ 1e-2 absolute and splits the two planes
    const mbs = new SystemContainer().addSystem();
    const rod = mbs.createCosseratRod({ interpolation: 'R12', formulation: 'displacement',
      centerline: { type: 'Straight', length: 1 }, numberOfElements: 8, polynomialDegree: 2,
      physicsAxialShearStiffness: [1e6, 1e6, 1e6], physicsBendingTorsionStiffness: [1, 1, 1], physicsMassPerLength: 1, physicsInertiaPerLength: [1e-6, 1e-6, 1e-6],
    });
    const ground = mbs.addObject(ObjectGround({}));
    mbs.addObject(GenericJoint({ markerNumbers: [mbs.addMarker(MarkerBodyRigid({ bodyNumber: ground })), mbs.addMarker(MarkerBodyRigid({ bodyNumber: rod.objectNumber, localPosition: [0, 0, 0] }))] }));
    mbs.assemble();
    const settings = new SimulationSettings();
    const [a, b] = mbs.computeODE2Eigenvalues(settings, { numberOfEigenvalues: 2 }).values;
    const [directA, directB] = mbs.computeODE2Eigenvalues(settings, { numberOfEigenvalues: 2, shiftInvert: false }).values;
    const [reference] = mbs.computeODE2Eigenvalues(settings, { numberOfEigenvalues: 1, shiftInvert: 0 }).values;
    expect(Math.abs(a / b - 1)).toBeLessThan(1e-13); // a circular section: both planes equal to round-off (measured 2e-16)
    expect(Math.abs(directA / directB - 1)).toBeGreaterThan(1e-8); // the direct path alone splits them (measured 1e-5)
    // the shift-invert solves scatter by ~3e-8 with the shift (the conditioning of K, ω²_max/ω₁² ≈ 1e13): agreement to 1e-7
    expect(Math.abs(a / reference - 1)).toBeLessThan(1e-7);
    expect(Math.abs(a / 12.362363 - 1)).toBeLessThan(1e-4); // discretization error of 8 quadratic elements
  });
});

