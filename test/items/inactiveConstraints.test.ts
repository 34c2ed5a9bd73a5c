import { describe, expect, it } from 'vitest';
import {
  CoordinateConstraint, DistanceConstraint, DynamicSolverType, LoadMassProportional, MarkerBodyMass, MarkerNodeCoordinate,
  MarkerNodePosition, MassPoint, NodePoint, NodePointGround, OutputVariableType, SimulationSettings, SystemContainer,
} from '../../src/index.ts';

const g = -9.81;

/**
 * A mass point m = 2 at (1, 0, 0) under gravity (−y), its x coordinate held by a coordinate constraint to ground and
 * hanging at the distance 1 below the ground point (1, 1, 0) by a distance constraint: at rest in its equilibrium.
 */
function constrainedPoint() {
  const mbs = new SystemContainer().addSystem();
  const ground = mbs.addNode(NodePointGround({ referenceCoordinates: [0, 0, 0] }));
  const suspension = mbs.addNode(NodePointGround({ referenceCoordinates: [1, 1, 0] }));
  const node = mbs.addNode(NodePoint({ referenceCoordinates: [1, 0, 0] }));
  const body = mbs.addObject(MassPoint({ physicsMass: 2, nodeNumber: node }));
  mbs.addLoad(LoadMassProportional({ markerNumber: mbs.addMarker(MarkerBodyMass({ bodyNumber: body })), loadVector: [0, g, 0] }));
  const coordinate = mbs.addObject(CoordinateConstraint({
    markerNumbers: [mbs.addMarker(MarkerNodeCoordinate({ nodeNumber: ground, coordinate: 0 })), mbs.addMarker(MarkerNodeCoordinate({ nodeNumber: node, coordinate: 0 }))],
  }));
  const distance = mbs.addObject(DistanceConstraint({
    markerNumbers: [mbs.addMarker(MarkerNodePosition({ nodeNumber: suspension })), mbs.addMarker(MarkerNodePosition({ nodeNumber: node }))],
    distance: 1,
  }));
  mbs.assemble();
  return { mbs, ground, node, coordinate, distance };
}

function settings(endTime: number, steps: number): SimulationSettings {
  const s = new SimulationSettings();
  s.solutionSettings.writeSolutionToFile = false;
  s.solutionSettings.sensorsStoreAndWriteFiles = false;
  s.timeIntegration.endTime = endTime;
  s.timeIntegration.numberOfSteps = steps;
  s.timeIntegration.verboseMode = 0;
  s.staticSolver.verboseMode = 0;
  return s;
}

describe('inactive ConnectorCoordinate and ConnectorDistance keep their multiplier with λ = 0', () => {
  it('togglingActiveConnectorKeepsTheSystemSizeAndSwitchesBetweenHeldAndFreeFall', () => {
    const { mbs, node, coordinate, distance } = constrainedPoint();
    const size = [mbs.systemData.numberOfCoordinatesODE2(), mbs.systemData.numberOfCoordinatesAE()];
    expect(size).toEqual([3, 2]);
    const position = () => mbs.getNodeOutput(node, OutputVariableType.Position);

    // active: at rest in the equilibrium; the distance multiplier carries the weight: C_qᵀλ = (0, −1, 0)λ = m g_y,
    // λ = −m g = 19.62 (Newton's tolerance leaves ~1e-10)
    mbs.solveDynamic(settings(0.5, 500));
    expect(position().map((x) => Math.abs(x))).toEqual([1, expect.closeTo(0, 12), 0]);
    expect(mbs.getObjectOutput(distance, OutputVariableType.Force)[0]).toBeCloseTo(-2 * g, 9);

    // inactive both (modifyObject between solves): same system size, the multipliers stay zero, free fall
    mbs.modifyObject(coordinate, { activeConnector: false });
    mbs.modifyObject(distance, { activeConnector: false });
    mbs.assemble();
    expect([mbs.systemData.numberOfCoordinatesODE2(), mbs.systemData.numberOfCoordinatesAE()]).toEqual(size);
    const t = 0.5;
    mbs.solveDynamic(settings(t, 500));
    const falling = position();
    // generalized-α integrates a constant acceleration exactly (up to Newton round-off): y = ½ g t²
    expect(falling[0]).toBe(1);
    expect(Math.abs(falling[1] - 0.5 * g * t * t)).toBeLessThan(1e-10);
    expect(mbs.systemData.getAECoordinates()).toEqual([0, 0]);
    expect(mbs.getObjectOutput(coordinate, OutputVariableType.Force)).toEqual([0]);
    expect(mbs.getObjectOutput(distance, OutputVariableType.Force)).toEqual([0]);
    expect(mbs.getObjectOutput(coordinate, OutputVariableType.ConstraintEquation)).toEqual([0]);
    // the distance output still reports the geometry: straight below the suspension point (1, 1, 0)
    expect(mbs.getObjectOutput(distance, OutputVariableType.Distance)[0]).toBeCloseTo(1 - 0.5 * g * t * t, 10);

    // active again: held again
    mbs.modifyObject(coordinate, { activeConnector: true });
    mbs.modifyObject(distance, { activeConnector: true });
    mbs.assemble();
    expect([mbs.systemData.numberOfCoordinatesODE2(), mbs.systemData.numberOfCoordinatesAE()]).toEqual(size);
    mbs.solveDynamic(settings(0.5, 500));
    expect(Math.abs(position()[0] - 1)).toBeLessThan(1e-12);
  });

  it('staticSolverWithAnInactiveConstraint', () => {
    // the distance constraint inactive, y held by a second coordinate constraint instead (z: a third one): the y
    // multiplier carries the weight, the inactive multipliers are zero
    const { mbs, ground, node, coordinate, distance } = constrainedPoint();
    const hold = (k: number) => mbs.addObject(CoordinateConstraint({
      markerNumbers: [mbs.addMarker(MarkerNodeCoordinate({ nodeNumber: ground, coordinate: k })), mbs.addMarker(MarkerNodeCoordinate({ nodeNumber: node, coordinate: k }))],
    }));
    const yHold = hold(1);
    hold(2);
    mbs.modifyObject(distance, { activeConnector: false });
    mbs.assemble();
    expect(mbs.systemData.numberOfCoordinatesAE()).toBe(4);
    mbs.solveStatic(settings(1, 1));
    // C_qᵀλ on coordinate y is +λ (c1 − c0 with c1 the node): λ = m g_y = −19.62; linear problem, round-off only
    expect(mbs.getObjectOutput(yHold, OutputVariableType.Force)[0]).toBeCloseTo(2 * g, 12);
    expect(mbs.getObjectOutput(coordinate, OutputVariableType.Force)[0]).toBe(0);
    expect(mbs.getObjectOutput(distance, OutputVariableType.Force)[0]).toBe(0);
  });

  it('explicitSolversSkipAnInactiveConstraintAndEliminateAnActiveOne', () => {
    const { mbs, node, coordinate, distance } = constrainedPoint();
    // the distance constraint cannot be eliminated by explicit solvers: an error while active, skipped while inactive
    expect(() => mbs.solveDynamic(settings(0.1, 100), DynamicSolverType.RK44)).toThrow(/ConnectorDistance.*explicit solvers cannot eliminate/);
    mbs.modifyObject(distance, { activeConnector: false });
    mbs.assemble();
    const t = 0.1;
    mbs.solveDynamic(settings(t, 100), DynamicSolverType.RK44);
    // x eliminated (held at 1), y falls freely: RK4 is exact for constant acceleration (round-off only)
    const p = mbs.getNodeOutput(node, OutputVariableType.Position);
    expect(p[0]).toBe(1);
    expect(Math.abs(p[1] - 0.5 * g * t * t)).toBeLessThan(1e-14);
    // inactive x constraint too: nothing eliminated, x unloaded, still 1
    mbs.modifyObject(coordinate, { activeConnector: false });
    mbs.assemble();
    mbs.solveDynamic(settings(t, 100), DynamicSolverType.RK44);
    expect(mbs.getNodeOutput(node, OutputVariableType.Position)[0]).toBe(1);
  });
});
