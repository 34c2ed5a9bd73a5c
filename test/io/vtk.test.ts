import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  SystemContainer, SimulationSettings, OutputVariableType, ConfigurationType, ObjectGround, MarkerBodyRigid, MarkerBodyPosition, GenericJoint, Force, NodeType,
  RigidBodyInertia, graphics, loadSolutionFile, exportVTK, FEMinterface, ObjectFFRFreducedOrderInterface, ObjectFFRFinterface, createBlockMesh, parseSolutionFile, type MainSystem,
} from '../../src/node.ts';
import { findAll, parseXml, type XmlElement } from './xml.ts';

const folder = mkdtempSync(join(tmpdir(), 'flexdyn-vtk-'));

/** Values of a DataArray (ASCII or VTK base64 binary with a UInt32 byte-count header). */
function values(array: XmlElement): number[] {
  if (array.attributes.format === 'ascii') return array.text.trim() === '' ? [] : array.text.trim().split(/\s+/).map(Number);
  const bytes = Buffer.from(array.text.trim(), 'base64');
  const count = bytes.readUInt32LE(0);
  const body = new Uint8Array(count);
  body.set(bytes.subarray(4, 4 + count));
  const type = array.attributes.type;
  const typed = type === 'Float64' ? new Float64Array(body.buffer) : type === 'Float32' ? new Float32Array(body.buffer) : new Int32Array(body.buffer);
  return Array.from(typed);
}

function piece(file: string): { piece: XmlElement; array: (parent: string, name: string) => number[]; components: (parent: string, name: string) => number } {
  const root = parseXml(readFileSync(file, 'utf8'));
  expect(root.name).toBe('VTKFile');
  expect(root.attributes.type).toBe('PolyData');
  const p = findAll(root, 'Piece')[0];
  const find = (parent: string, name: string) => {
    const arrays = findAll(findAll(p, parent)[0], 'DataArray').filter((a) => a.attributes.Name === name);
    expect(arrays, `${parent}/${name} in ${file}`).toHaveLength(1);
    return arrays[0];
  };
  return { piece: p, array: (parent, name) => values(find(parent, name)), components: (parent, name) => Number(find(parent, name).attributes.NumberOfComponents) };
}

const EA = 1e4, GA = 5e3, EI = [2, 1, 1.5];

/**
 * Straight Cosserat rod along x (L = 1), clamped at s = 0, axial tip force ramped by the static load factor: seed 000's
 * element (R12, displacement) or the defaults (quaternion, mixed: its stresses are coordinates of the solution file too).
 */
function axialRod(F: number, element: 'R12 displacement' | 'default'): MainSystem {
  const mbs = new SystemContainer().addSystem();
  const { objectNumber } = mbs.createCosseratRod({ ...(element === 'default' ? {} : { interpolation: 'R12', formulation: 'displacement' } as const),
    centerline: { type: 'Straight', length: 1 }, numberOfElements: 4, polynomialDegree: 2,
    physicsAxialShearStiffness: [EA, GA, GA], physicsBendingTorsionStiffness: EI, physicsMassPerLength: 1, physicsInertiaPerLength: [1e-3, 1e-3, 1e-3],
  });
  const ground = mbs.addObject(ObjectGround({}));
  mbs.addObject(GenericJoint({ markerNumbers: [mbs.addMarker(MarkerBodyRigid({ bodyNumber: ground })), mbs.addMarker(MarkerBodyRigid({ bodyNumber: objectNumber }))] }));
  mbs.addLoad(Force({ markerNumber: mbs.addMarker(MarkerBodyPosition({ bodyNumber: objectNumber, localPosition: [1, 0, 0] })), loadVector: [F, 0, 0] }));
  mbs.assemble();
  return mbs;
}

describe('exportVTK', () => {
  for (const element of ['R12 displacement', 'default'] as const) it(`rods as tubes (${element}): counts, radius from the stiffness, centerline and section outputs (axial force N = λF, strain N/EA) in every frame`, () => {
    const F = 50;
    const mbs = axialRod(F, element);
    const settings = new SimulationSettings();
    settings.staticSolver.numberOfLoadSteps = 4;
    settings.staticSolver.verboseMode = 0;
    settings.solutionSettings.coordinatesSolutionFileName = join(folder, 'rod.txt');
    mbs.solveStatic(settings);
    const solution = loadSolutionFile(join(folder, 'rod.txt'));
    expect(solution.nRows).toBe(5);
    const samples = 9;
    const m = 12;
    const result = exportVTK(mbs, solution, join(folder, 'rodVTK'), { baseName: 'axial', rodSamples: samples, rodCircumferentialPoints: m });
    // the collection lists one rod file per row (no bodies: the ground has no graphics), at the solution times
    const pvd = parseXml(readFileSync(result.pvdFile, 'utf8'));
    expect(pvd.attributes.type).toBe('Collection');
    // (part 3 = the clamp joint in the connectors file)
    const sets = findAll(pvd, 'DataSet').filter((d) => d.attributes.part === '0');
    expect(sets.map((d) => Number(d.attributes.timestep))).toEqual([0, 0.25, 0.5, 0.75, 1]);
    expect(sets.map((d) => d.attributes.file)).toEqual(['axial_rods_0000.vtp', 'axial_rods_0001.vtp', 'axial_rods_0002.vtp', 'axial_rods_0003.vtp', 'axial_rods_0004.vtp']);
    // circular-section radius √(2(EI₂ + EI₃)/EA)
    const radius = Math.sqrt((2 * (EI[1] + EI[2])) / EA);
    result.files.forEach(([file], k) => {
      expect(dirname(file)).toBe(join(folder, 'rodVTK'));
      const { piece: p, array, components } = piece(file);
      expect(Number(p.attributes.NumberOfPoints)).toBe(samples * m + 2);
      expect(Number(p.attributes.NumberOfPolys)).toBe((samples - 1) * m + 2 * m);
      const points = array('Points', 'Points');
      expect(points).toHaveLength(3 * (samples * m + 2));
      const offsets = array('Polys', 'offsets');
      expect(offsets).toHaveLength((samples - 1) * m + 2 * m);
      const connectivity = array('Polys', 'connectivity');
      expect(connectivity).toHaveLength(4 * (samples - 1) * m + 3 * 2 * m);
      expect(Math.max(...connectivity)).toBe(samples * m + 1);
      expect(array('CellData', 'ObjectIndex').every((i) => i === 0)).toBe(true);
      for (const name of ['StrainLocal', 'CurvatureLocal', 'ForceLocal', 'TorqueLocal']) expect(components('PointData', name)).toBe(3);
      // ranges: magnitude range for vectors (|ForceLocal| = λF everywhere), value range for scalars
      const forceArray = findAll(findAll(p, 'PointData')[0], 'DataArray').find((a) => a.attributes.Name === 'ForceLocal')!;
      expect(Math.abs(Number(forceArray.attributes.RangeMax) - solution.times[result.rows[k]] * F)).toBeLessThan(1e-6 * F);
      const arcArray = findAll(findAll(p, 'PointData')[0], 'DataArray').find((a) => a.attributes.Name === 'ArcLength')!;
      expect([Number(arcArray.attributes.RangeMin), Number(arcArray.attributes.RangeMax)]).toEqual([0, 1]);
      const force = array('PointData', 'ForceLocal');
      const strain = array('PointData', 'StrainLocal');
      const torque = array('PointData', 'TorqueLocal');
      const arc = array('PointData', 'ArcLength');
      const lambda = solution.times[result.rows[k]];
      // axial force is exactly the load everywhere (statically determinate), up to the Newton tolerance and 10 written digits
      for (let i = 0; i < force.length / 3; i++) {
        expect(Math.abs(force[3 * i] - lambda * F)).toBeLessThan(1e-6 * F);
        expect(Math.abs(force[3 * i + 1]) + Math.abs(force[3 * i + 2])).toBeLessThan(1e-6 * F);
        expect(Math.abs(strain[3 * i] - (lambda * F) / EA)).toBeLessThan(1e-9);
        expect(Math.abs(torque[3 * i]) + Math.abs(torque[3 * i + 1]) + Math.abs(torque[3 * i + 2])).toBeLessThan(1e-6);
      }
      // ring points: at distance radius from the straight axis, at x = s (1 + ε)
      for (let i = 0; i < samples * m; i++) {
        const [x, y, z] = points.slice(3 * i, 3 * i + 3);
        expect(Math.abs(Math.hypot(y, z) - radius)).toBeLessThan(1e-9);
        expect(Math.abs(x - arc[i] * (1 + (lambda * F) / EA))).toBeLessThan(1e-9);
      }
    });
    // the last frame's centerline is the solved end state
    const { array } = piece(result.files[4][0]);
    const points = array('Points', 'Points');
    const tip = mbs.getObjectOutputBody(0, OutputVariableType.Position, [1, 0, 0]);
    const endCenter = points.slice(3 * (samples * m + 1), 3 * (samples * m + 2));
    for (let d = 0; d < 3; d++) expect(Math.abs(endCenter[d] - tip[d])).toBeLessThan(1e-9);
  });

  it('curved rods: rings of the visualization radius perpendicular to the centerline tangent (helix)', () => {
    const mbs = new SystemContainer().addSystem();
    const rod = mbs.createCosseratRod({ interpolation: 'R12', formulation: 'displacement',
      centerline: { type: 'Helix', radius: 0.1, pitch: 0.05, turns: 1.5 }, numberOfElements: 24, polynomialDegree: 2,
      physicsAxialShearStiffness: [EA, GA, GA], physicsBendingTorsionStiffness: EI, physicsMassPerLength: 1, physicsInertiaPerLength: [1e-3, 1e-3, 1e-3],
    });
    mbs.modifyObject(rod.objectNumber, { visualization: { radius: 0.004 } });
    mbs.assemble();
    const settings = new SimulationSettings();
    settings.timeIntegration.endTime = 0.01;
    settings.timeIntegration.numberOfSteps = 1;
    settings.timeIntegration.verboseMode = 0;
    settings.solutionSettings.coordinatesSolutionFileName = join(folder, 'helix.txt');
    mbs.solveDynamic(settings);
    const samples = 61;
    const m = 8;
    const result = exportVTK(mbs, loadSolutionFile(join(folder, 'helix.txt')), join(folder, 'helixVTK'), { rodSamples: samples, rodCircumferentialPoints: m });
    const { array } = piece(result.files[1][0]);
    const points = array('Points', 'Points');
    const centers: number[][] = [];
    for (let i = 0; i < samples; i++) {
      const c = [0, 1, 2].map((d) => { let sum = 0; for (let j = 0; j < m; j++) sum += points[3 * (i * m + j) + d]; return sum / m; });
      centers.push(c);
    }
    // the ring centres lie on the rod centerline (exact mean of a regular polygon) and match the rod output
    const mid = mbs.getObjectOutputBody(rod.objectNumber, OutputVariableType.Position, [rod.length / 2, 0, 0]);
    for (let d = 0; d < 3; d++) expect(Math.abs(centers[30][d] - mid[d])).toBeLessThan(1e-12);
    for (let i = 1; i + 1 < samples; i++) {
      const t = [0, 1, 2].map((d) => centers[i + 1][d] - centers[i - 1][d]);
      const lt = Math.hypot(t[0], t[1], t[2]);
      // the cross-section axes e₂, e₃ of the rod's rotation output at s, made orthonormal (R12 matrices are orthogonal at nodes only)
      const A = mbs.getObjectOutputBody(rod.objectNumber, OutputVariableType.RotationMatrix, [(rod.length * i) / (samples - 1), 0, 0]);
      const e2 = [A[1], A[4], A[7]].map((x, _, a) => x / Math.hypot(a[0], a[1], a[2]));
      const dot = A[2] * e2[0] + A[5] * e2[1] + A[8] * e2[2];
      const e3raw = [A[2] - dot * e2[0], A[5] - dot * e2[1], A[8] - dot * e2[2]];
      const e3 = e3raw.map((x) => x / Math.hypot(e3raw[0], e3raw[1], e3raw[2]));
      for (let j = 0; j < m; j++) {
        const v = [0, 1, 2].map((d) => points[3 * (i * m + j) + d] - centers[i][d]);
        const phi = (2 * Math.PI * j) / m;
        // state of the file = end state to 10 digits: 1e-10 relative of O(0.1) coordinates
        for (let d = 0; d < 3; d++) expect(Math.abs(v[d] - 0.004 * (Math.cos(phi) * e2[d] + Math.sin(phi) * e3[d]))).toBeLessThan(1e-10);
        // the section is perpendicular to the centerline up to the rod's discretization (shear-free reference, 24 quadratic elements)
        expect(Math.abs((v[0] * t[0] + v[1] * t[1] + v[2] * t[2]) / (lt * 0.004))).toBeLessThan(5e-3);
      }
    }
    // reference helix: no section forces (curvature and strain relative to the reference vanish)
    expect(Math.max(...array('PointData', 'CurvatureLocal').map(Math.abs))).toBeLessThan(1e-6);
  });

  it('bodies from their graphics data at the pose of each row (base64 encoding), ground graphics fixed', () => {
    const mbs = new SystemContainer().addSystem();
    const brick = graphics.Brick({ size: [0.4, 0.1, 0.05], color: [1, 0, 0, 1] });
    const groundGraphics = graphics.Brick({ centerPoint: [0, 0.1, 0], size: [0.1, 0.1, 0.1], color: [0, 0, 1, 1] });
    const ground = mbs.addObject(ObjectGround({ visualization: { graphicsData: [groundGraphics] } }));
    const inertia = new RigidBodyInertia({ mass: 1, inertiaTensor: [[0.01, 0, 0], [0, 0.02, 0], [0, 0, 0.03]] });
    const body = mbs.createRigidBody({
      inertia, referencePosition: [0.2, 0, 0], nodeType: NodeType.RotationEulerParameters, initialAngularVelocity: [0, 0, 2],
      gravity: [0, -9.81, 0], graphicsDataList: [brick, graphics.Lines([[0, 0, 0], [0.2, 0, 0], [0.2, 0.1, 0]], { color: [0, 1, 0, 1] })],
    });
    mbs.createRevoluteJoint({ bodyNumbers: [ground, body], position: [0, 0, 0], axis: [0, 0, 1] });
    mbs.assemble();
    const settings = new SimulationSettings();
    settings.timeIntegration.endTime = 0.2;
    settings.timeIntegration.numberOfSteps = 40;
    settings.timeIntegration.verboseMode = 0;
    settings.solutionSettings.solutionWritePeriod = 0.05;
    settings.solutionSettings.coordinatesSolutionFileName = join(folder, 'pendulum.txt');
    mbs.solveDynamic(settings);
    const solution = loadSolutionFile(join(folder, 'pendulum.txt'));
    expect(solution.nRows).toBe(5);
    const result = exportVTK(mbs, solution, join(folder, 'pendulumVTK'), { encoding: 'base64', rows: [0, 2, 4] });
    expect(result.files.map((f) => f.length)).toEqual([2, 2, 2]); // bodies and the revolute joint's connectors file
    const sets = findAll(parseXml(readFileSync(result.pvdFile, 'utf8')), 'DataSet');
    expect(sets.map((d) => Number(d.attributes.timestep))).toEqual([0, 0, 0.1, 0.1, 0.2, 0.2]);
    expect(sets.map((d) => d.attributes.part)).toEqual(['1', '3', '1', '3', '1', '3']);
    const nPoints = 24 + 24 + 3;
    result.files.forEach(([file], k) => {
      const { piece: p, array, components } = piece(file);
      expect(Number(p.attributes.NumberOfPoints)).toBe(nPoints);
      expect(Number(p.attributes.NumberOfPolys)).toBe(24);
      expect(Number(p.attributes.NumberOfLines)).toBe(1);
      expect(components('PointData', 'Color')).toBe(4);
      // cells: the line first, then the ground's and the body's triangles
      expect(array('CellData', 'ObjectIndex')).toEqual([1, ...new Array(12).fill(0), ...new Array(12).fill(1)]);
      const points = array('Points', 'Points');
      const colors = array('PointData', 'Color');
      // ground brick unchanged
      for (let i = 0; i < 24; i++) {
        for (let d = 0; d < 3; d++) expect(points[3 * i + d]).toBeCloseTo(groundGraphics.points[3 * i + d], 14);
        expect(colors.slice(4 * i, 4 * i + 4)).toEqual([0, 0, 1, 1]);
      }
      // body points = r + A·x_local with the body pose of this row (set through setStateFromSolution)
      mbs.setStateFromSolution(solution, result.rows[k]);
      const r = mbs.getObjectOutputBody(body, OutputVariableType.Position, [0, 0, 0]);
      const A = mbs.getObjectOutputBody(body, OutputVariableType.RotationMatrix, [0, 0, 0]);
      const local = [...brick.points, 0, 0, 0, 0.2, 0, 0, 0.2, 0.1, 0];
      for (let i = 0; i < 27; i++) {
        for (let d = 0; d < 3; d++) {
          const expected = r[d] + A[3 * d] * local[3 * i] + A[3 * d + 1] * local[3 * i + 1] + A[3 * d + 2] * local[3 * i + 2];
          expect(Math.abs(points[3 * (24 + i) + d] - expected)).toBeLessThan(1e-14);
        }
      }
      expect(colors.slice(4 * 24, 4 * 25)).toEqual([1, 0, 0, 1]);
      expect(colors.slice(4 * 48, 4 * 49)).toEqual([0, 1, 0, 1]);
    });
    // the pendulum turned: the line end (local [0.2, 0.1, 0], global [0.4, 0.1, 0] at t = 0) moved
    const first = piece(result.files[0][0]).array('Points', 'Points');
    const last = piece(result.files[2][0]).array('Points', 'Points');
    expect([first[150], first[151]]).toEqual([0.4, 0.1]);
    expect(Math.hypot(first[150] - last[150], first[151] - last[151])).toBeGreaterThan(0.05);
    expect(() => exportVTK(mbs, solution, folder, { rows: [5] })).toThrow(/rows must be integers in 0 … 4, got 5/);
    expect(() => exportVTK(mbs, solution, folder, { baseName: 'a/b' })).toThrow(/baseName must consist of/);
  });

  it('FFRF meshes (super elements): mesh nodes at their positions, surface triangles, Displacement = position − reference; vertices without triangleMesh', () => {
    const fem = new FEMinterface();
    fem.importMesh(createBlockMesh({ size: [1, 0.1, 0.1], divisions: [6, 1, 1] }));
    fem.computeMassAndStiffness({ youngsModulus: 1e7, poissonsRatio: 0.3, density: 1000 });
    fem.computeEigenmodes(4, 6);
    const build = (withTriangles: boolean) => {
      const mbs = new SystemContainer().addSystem();
      const items = new ObjectFFRFreducedOrderInterface(fem).addObjectFFRFreducedOrder(mbs, { initialAngularVelocity: [0, 0, 5], initialVelocity: [0.1, 0, 0] });
      // addObjectFFRFreducedOrder sets the surface triangles (Exudyn's triangleMesh); remove them for the vertex case
      if (!withTriangles) mbs.modifyObject(items.oFFRFreducedOrder, { visualization: { triangleMesh: [] } });
      mbs.assemble();
      return { mbs, items };
    };
    const { mbs } = build(true);
    const settings = new SimulationSettings();
    settings.timeIntegration.endTime = 0.1;
    settings.timeIntegration.numberOfSteps = 20;
    settings.timeIntegration.verboseMode = 0;
    settings.solutionSettings.solutionWritePeriod = 0.05;
    settings.solutionSettings.coordinatesSolutionFileName = join(folder, 'ffrf.txt');
    mbs.solveDynamic(settings);
    const solution = loadSolutionFile(join(folder, 'ffrf.txt'));
    expect(solution.nRows).toBe(3);
    const nNodes = fem.numberOfNodes();
    const triangles = fem.getSurfaceTriangles();
    const reference = fem.getNodePositionsAsArray();
    const result = exportVTK(mbs, solution, join(folder, 'ffrfVTK'));
    expect(findAll(parseXml(readFileSync(result.pvdFile, 'utf8')), 'DataSet').map((d) => d.attributes.part)).toEqual(['2', '2', '2']);
    result.files.forEach(([file], k) => {
      const { piece: p, array, components } = piece(file);
      expect(Number(p.attributes.NumberOfPoints)).toBe(nNodes);
      expect(Number(p.attributes.NumberOfPolys)).toBe(triangles.length / 3);
      expect(array('Polys', 'connectivity')).toEqual(Array.from(triangles));
      expect(components('PointData', 'Displacement')).toBe(3);
      const points = array('Points', 'Points');
      const displacement = array('PointData', 'Displacement');
      const local = array('PointData', 'DisplacementLocal');
      // reference frame at the origin with A_ref = I: Displacement = p − x̄ (exact up to round-off of O(1) coordinates)
      for (let i = 0; i < nNodes; i++) for (let d = 0; d < 3; d++) expect(Math.abs(displacement[3 * i + d] - (points[3 * i + d] - reference.get(i, d)))).toBeLessThan(1e-14);
      // the body moves and spins (0.1 m/s, 5 rad/s): the far end moved by more than 0.2 mm per 0.05 s, the flexible part stays small
      const t = solution.times[k];
      const far = fem.getNodeAtPoint([1, 0.1, 0.1]);
      if (k > 0) expect(Math.hypot(displacement[3 * far], displacement[3 * far + 1])).toBeGreaterThan(0.2 * t);
      expect(Math.max(...local.map(Math.abs))).toBeLessThan(1e-2 * Math.max(1e-12, Math.max(...displacement.map(Math.abs))) + 1e-12);
    });
    // the full FFRF object through the same capability: a one-row solution of the reference state, frame at [0, 0, 1]
    const full = new SystemContainer().addSystem();
    const ffrf = new ObjectFFRFinterface(fem);
    const fullItems = ffrf.addObjectFFRF(full, { positionRef: [0, 0, 1] });
    full.modifyObject(fullItems.oFFRF, { visualization: { triangleMesh: Array.from(ffrf.triangles) } });
    full.assemble();
    const nq = full.compiled().nq;
    const zeroRow = parseSolutionFile([
      '#number of written coordinates [nODE2, nVel2, nAcc2, nODE1, nVel1, nAlgebraic, nData] = [' + nq + ',0,0,0,0,0,0]',
      ['0', ...new Array<string>(nq).fill('0')].join(','),
    ].join('\n'), 'reference');
    const fullExport = exportVTK(full, zeroRow, join(folder, 'ffrfFull'));
    const fullPiece = piece(fullExport.files[0][0]);
    expect(Number(fullPiece.piece.attributes.NumberOfPoints)).toBe(nNodes);
    expect(Number(fullPiece.piece.attributes.NumberOfPolys)).toBe(triangles.length / 3);
    const fullPoints = fullPiece.array('Points', 'Points');
    for (let i = 0; i < nNodes; i++) for (let d = 0; d < 3; d++) expect(Math.abs(fullPoints[3 * i + d] - reference.get(i, d) - (d === 2 ? 1 : 0))).toBeLessThan(1e-15);
    expect(Math.max(...fullPiece.array('PointData', 'Displacement').map(Math.abs))).toBe(0);

    // without triangleMesh: one vertex cell per mesh node
    const bare = build(false).mbs;
    const vertices = exportVTK(bare, solution, join(folder, 'ffrfVertices'), { rows: [2] });
    const { piece: p, array } = piece(vertices.files[0][0]);
    expect(Number(p.attributes.NumberOfVerts)).toBe(nNodes);
    expect(Number(p.attributes.NumberOfPolys)).toBe(0);
    expect(array('Verts', 'offsets')).toEqual(Array.from({ length: nNodes }, (_, i) => i + 1));
  });

  it('connectors: spring coils and joint axes/points in a connectors file per row; graphics user functions in the bodies file', () => {
    const mbs = new SystemContainer().addSystem();
    const g = [0, -9.81, 0];
    let massNumber = -1;
    const ground = mbs.addObject(ObjectGround({
      visualization: {
        graphicsDataUserFunction: ((m: MainSystem) => [graphics.Sphere({ point: m.getObjectOutputBody(massNumber, OutputVariableType.Position, [0, 0, 0], ConfigurationType.Visualization), radius: 0.05, nTiles: 4 })]) as never,
      },
    }));
    const inertia = new RigidBodyInertia({ mass: 1, inertiaTensor: [[0.01, 0, 0], [0, 0.02, 0], [0, 0, 0.03]] });
    const body = mbs.createRigidBody({ inertia, referencePosition: [0.3, 0, 0], gravity: g, graphicsDataList: [graphics.Brick({ size: [0.6, 0.05, 0.05] })] });
    const hinge = mbs.createRevoluteJoint({ bodyNumbers: [ground, body], position: [0, 0, 0], axis: [0, 0, 1], axisRadius: 0.02, axisLength: 0.1 });
    massNumber = mbs.createMassPoint({ referencePosition: [-0.5, -0.4, 0], physicsMass: 0.3, gravity: g });
    const spring = mbs.createSpringDamper({ bodyNumbers: [ground, massNumber], localPosition0: [-0.5, 0, 0], stiffness: 40, drawSize: 0.06 });
    const rope = mbs.createDistanceConstraint({ bodyNumbers: [body, massNumber], localPosition0: [0.3, 0, 0] });
    mbs.assemble();
    const settings = new SimulationSettings();
    settings.timeIntegration.endTime = 0.2;
    settings.timeIntegration.numberOfSteps = 40;
    settings.timeIntegration.verboseMode = 0;
    settings.solutionSettings.solutionWritePeriod = 0.1;
    settings.solutionSettings.outputPrecision = 16;
    settings.solutionSettings.coordinatesSolutionFileName = join(folder, 'connectors.txt');
    mbs.solveDynamic(settings);
    const solution = loadSolutionFile(join(folder, 'connectors.txt'));
    const result = exportVTK(mbs, solution, join(folder, 'connectorsVTK'), { springNumberOfWindings: 5 });
    const sets = findAll(parseXml(readFileSync(result.pvdFile, 'utf8')), 'DataSet');
    expect(sets.filter((d) => d.attributes.part === '3').map((d) => d.attributes.file)).toEqual(['solution_connectors_0000.vtp', 'solution_connectors_0001.vtp', 'solution_connectors_0002.vtp']);
    const C = ConfigurationType.Current; // the last row is the end state (16 digits)
    const massPosition = mbs.getObjectOutputBody(massNumber, OutputVariableType.Position, [0, 0, 0], C);
    const { piece: p, array } = piece(result.files[2].find((f) => f.includes('_connectors_'))!);
    const nCoil = 5 * 12 + 3;
    // in object order: the revolute joint's axis and hinge lines, the coil polyline, the distance constraint's line
    // and its two end spheres as vertices (cells: vertices first)
    expect(Number(p.attributes.NumberOfLines)).toBe(4);
    expect(Number(p.attributes.NumberOfVerts)).toBe(2);
    expect(Number(p.attributes.NumberOfPoints)).toBe(nCoil + 8);
    expect(array('Lines', 'offsets')).toEqual([2, 4, nCoil + 4, nCoil + 6]);
    expect(array('Lines', 'connectivity')).toEqual(Array.from({ length: nCoil + 6 }, (_, i) => i));
    expect(array('Verts', 'connectivity')).toEqual([nCoil + 6, nCoil + 7]);
    expect(hinge).toBeLessThan(spring);
    expect(spring).toBeLessThan(rope);
    expect(array('CellData', 'ObjectIndex')).toEqual([rope, rope, hinge, hinge, spring, rope]);
    const points = array('Points', 'Points');
    const near = (a: ArrayLike<number>, b: ArrayLike<number>, tol: number) => { for (let k = 0; k < 3; k++) expect(Math.abs(a[k] - b[k])).toBeLessThan(tol); };
    near(points.slice(12, 15), [-0.5, 0, 0], 1e-15); // coil from the ground point …
    near(points.slice(3 * (nCoil + 3), 3 * (nCoil + 4)), massPosition, 1e-12); // … to the mass point
    const axis = points.slice(0, 6);
    near(axis, [0, 0, -0.06], 1e-15); // axis on the ground marker: z from −0.6·axisLength …
    near(axis.slice(3), [0, 0, 0.06], 1e-15); // … to +0.6·axisLength
    const hingeLine = points.slice(6, 12);
    const jointPoint = mbs.getObjectOutputBody(body, OutputVariableType.Position, [-0.3, 0, 0], C); // on the hinge axis, ≈ origin
    near(hingeLine, [jointPoint[0], jointPoint[1], jointPoint[2] - 0.05], 1e-9); // hinge of axisLength along the body's z (= global z)
    near(hingeLine.slice(3), [jointPoint[0], jointPoint[1], jointPoint[2] + 0.05], 1e-9);
    const tip = mbs.getObjectOutputBody(body, OutputVariableType.Position, [0.3, 0, 0], C);
    for (const [k, q] of [[nCoil + 4, tip], [nCoil + 5, massPosition], [nCoil + 6, tip], [nCoil + 7, massPosition]] as const) near(points.slice(3 * k, 3 * k + 3), q, 1e-12);
    expect(Math.hypot(massPosition[0] + 0.5, massPosition[1] + 0.4)).toBeGreaterThan(0.01); // the mass moved: the coil end is not the reference
    // the user function's sphere follows the brick in the bodies file, centred at the mass point of the row
    const bodies = piece(result.files[2].find((f) => f.includes('_bodies_'))!);
    const bodyPoints = bodies.array('Points', 'Points');
    const sphere = bodyPoints.slice(3 * 24); // after the brick's 24 points
    const mean = [0, 1, 2].map((k) => sphere.filter((_, i) => i % 3 === k).reduce((a, b) => a + b, 0) / (sphere.length / 3));
    near(mean, massPosition, 1e-12);
    expect(bodies.array('CellData', 'ObjectIndex').filter((i) => i === ground).length).toBeGreaterThan(0);
  });
});
