import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { OutputVariableType, SensorObject, loadSolutionFile, computeScene, exportVTK, decodeArray } from '../../src/node.ts';
import { dynamicSettings } from '../helpers/settings.ts';
import { pointsPerElement, rod, rodOnPlane } from '../../examples/frictionValidation.ts';
import { findAll, parseXml } from '../io/xml.ts';

/*
 * ObjectContactRodPlane's outputs as sensors read them (contact force, gaps, slip speeds, contact points, slip velocities)
 * and its contact points in the browser scene and the VTK export.
 */

const folder = mkdtempSync(join(tmpdir(), 'flexdyn-rodPlaneOutputs-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

/** PyElastica's axial friction case, sliding: F = 9 N along the rod (μ_k = 0.4 forward), 0.1 s at h = 5e-4, solution file every 0.01 s. */
function slidingRod() {
  const F = 9, muK = 0.4, T = 0.1;
  const { mbs, contactNumber } = rodOnPlane({ normal: [0, 0, 1], direction: [1, 0, 0], extraLoadPerMass: [F / rod.mass, 0, 0], staticFriction: [0.8, 0.4, 0.4], dynamicFriction: [muK, 0.2, 0.2] });
  const sensors = [OutputVariableType.Force, OutputVariableType.DisplacementLocal, OutputVariableType.VelocityLocal, OutputVariableType.Position, OutputVariableType.Velocity]
    .map((outputVariableType) => mbs.addSensor(SensorObject({ objectNumber: contactNumber, outputVariableType, storeInternal: true })));
  mbs.assemble();
  const settings = dynamicSettings(T, 200);
  settings.solutionSettings.writeSolutionToFile = true;
  settings.solutionSettings.solutionWritePeriod = 0.01;
  settings.solutionSettings.outputPrecision = 16;
  settings.solutionSettings.coordinatesSolutionFileName = join(folder, 'rod.txt');
  settings.solutionSettings.sensorsWritePeriod = 0.01;
  mbs.solveDynamic(settings);
  return { mbs, contactNumber, sensors, F, muK, T, solution: loadSolutionFile(join(folder, 'rod.txt')) };
}

describe('ObjectContactRodPlane outputs and drawing', () => {
  const { mbs, contactNumber, sensors, F, muK, T, solution } = slidingRod();
  const points = 8 * pointsPerElement, weight = rod.mass * rod.g;

  it('sensorsReadTheContactForceGapsSlipSpeedsContactPointsAndSlipVelocities', () => {
    const [force, gap, speed, position, velocity] = sensors.map((s) => mbs.getSensorStoredData(s));
    expect(force.length).toBe(11);
    const last = (rows: number[][]) => rows[rows.length - 1];
    expect(last(force)[0]).toBeCloseTo(T, 12);
    // sliding: the total friction is −μ_k m g along x and the normal force carries the weight (the contact damping has
    // settled the small bounce of the start: 1e-6 relative asserted, measured below 1e-9)
    expect(Math.abs(last(force)[1] / (-muK * weight) - 1)).toBeLessThan(1e-6);
    expect(Math.abs(last(force)[3] / weight - 1)).toBeLessThan(1e-6);
    expect(last(gap).length).toBe(1 + points);
    expect(last(position).length).toBe(1 + 3 * points);
    expect(last(velocity).length).toBe(1 + 3 * points);
    // per point: the contact point r − R n lies at the gap below the plane z = 0 (an identity of the geometry), the slip
    // speed is the norm of the slip velocity, and the slip velocity is the rod's speed (F − μ_k m g) t/m along x (the
    // closed form; the first steps in the stick zone make it 5.5e-3 smaller at t = 0.1 s, asserted 1e-2)
    const v = (F - muK * weight) * T / rod.mass;
    for (let k = 0; k < points; k++) {
      const g = last(gap)[1 + k], p = last(position).slice(1 + 3 * k, 4 + 3 * k), w = last(velocity).slice(1 + 3 * k, 4 + 3 * k);
      expect(g).toBeLessThan(0);
      expect(Math.abs(p[2] - g)).toBeLessThan(1e-15);
      expect(Math.abs(Math.hypot(w[0], w[1], w[2]) - last(speed)[1 + k])).toBeLessThan(1e-14);
      expect(Math.abs(w[0] / v - 1)).toBeLessThan(1e-2);
      expect(Math.abs(w[1]) + Math.abs(w[2])).toBeLessThan(1e-6 * v);
    }
  });

  it('theSceneDrawsTheContactPointsWithTheirPenetrationInEveryFrame', () => {
    const scene = computeScene(mbs, solution);
    const entry = scene.contacts.find((c) => c.label === `ObjectContactRodPlane #${contactNumber}`)!;
    expect(entry).toBeDefined();
    expect(entry.nTriangles).toBe(0);
    const offsets = decodeArray(entry.pointOffsets), values = decodeArray(entry.points);
    expect(offsets.length).toBe(solution.nRows + 1);
    // every point of the lying rod is in contact in every frame: 16 points per frame, each at the gap's depth
    for (let f = 0; f < solution.nRows; f++) expect(offsets[f + 1] - offsets[f]).toBe(points);
    const gaps = mbs.getSensorStoredData(sensors[1]);
    const lastFrame = solution.nRows - 1;
    for (let k = 0; k < points; k++) {
      // float32 in the scene
      expect(Math.abs(values[4 * (offsets[lastFrame] + k) + 3] + gaps[gaps.length - 1][1 + k])).toBeLessThan(1e-9);
    }
    expect(computeScene(mbs, solution, { contact: { showContactPoints: false } }).contacts.some((c) => c.label.startsWith('ObjectContactRodPlane'))).toBe(false);
  });

  it('exportVTKWritesTheContactPointsWithPenetrationAndContactForce', () => {
    const last = solution.nRows - 1;
    const result = exportVTK(mbs, solution, join(folder, 'rodVTK'), { rows: [last] });
    const pointsFile = result.files[0].find((file) => /_contactPoints_/.test(file))!;
    const piece = findAll(parseXml(readFileSync(pointsFile, 'utf8')), 'Piece')[0];
    const array = (parent: string, name: string) => findAll(findAll(piece, parent)[0], 'DataArray').find((e) => e.attributes.Name === name)!.text.trim().split(/\s+/).map(Number);
    expect(Number(piece.attributes.NumberOfVerts)).toBe(points);
    expect(array('CellData', 'ObjectIndex')).toEqual(Array(points).fill(contactNumber));
    expect(array('CellData', 'GeneralContactIndex')).toEqual(Array(points).fill(-1));
    // the forces of the points add up to the item's total contact force of that row (the current state is the last row)
    const forces = array('PointData', 'ContactForce'), total = mbs.getObjectOutput(contactNumber, OutputVariableType.Force);
    for (let d = 0; d < 3; d++) {
      let sum = 0;
      for (let k = 0; k < points; k++) sum += forces[3 * k + d];
      expect(Math.abs(sum - total[d])).toBeLessThan(1e-9 * weight);
    }
    expect(array('PointData', 'Penetration').every((depth) => depth > 0)).toBe(true);
  });
});
