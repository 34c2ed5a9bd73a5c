import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  SystemContainer, Node1D, Mass1D, NodePointGround, MarkerNodeCoordinate, CoordinateSpringDamper, LoadCoordinate, SensorNode,
  OutputVariableType, DynamicSolverType, NodePoint2D, ObjectMassPoint2D, MarkerNodePosition, MarkerBodyPosition, ObjectGround,
  ObjectConnectorDistance, LoadForceVector, MainSolverImplicitSecondOrder, MainSolverStatic, SimulationSettings, FlexdynError,
  type MainSystem,
} from '../../src/index.ts';
import { DenseLU } from '../../src/linalg/denseLU.ts';
import { LinearSystem } from '../../src/solvers/linearSystem.ts';
import { LinearSolverType } from '../../src/registry/enums.ts';
import { dynamicSettings } from './modelsForTests.ts';

/** A hanging chain of `links` mass points joined by distance constraints, released from the horizontal; a sensor on its end. */
function chain(links: number): { mbs: MainSystem; sensor: number } {
  const mbs = new SystemContainer().addSystem();
  const ground = mbs.addObject(ObjectGround({}));
  let previous = mbs.addMarker(MarkerBodyPosition({ bodyNumber: ground, localPosition: [0, 0, 0] }));
  let node = 0;
  for (let k = 1; k <= links; k++) {
    node = mbs.addNode(NodePoint2D({ referenceCoordinates: [k, 0] }));
    mbs.addObject(ObjectMassPoint2D({ physicsMass: 1 + 0.1 * k, nodeNumber: node }));
    const marker = mbs.addMarker(MarkerNodePosition({ nodeNumber: node }));
    mbs.addObject(ObjectConnectorDistance({ markerNumbers: [previous, marker], distance: 1 }));
    mbs.addLoad(LoadForceVector({ markerNumber: marker, loadVector: [0, -9.81, 0] }));
    previous = marker;
  }
  const sensor = mbs.addSensor(SensorNode({ nodeNumber: node, storeInternal: true, outputVariableType: OutputVariableType.Position }));
  mbs.assemble();
  return { mbs, sensor };
}

/** A chain of `masses` masses on springs from ground, each loaded: a regular static problem. */
function springChain(masses: number): { mbs: MainSystem; sensor: number } {
  const mbs = new SystemContainer().addSystem();
  let previous = mbs.addMarker(MarkerNodeCoordinate({ nodeNumber: mbs.addNode(NodePointGround({})), coordinate: 0 }));
  let node = 0;
  for (let k = 1; k <= masses; k++) {
    node = mbs.addNode(Node1D({ referenceCoordinates: [k] }));
    mbs.addObject(Mass1D({ nodeNumber: node, physicsMass: 1 }));
    const marker = mbs.addMarker(MarkerNodeCoordinate({ nodeNumber: node, coordinate: 0 }));
    mbs.addObject(CoordinateSpringDamper({ markerNumbers: [previous, marker], stiffness: 100 * k, damping: 0.5 }));
    mbs.addLoad(LoadCoordinate({ markerNumber: marker, load: k }));
    previous = marker;
  }
  const sensor = mbs.addSensor(SensorNode({ nodeNumber: node, storeInternal: true, outputVariableType: OutputVariableType.Coordinates }));
  mbs.assemble();
  return { mbs, sensor };
}

/** The end state and all sensor rows of a solved system. */
function results({ mbs, sensor }: { mbs: MainSystem; sensor: number }): { q: number[]; u: number[]; rows: number[][] } {
  return { q: mbs.systemData.getODE2Coordinates(), u: mbs.systemData.getODE2Coordinates_t(), rows: mbs.getSensorStoredData(sensor) };
}

function staticSettings(): SimulationSettings {
  const settings = new SimulationSettings();
  settings.solutionSettings.writeSolutionToFile = false;
  settings.staticSolver.numberOfLoadSteps = 4;
  return settings;
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('the dense LU memory of a solve goes back to the pool at its end', () => {
  it('solveDynamic and solveStatic release their dense LU once per solve, also a failing one; solver objects keep theirs', () => {
    const release = vi.spyOn(DenseLU.prototype, 'release');
    chain(4).mbs.solveDynamic(dynamicSettings(20, 0.1));
    expect(release).toHaveBeenCalledTimes(1);
    // the explicit stepper's mass matrix system
    springChain(4).mbs.solveDynamic(dynamicSettings(20, 0.1), DynamicSolverType.RK44);
    expect(release).toHaveBeenCalledTimes(2);
    springChain(5).mbs.solveStatic(staticSettings());
    expect(release).toHaveBeenCalledTimes(3);
    const failing = dynamicSettings(20, 0.1);
    failing.timeIntegration.newton.maxIterations = 1;
    failing.timeIntegration.adaptiveStep = false;
    expect(() => chain(4).mbs.solveDynamic(failing)).toThrow(FlexdynError);
    expect(release).toHaveBeenCalledTimes(4);
    new MainSolverImplicitSecondOrder().solveSystem(chain(4).mbs, dynamicSettings(20, 0.1));
    new MainSolverStatic().solveSystem(springChain(5).mbs, staticSettings());
    expect(release).toHaveBeenCalledTimes(4);
  });

  it('a solve on the memory the one before released equals it bit for bit, around a solver object\'s run that keeps its memory', () => {
    const settings = dynamicSettings(100, 0.5);
    const reference = chain(5);
    reference.mbs.solveDynamic(settings);
    const expected = results(reference);
    const object = chain(5);
    const solver = new MainSolverImplicitSecondOrder();
    expect(solver.initializeSolver(object.mbs, settings)).toBe(true);
    // while the solver object's run holds its system: solves of other sizes and then of this one on released memories
    springChain(3).mbs.solveStatic(staticSettings());
    chain(8).mbs.solveDynamic(settings);
    for (let k = 0; k < 2; k++) {
      const other = chain(5);
      other.mbs.solveDynamic(settings);
      expect(results(other)).toEqual(expected);
    }
    expect(solver.solveSteps(object.mbs, settings)).toBe(true);
    solver.finalizeSolver(object.mbs, settings);
    expect(results(object)).toEqual(expected);
    // its read-only accessors after finalizeSolver
    expect(solver.it.currentTime).toBe(0.5);
    expect(solver.it.currentStepIndex).toBe(100);
    expect(solver.getODE2size()).toBe(10);
    expect(solver.getAEsize()).toBe(5);
    // and a static solve on a released memory as on a new one
    const statics = [springChain(6), springChain(6)].map((model) => {
      model.mbs.solveStatic(staticSettings());
      return results(model);
    });
    expect(statics[1]).toEqual(statics[0]);
  });

  it('a released LinearSystem refuses to factorize and solve and writes nothing into the memory lent on', () => {
    const system = new LinearSystem(3, LinearSolverType.EXUdense);
    system.begin();
    for (let i = 0; i < 3; i++) system.add(i, i, 2);
    system.add(0, 2, 1);
    expect(system.factorize()).toEqual({ ok: true });
    const x = new Float64Array(3);
    system.solve(Float64Array.of(3, 2, 2), x);
    expect(Array.from(x)).toEqual([1, 1, 1]);
    system.release();
    const next = new DenseLU(3);
    next.matrix.set([1, 2, 3, 4, 5, 6, 7, 8, 10]);
    system.begin();
    system.add(1, 1, 5);
    expect(Array.from(next.matrix)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 10]);
    expect(() => system.factorize()).toThrow(FlexdynError);
    expect(() => system.solve(x, x)).toThrow(/DenseLU\.solve: the factorization was released/);
    next.release();
  });
});
