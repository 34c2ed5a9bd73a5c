import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  GenericJoint, InertiaCuboid, MarkerBodyPosition, MarkerBodyRigid, ObjectGround, OutputVariableType, SystemContainer, computeScene, decodeArray, exportVTK, loadSolutionFile,
} from '../../src/node.ts';
import { tightStaticSettings } from '../helpers/settings.ts';
import { findAll, parseXml } from '../io/xml.ts';

/*
 * The contact points of ObjectContactRodSphere and ObjectContactRodCylinder (contactPoints) in the browser scene and the
 * VTK export: only the points in contact, at the middle of the overlap, with their penetration, and contact forces that
 * add up to the item's Force output.
 */

const folder = mkdtempSync(join(tmpdir(), 'flexdyn-rodRigidDrawing-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

const L = 0.4, R = 0.01, elements = 20, pointsPerElement = 3, k = 1e5, F = 10;

/**
 * A stiff clamped–clamped rod along x (s = 0 at x = −L/2) pressed by F = 10 N (static, 2 load steps, solution file) by a
 * sphere (R_s = 0.5, on a mass point held in x and y) or a cylinder (R_c = 0.5, axis along y, on a rigid body held in all
 * but z) from above; the patch covers a few of the 20 elements, so most points are out of contact.
 */
function pressedRod(shape: 'Sphere' | 'Cylinder') {
  const mbs = new SystemContainer().addSystem();
  const Rs = 0.5, rho = Rs + R;
  const rod = mbs.createCosseratRod({
    interpolation: 'R12', formulation: 'displacement',
    centerline: { type: 'Straight', start: [-0.5 * L, 0, 0], direction: [1, 0, 0], length: L }, numberOfElements: elements, polynomialDegree: 2,
    physicsAxialShearStiffness: [1e9, 1e9, 1e9], physicsBendingTorsionStiffness: [1e6, 1e6, 1e6], physicsMassPerLength: 1,
    physicsInertiaPerLength: [R * R / 2, R * R / 4, R * R / 4],
  }).objectNumber;
  const ground = mbs.addObject(ObjectGround({}));
  for (const s of [0, L]) {
    mbs.addObject(GenericJoint({
      markerNumbers: [mbs.addMarker(MarkerBodyRigid({ bodyNumber: ground, localPosition: [s - 0.5 * L, 0, 0] })), mbs.addMarker(MarkerBodyRigid({ bodyNumber: rod, localPosition: [s, 0, 0] }))],
      constrainedAxes: [1, 1, 1, 1, 1, 1],
    }));
  }
  const center = [0.003, 0, rho - 1e-4];
  const body = shape === 'Sphere'
    ? mbs.createMassPoint({ referencePosition: center, physicsMass: 1 })
    : mbs.createRigidBody({ referencePosition: center, inertia: InertiaCuboid(1000, [0.1, 0.1, 0.1]) });
  if (shape === 'Sphere') {
    for (const coordinate of [0, 1]) mbs.createCoordinateConstraint({ bodyNumbers: [null, body], coordinates: [null, coordinate] });
  } else {
    mbs.addObject(GenericJoint({
      markerNumbers: [mbs.addMarker(MarkerBodyRigid({ bodyNumber: ground, localPosition: center })), mbs.addMarker(MarkerBodyRigid({ bodyNumber: body }))],
      constrainedAxes: [1, 1, 0, 1, 1, 1],
    }));
  }
  mbs.createForce({ bodyNumber: body, loadVector: [0, 0, -F] });
  const points = pointsPerElement * elements;
  const data = mbs.addNode({ nodeType: 'GenericData', numberOfDataCoordinates: 4 * points });
  const common = { bodyNumber: rod, nodeNumber: data, radius: R, pointsPerElement, contactStiffness: k };
  const contact = shape === 'Sphere'
    ? mbs.addObject({ objectType: 'ContactRodSphere', ...common, markerNumber: mbs.addMarker(MarkerBodyPosition({ bodyNumber: body, localPosition: [0, 0, 0] })), sphereRadius: Rs })
    : mbs.addObject({ objectType: 'ContactRodCylinder', ...common, markerNumber: mbs.addMarker(MarkerBodyRigid({ bodyNumber: body })), cylinderRadius: Rs, cylinderAxis: [0, 1, 0] });
  mbs.assemble();
  const gaps = mbs.getObjectOutput(contact, OutputVariableType.DisplacementLocal);
  mbs.modifyNode(data, { initialCoordinates: Array.from(gaps).flatMap((gap) => [gap, 0, 0, 0]) });
  mbs.assemble();
  const settings = tightStaticSettings(2);
  settings.staticSolver.discontinuous.iterationTolerance = 1e-9; // no contact switch left at the end
  settings.staticSolver.discontinuous.maxIterations = 20;
  settings.solutionSettings.writeSolutionToFile = true;
  settings.solutionSettings.outputPrecision = 16;
  settings.solutionSettings.coordinatesSolutionFileName = join(folder, `${shape}.txt`);
  mbs.solveStatic(settings);
  const solution = loadSolutionFile(join(folder, `${shape}.txt`));
  const position = mbs.getObjectOutputBody(body, OutputVariableType.Position, [0, 0, 0]);
  return { mbs, contact, solution, points, Rs, center: Array.from(position) };
}

for (const shape of ['Sphere', 'Cylinder'] as const) {
  describe(`ObjectContactRod${shape} drawing`, () => {
    const { mbs, contact, solution, points, Rs, center } = pressedRod(shape);
    // the final state's gaps; the converged discontinuous iteration leaves the stored contact state equal to their signs
    const gaps = Array.from(mbs.getObjectOutput(contact, OutputVariableType.DisplacementLocal));
    const inContact = gaps.filter((gap) => gap < 0);

    it('theSceneDrawsThePointsInContactWithTheirPenetration', () => {
      // a patch of several points, but not the whole rod: the drawing leaves out the points without contact
      expect(inContact.length).toBeGreaterThan(4);
      expect(inContact.length).toBeLessThan(points / 2);
      const scene = computeScene(mbs, solution);
      const entry = scene.contacts.find((c) => c.label === `ObjectContactRod${shape} #${contact}`)!;
      expect(entry).toBeDefined();
      expect(entry.nTriangles).toBe(0);
      const offsets = decodeArray(entry.pointOffsets), values = decodeArray(entry.points), last = solution.nRows - 1;
      expect(offsets.length).toBe(solution.nRows + 1);
      expect(offsets[last + 1] - offsets[last]).toBe(inContact.length);
      // depth = −gap per point in contact, in arc-length order (float32 in the scene: gaps of 1e-4 … 2e-3 to 1e-9)
      inContact.forEach((gap, j) => expect(Math.abs(values[4 * (offsets[last] + j) + 3] + gap)).toBeLessThan(1e-9));
      expect(computeScene(mbs, solution, { contact: { showContactPoints: false } }).contacts.some((c) => c.label.startsWith(`ObjectContactRod${shape}`))).toBe(false);
    });

    it('exportVTKWritesThePointsMidwayInTheOverlapWithForcesSummingToTheForceOutput', () => {
      const last = solution.nRows - 1;
      const result = exportVTK(mbs, solution, join(folder, `${shape}VTK`), { rows: [last] });
      const pointsFile = result.files[0].find((file) => /_contactPoints_/.test(file))!;
      const piece = findAll(parseXml(readFileSync(pointsFile, 'utf8')), 'Piece')[0];
      const array = (parent: string, name: string) => findAll(findAll(piece, parent)[0], 'DataArray').find((e) => e.attributes.Name === name)!.text.trim().split(/\s+/).map(Number);
      const count = inContact.length;
      expect(Number(piece.attributes.NumberOfVerts)).toBe(count);
      expect(array('CellData', 'ObjectIndex')).toEqual(Array(count).fill(contact));
      const depths = array('PointData', 'Penetration');
      inContact.forEach((gap, j) => expect(Math.abs(depths[j] + gap)).toBeLessThan(1e-15));
      // the contact point is r − (R + gap/2) n0: at R_s + gap/2 from the sphere's centre, or from the cylinder's axis
      // (along y through the centre); an identity of the geometry, to rounding (coordinates of 0.2 → 1e-15)
      const xyz = array('Points', 'Points');
      inContact.forEach((gap, j) => {
        const dx = xyz[3 * j] - center[0], dy = shape === 'Sphere' ? xyz[3 * j + 1] - center[1] : 0, dz = xyz[3 * j + 2] - center[2];
        expect(Math.abs(Math.hypot(dx, dy, dz) - (Rs + 0.5 * gap))).toBeLessThan(1e-14);
      });
      // the forces add up to the item's total force on the rod, which carries the load F (equilibrium, Newton's tolerance)
      const forces = array('PointData', 'ContactForce'), total = mbs.getObjectOutput(contact, OutputVariableType.Force);
      for (let d = 0; d < 3; d++) {
        let sum = 0;
        for (let j = 0; j < count; j++) sum += forces[3 * j + d];
        expect(Math.abs(sum - total[d])).toBeLessThan(1e-12 * F);
      }
      expect(Math.abs(total[2] / -F - 1)).toBeLessThan(1e-9);
    });
  });
}
