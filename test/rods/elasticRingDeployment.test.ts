import { describe, expect, it } from 'vitest';
import {
  GenericJoint, LinearSolverType, MarkerBodyRigid, MarkerNodeRigid, ObjectGround, OutputVariableType, SimulationSettings, SystemContainer,
} from '../../src/index.ts';

/**
 * Deployment of an elastic ring (the mixed Cosserat rod paper, Herrmann, Harsch, Eugster et al., arXiv 2507.01552;
 * CardiLLo's examples/Herrmann2025_mixed_Cosserat_rod/04_deployment_of_an_elastic_ring.py): a closed ring of radius 20
 * in the x–y plane through the origin, rectangular section 1/3 (in plane) × 1, E = 2.1e7, G = E/2.6, GI₁ = G·9.753e-3,
 * clamped at s = 0 (both ends of the rod, which closes the ring); the opposite point (s = L/2, at (40, 0, 0)) slides
 * freely along x while its cross-section is turned about x by 4πλ (a GenericJoint with a rotation offset; CardiLLo: a
 * Prismatic joint to a rotating frame). At λ = 1/2 the ring is folded into three coils of radius 20/3 (the opposite point
 * at x = 40/3, the quarter point at (20/3, −20/3, 0)), at λ = 1 it is back in its reference shape.
 * Mixed quaternion rod, p = 2, 20 elements, 120 equal load steps (the example's), residual tolerance 1e-6 (the example's).
 * @module
 */
describe('Deployment of an elastic ring (mixed paper, benchmark 4)', () => {
  it('foldsIntoThreeCoilsAndBackAsCardiLLosRing', () => {
    const E = 2.1e7, G = E / 2.6, A = 1 / 3, I2 = 1 / 36, I3 = 1 / 324, R = 20;
    const mbs = new SystemContainer().addSystem();
    const rod = mbs.createCosseratRod({
      centerline: { type: 'CircularArc', start: [0, 0, 0], direction: [0, 1, 0], towardCenter: [1, 0, 0], radius: R, angle: 2 * Math.PI },
      numberOfElements: 20, polynomialDegree: 2, interpolation: 'quaternion', formulation: 'mixed',
      physicsAxialShearStiffness: [E * A, G * A, G * A], physicsBendingTorsionStiffness: [G * 9.753e-3, E * I2, E * I3],
    });
    const ground = mbs.addObject(ObjectGround({}));
    const nodes = rod.nodeNumbers;
    const mid = nodes[(nodes.length - 1) / 2], quarter = nodes[(nodes.length - 1) / 4];
    // reference frames of the clamped ends and of the opposite point (read from the assembled rod)
    mbs.assemble();
    const frame = (node: number): number[][] => {
      const a = mbs.getNodeOutput(node, OutputVariableType.RotationMatrix);
      return [[a[0], a[1], a[2]], [a[3], a[4], a[5]], [a[6], a[7], a[8]]];
    };
    const frames = [nodes[0], nodes[nodes.length - 1], mid].map(frame);
    [nodes[0], nodes[nodes.length - 1]].forEach((node, k) => {
      mbs.addObject(GenericJoint({ markerNumbers: [mbs.addMarker(MarkerBodyRigid({ bodyNumber: ground })), mbs.addMarker(MarkerNodeRigid({ nodeNumber: node }))], rotationMarker0: frames[k] }));
    });
    // joint frame J0 = RotX(4πλ) (ground), J1 = A_mid·A_mid,refᵀ: free along x, the rotation prescribed
    const midFrameTransposed = [0, 1, 2].map((i) => [0, 1, 2].map((j) => frames[2][j][i]));
    mbs.addObject(GenericJoint({
      markerNumbers: [mbs.addMarker(MarkerBodyRigid({ bodyNumber: ground, localPosition: [2 * R, 0, 0] })), mbs.addMarker(MarkerNodeRigid({ nodeNumber: mid }))],
      constrainedAxes: [0, 1, 1, 1, 1, 1], rotationMarker1: midFrameTransposed,
      offsetUserFunction: (_m, t) => [0, 0, 0, 4 * Math.PI * t, 0, 0],
    }));
    mbs.assemble();
    const settings = new SimulationSettings();
    settings.solutionSettings.writeSolutionToFile = false;
    settings.linearSolverType = LinearSolverType.EigenSparse;
    const ss = settings.staticSolver;
    ss.verboseMode = 0;
    ss.numberOfLoadSteps = 120;
    ss.adaptiveStep = false;
    ss.newton.relativeTolerance = 0;
    ss.newton.absoluteTolerance = 1e-6;
    // positions of the quarter point B and the opposite point C; entry 0 is the initial state
    const points: number[][][] = [];
    mbs.setPostStepUserFunction((m) => {
      points.push([m.getNodeOutput(quarter, OutputVariableType.Position), m.getNodeOutput(mid, OutputVariableType.Position)]);
      return true;
    });
    const statistics = mbs.solveStatic(settings);
    // CardiLLo's mixed quaternion ring, same mesh and steps (newton_atol 1e-6; bench/peers/cardilloMixedPaper.py ring 20 120):
    // B and C after load step k
    const cardillo: [number, number[], number[]][] = [
      [15, [21.80710828171797, 10.17998779409278, 10.179987794153162], [43.61421656344547, -9.483690694165287e-20, 3.2517797545581265e-15]],
      [30, [21.955040468594078, -3.761763123222295e-11, 7.123294494792935], [43.91008093720424, -3.3175801604204732e-15, 4.2407685435626993e-19]],
      [45, [9.16805451276112, -5.760435512522496, 5.7604355102179285], [18.336109025096725, -2.408242040783942e-15, 2.360401495269892e-15]],
      [60, [6.668477182873829, -6.668477182789332, 3.145461668907501e-11], [13.336954365565465, -3.47109627129837e-15, -6.676937046544535e-21]],
      [75, [9.16805451338191, -5.760435511722898, -5.760435511227044], [18.33610902650231, 2.403812680433824e-15, -2.361727726901413e-15]],
      [90, [21.95504046859343, 1.7765400261993136e-11, -7.123294494800417], [43.91008093721141, -3.317609707849585e-15, -2.9814808176890686e-20]],
      [105, [21.807108281696767, 10.179987794118144, -10.179987794142667], [43.61421656340018, 4.012560993431138e-16, -3.2518087635149292e-15]],
      [120, [19.99999999989482, 20.00000000048074, 4.8414161568643976e-11], [39.999999999605905, 2.448396513012894e-15, 1.8657912904099297e-19]],
    ];
    let largest = 0;
    for (const [step, b, c] of cardillo) {
      const [rb, rc] = points[step];
      largest = Math.max(largest, Math.hypot(rb[0] - b[0], rb[1] - b[1], rb[2] - b[2]), Math.hypot(rc[0] - c[0], rc[1] - c[1], rc[2] - c[2]));
    }
    // measured 1.7e-9 (R = 20), 490 Newton iterations; asserted 1e-7
    expect(statistics.newtonIterations).toBeLessThan(600);
    expect(largest).toBeLessThan(1e-7);
    // three coils at λ = 1/2: C at 2R/3, B at (R/3, −R/3, 0) up to the discretization (measured 3.6e-3 and 2.6e-3)
    const [b, c] = points[60];
    expect(Math.abs(c[0] - (2 * R) / 3)).toBeLessThan(5e-3);
    expect(Math.hypot(b[0] - R / 3, b[1] + R / 3, b[2])).toBeLessThan(5e-3);
    // back to the reference circle at λ = 1
    const [bEnd, cEnd] = points[120];
    expect(Math.hypot(bEnd[0] - R, bEnd[1] - R, bEnd[2])).toBeLessThan(1e-8);
    expect(Math.abs(cEnd[0] - 2 * R)).toBeLessThan(1e-8);
  }, 120_000);
});
