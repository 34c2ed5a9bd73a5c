import { describe, expect, it } from 'vitest';
import { SystemContainer, NodePoint, MassPoint, ConfigurationType, OutputVariableType, FlexdynError } from '../../src/index.ts';

describe('results that must not only look right', () => {
  it('referenceConfigurationAnswersTheReferenceCoordinates', () => {
    const mbs = new SystemContainer().addSystem();
    const n = mbs.addNode(NodePoint({ referenceCoordinates: [1, 2, 3], initialCoordinates: [0.5, 0, 0] }));
    mbs.addObject(MassPoint({ physicsMass: 1, nodeNumber: n }));
    mbs.assemble();
    expect(mbs.systemData.getODE2Coordinates(ConfigurationType.Reference)).toEqual([1, 2, 3]);
    expect(mbs.systemData.getODE2Coordinates(ConfigurationType.Initial)).toEqual([0.5, 0, 0]);
    // Exudyn's idiom: position = displacement + reference.
    const q = mbs.systemData.getODE2Coordinates(ConfigurationType.Initial);
    const qRef = mbs.systemData.getODE2Coordinates(ConfigurationType.Reference);
    expect(q.map((v, i) => v + qRef[i])).toEqual(mbs.getNodeOutput(n, OutputVariableType.Position, ConfigurationType.Initial));
    expect(() => mbs.systemData.setODE2Coordinates([0, 0, 0], ConfigurationType.Reference)).toThrow(/configuration must be Current, Initial, StartOfStep or Visualization, got Reference/);
    expect(() => mbs.systemData.setODE2Coordinates([0, 0, 0], ConfigurationType.Reference)).toThrow(FlexdynError);
  });
});
