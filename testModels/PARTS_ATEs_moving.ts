import {
  SystemContainer, SimulationSettings, OutputVariableType, LinearSolverType, Rigid2D, RigidBody2D, MarkerBodyPosition, MarkerBodyRigid,
  RevoluteJoint2D, PrismaticJoint2D, SpringDamper, CartesianSpringDamper, Force, PointGround, MarkerNodeCoordinate, CoordinateConstraint,
  type LoadVectorUserFunction, type MainSystem,
} from '../src/index.ts';
import type { TestModel } from './testModel.ts';

type Vec2 = [number, number];

const L1 = 38e-3;
const L2 = 29e-3;
const L3 = 8e-3;
const L4 = 10e-3;
const psi = Math.atan(L3 / L1);
const CE = L3 / Math.sin(psi);

/** rot(angle)·v in the plane. */
function rotZ(angle: number, v: Vec2): Vec2 {
  return [Math.cos(angle) * v[0] - Math.sin(angle) * v[1], Math.sin(angle) * v[0] + Math.cos(angle) * v[1]];
}
const add = (a: Vec2, b: Vec2): Vec2 => [a[0] + b[0], a[1] + b[1]];
const sub = (a: Vec2, b: Vec2): Vec2 => [a[0] - b[0], a[1] - b[1]];
const centre = (a: Vec2, b: Vec2): Vec2 => [(a[0] + b[0]) / 2, (a[1] + b[1]) / 2];

/** The markers, points and items of one six-bar linkage that the truss elements connect. */
interface SixBarLinkage {
  markersForPrismaticJoints: [number, number];
  markersForConnectors: [number, number];
  coordinatePoints: Vec2[];
  nodes: [number, number];
}

/** Exudyn's SixBarLinkage(P00, theta, alphaMean): seven planar bodies (1 kg, inertia 33) joined by seven revolute joints. */
function sixBarLinkage(mbs: MainSystem, P00: Vec2, theta: number, alphaMean: number): SixBarLinkage {
  const massRigid = 1;
  const inertiaRigid = 3.3e1;
  const c = Math.cos(alphaMean - psi), s = Math.sin(alphaMean - psi);
  const P: Vec2[] = [
    [0, 0], [L1, 0], [L1 + L2, 0], [L1, L3], [L1 + L2, L3], [L1 + CE * c, L3 + CE * s], [L1 + L2 + CE * c, L3 + CE * s],
    [L1 + CE * c + L2 * Math.cos(alphaMean), L3 + CE * s + L2 * Math.sin(alphaMean)], [CE * c, CE * s],
    [CE * c + L2 * Math.cos(alphaMean), CE * s + L2 * Math.sin(alphaMean)], [L1 * Math.cos(alphaMean), L1 * Math.sin(alphaMean)],
    [(L1 + L2) * Math.cos(alphaMean), (L1 + L2) * Math.sin(alphaMean)],
  ];
  const P53 = sub(P[3], P[5]), P56 = sub(P[6], P[5]), P57 = sub(P[7], P[5]), P58 = sub(P[8], P[5]);
  const pT = P.map((p) => add(rotZ(theta, p), P00));
  const M0 = centre(pT[4], pT[3]), M2 = centre(pT[6], pT[4]), M5 = centre(pT[7], pT[9]), M7 = centre(pT[9], pT[8]);
  const body = (reference: Vec2, angle: number) => {
    const nodeNumber = mbs.addNode(Rigid2D({ referenceCoordinates: [...reference, angle], initialVelocities: [0, 0, 0] }));
    return { node: nodeNumber, object: mbs.addObject(RigidBody2D({ physicsMass: massRigid, physicsInertia: inertiaRigid, nodeNumber })) };
  };
  const at = (bodyNumber: number, p: Vec2) => mbs.addMarker(MarkerBodyPosition({ bodyNumber, localPosition: [p[0], p[1], 0] }));
  const r0 = body(M0, theta);
  const mR01 = at(r0.object, [-L2 / 2, 0]), mR02 = at(r0.object, [L2 / 2, 0]);
  const r1 = body(pT[5], theta);
  const mR1 = at(r1.object, P53), mR2 = at(r1.object, P57), mR15 = at(r1.object, [0, 0]);
  const r2 = body(M2, alphaMean - psi + theta);
  const mR3 = at(r2.object, [-CE / 2, 0]), mR4 = at(r2.object, [CE / 2, 0]);
  const r5 = body(M5, psi + theta);
  const mR9 = at(r5.object, [-CE / 2, 0]), mR10 = at(r5.object, [CE / 2, 0]);
  const r6 = body(pT[5], theta);
  const mR11 = at(r6.object, P58), mR12 = at(r6.object, P56), mR65 = at(r6.object, [0, 0]);
  const r7 = body(M7, alphaMean + theta);
  const mR13 = at(r7.object, [-L2 / 2, 0]), mR14 = at(r7.object, [L2 / 2, 0]);
  const mC1 = at(r0.object, [-L2 / 2 - L4, -L3]);
  const mC2 = at(r7.object, [-L2 / 2 - L4, L3]);
  const mP02 = mbs.addMarker(MarkerBodyRigid({ bodyNumber: r0.object, localPosition: [L2 / 2, 0, 0] }));
  const mP14 = mbs.addMarker(MarkerBodyRigid({ bodyNumber: r7.object, localPosition: [L2 / 2, 0, 0] }));
  for (const markerNumbers of [[mR01, mR1], [mR02, mR3], [mR10, mR2], [mR14, mR9], [mR13, mR11], [mR15, mR65], [mR4, mR12]]) mbs.addObject(RevoluteJoint2D({ markerNumbers }));
  return { markersForPrismaticJoints: [mP02, mP14], markersForConnectors: [mC1, mC2], coordinatePoints: pT, nodes: [r0.node, r7.node] };
}

/** Exudyn's ATC(A, B, C): an adaptive truss cell of three six-bar linkages at the triangle's corners, joined by prismatic joints with springs. */
function adaptiveTrussCell(mbs: MainSystem, A: Vec2, B: Vec2, C: Vec2) {
  const AB = sub(B, A);
  const offsetAngle = Math.atan2(AB[1], AB[0]);
  const a = Math.hypot(...sub(C, B)), b = Math.hypot(...sub(C, A)), c = Math.hypot(...AB);
  const alpha = Math.acos((b * b + c * c - a * a) / (2 * b * c));
  const beta = Math.acos((a * a + c * c - b * b) / (2 * a * c));
  const gamma = Math.acos((a * a + b * b - c * c) / (2 * a * b));
  const s1 = sixBarLinkage(mbs, A, offsetAngle, alpha);
  const s2 = sixBarLinkage(mbs, B, Math.PI - beta + offsetAngle, beta);
  const s3 = sixBarLinkage(mbs, C, -(beta + gamma) + offsetAngle, gamma);
  const mFC = [s1.markersForConnectors[0], s2.markersForConnectors[1], s2.markersForConnectors[0], s3.markersForConnectors[1], s3.markersForConnectors[0], s1.markersForConnectors[1]];
  const mFPJ = [s1.markersForPrismaticJoints[0], s2.markersForPrismaticJoints[1], s2.markersForPrismaticJoints[0], s3.markersForPrismaticJoints[1], s3.markersForPrismaticJoints[0], s1.markersForPrismaticJoints[1]];
  for (const markerNumbers of [[mFPJ[0], mFPJ[1]], [mFPJ[2], mFPJ[3]], [mFPJ[5], mFPJ[4]]]) {
    mbs.addObject(PrismaticJoint2D({ markerNumbers, axisMarker0: [1, 0, 0], normalMarker1: [0, -1, 0], constrainRotation: true }));
  }
  const La = a - 2 * L1 - 2 * L2, Lb = b - 2 * L1 - 2 * L2, Lc = c - 2 * L1 - 2 * L2;
  mbs.addObject(SpringDamper({ markerNumbers: [mFPJ[0], mFPJ[1]], stiffness: 1e5, damping: 10e2, referenceLength: Lc }));
  mbs.addObject(SpringDamper({ markerNumbers: [mFPJ[2], mFPJ[3]], stiffness: 1e5, damping: 10e2, referenceLength: La }));
  mbs.addObject(SpringDamper({ markerNumbers: [mFPJ[4], mFPJ[5]], stiffness: 1e5, damping: 10e2, referenceLength: Lb }));
  return { markersForConnectors: mFC, coordinatePoints: [s1.coordinatePoints[0]], nodes: [s1.nodes[0], s1.nodes[1]] };
}

/**
 * Exudyn's PARTS_ATEs_moving: a 4 × 2 field of adaptive truss elements (each square two triangular cells of three six-bar
 * linkages: 7 planar bodies and 7 revolute joints per linkage, prismatic joints with springs along the edges), joined by stiff
 * Cartesian spring-dampers, the left side clamped (every RigidBody2D node at reference x = 0.008 fixed in x and y, the first
 * node in y), two corner forces ramped by 0.01 + 0.99(1 − cos(πt/0.05)). Generalized-α as Newmark with index-2 constraints
 * (ρ∞ = 0.8), full Newton (tolerances 1e-8), 50 steps to 0.05 s; the result is the y position of the second-to-last node.
 */
export const PARTS_ATEs_moving: TestModel = {
  name: 'PARTS_ATEs_moving',
  reference: 0.44656762760262214,
  comparison: 'relative',
  tolerance: 1e-8,
  run() {
    const SC = new SystemContainer();
    const mbs = SC.addSystem();
    const nx = 4, ny = 2;
    const endTime = 0.05;
    const kk = [1e8, 1e8, 0], dd = [1e2, 1e2, 0];
    const topCon: number[] = [], bottomCon: number[] = [];
    const connect = (m0: number, m1: number) => mbs.addObject(CartesianSpringDamper({ markerNumbers: [m0, m1], stiffness: kk, damping: dd }));
    let nFirstATE: ReturnType<typeof adaptiveTrussCell> | undefined;
    let c11alt = -1, c12alt = -1;
    for (let y = 0; y < ny; y++) {
      for (let x = 0; x < nx; x++) {
        const A: Vec2 = [0.229 * x, 0.229 * y], B: Vec2 = [0.229 * (x + 1), 0.229 * y], C: Vec2 = [0.229 * (x + 1), 0.229 * (y + 1)], D: Vec2 = [0.229 * x, 0.229 * (y + 1)];
        const n1 = adaptiveTrussCell(mbs, A, B, C);
        const n2 = adaptiveTrussCell(mbs, A, C, D);
        connect(n1.markersForConnectors[5], n2.markersForConnectors[0]);
        connect(n1.markersForConnectors[4], n2.markersForConnectors[1]);
        if (x === 0 && y === 0) nFirstATE = n1;
        if (x > 0) {
          connect(c11alt, n2.markersForConnectors[5]);
          connect(c12alt, n2.markersForConnectors[4]);
        }
        topCon.push(n2.markersForConnectors[3], n2.markersForConnectors[2]);
        bottomCon.push(n1.markersForConnectors[0], n1.markersForConnectors[1]);
        c11alt = n1.markersForConnectors[2];
        c12alt = n1.markersForConnectors[3];
      }
      if (y > 0) for (let i = 0; i < topCon.length - nx * 2; i++) connect(topCon[i], bottomCon[i + nx * 2]);
    }
    const first = nFirstATE!;
    const userLoad: LoadVectorUserFunction = (_mbs, t, loadVector) => {
      const f = t > 8 ? 1 : 0.01 + 0.99 * (1 - Math.cos((t / 0.05) * Math.PI));
      return [f * loadVector[0], f * loadVector[1], f * loadVector[2]];
    };
    const fL = 1e3 * 10;
    mbs.addLoad(Force({ markerNumber: topCon[15], loadVector: [fL, -fL, 0], loadVectorUserFunction: userLoad }));
    mbs.addLoad(Force({ markerNumber: bottomCon[7], loadVector: [-fL, -fL, 0], loadVectorUserFunction: userLoad }));
    const P0 = first.coordinatePoints[0];
    const nGround = mbs.addNode(PointGround({ referenceCoordinates: [...P0, 0], visualization: { show: false } }));
    const mCoordinateGround = mbs.addMarker(MarkerNodeCoordinate({ nodeNumber: nGround, coordinate: 0 }));
    const fixed = (nodeNumber: number, coordinate: number) => mbs.addObject(CoordinateConstraint({ markerNumbers: [mCoordinateGround, mbs.addMarker(MarkerNodeCoordinate({ nodeNumber, coordinate }))] }));
    // Exudyn adds markers for all three coordinates of the first two nodes but constrains only the first node's y
    const [nRigid0, nRigid7] = first.nodes;
    mbs.addMarker(MarkerNodeCoordinate({ nodeNumber: nRigid0, coordinate: 0 }));
    fixed(nRigid0, 1);
    mbs.addMarker(MarkerNodeCoordinate({ nodeNumber: nRigid0, coordinate: 2 }));
    for (let coordinate = 0; coordinate < 3; coordinate++) mbs.addMarker(MarkerNodeCoordinate({ nodeNumber: nRigid7, coordinate }));
    const nn = mbs.numberOfNodes;
    for (let i = 0; i < nn; i++) {
      const node = mbs.getNode(i);
      // Exudyn: np.round(x_ref, 3) == 0.008 (round half to even, as numpy): the nodes at the left side
      if (node.nodeType === 'RigidBody2D' && Math.round((node.referenceCoordinates as number[])[0] * 1000) === 8) {
        fixed(i, 0);
        fixed(i, 1);
      }
    }
    mbs.assemble();

    const settings = new SimulationSettings();
    settings.timeIntegration.numberOfSteps = 50;
    settings.timeIntegration.endTime = endTime;
    settings.timeIntegration.newton.relativeTolerance = 1e-8;
    settings.timeIntegration.newton.absoluteTolerance = 1e-8;
    settings.timeIntegration.generalizedAlpha.useNewmark = true;
    settings.timeIntegration.generalizedAlpha.useIndex2Constraints = true;
    settings.timeIntegration.newton.useModifiedNewton = false;
    settings.timeIntegration.newton.numericalDifferentiation.minimumCoordinateSize = 1;
    settings.timeIntegration.generalizedAlpha.spectralRadius = 0.8;
    settings.timeIntegration.adaptiveStep = false;
    settings.linearSolverType = LinearSolverType.EigenSparse;
    mbs.solveDynamic(settings);
    const nLast = mbs.numberOfNodes - 1;
    return mbs.getNodeOutput(nLast - 1, OutputVariableType.Position)[1];
  },
};
