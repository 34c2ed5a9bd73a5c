import { describe, expect, it } from 'vitest';
import { mulberry32 } from '../helpers/random.ts';
import {
  SystemContainer, SimulationSettings, NodeRigidBody2D, ObjectRigidBody2D, MarkerNodeRigid, NodePointGround, MarkerNodePosition, Point2DS1, Cable2D,
  MarkerBodyMass, Gravity, MarkerNodeCoordinate, CoordinateConstraint, OutputVariableType, ContactTypeIndex, FlexdynError, ObjectGround,
} from '../../src/index.ts';
import { contactJacobianErrors } from './contactJacobian.ts';
import { ANCFgeneralContactCircle, beltDrive } from '../../testModels/ANCFgeneralContactCircle.ts';

/**
 * A straight cable of n elements from x = x0 along x at height y (ρA = 0.1, EA = 1e5, EI = 10), and a wheel of radius
 * r at the origin: a free 2D rigid body (m = 1) or a ground node; one GeneralContact with the wheel as sphere and all
 * elements as ANCF cables.
 */
function cableOverWheel(options: { y: number; n?: number; x0?: number; length?: number; r?: number; freeWheel?: boolean; mu?: number; exact?: boolean; segments?: number; halfHeight?: number; damping?: number }) {
  const { y, n = 4, x0 = -0.4, length = 0.8, r = 0.5, freeWheel = true, mu = 0, exact = false, segments = 4, halfHeight = 0, damping = 10 } = options;
  const mbs = new SystemContainer().addSystem();
  const contact = mbs.addGeneralContact();
  contact.ancfCableUseExactMethod = exact;
  contact.ancfCableNumberOfContactSegments = segments;
  contact.frictionProportionalZone = 0.1;
  contact.setFrictionPairings([[mu]]);
  let wheelMarker: number;
  if (freeWheel) {
    const node = mbs.addNode(NodeRigidBody2D({ referenceCoordinates: [0, 0, 0] }));
    mbs.addObject(ObjectRigidBody2D({ physicsMass: 1, physicsInertia: 0.5 * r * r, nodeNumber: node }));
    wheelMarker = mbs.addMarker(MarkerNodeRigid({ nodeNumber: node }));
  } else {
    wheelMarker = mbs.addMarker(MarkerNodePosition({ nodeNumber: mbs.addNode(NodePointGround({ referenceCoordinates: [0, 0, 0] })) }));
  }
  contact.addSphereWithMarker(wheelMarker, r, 1e5, damping, 0);
  const nodes = [mbs.addNode(Point2DS1({ referenceCoordinates: [x0, y, 1, 0] }))];
  const elements: number[] = [];
  for (let i = 0; i < n; i++) {
    nodes.push(mbs.addNode(Point2DS1({ referenceCoordinates: [x0 + (length * (i + 1)) / n, y, 1, 0] })));
    elements.push(mbs.addObject(Cable2D({ physicsLength: length / n, physicsMassPerLength: 0.1, physicsAxialStiffness: 1e5, physicsBendingStiffness: 10, nodeNumbers: [nodes[i], nodes[i + 1]] })));
    contact.addANCFCable(elements[i], halfHeight, 1e5, damping, 0);
  }
  return { mbs, contact, nodes, elements, wheelMarker };
}

describe('GeneralContact: ANCF cables against spheres (circles)', () => {
  for (const [name, options] of [
    ['chords, frictionless, fixed wheel', { freeWheel: false }],
    ['chords, friction (regularized and Coulomb), free rigid wheel', { mu: 0.4 }],
    ['exact method, friction, free rigid wheel, halfHeight', { mu: 0.4, exact: true, halfHeight: 0.002 }],
  ] as const) {
    it(`${name}: analytic Jacobians of the assembled contact against central differences`, () => {
      const next = mulberry32(name.length);
      const { mbs, contact } = cableOverWheel({ y: 0.497, ...options });
      mbs.assemble();
      const s = mbs.compiled().data.current;
      // a bent, moving cable and a moving, spinning wheel: perturb all coordinates and velocities
      for (let k = 0; k < s.q.length; k++) s.q[k] += 2e-3 * (next() - 0.5);
      for (let k = 0; k < s.u.length; k++) s.u[k] += 0.5 * (next() - 0.5);
      const errors = contactJacobianErrors(mbs, contact);
      expect(errors.force).toBeGreaterThan(1); // in contact
      // central differences of step 1e-7: truncation and round-off ≲ 1e-7 of the largest entry (≈ 1e4 … 1e5)
      expect(errors.q).toBeLessThan(1e-6);
      expect(errors.u).toBeLessThan(1e-6);
    });
  }

  it('the Jacobian writes the same entries while the cable lifts off the wheel: the sparse pattern and its analysis are kept', () => {
    // pairs come into contact and leave it during a solve; their blocks (zeros where apart) stay in the Jacobian until a
    // new pair of overlapping boxes appears, so that the solver keeps the pattern's symbolic analysis
    const { mbs, contact, nodes } = cableOverWheel({ y: 0.497, mu: 0.4 });
    mbs.assemble();
    const model = mbs.compiled(), s = model.data.current;
    const entries = () => {
      const list: number[] = [];
      contact.addODE2LhsJacobian(s, { add: (row, col, value) => { list.push(row, col, value); } }, 1, 0.01);
      return list;
    };
    const force = () => { const out = new Float64Array(s.u.length); contact.addODE2Lhs(s, out, 1); return out.reduce((m, v) => Math.max(m, Math.abs(v)), 0); };
    expect(force()).toBeGreaterThan(1);
    const inContact = entries();
    for (const node of nodes) s.q[model.nodes[node].qIndex + 1] += 0.004; // 1 mm above the wheel
    expect(force()).toBe(0);
    const apart = entries();
    expect(apart.length).toBe(inContact.length);
    for (let k = 0; k < apart.length; k += 3) {
      expect(apart[k]).toBe(inContact[k]);
      expect(apart[k + 1]).toBe(inContact[k + 1]);
      expect(apart[k + 2] === 0).toBe(true);
    }
    expect(inContact.some((v, k) => k % 3 === 2 && v !== 0)).toBe(true);
  });

  it('static: a cable pressed onto a fixed wheel by a load carries it by contact forces equal to the load', () => {
    // a free cable, pressed 0.5 mm into the wheel top at the start, under its weight (100 m/s²); x held at the middle node
    const { mbs, contact, nodes, elements } = cableOverWheel({ y: 0.4995, freeWheel: false, segments: 8 });
    const load = 100;
    for (const element of elements) mbs.addLoad(Gravity({ markerNumber: mbs.addMarker(MarkerBodyMass({ bodyNumber: element })), loadVector: [0, -load, 0] }));
    const ground = mbs.addMarker(MarkerNodeCoordinate({ nodeNumber: mbs.addNode(NodePointGround({})), coordinate: 0 }));
    mbs.addObject(CoordinateConstraint({ markerNumbers: [ground, mbs.addMarker(MarkerNodeCoordinate({ nodeNumber: nodes[2], coordinate: 0 }))], offset: 0 }));
    mbs.assemble();
    const settings = new SimulationSettings();
    settings.solutionSettings.writeSolutionToFile = false;
    settings.staticSolver.newton.relativeTolerance = 1e-12;
    settings.staticSolver.numberOfLoadSteps = 4;
    mbs.solveStatic(settings);
    // the contact forces on the cable balance its weight ρA·L·g = 0.1·0.8·100 = 8 N; the reaction is on the wheel
    const s = mbs.compiled().data.current;
    const forces = new Float64Array(s.u.length);
    contact.addODE2Lhs(s, forces, 1);
    let vertical = 0;
    for (const node of nodes) vertical += forces[mbs.compiled().nodes[node].uIndex + 1];
    expect(-vertical / 8).toBeCloseTo(1, 9);
    // a straight rigid cable on a circle, force density k δ(x) with δ = δ0 − x²/(2R) (k = 5e4 in series): W = (4/3) k δ0
    // √(2R δ0), so δ0 = (3W/(4k√(2R)))^(2/3) = 2.433 mm; the flexible cable (EI = 10) conforms slightly to the wheel
    // (longer contact, smaller δ0) and the 3-point rule per chord integrates δ(x) approximately: within 3 %
    const middle = mbs.getNodeOutput(nodes[2], OutputVariableType.Position);
    const depth = (3 * 8 / (4 * 5e4 * Math.sqrt(2 * 0.5))) ** (2 / 3);
    expect(Math.abs((0.5 - middle[1]) / depth - 1)).toBeLessThan(0.03);
    contact.updateContacts();
    expect(contact.getActiveContacts(ContactTypeIndex.IndexSpheresMarkerBased, 0).length).toBeGreaterThan(0);
    const active = contact.getActiveContacts(ContactTypeIndex.IndexANCFCable2D, 1);
    expect(active).toEqual([0]); // global index 0: the sphere
    const inBox = contact.getItemsInBox([-0.05, 0.45, -1], [0.05, 0.55, 1]);
    expect(inBox.ANCFCable2D).toEqual([1, 2]);
    expect(inBox.MarkerBasedSpheres).toEqual([0]);
  });

  it('bad input: settings, cable parameters, a non-cable object', () => {
    const contact = new SystemContainer().addSystem().addGeneralContact();
    expect(() => { contact.ancfCableNumberOfContactSegments = 0; }).toThrow(/GeneralContact 0: ancfCableNumberOfContactSegments must be an integer ≥ 1, got number 0/);
    expect(() => { contact.ancfCableUseExactMethod = 1 as never; }).toThrow(/ancfCableUseExactMethod must be a boolean/);
    expect(() => contact.addANCFCable(0, -1, 1, 0, 0)).toThrow(/halfHeight must be a finite number ≥ 0, got number -1/);
    expect(() => contact.addANCFCable(0, 0, 0, 0, 0)).toThrow(/contactStiffness must be a finite number > 0/);
    const mbs = new SystemContainer().addSystem();
    const ground = mbs.addObject(ObjectGround({}));
    mbs.addGeneralContact().addANCFCable(ground, 0, 1, 0, 0);
    expect(() => mbs.assemble()).toThrow(FlexdynError);
    expect(() => mbs.assemble()).toThrow(/ANCF cable 0 must refer to an ObjectANCFCable2D, got object 0 \(ObjectGround\)/);
  });
});

describe('ANCFgeneralContactCircle: convergence with the step size', () => {
  it('h/2, h/4, h/8 converge at second order to a limit 1.8e-6 from Exudyn\'s reference (see the test model)', { timeout: 60_000 }, () => {
    const results = [200, 400, 800].map((steps) => beltDrive(steps).result);
    const d1 = Math.abs(results[0] - results[1]), d2 = Math.abs(results[1] - results[2]);
    // generalized-α is second order: the differences fall by ≈ 4 (measured 3.1 with the contact switching)
    expect(d1 / d2).toBeGreaterThan(2.5);
    const limit = results[2] - (results[1] - results[2]) / 3;
    const reference = ANCFgeneralContactCircle.reference;
    expect(Math.abs(limit - reference) / Math.abs(reference)).toBeLessThan(ANCFgeneralContactCircle.tolerance);
    expect(Math.abs(results[0] - reference) / Math.abs(reference)).toBeLessThan(ANCFgeneralContactCircle.tolerance);
  });
});
