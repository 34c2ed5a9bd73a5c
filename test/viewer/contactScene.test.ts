import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  SystemContainer, SimulationSettings, NodePoint, NodePointGround, MassPoint, MarkerNodePosition, LoadForceVector, OutputVariableType,
  ConfigurationType, loadSolutionFile, computeScene, exportVTK, decodeArray, MarkerNodeRigid, Point2DS1, Cable2D, type MainSystem,
} from '../../src/node.ts';
import { findAll, parseXml } from '../io/xml.ts';

const folder = mkdtempSync(join(tmpdir(), 'flexdyn-contactScene-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

/**
 * Three fixed spheres (r = 0.1) in a row along x and three balls (r = 0.08, 0.1, 0.12) dropped onto them under gravity
 * along −z from different heights, so that contacts open and close at different times.
 */
function droppedBalls(): { mbs: MainSystem; nodes: number[]; radii: number[] } {
  const mbs = new SystemContainer().addSystem();
  const contact = mbs.addGeneralContact();
  contact.setSearchTreeCellSize([4, 2, 4]);
  const radii: number[] = [];
  const nodes: number[] = [];
  for (const x of [-0.2, 0, 0.2]) {
    const node = mbs.addNode(NodePointGround({ referenceCoordinates: [x, 0, 0] }));
    contact.addSphereWithMarker(mbs.addMarker(MarkerNodePosition({ nodeNumber: node })), 0.1, 1e4, 20, 0);
    radii.push(0.1);
    nodes.push(node);
  }
  [[-0.21, 0.2, 0.08], [0.02, 0.3, 0.1], [0.19, 0.45, 0.12]].forEach(([x, z, r]) => {
    const node = mbs.addNode(NodePoint({ referenceCoordinates: [x, 0, z] }));
    mbs.addObject(MassPoint({ physicsMass: 1, nodeNumber: node }));
    const marker = mbs.addMarker(MarkerNodePosition({ nodeNumber: node }));
    mbs.addLoad(LoadForceVector({ markerNumber: marker, loadVector: [0, 0, -9.81] }));
    contact.addSphereWithMarker(marker, r, 1e4, 20, 0);
    radii.push(r);
    nodes.push(node);
  });
  mbs.assemble();
  const settings = new SimulationSettings();
  settings.timeIntegration.endTime = 0.6;
  settings.timeIntegration.numberOfSteps = 600;
  settings.timeIntegration.verboseMode = 0;
  settings.solutionSettings.solutionWritePeriod = 0.01;
  settings.solutionSettings.outputPrecision = 16;
  settings.solutionSettings.coordinatesSolutionFileName = join(folder, 'balls.txt');
  mbs.solveDynamic(settings);
  return { mbs, nodes, radii };
}

/** Brute-force contact points of the spheres at the positions of a configuration: midway in each overlap, with its depth. */
function bruteForce(mbs: MainSystem, nodes: number[], radii: number[], configuration: ConfigurationType): number[][] {
  const p = nodes.map((n) => mbs.getNodeOutput(n, OutputVariableType.Position, configuration));
  const found: number[][] = [];
  for (let i = 0; i < p.length; i++) {
    for (let j = i + 1; j < p.length; j++) {
      const d = [0, 1, 2].map((k) => p[j][k] - p[i][k]);
      const distance = Math.hypot(...d);
      const gap = distance - radii[i] - radii[j];
      if (gap < 0) found.push([...d.map((x, k) => p[i][k] + (radii[i] + gap / 2) * x / distance), -gap]);
    }
  }
  return found.sort((a, b) => a[0] - b[0]);
}

describe('GeneralContact in the scene and the VTK export', () => {
  const { mbs, nodes, radii } = droppedBalls();
  const solution = loadSolutionFile(join(folder, 'balls.txt'));
  const contact = mbs.getGeneralContact(0);
  const activeAfterSolve = radii.map((_r, i) => contact.getActiveContacts(0, i));

  it('the scene has the spheres at every frame and exactly the overlapping pairs as contact points', () => {
    const scene = computeScene(mbs, solution);
    expect(scene.contacts).toHaveLength(1);
    const c = scene.contacts[0];
    expect(c.label).toBe('GeneralContact 0');
    expect(Array.from(decodeArray(c.radii))).toEqual(radii.map(Math.fround));
    const centers = decodeArray(c.centers), offsets = decodeArray(c.pointOffsets), points = decodeArray(c.points);
    const nFrames = solution.nRows;
    expect(nFrames).toBe(61);
    expect(centers.length).toBe(nFrames * 3 * radii.length);
    expect(offsets.length).toBe(nFrames + 1);
    let framesWithContact = 0, framesWithout = 0;
    for (let f = 0; f < nFrames; f++) {
      mbs.setStateFromSolution(solution, f, ConfigurationType.Visualization);
      // sphere centres: the node positions of the row, to float32 precision (|x| ≤ 0.5: 3e-8)
      nodes.forEach((n, i) => {
        const p = mbs.getNodeOutput(n, OutputVariableType.Position, ConfigurationType.Visualization);
        for (let k = 0; k < 3; k++) {
          expect(Math.abs(centers[3 * (f * radii.length + i) + k] - p[k])).toBeLessThan(3e-8);
          // the scene's bounds hold every sphere with its radius
          expect(scene.bounds.min[k]).toBeLessThanOrEqual(p[k] - radii[i] + 1e-15);
          expect(scene.bounds.max[k]).toBeGreaterThanOrEqual(p[k] + radii[i] - 1e-15);
        }
      });
      const expected = bruteForce(mbs, nodes, radii, ConfigurationType.Visualization);
      const drawn: number[][] = [];
      for (let k = offsets[f]; k < offsets[f + 1]; k++) drawn.push(Array.from(points.subarray(4 * k, 4 * k + 4)));
      drawn.sort((a, b) => a[0] - b[0]);
      expect(drawn.length, `frame ${f}`).toBe(expected.length);
      drawn.forEach((point, k) => point.forEach((x, d) => expect(Math.abs(x - expected[k][d])).toBeLessThan(1e-7)));
      if (drawn.length > 0) framesWithContact++; else framesWithout++;
    }
    // the balls fall free first, then touch the fixed spheres and roll off them (frictionless): both kinds of frames
    expect(framesWithContact).toBeGreaterThan(10);
    expect(framesWithout).toBeGreaterThan(5);
    // drawing searched on a grid of its own: the active contacts of the solve are unchanged
    expect(radii.map((_r, i) => contact.getActiveContacts(0, i))).toEqual(activeAfterSolve);
  });

  it('options: spheres and contact points can be switched off; bad options are named', () => {
    const noSpheres = computeScene(mbs, solution, { contact: { showSpheres: false } }).contacts[0];
    expect(noSpheres.radii.length).toBe(0);
    expect(noSpheres.centers.length).toBe(0);
    expect(noSpheres.points.length).toBeGreaterThan(0);
    const noPoints = computeScene(mbs, solution, { contact: { showContactPoints: false } }).contacts[0];
    expect(noPoints.points.length).toBe(0);
    expect(Array.from(decodeArray(noPoints.pointOffsets)).every((o) => o === 0)).toBe(true);
    expect(computeScene(mbs, solution, { contact: { showSpheres: false, showContactPoints: false } }).contacts).toEqual([]);
    expect(() => computeScene(mbs, solution, { contact: { showSphere: true } as never })).toThrow(/exportScene: 'options.contact.showSphere' is not an option of contact \(did you mean 'showSpheres'\?\)/);
    expect(() => computeScene(mbs, solution, { contact: { showSpheres: 1 } as never })).toThrow(/exportScene: contact.showSpheres must be true or false, got number 1/);
    expect(() => exportVTK(mbs, solution, folder, { contact: { showContactPoints: 'yes' } as never })).toThrow(/exportVTK: contact.showContactPoints must be true or false/);
  });

  it('exportVTK writes contact spheres (with Radius) and contact points (with Penetration) per row', () => {
    const rows = [0, 30, 60];
    const result = exportVTK(mbs, solution, join(folder, 'ballsVTK'), { rows });
    const sets = findAll(parseXml(readFileSync(result.pvdFile, 'utf8')), 'DataSet');
    // bodies (the mass points' default spheres) and both contact parts in every row
    expect(sets.map((d) => d.attributes.part)).toEqual(['1', '4', '5', '1', '4', '5', '1', '4', '5']);
    const array = (file: string, parent: string, name: string) => {
      const p = findAll(parseXml(readFileSync(file, 'utf8')), 'Piece')[0];
      const a = findAll(findAll(p, parent)[0], 'DataArray').find((e) => e.attributes.Name === name)!;
      return { piece: p, values: a.text.trim() === '' ? [] : a.text.trim().split(/\s+/).map(Number) };
    };
    rows.forEach((row, k) => {
      const [, spheresFile, pointsFile] = result.files[k];
      expect(spheresFile).toMatch(/ballsVTK[/\\]solution_contactSpheres_000\d\.vtp$/);
      const spheres = array(spheresFile, 'PointData', 'Radius');
      expect(Number(spheres.piece.attributes.NumberOfVerts)).toBe(radii.length);
      expect(spheres.values).toEqual(radii);
      mbs.setStateFromSolution(solution, row, ConfigurationType.Visualization);
      const centers = array(spheresFile, 'Points', 'Points').values;
      nodes.forEach((n, i) => {
        const p = mbs.getNodeOutput(n, OutputVariableType.Position, ConfigurationType.Visualization);
        for (let d = 0; d < 3; d++) expect(centers[3 * i + d]).toBeCloseTo(p[d], 14);
      });
      const expected = bruteForce(mbs, nodes, radii, ConfigurationType.Visualization);
      const depth = array(pointsFile, 'PointData', 'Penetration').values.sort((a, b) => a - b);
      expect(depth).toHaveLength(expected.length);
      expected.map((e) => e[3]).sort((a, b) => a - b).forEach((e, i) => expect(depth[i]).toBeCloseTo(e, 14));
    });
    // a row with contact points (t = 0.3: the balls are on the fixed spheres), so the comparison is not empty
    expect(Number(array(result.files[1][2], 'Points', 'Points').piece.attributes.NumberOfVerts)).toBeGreaterThan(0);
  });
});

describe('GeneralContact triangles and cable contacts in the scene and the VTK export', () => {
  it('static floor triangles once, the closest point of a ball on the floor and the middles of cable segments as contact points', () => {
    const mbs = new SystemContainer().addSystem();
    const contact = mbs.addGeneralContact();
    const floor: number[][] = [[-1, -1, 0], [1, -1, 0], [1, 1, 0], [-1, 1, 0]];
    const ground = mbs.addMarker(MarkerNodeRigid({ nodeNumber: mbs.addNode(NodePointGround({})) }));
    contact.addTrianglesRigidBodyBased(ground, 1e4, 0, 0, floor, [[0, 1, 2], [0, 2, 3]]);
    // a ball 2 mm into the floor at (0.3, 0.2), at rest on its contact (k in series 5e3: m g = 5e3·0.002 → m = 1.02)
    const ball = mbs.addNode(NodePoint({ referenceCoordinates: [0.3, 0.2, 0.098] }));
    mbs.addObject(MassPoint({ physicsMass: 1, nodeNumber: ball }));
    contact.addSphereWithMarker(mbs.addMarker(MarkerNodePosition({ nodeNumber: ball })), 0.1, 1e4, 0, 0);
    // a fixed circle (sphere) of radius 0.5 at (0, −2) and a straight cable element over it, 1 mm into it
    contact.addSphereWithMarker(mbs.addMarker(MarkerNodePosition({ nodeNumber: mbs.addNode(NodePointGround({ referenceCoordinates: [0, -2, 0] })) })), 0.5, 1e4, 0, 0);
    const n0 = mbs.addNode(Point2DS1({ referenceCoordinates: [-0.2, -1.501, 1, 0] })), n1 = mbs.addNode(Point2DS1({ referenceCoordinates: [0.2, -1.501, 1, 0] }));
    contact.addANCFCable(mbs.addObject(Cable2D({ physicsLength: 0.4, physicsMassPerLength: 1, physicsAxialStiffness: 1e4, physicsBendingStiffness: 1, nodeNumbers: [n0, n1] })), 0, 1e4, 0, 0);
    mbs.assemble();
    const nq = mbs.stateOf(ConfigurationType.Current).q.length;
    const solution = { times: [0, 1], coordinates: { rows: 2, columns: nq, row: () => new Float64Array(nq) } };
    const inBoxBefore = contact.getItemsInBox([-2, -3, -1], [2, 2, 1]);
    const scene = computeScene(mbs, solution);
    expect(contact.getItemsInBox([-2, -3, -1], [2, 2, 1])).toEqual(inBoxBefore);
    const c = scene.contacts[0];
    expect(c.nTriangles).toBe(2);
    expect(c.trianglesStatic).toBe(true);
    expect(Array.from(decodeArray(c.triangles))).toEqual([0, 1, 2, 0, 2, 3].flatMap((k) => floor[k]));
    const points = decodeArray(c.points), offsets = decodeArray(c.pointOffsets);
    expect(Array.from(offsets)).toEqual([0, 2, 4]);
    // the ball on the floor: the closest point below its centre, 2 mm deep; the cable segment's middle (0, −1.501), 1 mm deep
    const found = [0, 1].map((k) => Array.from(points.subarray(4 * k, 4 * k + 4))).sort((a, b) => b[1] - a[1]);
    [0.3, 0.2, 0, 0.002].forEach((x, k) => expect(found[0][k]).toBeCloseTo(x, 6));
    [0, -1.501, 0, 0.001].forEach((x, k) => expect(found[1][k]).toBeCloseTo(x, 6));
    // without triangles
    expect(computeScene(mbs, solution, { contact: { showTriangles: false } }).contacts[0].nTriangles).toBe(0);
    const settings = new SimulationSettings();
    settings.timeIntegration.endTime = 1e-3;
    settings.timeIntegration.numberOfSteps = 2;
    settings.timeIntegration.verboseMode = 0;
    settings.solutionSettings.coordinatesSolutionFileName = join(folder, 'triangles.txt');
    mbs.solveDynamic(settings);
    const result = exportVTK(mbs, loadSolutionFile(join(folder, 'triangles.txt')), join(folder, 'trianglesVTK'), { rows: [0] });
    const file = result.files[0].find((f) => f.includes('contactTriangles'))!;
    const piece = findAll(parseXml(readFileSync(file, 'utf8')), 'Piece')[0];
    expect(Number(piece.attributes.NumberOfPolys)).toBe(2);
    expect(Number(piece.attributes.NumberOfPoints)).toBe(6);
    // the VTK contact points of row 0 (the initial state): the ball's on the floor and the cable segment's, with their depths
    const pointsPiece = findAll(parseXml(readFileSync(result.files[0].find((f) => f.includes('contactPoints'))!, 'utf8')), 'Piece')[0];
    expect(Number(pointsPiece.attributes.NumberOfVerts)).toBe(2);
    const values = (parent: string, name: string) => findAll(findAll(pointsPiece, parent)[0], 'DataArray').find((e) => e.attributes.Name === name)!.text.trim().split(/\s+/).map(Number);
    const penetration = values('PointData', 'Penetration'), xyz = values('Points', 'Points');
    const byDepth = [0, 1].sort((a, b) => penetration[a] - penetration[b]);
    [0, -1.501, 0, 0.001].forEach((x, k) => expect(k < 3 ? xyz[3 * byDepth[0] + k] : penetration[byDepth[0]]).toBeCloseTo(x, 6));
    [0.3, 0.2, 0, 0.002].forEach((x, k) => expect(k < 3 ? xyz[3 * byDepth[1] + k] : penetration[byDepth[1]]).toBeCloseTo(x, 6));
  });
});
