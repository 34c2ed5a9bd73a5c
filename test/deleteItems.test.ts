/**
 * deleteNode / deleteObject / deleteMarker / deleteLoad / deleteSensor with Exudyn's renumbering: later items move down
 * by one index and so do the references to them; a reference to the deleted item becomes -1 (warned, rejected by
 * assemble); dependent nodes and markers go with their object or load unless another item still uses them.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  SystemContainer, SimulationSettings, OutputVariableType, NodePoint, MassPoint, MarkerNodePosition, MarkerBodyPosition, ObjectGround,
  ObjectConnectorSpringDamper, LoadForceVector, SensorNode, SensorBody, SensorMarker, SensorUserFunction, type MainSystem,
} from '../src/index.ts';
import { expectFlexdynError } from './helpers/errors.ts';

/**
 * Ground (object 0) and three mass points on nodes 0…2 (objects 1…3) at x = 1, 2, 3; markers 0 (ground), 1…3 on the
 * bodies; springs ground–1 (object 4: markers 0, 1), 1–2 (object 5: 1, 2), 2–3 (object 6: 2, 3); a force on marker 3
 * (load 0), a node sensor on node 2 (sensor 0), a marker sensor on marker 3 (sensor 1), a user-function sensor of
 * sensors [0, 1] (sensor 2).
 */
function chain(): MainSystem {
  const mbs = new SystemContainer().addSystem();
  const ground = mbs.addObject(ObjectGround({}));
  const bodies = [1, 2, 3].map((x) => mbs.addObject(MassPoint({ physicsMass: 1, nodeNumber: mbs.addNode(NodePoint({ referenceCoordinates: [x, 0, 0] })) })));
  const markers = [ground, ...bodies].map((body) => mbs.addMarker(MarkerBodyPosition({ bodyNumber: body })));
  for (let i = 0; i < 3; i++) mbs.addObject(ObjectConnectorSpringDamper({ markerNumbers: [markers[i], markers[i + 1]], stiffness: 100, referenceLength: 1 }));
  mbs.addLoad(LoadForceVector({ markerNumber: markers[3], loadVector: [1, 0, 0] }));
  const s0 = mbs.addSensor(SensorNode({ nodeNumber: 2, storeInternal: true, writeToFile: false, outputVariableType: OutputVariableType.Position }));
  const s1 = mbs.addSensor(SensorMarker({ markerNumber: 3, storeInternal: true, writeToFile: false, outputVariableType: OutputVariableType.Position }));
  mbs.addSensor(SensorUserFunction({ sensorNumbers: [s0, s1], writeToFile: false, sensorUserFunction: (m, _t, numbers) => [m.getSensorValues(numbers[0])[0] + m.getSensorValues(numbers[1])[0]] }));
  return mbs;
}

function settings(): SimulationSettings {
  const s = new SimulationSettings();
  s.solutionSettings.writeSolutionToFile = false;
  s.timeIntegration.numberOfSteps = 10;
  s.timeIntegration.endTime = 0.1;
  return s;
}

afterEach(() => { vi.restoreAllMocks(); });

describe('deleting items renumbers the references as Exudyn does', () => {
  it('deleteNodeMovesLaterNodesDownAndInvalidatesReferencesToIt', () => {
    const mbs = chain();
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    mbs.deleteNode(1);
    expect(mbs.numberOfNodes).toBe(2);
    expect(mbs.getObject(1).nodeNumber).toBe(0);
    expect(mbs.getObject(2).nodeNumber).toBe(-1); // its node was deleted
    expect(mbs.getObject(3).nodeNumber).toBe(1);
    expect(mbs.getSensor(0).nodeNumber).toBe(1); // node 2 → 1
    expect(warn).toHaveBeenCalledTimes(1);
    expect(warn.mock.calls[0][0]).toBe('deleteNode: ObjectMassPoint #2: nodeNumber referred to the deleted NodePoint #1 and is now -1 (none); assemble() fails until it refers to an existing node or is deleted too');
    expectFlexdynError(() => mbs.assemble(), 'ObjectMassPoint #2: nodeNumber must refer to an existing node (0 ... 1), got -1 (no node: not set, or the one it referred to was deleted)');
  });

  it('suppressWarningsSilencesTheWarning', () => {
    const mbs = chain();
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    mbs.deleteMarker(1, { suppressWarnings: true });
    expect(warn).not.toHaveBeenCalled();
    expect(mbs.getObject(4).markerNumbers).toEqual([0, -1]);
    expect(mbs.getObject(5).markerNumbers).toEqual([-1, 1]);
    expect(mbs.getObject(6).markerNumbers).toEqual([1, 2]);
    expect(mbs.getLoad(0).markerNumber).toBe(2);
    expect(mbs.getSensor(1).markerNumber).toBe(2);
  });

  it('deleteObjectDeletesItsMarkersAndNodesUnlessAnotherItemUsesThem', () => {
    const mbs = chain();
    // the spring 1–2 (object 5) with markers 1 and 2: marker 1 is used by spring 4, marker 2 by spring 6: both stay
    mbs.deleteObject(5);
    expect([mbs.numberOfObjects, mbs.numberOfMarkers, mbs.numberOfNodes]).toEqual([6, 4, 3]);
    expect(mbs.getObject(5).markerNumbers).toEqual([2, 3]);
    // the spring ground–1 (now object 4): marker 0 is used by nothing else and goes, marker 1 (body 1) too
    mbs.deleteObject(4);
    expect([mbs.numberOfObjects, mbs.numberOfMarkers, mbs.numberOfNodes]).toEqual([5, 2, 3]);
    expect(mbs.getObject(4).markerNumbers).toEqual([0, 1]); // markers 2, 3 moved down by two
    expect(mbs.getLoad(0).markerNumber).toBe(1);
    // body 1 (object 1) with its node 0, which no other object uses; its marker is a dependent of the springs only
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    mbs.deleteObject(1);
    expect([mbs.numberOfObjects, mbs.numberOfMarkers, mbs.numberOfNodes]).toEqual([4, 2, 2]);
    expect(mbs.getObject(1).nodeNumber).toBe(0);
    expect(mbs.getObject(2).nodeNumber).toBe(1);
    expect(mbs.getMarker(0).bodyNumber).toBe(1); // the marker on body 2
    expect(mbs.getSensor(0).nodeNumber).toBe(1);
    expect(warn).not.toHaveBeenCalled();
    mbs.assemble();
    expect(mbs.compiled().nu).toBe(6);
  });

  it('aNodeSharedByTwoObjectsStaysWithTheRemainingObject', () => {
    const mbs = new SystemContainer().addSystem();
    const node = mbs.addNode(NodePoint({}));
    mbs.addObject(MassPoint({ physicsMass: 1, nodeNumber: node }));
    mbs.addObject(MassPoint({ physicsMass: 2, nodeNumber: node }));
    mbs.deleteObject(0);
    expect(mbs.numberOfNodes).toBe(1);
    mbs.deleteObject(0);
    expect(mbs.numberOfNodes).toBe(0);
  });

  it('deleteDependentItemsFalseKeepsNodesAndMarkers', () => {
    const mbs = chain();
    mbs.deleteObject(4, { deleteDependentItems: false });
    mbs.deleteObject(1, { deleteDependentItems: false, suppressWarnings: true });
    expect([mbs.numberOfObjects, mbs.numberOfMarkers, mbs.numberOfNodes]).toEqual([5, 4, 3]);
    expect(mbs.getMarker(1).bodyNumber).toBe(-1);
  });

  it('deleteLoadDeletesItsMarkerUnlessUsed', () => {
    const mbs = chain();
    const marker = mbs.addMarker(MarkerNodePosition({ nodeNumber: 0 }));
    const load = mbs.addLoad(LoadForceVector({ markerNumber: marker, loadVector: [0, 1, 0] }));
    mbs.deleteLoad(load);
    expect(mbs.numberOfMarkers).toBe(4);
    mbs.deleteLoad(0); // marker 3 is used by sensor 1: stays
    expect([mbs.numberOfLoads, mbs.numberOfMarkers]).toEqual([0, 4]);
    const again = mbs.addLoad(LoadForceVector({ markerNumber: mbs.addMarker(MarkerNodePosition({ nodeNumber: 1 })), loadVector: [0, 1, 0] }));
    mbs.deleteLoad(again, { deleteDependentMarkers: false });
    expect(mbs.numberOfMarkers).toBe(5);
  });

  it('deleteSensorRenumbersSensorListsAndKeepsTheRowsOfTheOthers', () => {
    const mbs = chain();
    mbs.assemble();
    mbs.solveDynamic(settings());
    const rowsOfMarkerSensor = mbs.getSensorStoredData(1);
    expect(rowsOfMarkerSensor.length).toBeGreaterThan(1);
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    mbs.deleteSensor(0);
    expect(mbs.getSensor(1).sensorNumbers).toEqual([-1, 0]);
    expect(warn.mock.calls[0][0]).toMatch(/^deleteSensor: SensorUserFunction #1: sensorNumbers\[0\] referred to the deleted SensorNode #0/);
    mbs.deleteSensor(1);
    mbs.assemble();
    expect(mbs.getSensorStoredData(0)).toEqual(rowsOfMarkerSensor); // the marker sensor, now sensor 0, with its rows
  });

  it('theDeletedItemsOfTheExudynTestModelLeaveTheSameSystemAsBuildingItDirectly', () => {
    // deleting the first body of a chain renumbers as if the chain had been built without it
    const direct = new SystemContainer().addSystem();
    const deleted = new SystemContainer().addSystem();
    for (const mbs of [direct, deleted]) mbs.createGround();
    deleted.createMassPoint({ referencePosition: [0.25, 0, 0], physicsMass: 0.5, gravity: [0, -9.81, 0] });
    for (const mbs of [direct, deleted]) {
      const b = mbs.createMassPoint({ referencePosition: [0.5, 0, 0], physicsMass: 0.5, gravity: [0, -9.81, 0] });
      mbs.addSensor(SensorBody({ bodyNumber: b, writeToFile: false, outputVariableType: OutputVariableType.Position }));
    }
    deleted.deleteLoad(0);
    deleted.deleteObject(1);
    expect(deleted.getDictionary()).toEqual(direct.getDictionary());
  });
});

describe('bad input to the delete functions is a named error and changes nothing', () => {
  it('anIndexOutOfRangeNamesTheDeletions', () => {
    const mbs = chain();
    mbs.deleteSensor(2);
    const before = mbs.getDictionary();
    expectFlexdynError(() => mbs.deleteSensor(2), 'sensor index must be in 0 ... 1, got number 2 (1 sensor was deleted: the indices after a deleted one moved down by one)');
    expectFlexdynError(() => mbs.getSensor(2), /1 sensor was deleted/);
    expectFlexdynError(() => mbs.deleteNode(0.5), 'node index must be in 0 ... 2, got number 0.5');
    expectFlexdynError(() => mbs.deleteObject(-1), 'object index must be in 0 ... 6, got number -1');
    expect(mbs.getDictionary()).toEqual(before);
  });

  it('anUnknownOptionIsRejectedBeforeDeleting', () => {
    const mbs = chain();
    expectFlexdynError(() => mbs.deleteObject(4, { deleteDependentMarkers: false } as never), "deleteObject: 'options.deleteDependentMarkers' is not an option of deleteObject; expected one of: suppressWarnings, deleteDependentItems");
    expectFlexdynError(() => mbs.deleteObject(4, { deleteDependentItems: 0 } as never), 'deleteObject: options.deleteDependentItems must be true or false, got number 0');
    expect(mbs.numberOfObjects).toBe(7);
  });

  it('aDeletedMarkerUsedByAConnectorFailsAtAssembleNamingTheConnector', () => {
    const mbs = chain();
    mbs.deleteMarker(2, { suppressWarnings: true });
    expectFlexdynError(() => mbs.assemble(), 'ObjectConnectorSpringDamper #5: markerNumbers must refer to an existing marker (0 ... 2), got -1 (no marker: not set, or the one it referred to was deleted)');
  });

  it('outputsOfADeletedSystemNeedAssembleAgain', () => {
    const mbs = chain();
    mbs.assemble();
    mbs.deleteSensor(2);
    expectFlexdynError(() => mbs.getNodeOutput(0, OutputVariableType.Position), 'NodePoint #0: getNodeOutput(Position) needs an assembled system, got one that is not assembled since items were added, modified or deleted; call mbs.assemble() first');
  });

  it('deletingFromAUserFunctionDuringASolveIsRejected', () => {
    const mbs = chain();
    mbs.assemble();
    let message = '';
    mbs.setPreStepUserFunction((m) => {
      try { m.deleteLoad(0); } catch (error) { message = (error as Error).message; }
      return true;
    });
    mbs.solveDynamic(settings());
    expect(message).toMatch(/^deleteLoad is not possible while solveDynamic is running/);
    expect(mbs.numberOfLoads).toBe(1);
  });
});
