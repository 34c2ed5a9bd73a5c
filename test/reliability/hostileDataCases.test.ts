/**
 * Hostile cases of the data classes of issue 12 (dictionaries and options, file readers, physical data, create
 * helpers), one row per case: what the hostile user does, the class, and the expected behaviour — a FlexdynError whose
 * message matches the pattern (never a TypeError or RangeError), or a check of what was accepted or flagged.
 * @module
 */
import { describe, expect, it } from 'vitest';
import {
  SystemContainer, NodePoint, NodeGenericODE2, NodeRigidBodyEP, NodeRigidBody2D, NodeRigidBodyRxyz, MassPoint, ObjectGenericODE2, ObjectRigidBody,
  ObjectRigidBody2D, ObjectGround, MarkerNodePosition, MarkerNodeCoordinate, MarkerBodyRigid, CartesianSpringDamper, CoordinateSpringDamper,
  TorsionalSpringDamper, RigidBodySpringDamper, SensorNode, OutputVariableType, ConfigurationType, parseSolutionFile, parseSensorFile,
  FlexdynError, SimulationSettings, FEMinterface, ObjectFFRFinterface, ObjectFFRFreducedOrderInterface, createBlockMesh, type MainSystem,
} from '../../src/index.ts';
import { svgPlot } from '../../src/io/svgPlot.ts';
import { exportVTK } from '../../src/viewer/vtkExport.ts';
import { computeScene, exportScene } from '../../src/viewer/scene.ts';
import { parseAbaqusInput, parseAbaqusMatrix } from '../../src/fem/abaqus.ts';
import { createCylinderMesh } from '../../src/fem/meshers.ts';
import { CircularCrossSection, RectangularCrossSection } from '../../src/rods/crossSections.ts';

/** One row: a description of the hostile input, its class, what it does, and the expected error pattern or a check. */
interface HostileCase {
  input: string;
  class: 'prototype keys' | 'reading files' | 'physically impossible data' | 'all or nothing' | 'wrong results';
  run: () => unknown;
  expected: RegExp | ((result: unknown) => void);
}

/** A system with a NodePoint (node 0) and a MassPoint (object 0), two position markers on node 0 and a ground node marker. */
function system(): MainSystem {
  const mbs = new SystemContainer().addSystem();
  const n = mbs.addNode(NodePoint({ referenceCoordinates: [1, 0, 0] }));
  mbs.addObject(MassPoint({ physicsMass: 1, nodeNumber: n }));
  mbs.addMarker(MarkerNodePosition({ nodeNumber: n }));
  const ground = mbs.addNode(NodePoint({ referenceCoordinates: [0, 0, 0] }));
  mbs.addMarker(MarkerNodePosition({ nodeNumber: ground }));
  mbs.addMarker(MarkerNodeCoordinate({ nodeNumber: n, coordinate: 0 }));
  mbs.addMarker(MarkerNodeCoordinate({ nodeNumber: ground, coordinate: 0 }));
  return mbs;
}

/** A dictionary with an own key (as JSON.parse makes it, also for '__proto__'). */
function withKey(dictionary: Record<string, unknown>, key: string): Record<string, unknown> {
  return JSON.parse(JSON.stringify(dictionary).replace(/^\{/, `{"${key}":1,`)) as Record<string, unknown>;
}

const prototypeKeys = ['constructor', 'toString', '__proto__', 'hasOwnProperty', 'valueOf'];
const rows: HostileCase[] = [];

// prototype keys in item dictionaries: node, object, marker, sensor
const itemDictionaries: [string, (mbs: MainSystem, d: Record<string, unknown>) => unknown, Record<string, unknown>, string][] = [
  ['addNode NodePoint', (mbs, d) => mbs.addNode(d), { nodeType: 'Point', referenceCoordinates: [0, 0, 0] }, 'NodePoint #2'],
  ['addObject MassPoint', (mbs, d) => mbs.addObject(d), { objectType: 'MassPoint', nodeNumber: 0, physicsMass: 1 }, 'ObjectMassPoint #1'],
  ['addMarker NodePosition', (mbs, d) => mbs.addMarker(d), { markerType: 'NodePosition', nodeNumber: 0 }, 'MarkerNodePosition #4'],
  ['addSensor SensorNode', (mbs, d) => mbs.addSensor(d), { sensorType: 'Node', nodeNumber: 0, outputVariableType: 'Position' }, 'SensorNode #0'],
];
for (const [what, add, dictionary, label] of itemDictionaries) {
  for (const key of prototypeKeys) {
    rows.push({
      input: `${what} with own key '${key}'`, class: 'prototype keys',
      run: () => add(system(), withKey(dictionary, key)),
      expected: new RegExp(`^${label}: ${key} is not a parameter of `),
    });
  }
}
rows.push(
  {
    input: 'addObject MassPoint with physicsMass only on the prototype', class: 'prototype keys',
    run: () => { const mbs = system(); const d = Object.assign(Object.create({ physicsMass: 9 }) as object, { objectType: 'MassPoint', nodeNumber: 0 }); return mbs.getObject(mbs.addObject(d)).physicsMass; },
    expected: (mass) => expect(mass).toBe(0),
  },
  {
    input: 'addObject with objectType only on the prototype', class: 'prototype keys',
    run: () => system().addObject(Object.assign(Object.create({ objectType: 'MassPoint' }) as object, { nodeNumber: 0 })),
    expected: /^Object #1: objectType must be a string naming the object type, got undefined$/,
  },
  {
    input: 'modifyObject with a JSON __proto__ carrying physicsMass', class: 'prototype keys',
    run: () => system().modifyObject(0, JSON.parse('{"__proto__": {"physicsMass": 5}}') as Record<string, unknown>),
    expected: /^ObjectMassPoint #0: __proto__ is not a parameter of ObjectMassPoint/,
  },
  {
    input: 'visualization dictionary with own key constructor', class: 'prototype keys',
    run: () => system().addObject(MassPoint({ nodeNumber: 0, physicsMass: 1, visualization: JSON.parse('{"constructor": true}') as Record<string, unknown> })),
    expected: /^ObjectMassPoint #1: visualization\.constructor is not a visualization setting/,
  },
);
// prototype keys in create helper options
const helpers: [string, (mbs: MainSystem, o: Record<string, unknown>) => unknown, Record<string, unknown>][] = [
  ['createMassPoint', (mbs, o) => mbs.createMassPoint(o), { physicsMass: 1 }],
  ['createGround', (mbs, o) => mbs.createGround(o), { referencePosition: [0, 0, 0] }],
  ['createSpringDamper', (mbs, o) => mbs.createSpringDamper(o), { bodyNumbers: [{ nodeNumber: 0 }, { nodeNumber: 1 }], stiffness: 1 }],
];
for (const [helper, create, options] of helpers) {
  for (const key of ['constructor', 'toString', '__proto__', 'stifness']) {
    rows.push({
      input: `${helper} with own option '${key}'`, class: 'prototype keys',
      run: () => create(system(), withKey(options, key)),
      expected: new RegExp(`^${helper}: '${key}' is not an option of ${helper}`),
    });
  }
}
rows.push({
  input: 'createMassPoint with gravity only on the prototype', class: 'prototype keys',
  run: () => { const mbs = system(); mbs.createMassPoint(Object.create({ gravity: [0, -10, 0], physicsMass: 2 }) as never); return mbs.numberOfLoads; },
  expected: (loads) => expect(loads).toBe(0),
});

// prototype and unknown keys in the options of plot, export, eigenvalue and FFRF functions: the key is checked before any
// other argument is used, so the solution and data arguments below may be minimal
/** A 3 × 1 × 1 hexahedral block with mass and stiffness (and two eigenmodes for the reduced-order interface). */
function blockFEM(): FEMinterface {
  const fem = new FEMinterface();
  fem.importMesh(createBlockMesh({ size: [1, 0.2, 0.1], divisions: [3, 1, 1], origin: [-0.5, -0.1, -0.05] }));
  fem.computeMassAndStiffness({ youngsModulus: 2e9, poissonsRatio: 0.3, density: 7800 });
  return fem;
}
/** A one-row solution of system() (6 ODE2 coordinates at rest). */
const restSolution = { times: [0], coordinates: { rows: 1, columns: 6, row: () => [0, 0, 0, 0, 0, 0] } };
const optionFunctions: [string, (o: Record<string, unknown>) => unknown, Record<string, unknown>, string][] = [
  ['plotSensor', (o) => system().plotSensor({ data: [[0, 1], [1, 2]] } as never, o), { title: 't' }, 'titel'],
  ['svgPlot', (o) => svgPlot([{ x: [0, 1], y: [0, 1], label: 'y' }], o), { title: 't' }, 'titel'],
  ['exportVTK', (o) => exportVTK(system(), restSolution as never, '.', o), { baseName: 'b' }, 'basename'],
  ['exportScene', (o) => exportScene(system(), restSolution, o), { upAxis: 'y' }, 'upaxis'],
  ['computeScene', (o) => computeScene(system(), restSolution, o), { upAxis: 'y' }, 'rodSample'],
  ['computeODE2Eigenvalues', (o) => { const mbs = system(); mbs.assemble(); return mbs.computeODE2Eigenvalues(new SimulationSettings(), o); }, { numberOfEigenvalues: 1 }, 'numberOfEigenValues'],
  ['ObjectFFRFinterface.addObjectFFRF', (o) => new ObjectFFRFinterface(blockFEM()).addObjectFFRF(system(), o), { constrainRigidBodyMotion: false }, 'gravitiy'],
  ['ObjectFFRFreducedOrderInterface.addObjectFFRFreducedOrder', (o) => {
    const fem = blockFEM();
    fem.computeEigenmodes(2, 6);
    return new ObjectFFRFreducedOrderInterface(fem).addObjectFFRFreducedOrder(system(), o);
  }, { color: [1, 0, 0, 1] }, 'colour'],
  ['createBlockMesh', (o) => createBlockMesh(o as never), { size: [1, 1, 1], divisions: [1, 1, 1] }, 'division'],
  ['createCylinderMesh', (o) => createCylinderMesh(o as never), { outerRadius: 1, length: 1 }, 'lenght'],
  ['parseAbaqusInput', (o) => parseAbaqusInput('*Node\n1, 0, 0, 0\n', 'a.inp', o), { name: 'part' }, 'nme'],
  ['parseAbaqusMatrix', (o) => parseAbaqusMatrix('1,1,1,1,1.0\n', 'm.mtx', o), { numberOfCoordinates: 3 }, 'numberOfCoordinate'],
  ['CircularCrossSection', (o) => CircularCrossSection(o as never), { radius: 0.1 }, 'raduis'],
  ['RectangularCrossSection', (o) => RectangularCrossSection(o as never), { width: 0.1, height: 0.2 }, 'widht'],
];
for (const [where, call, options, misspelling] of optionFunctions) {
  for (const key of ['constructor', '__proto__', misspelling]) {
    rows.push({
      input: `${where} with own option '${key}'`, class: 'prototype keys',
      run: () => call(withKey(options, key)),
      expected: new RegExp(`^${where.replace('.', '\\.')}: 'options\\.${key}' is not an option of ${where.replace('.', '\\.')}${key === misspelling ? " \\(did you mean '\\w+'\\?\\)" : ''}; expected one of: `),
    });
  }
}
rows.push(
  {
    input: 'computeScene with an unknown key in options.contour', class: 'prototype keys',
    run: () => computeScene(system(), restSolution, { contour: { outputVariable: OutputVariableType.DisplacementLocal, componet: 0 } as never }),
    expected: /^computeScene: 'options\.contour\.componet' is not an option of the contour \(did you mean 'component'\?\)/,
  },
  {
    input: 'plotSensor with options that are an array', class: 'prototype keys',
    run: () => system().plotSensor({ data: [[0, 1], [1, 2]] } as never, [] as never),
    expected: /^plotSensor: options must be a dictionary, got /,
  },
  {
    input: 'svgPlot with title only on the prototype of its options', class: 'prototype keys',
    run: () => svgPlot([{ x: [0, 1], y: [0, 1], label: 'y' }], Object.create({ title: 'inherited title' }) as never),
    expected: (svg) => expect(svg).not.toContain('inherited title'),
  },
);

// reading files
const header = [
  '#Flexdyn GeneralizedAlpha solver solution file',
  '#number of written coordinates [nODE2, nVel2, nAcc2, nODE1, nVel1, nAlgebraic, nData] = [2,0,0,0,0,0,0]',
  '#total columns exported  (excl. time) = 2',
  '#',
];
const footer = ['#simulation finished=2026-12-02 06:00:01'];
const sensorHeader = ['#Flexdyn GeneralizedAlpha sensor output file', '#columns: time, x, y', '#'];
const badRows: [string, string][] = [
  ['an empty field', '0.5,,2'], ['a blank field', '0.5, ,2'], ['a row cut after a comma', '0.5,1,'], ['0x10', '0.5,0x10,2'],
  ['0b11', '0.5,0b11,2'], ['0o17', '0.5,0o17,2'], ['1e', '0.5,1e,2'], ['a word', '0.5,one,2'], ['a decimal comma in quotes', '0.5,"1,5",2'],
  ['one value too many', '0.5,1,2,3'], ['one value too few', '0.5,1'],
];
for (const [what, row] of badRows) {
  rows.push({
    input: `solution file with ${what} in line 6`, class: 'reading files',
    run: () => parseSolutionFile([...header, '0,0,0', row, '1,1,1', ...footer].join('\n') + '\n', 'sol.txt'),
    expected: /^loadSolutionFile: 'sol.txt' line 6 (column \d+ must be a decimal number|must have 3 comma-separated values)/,
  });
  rows.push({
    input: `sensor file with ${what} in line 5`, class: 'reading files',
    run: () => parseSensorFile([...sensorHeader, '0,0,0', row, '1,1,1', ...footer].join('\n') + '\n', 's.txt'),
    expected: /^loadSensorFile: 's.txt' line 5 (column \d+ must be a decimal number|must have 3 comma-separated values)/,
  });
}
rows.push(
  {
    input: 'solution file of a killed run: no footer', class: 'reading files',
    run: () => parseSolutionFile([...header, '0,0,0', '1,1,1'].join('\n') + '\n', 'sol.txt'),
    expected: (s) => expect((s as { complete: boolean; nRows: number })).toMatchObject({ complete: false, nRows: 2 }),
  },
  {
    input: 'solution file of a killed run: last value cut (no line break)', class: 'reading files',
    run: () => parseSolutionFile([...header, '0,0,0', '1,1,0.12'].join('\n'), 'sol.txt'),
    expected: (s) => expect((s as { skippedIncompleteLastRow: boolean; nRows: number })).toMatchObject({ skippedIncompleteLastRow: true, nRows: 1 }),
  },
  {
    input: 'sensor file of a killed run: no footer', class: 'reading files',
    run: () => parseSensorFile([...sensorHeader, '0,0,0', '1,1,1'].join('\n') + '\n', 's.txt'),
    expected: (s) => expect((s as { complete: boolean })).toMatchObject({ complete: false }),
  },
  {
    input: 'solution header count written as 0x2', class: 'reading files',
    run: () => parseSolutionFile([...header, '0,0,0', ...footer].join('\n').replace('= 2', '= 0x2') + '\n', 'sol.txt'),
    expected: /^loadSolutionFile: 'sol.txt' line 3 must end with '= <non-negative integer>'/,
  },
  {
    input: 'solution header written-coordinates list with an empty entry', class: 'reading files',
    run: () => parseSolutionFile([...header, '0,0,0', ...footer].join('\n').replace('[2,0,0,0,0,0,0]', '[2,,0,0,0,0,0]') + '\n', 'sol.txt'),
    expected: /must hold 7 non-negative integers, got '\[2,,0,0,0,0,0\]'$/,
  },
);

// physically impossible data
const generic = (mass: number[][]) => () => {
  const mbs = new SystemContainer().addSystem();
  const node = mbs.addNode(NodeGenericODE2({ numberOfODE2Coordinates: 2, referenceCoordinates: [0, 0], initialCoordinates: [0, 0], initialCoordinates_t: [0, 0] }));
  return mbs.addObject(ObjectGenericODE2({ nodeNumbers: [node], massMatrix: mass }));
};
const rigid = (mass: number, inertia: number[], com: number[]) => () => {
  const mbs = new SystemContainer().addSystem();
  return mbs.addObject(ObjectRigidBody({ physicsMass: mass, physicsInertia: inertia, physicsCenterOfMass: com, nodeNumber: mbs.addNode(NodeRigidBodyRxyz({})) }));
};
const rigidMarkers = (): { mbs: MainSystem; markers: [number, number] } => {
  const mbs = new SystemContainer().addSystem();
  const ground = mbs.addObject(ObjectGround({}));
  const body = mbs.addObject(ObjectRigidBody({ physicsMass: 1, physicsInertia: [1, 1, 1, 0, 0, 0], nodeNumber: mbs.addNode(NodeRigidBodyRxyz({})) }));
  return { mbs, markers: [mbs.addMarker(MarkerBodyRigid({ bodyNumber: ground })), mbs.addMarker(MarkerBodyRigid({ bodyNumber: body }))] };
};
const stiffness6 = (k: number) => Array.from({ length: 6 }, (_, i) => Array.from({ length: 6 }, (_, j) => (i === j ? (i === 2 ? k : 1) : 0)));
rows.push(
  { input: 'GenericODE2 mass matrix with a negative diagonal entry', class: 'physically impossible data', run: generic([[1, 0], [0, -1]]), expected: /^ObjectGenericODE2 #0: massMatrix must be positive semi-definite \(kinetic energy ≥ 0\), got diagonal entry \[1\]\[1\] = -1$/ },
  { input: 'GenericODE2 mass matrix indefinite with a positive diagonal', class: 'physically impossible data', run: generic([[1, 2], [2, 1]]), expected: /^ObjectGenericODE2 #0: massMatrix must be positive semi-definite .*eigenvalue -1\.00000$/ },
  { input: 'GenericODE2 mass matrix not symmetric', class: 'physically impossible data', run: generic([[1, 0.5], [0, 1]]), expected: /^ObjectGenericODE2 #0: massMatrix must be symmetric \(a mass matrix is\), got entry \[0\]\[1\] = 0\.5 but \[1\]\[0\] = 0$/ },
  { input: 'GenericODE2 singular mass matrix [[1, 1], [1, 1]]', class: 'physically impossible data', run: generic([[1, 1], [1, 1]]), expected: (index) => expect(index).toBe(0) },
  { input: 'CartesianSpringDamper stiffness [1, -2, 0]', class: 'physically impossible data', run: () => { const mbs = system(); return mbs.addObject(CartesianSpringDamper({ markerNumbers: [0, 1], stiffness: [1, -2, 0] })); }, expected: /^ObjectConnectorCartesianSpringDamper #1: stiffness entry 1 must be non-negative/ },
  { input: 'CartesianSpringDamper damping [0, 0, -1]', class: 'physically impossible data', run: () => system().addObject(CartesianSpringDamper({ markerNumbers: [0, 1], damping: [0, 0, -1] })), expected: /^ObjectConnectorCartesianSpringDamper #1: damping entry 2 must be non-negative/ },
  { input: 'CoordinateSpringDamper stiffness −1', class: 'physically impossible data', run: () => system().addObject(CoordinateSpringDamper({ markerNumbers: [2, 3], stiffness: -1 })), expected: /^ObjectConnectorCoordinateSpringDamper #1: stiffness entry 0 must be non-negative/ },
  { input: 'CoordinateSpringDamper damping −1', class: 'physically impossible data', run: () => system().addObject(CoordinateSpringDamper({ markerNumbers: [2, 3], damping: -1 })), expected: /^ObjectConnectorCoordinateSpringDamper #1: damping entry 0 must be non-negative/ },
  { input: 'TorsionalSpringDamper stiffness −5', class: 'physically impossible data', run: () => { const { mbs, markers } = rigidMarkers(); return mbs.addObject(TorsionalSpringDamper({ markerNumbers: markers, stiffness: -5 })); }, expected: /^ObjectConnectorTorsionalSpringDamper #2: stiffness entry 0 must be non-negative/ },
  { input: 'RigidBodySpringDamper stiffness with a negative diagonal', class: 'physically impossible data', run: () => { const { mbs, markers } = rigidMarkers(); return mbs.addObject(RigidBodySpringDamper({ markerNumbers: markers, stiffness: stiffness6(-3) })); }, expected: /^ObjectConnectorRigidBodySpringDamper #2: stiffness must have a positive semi-definite symmetric part .*eigenvalue -3\.00000$/ },
  { input: 'RigidBody inertia with Jzz = −0.5', class: 'physically impossible data', run: rigid(1, [1, 1, -0.5, 0, 0, 0], [0, 0, 0]), expected: /^ObjectRigidBody #0: physicsInertia must be the inertia of a mass distribution about the reference point: the principal moments must be non-negative/ },
  { input: 'RigidBody inertia too small for its center of mass offset', class: 'physically impossible data', run: rigid(1, [1, 1, 1, 0, 0, 0], [0, 0, 1.2]), expected: /principal moments about the center of mass .* must be non-negative, got -0\.440000/ },
  { input: 'RigidBody2D inertia below m·|c|²', class: 'physically impossible data', run: () => { const mbs = new SystemContainer().addSystem(); return mbs.addObject(ObjectRigidBody2D({ physicsMass: 2, physicsInertia: 0.1, physicsCenterOfMass: [0.5, 0], nodeNumber: mbs.addNode(NodeRigidBody2D({})) })); }, expected: /^ObjectRigidBody2D #0: physicsInertia must be at least physicsMass·\|physicsCenterOfMass\|² = 0\.5/ },
  { input: 'NodeRigidBodyEP with |p| = 1.005 at the start', class: 'physically impossible data', run: () => { const mbs = new SystemContainer().addSystem(); mbs.addNode(NodeRigidBodyEP({ referenceCoordinates: [0, 0, 0, 1, 0.1, 0, 0] })); mbs.assemble(); }, expected: /^NodeRigidBodyEP #0: referenceCoordinates plus initialCoordinates must give unit Euler parameters/ },
  { input: 'NodeRigidBodyEP with zero Euler parameters (Exudyn default)', class: 'physically impossible data', run: () => { const mbs = new SystemContainer().addSystem(); mbs.addNode(NodeRigidBodyEP({})); mbs.assemble(); }, expected: /^NodeRigidBodyEP #0: referenceCoordinates plus initialCoordinates must give nonzero rotation parameters/ },
  { input: 'Abaqus node label 2³¹', class: 'physically impossible data', run: () => parseAbaqusInput('*Node\n2147483648, 0, 0, 0\n', 'a.inp'), expected: /^a\.inp:2: node label must be at most 2147483647/ },
  { input: 'Abaqus element label 1e12', class: 'physically impossible data', run: () => parseAbaqusInput('*Node\n1, 0, 0, 0\n2, 1, 0, 0\n3, 0, 1, 0\n4, 0, 0, 1\n*Element, type=C3D4\n1000000000000, 1, 2, 3, 4\n', 'a.inp'), expected: /^a\.inp:7: element label must be at most 2147483647/ },
  { input: '.mtx with one index 1e9 among 3 entries', class: 'physically impossible data', run: () => parseAbaqusMatrix('1, 1, 1\n2, 2, 1\n1000000000, 1, 1\n', 'K.mtx'), expected: /^K\.mtx:3: matrix index 1000000000 would make the matrix 1000000000 × 1000000000 from 3 entries/ },
  { input: '.mtx with index 2³¹ + 5', class: 'physically impossible data', run: () => parseAbaqusMatrix('1, 1, 1\n2147483653, 1, 1\n', 'K.mtx'), expected: /^K\.mtx:2: row index must be at most 2147483647/ },
);

// all or nothing, wrong results
rows.push(
  {
    input: 'createMassPoint({ physicsMass: -1 })', class: 'all or nothing',
    run: () => { const mbs = system(); try { mbs.createMassPoint({ physicsMass: -1 }); } catch { /* the error is checked elsewhere */ } return [mbs.numberOfNodes, mbs.numberOfObjects]; },
    expected: (counts) => expect(counts).toEqual([2, 1]),
  },
  {
    input: 'getODE2Coordinates(Reference) on a node at [1, 0, 0]', class: 'wrong results',
    run: () => { const mbs = system(); mbs.addSensor(SensorNode({ nodeNumber: 0, outputVariableType: OutputVariableType.Position, writeToFile: false })); mbs.assemble(); return mbs.systemData.getODE2Coordinates(ConfigurationType.Reference); },
    expected: (q) => expect(q).toEqual([1, 0, 0, 0, 0, 0]),
  },
);

describe('hostile data cases (issue 12: dictionaries, files, physical data)', () => {
  it('hasAtLeast70Rows', () => {
    expect(rows.length).toBeGreaterThanOrEqual(70);
  });
  rows.forEach((row, i) => {
    it(`${i + 1}: [${row.class}] ${row.input}`, () => {
      let result: unknown;
      let caught: unknown;
      try { result = row.run(); } catch (error) { caught = error; }
      if (row.expected instanceof RegExp) {
        expect(caught, `expected a FlexdynError, got ${String(caught ?? 'a normal return')}`).toBeInstanceOf(FlexdynError);
        expect((caught as Error).message).toMatch(row.expected);
      } else {
        if (caught !== undefined) throw caught;
        row.expected(result);
      }
    });
  });
});
