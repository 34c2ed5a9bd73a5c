import { describe, it, expect } from 'vitest';
import { inspect } from 'node:util';
import {
  SystemContainer, MassPoint, NodePoint, MarkerNodePosition, LoadForceVector, SensorNode, OutputVariableType, rodCenterline, FlexdynError,
  CircularCrossSection, rodStiffnessFromMaterial,
} from '../src/index.ts';

/** The error a call throws (fails if it does not throw a FlexdynError). */
function errorOf(f: () => unknown): FlexdynError {
  try { f(); } catch (error) { expect(error).toBeInstanceOf(FlexdynError); return error as FlexdynError; }
  throw new Error('expected a FlexdynError');
}

describe('print(mbs): MainSystem summary', () => {
  it('lists counts, coordinates once assembled, and each item with its type, name and references', () => {
    const mbs = new SystemContainer().addSystem();
    expect(String(mbs)).toBe('MainSystem: 0 nodes, 0 objects, 0 markers, 0 loads, 0 sensors; not assembled');
    const n = mbs.addNode(NodePoint({ referenceCoordinates: [1, 0, 0], name: 'tip' }));
    mbs.addObject(MassPoint({ physicsMass: 2, nodeNumber: n }));
    const m = mbs.addMarker(MarkerNodePosition({ nodeNumber: n }));
    mbs.addLoad(LoadForceVector({ markerNumber: m, loadVector: [0, -1, 0] }));
    mbs.addSensor(SensorNode({ nodeNumber: n, outputVariableType: OutputVariableType.Position, storeInternal: true, writeToFile: false }));
    mbs.assemble();
    const summary = [
      'MainSystem: 1 node, 1 object, 1 marker, 1 load, 1 sensor; assembled: 3 ODE2 coordinates, 0 algebraic coordinates',
      "  Node #0 NodePoint 'tip'",
      '  Object #0 ObjectMassPoint (nodeNumber 0)',
      '  Marker #0 MarkerNodePosition (nodeNumber 0)',
      '  Load #0 LoadForceVector (markerNumber 0)',
      '  Sensor #0 SensorNode (nodeNumber 0)',
    ].join('\n');
    expect(mbs.toString()).toBe(summary);
    // console.log(mbs) in Node prints the same (util.inspect.custom, no node:util in the engine)
    expect(inspect(mbs)).toBe(summary);
  });

  it('shortens long lists', () => {
    const mbs = new SystemContainer().addSystem();
    for (let i = 0; i < 45; i++) mbs.addNode(NodePoint({}));
    const lines = mbs.toString().split('\n');
    expect(lines).toHaveLength(1 + 40 + 1);
    expect(lines[lines.length - 1]).toBe('  … 5 nodes more');
  });
});

describe('bad input at the edges a JS user reaches', () => {
  it('addNode / addObject name an item of the wrong category and the method that adds it', () => {
    const mbs = new SystemContainer().addSystem();
    expect(errorOf(() => mbs.addNode(MassPoint({ physicsMass: 2, nodeNumber: 0 }))).message)
      .toBe("addNode: got an object (objectType 'MassPoint'), not a node; add it with mbs.addObject(…)");
    expect(errorOf(() => mbs.addObject(NodePoint({}))).message).toBe("addObject: got a node (nodeType 'Point'), not an object; add it with mbs.addNode(…)");
    expect(errorOf(() => mbs.addLoad(SensorNode({ nodeNumber: 0 }))).message).toBe("addLoad: got a sensor (sensorType 'Node'), not a load; add it with mbs.addSensor(…)");
    expect(mbs.numberOfNodes + mbs.numberOfObjects + mbs.numberOfLoads).toBe(0);
  });

  it('rodCenterline and createCosseratRod reject keys a centerline type does not have, with a suggestion', () => {
    expect(errorOf(() => rodCenterline({ type: 'Helix', radius: 1, pitch: 0.1, turns: 2, centre: [0, 0, 1] } as never)).message)
      .toBe("rodCenterline: 'centerline.centre' is not a key of a 'Helix' centerline (did you mean 'center'?); expected one of: type, radius, pitch, turns, center, rotationMatrix");
    expect(errorOf(() => rodCenterline({ type: 'Straight', lenght: 1 } as never)).message).toMatch(/^rodCenterline: 'centerline.lenght' is not a key of a 'Straight' centerline \(did you mean 'length'\?\)/);
    expect(errorOf(() => rodCenterline({ type: 'CircularArc', radius: 1, angle: 1, towardsCenter: [0, 1, 0] } as never)).message)
      .toMatch(/^rodCenterline: 'centerline.towardsCenter' is not a key of a 'CircularArc' centerline \(did you mean 'towardCenter'\?\)/);
    expect(errorOf(() => rodCenterline({ type: 'Curve', length: 1, position: () => [0, 0, 0], rotationMatrix: () => [1, 0, 0, 0, 1, 0, 0, 0, 1], frame: 1 } as never)).message)
      .toMatch(/^rodCenterline: 'centerline.frame' is not a key of a 'Curve' centerline; expected one of: type, length, position, rotationMatrix$/);
    // inherited keys are no keys (the prototype is not read), own unknown ones are named
    expect(rodCenterline(Object.assign(Object.create({ junk: 1 }), { type: 'Straight', length: 2 })).length).toBe(2);
    const mbs = new SystemContainer().addSystem();
    const rodParameters = rodStiffnessFromMaterial({ crossSection: CircularCrossSection({ radius: 0.01 }), E: 1e9, nu: 0.3, density: 1000 });
    expect(errorOf(() => mbs.createCosseratRod({ interpolation: 'R12', formulation: 'displacement', centerline: { type: 'Straight', length: 1, dir: [1, 0, 0] } as never, numberOfElements: 2, rodParameters })).message)
      .toMatch(/^createCosseratRod: 'centerline.dir' is not a key of a 'Straight' centerline/);
    expect(mbs.numberOfNodes).toBe(0);
  });
});
