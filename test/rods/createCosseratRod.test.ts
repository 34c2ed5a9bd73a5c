import { describe, expect, it } from 'vitest';
import {
  SystemContainer, SimulationSettings, OutputVariableType, ConfigurationType, FlexdynError,
  ObjectGround, MarkerBodyRigid, MarkerBodyMass, GenericJoint, LoadDistributed, DistributedRodLoad,
  CircularCrossSection, rodStiffnessFromMaterial, RigidBodyInertia, Gravity, type MainSystem,
} from '../../src/index.ts';

function staticSettings(): SimulationSettings {
  const settings = new SimulationSettings();
  settings.solutionSettings.writeSolutionToFile = false;
  settings.staticSolver.verboseMode = 0;
  // the residual cannot drop below ~1e-10: round-off of EA·γ (1e4·1e-16) times |N'| summed over the points
  settings.staticSolver.newton.absoluteTolerance = 1e-9;
  return settings;
}

const L = 2, EI = 5, GA = 1e3, EA = 1e4;
const beam = { physicsAxialShearStiffness: [EA, GA, GA], physicsBendingTorsionStiffness: [EI, EI, EI] };

/** A straight cantilever along x made by createCosseratRod, node 0 clamped to ground by a generic joint. */
function cantilever(p: number, nEl: number, extra: Record<string, unknown> = {}): { mbs: MainSystem; rod: number; marker: number } {
  const mbs = new SystemContainer().addSystem();
  const { objectNumber } = mbs.createCosseratRod({ interpolation: 'R12', formulation: 'displacement', centerline: { type: 'Straight', length: L }, numberOfElements: nEl, polynomialDegree: p, ...beam, ...extra });
  const ground = mbs.addObject(ObjectGround({}));
  mbs.addObject(GenericJoint({ markerNumbers: [mbs.addMarker(MarkerBodyRigid({ bodyNumber: ground })), mbs.addMarker(MarkerBodyRigid({ bodyNumber: objectNumber }))] }));
  const marker = mbs.addMarker(MarkerBodyMass({ bodyNumber: objectNumber }));
  return { mbs, rod: objectNumber, marker };
}

function tip(mbs: MainSystem, rod: number): number[] {
  return mbs.getObjectOutputBody(rod, OutputVariableType.Position, [L, 0, 0]);
}

describe('createCosseratRod', () => {
  it('helixNodesLieOnTheExactHelixWithTheExactFrames', () => {
    // the helix r(α) = R0 (sin α, −cos α, c α), c = pitch/(2π R0), frame x tangent, y toward the axis, z binormal
    const R0 = 0.1, pitch = 0.04, turns = 2.5, p = 3, nEl = 7;
    const mbs = new SystemContainer().addSystem();
    const rod = mbs.createCosseratRod({ interpolation: 'R12', formulation: 'displacement', centerline: { type: 'Helix', radius: R0, pitch, turns }, numberOfElements: nEl, polynomialDegree: p, ...beam });
    const c = pitch / (2 * Math.PI * R0), w = Math.sqrt(1 + c * c);
    expect(rod.nodeNumbers).toHaveLength(p * nEl + 1);
    expect(Math.abs(rod.length - turns * Math.hypot(2 * Math.PI * R0, pitch))).toBeLessThan(1e-15);
    expect(mbs.getObject(rod.objectNumber).physicsLength).toBe(rod.length);
    mbs.assemble();
    let positionError = 0, frameError = 0;
    rod.nodeNumbers.forEach((node, k) => {
      const alpha = (2 * Math.PI * turns * k) / (p * nEl);
      const r = mbs.getNodeOutput(node, OutputVariableType.Position, ConfigurationType.Reference);
      const exact = [R0 * Math.sin(alpha), -R0 * Math.cos(alpha), R0 * c * alpha];
      for (let i = 0; i < 3; i++) positionError = Math.max(positionError, Math.abs(r[i] - exact[i]));
      // A(P) of the node quaternion against the exact columns t, n, b
      const a = mbs.getNodeOutput(node, OutputVariableType.RotationMatrix, ConfigurationType.Reference);
      const columns = [
        [Math.cos(alpha) / w, Math.sin(alpha) / w, c / w],
        [-Math.sin(alpha), Math.cos(alpha), 0],
        [-c * Math.cos(alpha) / w, -c * Math.sin(alpha) / w, 1 / w],
      ];
      for (let i = 0; i < 3; i++) for (let j = 0; j < 3; j++) frameError = Math.max(frameError, Math.abs(a[3 * i + j] - columns[j][i]));
    });
    // rounding of α and of the matrix → quaternion → matrix round trip: observed 1.7e-16 (positions), 1.7e-15 (frames)
    expect(positionError).toBeLessThan(1e-14);
    expect(frameError).toBeLessThan(1e-14);
    // continuous quaternion signs: consecutive node quaternions point the same way
    for (let k = 1; k < rod.nodeNumbers.length; k++) {
      const q0 = mbs.getNodeOutput(rod.nodeNumbers[k - 1], OutputVariableType.CoordinatesTotal).slice(3, 7);
      const q1 = mbs.getNodeOutput(rod.nodeNumbers[k], OutputVariableType.CoordinatesTotal).slice(3, 7);
      expect(q0.reduce((sum, v, i) => sum + v * q1[i], 0)).toBeGreaterThan(0);
    }
  });

  it('se3RodOnAHelixIsTheExactHelixBetweenItsNodesAndItsArcLengthTheHelixLength', () => {
    // SE3 elements between exact helix frames are that helix (constant strain): the reference arc length of the
    // interpolation equals the helix length L (so s needs no rescaling) and the pose at any s is the exact helix point and
    // frame (measured 5.9e-16 R0 in position, 7.4e-16 in the tangent; asserted 1e-14). R12 p = 1 misses it by 0.25 R0 (chords,
    // and s rescaled from the chords' length to L).
    const R0 = 0.1, pitch = 0.04, turns = 1.5, nEl = 6;
    const c = pitch / (2 * Math.PI * R0), w = Math.sqrt(1 + c * c);
    const pointError = (interpolation: 'SE3' | 'R12') => {
      const mbs = new SystemContainer().addSystem();
      const rod = mbs.createCosseratRod({ formulation: 'displacement', centerline: { type: 'Helix', radius: R0, pitch, turns }, numberOfElements: nEl, interpolation, ...beam });
      mbs.assemble();
      let error = 0;
      for (const fraction of [0.05, 0.29, 0.5, 0.83, 1]) {
        const sArc = fraction * rod.length, alpha = sArc / (R0 * w);
        const r = mbs.getObjectOutputBody(rod.objectNumber, OutputVariableType.Position, [sArc, 0, 0], ConfigurationType.Reference);
        const a = mbs.getObjectOutputBody(rod.objectNumber, OutputVariableType.RotationMatrix, [sArc, 0, 0], ConfigurationType.Reference);
        const exact = [R0 * Math.sin(alpha), -R0 * Math.cos(alpha), R0 * c * alpha];
        const tangent = [Math.cos(alpha) / w, Math.sin(alpha) / w, c / w];
        error = Math.max(error, Math.hypot(r[0] - exact[0], r[1] - exact[1], r[2] - exact[2]) / R0, ...tangent.map((t, i) => Math.abs(a[3 * i] - t)));
      }
      return error;
    };
    expect(pointError('SE3')).toBeLessThan(1e-14);
    expect(pointError('R12')).toBeGreaterThan(1e-3);
  });

  it('createdHelixIsStressFreeAndCircularArcEndsWhereItShould', () => {
    const mbs = new SystemContainer().addSystem();
    const helix = mbs.createCosseratRod({ interpolation: 'R12', formulation: 'displacement', centerline: { type: 'Helix', radius: 0.1, pitch: 0.05, turns: 1 }, numberOfElements: 8, polynomialDegree: 2, ...beam });
    const arc = mbs.createCosseratRod({ interpolation: 'R12', formulation: 'displacement', centerline: { type: 'CircularArc', start: [0, 0, 1], radius: 0.5, angle: Math.PI }, numberOfElements: 6, polynomialDegree: 2, ...beam });
    mbs.assemble();
    const end = mbs.getNodeOutput(arc.nodeNumbers[arc.nodeNumbers.length - 1], OutputVariableType.Position, ConfigurationType.Reference);
    expect(Math.hypot(end[0], end[1] - 1, end[2] - 1)).toBeLessThan(1e-15);
    expect(arc.length).toBe(0.5 * Math.PI);
    // the rods' reference strains come from the reference nodes: section forces vanish in the reference configuration
    for (const rod of [helix, arc]) {
      const n = mbs.getObjectOutputBody(rod.objectNumber, OutputVariableType.ForceLocal, [0.3 * rod.length, 0, 0]);
      const m = mbs.getObjectOutputBody(rod.objectNumber, OutputVariableType.TorqueLocal, [0.3 * rod.length, 0, 0]);
      expect(Math.max(...n.map(Math.abs), ...m.map(Math.abs))).toBeLessThan(1e-10);
    }
  });

  it('materialParametersAndGravityAreForwarded', () => {
    const mbs = new SystemContainer().addSystem();
    const rodParameters = rodStiffnessFromMaterial({ crossSection: CircularCrossSection({ radius: 0.01 }), E: 2.1e11, nu: 0.3, density: 7850 });
    const rod = mbs.createCosseratRod({ interpolation: 'R12', formulation: 'displacement', name: 'spring', centerline: { type: 'Straight', direction: [0, 0, 1], length: 1 }, numberOfElements: 2, rodParameters, gravity: [0, 0, -9.81] });
    const object = mbs.getObject(rod.objectNumber);
    expect(Array.from(object.physicsAxialShearStiffness as ArrayLike<number>)).toEqual(rodParameters.axialShear);
    expect(object.physicsMassPerLength).toBe(rodParameters.massPerLength);
    expect(rod.markerBodyMass).toBeDefined();
    expect(rod.loadNumber).toBeDefined();
    expect(mbs.getNode(rod.nodeNumbers[1]).name).toBe('Node1:spring');
  });

  it('rejectsBadOptions', () => {
    const mbs = new SystemContainer().addSystem();
    const centerline = { type: 'Straight', length: 1 } as const;
    expect(() => mbs.createCosseratRod({ interpolation: 'R12', formulation: 'displacement', centerline, numberOfElements: 0, ...beam })).toThrow('createCosseratRod: numberOfElements must be a positive integer, got number 0');
    expect(() => mbs.createCosseratRod({ interpolation: 'R12', formulation: 'displacement', centerline, numberOfElements: 2, polynomialDegree: 7, ...beam })).toThrow('ObjectCosseratRod (new): polynomialDegree must be an integer 1 … 6, got 7');
    expect(() => mbs.createCosseratRod({ interpolation: 'R12', formulation: 'displacement', centerline, numberOfElements: 2 })).toThrow('rodParameters (e.g. rodStiffnessFromMaterial(...)) or physicsAxialShearStiffness and physicsBendingTorsionStiffness are required');
    const rodParameters = rodStiffnessFromMaterial({ crossSection: CircularCrossSection({ radius: 0.01 }), E: 1, nu: 0, density: 1 });
    expect(() => mbs.createCosseratRod({ interpolation: 'R12', formulation: 'displacement', centerline, numberOfElements: 2, rodParameters, physicsMassPerLength: 3 })).toThrow('got both (rodParameters and physicsMassPerLength)');
    expect(() => mbs.createCosseratRod({ interpolation: 'R12', formulation: 'displacement', centerline: { type: 'Helix', radius: 1, pitch: 1, turns: -1 }, numberOfElements: 2, ...beam })).toThrow('createCosseratRod: centerline.turns must be positive, got -1');
    expect(() => mbs.createCosseratRod({ interpolation: 'R12', formulation: 'displacement', centerline, numberOfElements: 2, ...beam, gravity: [0, 0] })).toThrow(FlexdynError);
    // the rod's parameters go through the registry's rules before the first node is added
    expect(() => mbs.createCosseratRod({ interpolation: 'R12', formulation: 'displacement', centerline, numberOfElements: 2, ...beam, physicsBendingTorsionStiffness: [1, -1, 1] })).toThrow('ObjectCosseratRod (new): physicsBendingTorsionStiffness');
    expect(mbs.numberOfNodes).toBe(0);
  });
});

describe('LoadDistributed (rod line loads)', () => {
  it('uniformLineForceEqualsTheEquivalentSelfWeight', () => {
    // b = ρA g: the line load and the mass-proportional load are integrated with the same quadrature
    const q = 5e-4;
    const a = cantilever(2, 4);
    a.mbs.addLoad(LoadDistributed({ markerNumber: a.marker, forcePerLength: [0, -q, 0] }));
    a.mbs.assemble();
    a.mbs.solveStatic(staticSettings());
    const b = cantilever(2, 4, { physicsMassPerLength: 0.5 });
    b.mbs.addLoad(Gravity({ markerNumber: b.marker, loadVector: [0, -q / 0.5, 0] }));
    b.mbs.assemble();
    b.mbs.solveStatic(staticSettings());
    const wa = tip(a.mbs, a.rod)[1], wb = tip(b.mbs, b.rod)[1];
    // the same load vector up to rounding (ρA·(b/ρA)), the same Newton iterates: observed 2.2e-16 relative
    expect(Math.abs(wa / wb - 1)).toBeLessThan(1e-14);
    // Timoshenko: qL⁴/(8EI) + qL²/(2GA); geometric nonlinearity (qL³/EI)² ~ 6e-9 relative
    const exact = q * L ** 4 / (8 * EI) + q * L ** 2 / (2 * GA);
    expect(Math.abs(-wa / exact - 1)).toBeLessThan(2e-8);
  });

  it('uniformLineMomentBendsLikeATipForceWithoutShear', () => {
    // c = (0, 0, m) in the cross-section frame: M(x) = m(L − x), no shear force, tip deflection m L³/(3EI)
    const m = 1e-4;
    const { mbs, rod, marker } = cantilever(2, 4);
    mbs.addLoad(DistributedRodLoad({ markerNumber: marker, momentPerLength: [0, 0, m] }));
    mbs.assemble();
    expect(mbs.compiled().loads[0].coordinateDependence).toBe('constant');
    mbs.solveStatic(staticSettings());
    const exact = m * L ** 3 / (3 * EI);
    // quadratic elements interpolate the linear curvature exactly; observed 1.8e-10, the geometric nonlinearity (mL²/EI)² ~ 6e-9 bounds it
    expect(Math.abs(tip(mbs, rod)[1] / exact - 1)).toBeLessThan(1e-8);
  });

  it('userFunctionLineLoadOfTriangularShape', () => {
    // b(s) = q0 s/L (zero at the clamp, q0 at the tip): w = 11 q0 L⁴/(120 EI) + q0 L²/(3 GA)
    const q0 = 5e-4;
    const deflection = (p: number, nEl: number): number => {
      const { mbs, rod, marker } = cantilever(p, nEl);
      mbs.addLoad(LoadDistributed({ markerNumber: marker, forcePerLengthUserFunction: (_mbs, _t, s) => [0, -q0 * s / L, 0] }));
      mbs.assemble();
      // user functions of (t, s): no load Jacobian (a numerical one would couple all rod nodes)
      expect(mbs.compiled().loads[0].coordinateDependence).toBe('constant');
      mbs.solveStatic(staticSettings());
      return -tip(mbs, rod)[1];
    };
    const exact = 11 * q0 * L ** 4 / (120 * EI) + q0 * L ** 2 / (3 * GA);
    // cubic elements reproduce the tip deflection of the linear theory with one element: only the geometric
    // nonlinearity (q0L³/EI)² remains (measured 4.4e-9 relative)
    expect(Math.abs(deflection(3, 1) / exact - 1)).toBeLessThan(1e-8);
    // quadratic elements converge as h⁴ at the tip (measured −9.4e-4, −5.9e-5, −3.7e-6: ratios 16.0)
    const errors = [2, 4, 8].map((nEl) => deflection(2, nEl) / exact - 1);
    for (let i = 0; i < 2; i++) expect(errors[i] / errors[i + 1]).toBeGreaterThan(15.5);
    expect(Math.abs(errors[2])).toBeLessThan(5e-6);
  });

  it('rejectsMarkersWithoutLineLoadIntegration', () => {
    const mbs = new SystemContainer().addSystem();
    const body = mbs.createRigidBody({ inertia: new RigidBodyInertia(1, [[1, 0, 0], [0, 1, 0], [0, 0, 1]]) });
    const marker = mbs.addMarker(MarkerBodyMass({ bodyNumber: body }));
    mbs.addLoad(LoadDistributed({ markerNumber: marker, forcePerLength: [0, 1, 0] }));
    expect(() => mbs.assemble()).toThrow('LoadDistributed #0: markerNumber must refer to a MarkerBodyMass on a rod (a body with line-load integration, e.g. ObjectCosseratRod), got MarkerBodyMass #0');
    const rod = cantilever(1, 2);
    rod.mbs.addLoad(LoadDistributed({ markerNumber: rod.marker, momentPerLengthUserFunction: () => [1, 2] }));
    rod.mbs.assemble();
    expect(() => rod.mbs.solveStatic(staticSettings())).toThrow('momentPerLengthUserFunction must return 3 finite numbers, got array of length 2 at s =');
  });
});
