import { describe, it, expect } from 'vitest';
import { SystemContainer, SimulationSettings, OutputVariableType, FlexdynError } from '../../src/index.ts';

describe('createMassPoint (Exudyn CreateMassPoint)', () => {
  it('create2D adds NodePoint2D and ObjectMassPoint2D; returnDict names node, body, gravity marker and load', () => {
    const mbs = new SystemContainer().addSystem();
    const created = mbs.createMassPoint({ name: 'm', referencePosition: [1, 2, 0], initialVelocity: [3, 0, 0], physicsMass: 2, gravity: [0, -10, 0], create2D: true, drawSize: 0.2, color: [1, 0, 0, 1], returnDict: true });
    expect(mbs.getNode(created.nodeNumber).nodeType).toBe('Point2D');
    expect(mbs.getNode(created.nodeNumber).name).toBe('Node:m');
    expect(mbs.getNode(created.nodeNumber).visualization).toMatchObject({ drawSize: 0.2, color: [1, 0, 0, 1] });
    expect(mbs.getObject(created.bodyNumber).objectType).toBe('MassPoint2D');
    expect(created.markerBodyMass).toBeDefined();
    expect(created.loadNumber).toBeDefined();
    mbs.assemble();
    const settings = new SimulationSettings();
    settings.solutionSettings.writeSolutionToFile = false;
    settings.timeIntegration.endTime = 1;
    settings.timeIntegration.numberOfSteps = 10;
    mbs.solveDynamic(settings);
    // free fall with constant acceleration: generalized-α integrates the parabola exactly up to Newton's tolerance
    const position = mbs.getNodeOutput(created.nodeNumber, OutputVariableType.Position);
    expect(position[0]).toBeCloseTo(1 + 3, 10);
    expect(position[1]).toBeCloseTo(2 - 0.5 * 10, 10);
  });

  it('without returnDict returns the body index; graphicsDataList draws the body instead of the node (drawSize 0)', () => {
    const mbs = new SystemContainer().addSystem();
    const body = mbs.createMassPoint({ physicsMass: 1, graphicsDataList: [{ type: 'Line', color: [0, 0, 0, 1], data: [0, 0, 0, 1, 0, 0] }] });
    expect(typeof body).toBe('number');
    expect(mbs.getObject(body).visualization).toMatchObject({ show: true });
    expect(mbs.getNode(mbs.getObject(body).nodeNumber as number).visualization).toMatchObject({ drawSize: 0 });
  });

  it('a z-component with create2D, a bad vector or an unknown option is a named error and adds nothing', () => {
    const mbs = new SystemContainer().addSystem();
    expect(() => mbs.createMassPoint({ referencePosition: [0, 0, 1], physicsMass: 1, create2D: true })).toThrow(/createMassPoint: with create2D, referencePosition must have no z-component, got \[0, 0, 1\]/);
    expect(() => mbs.createMassPoint({ initialVelocity: [0, 0] as unknown as number[], physicsMass: 1 })).toThrow(FlexdynError);
    expect(() => mbs.createMassPoint({ physicsMass: -1 })).toThrow(/physicsMass/);
    expect(mbs.numberOfNodes).toBe(0);
    expect(mbs.numberOfObjects).toBe(0);
  });
});
