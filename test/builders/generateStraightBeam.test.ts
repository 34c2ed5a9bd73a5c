import { describe, expect, it } from 'vitest';
import { SystemContainer, Cable2D, ObjectBeamGeometricallyExact2D, OutputVariableType, generateStraightBeam, generateStraightLineANCFCable2D } from '../../src/index.ts';

describe('generateStraightBeam (Exudyn\'s exudyn.beams helpers)', () => {
  it('laysCableElementsAlongTheLineWithSlopesAndConstraints', () => {
    const mbs = new SystemContainer().addSystem();
    const template = Cable2D({ physicsMassPerLength: 1, physicsBendingStiffness: 1, physicsAxialStiffness: 100 });
    const [nodes, elements, loads, positions, constraints] = generateStraightLineANCFCable2D(mbs, {
      positionOfNode0: [1, 1, 0], positionOfNode1: [4, 5, 0], numberOfElements: 5, cableTemplate: template,
      massProportionalLoad: [0, -9.81, 0], fixedConstraintsNode0: [1, 1, 0, 1],
    });
    expect(nodes).toHaveLength(6);
    expect(elements).toHaveLength(5);
    expect(loads).toHaveLength(5);
    expect(constraints).toHaveLength(3);
    expect(positions[5]).toEqual([4, 5, 0]);
    expect(mbs.getNode(nodes[2]).referenceCoordinates).toEqual([1 + 1.2, 1 + 1.6, 0.6, 0.8].map((v) => expect.closeTo(v, 14)));
    expect(mbs.getObject(elements[0]).physicsLength).toBeCloseTo(1, 14);
    // Exudyn adds a ground node at both ends even where nothing is fixed
    expect(mbs.numberOfNodes).toBe(6 + 2);
    mbs.assemble();
    expect(mbs.getObjectOutputBody(elements[4], OutputVariableType.Position, [1, 0, 0], 'Reference')).toEqual([4, 5, 0].map((v) => expect.closeTo(v, 14)));
  });

  it('buildsQuadraticGeometricallyExactBeamsWithMidNodesAndRejectsBadInput', () => {
    const mbs = new SystemContainer().addSystem();
    const beamTemplate = ObjectBeamGeometricallyExact2D({ nodeNumbers: [-1, -1, -1], physicsMassPerLength: 1, physicsAxialStiffness: 10, physicsShearStiffness: 5, physicsBendingStiffness: 1 });
    const [nodes, elements] = generateStraightBeam(mbs, { positionOfNode0: [0, 0, 0], positionOfNode1: [0, 2, 0], numberOfElements: 2, beamTemplate });
    expect(nodes).toHaveLength(5);
    expect(mbs.getObject(elements[1]).nodeNumbers).toEqual([nodes[2], nodes[3], nodes[4]]);
    expect(mbs.getNode(nodes[1]).referenceCoordinates).toEqual([0, 0.5, Math.PI / 2].map((v) => expect.closeTo(v, 14)));
    const bad = (options: Record<string, unknown>) => () => generateStraightBeam(mbs, { positionOfNode0: [0, 0, 0], positionOfNode1: [1, 0, 0], numberOfElements: 2, beamTemplate, ...options });
    expect(bad({ numberOfElements: 0 })).toThrow(/generateStraightBeam: numberOfElements must be a positive integer, got number 0/);
    expect(bad({ positionOfNode1: [0, 0, 0] })).toThrow(/positionOfNode0 and positionOfNode1 must differ/);
    expect(bad({ positionOfNode1: [1, 0, 1] })).toThrow(/must have z = 0 for BeamGeometricallyExact2D/);
    expect(bad({ fixedConstraintsNode0: [1, 1] })).toThrow(/fixedConstraintsNode0 must have 3 entries/);
    expect(bad({ beamTemplate: { objectType: 'MassPoint' } })).toThrow(/beamTemplate.objectType must be one of ANCFCable2D, ALEANCFCable2D, ANCFCable, BeamGeometricallyExact2D, got .*MassPoint/);
    expect(bad({ beamTemplate: { ...beamTemplate, physicsAxialStiffness: -1 } })).toThrow(/physicsAxialStiffness/);
  });
});
