import { describe, expect, it } from 'vitest';
import { SystemContainer, Cable2D, OutputVariableType, generateCircularArcANCFCable2D } from '../../src/index.ts';

describe('generateCircularArcANCFCable2D (Exudyn\'s exudyn.beams helper)', () => {
  it('lays cable elements along the arc: nodes on the circle with tangent slopes, arc-length elements, curvature, constraints', () => {
    const mbs = new SystemContainer().addSystem();
    const template = Cable2D({ physicsMassPerLength: 1, physicsBendingStiffness: 1, physicsAxialStiffness: 100 });
    // a quarter circle of radius 2, counter-clockwise from (1, 0) with the start slope along +y: centre (−1, 0)
    const [nodes, elements, loads, positions, constraints] = generateCircularArcANCFCable2D(mbs, {
      positionOfNode0: [1, 0, 0], radius: 2, startAngle: Math.PI / 2, arcAngle: Math.PI / 2, numberOfElements: 4, cableTemplate: template,
      massProportionalLoad: [0, -9.81, 0], fixedConstraintsNode0: [1, 1, 0, 0],
    });
    expect([nodes.length, elements.length, loads.length, constraints.length]).toEqual([5, 4, 4, 2]);
    nodes.forEach((node, i) => {
      const phi = (i * Math.PI) / 8;
      const [x, y, sx, sy] = mbs.getNode(node).referenceCoordinates as number[];
      expect(Math.hypot(x + 1, y)).toBeCloseTo(2, 14); // on the circle
      expect([x, y]).toEqual([-1 + 2 * Math.cos(phi), 2 * Math.sin(phi)].map((v) => expect.closeTo(v, 14)));
      expect([sx, sy]).toEqual([-Math.sin(phi), Math.cos(phi)].map((v) => expect.closeTo(v, 14))); // the unit tangent
      expect(positions[i].slice(0, 2)).toEqual([x, y].map((v) => expect.closeTo(v, 14)));
    });
    expect(mbs.getObject(elements[0]).physicsLength).toBeCloseTo(Math.PI / 4, 14); // arc length, not chord
    expect(mbs.getObject(elements[0]).physicsReferenceCurvature).toBeCloseTo(0.5, 14);
    expect(template.physicsReferenceCurvature).toBeUndefined(); // the template is not changed
    mbs.assemble();
    expect(mbs.getObjectOutputBody(elements[3], OutputVariableType.Position, [Math.PI / 4, 0, 0], 'Reference')).toEqual([-1, 2, 0].map((v) => expect.closeTo(v, 14)));
  });

  it('a clockwise arc (negative angle) ends at the given node; straight reference configuration; bad input', () => {
    const mbs = new SystemContainer().addSystem();
    const template = Cable2D({ physicsMassPerLength: 1, physicsBendingStiffness: 1, physicsAxialStiffness: 100 });
    const [first] = generateCircularArcANCFCable2D(mbs, { positionOfNode0: [0, 0, 0], radius: 1, startAngle: 0, arcAngle: -Math.PI, numberOfElements: 2, cableTemplate: template, setCurvedReferenceConfiguration: false });
    // clockwise from (0, 0) heading +x: centre (0, −1), end (0, −2) heading −x
    expect(mbs.getNode(first[2]).referenceCoordinates).toEqual([0, -2, -1, 0].map((v) => expect.closeTo(v, 14)));
    const [second, elements] = generateCircularArcANCFCable2D(mbs, { positionOfNode0: [0, -2, 0], radius: 1, startAngle: Math.PI, arcAngle: -Math.PI, numberOfElements: 2, cableTemplate: template, nodeNumber0: first[2], nodeNumber1: first[0] });
    expect([second[0], second[2]]).toEqual([first[2], first[0]]); // a closed loop
    expect(mbs.getObject(elements[0]).physicsReferenceCurvature).toBeCloseTo(-1, 14);
    const bad = (options: Record<string, unknown>) => () => generateCircularArcANCFCable2D(mbs, { positionOfNode0: [0, 0, 0], radius: 1, startAngle: 0, arcAngle: 1, numberOfElements: 2, cableTemplate: template, ...options });
    expect(bad({ radius: 0 })).toThrow(/generateCircularArcANCFCable2D: radius must be a finite number > 0, got number 0/);
    expect(bad({ arcAngle: 0 })).toThrow(/arcAngle must be a finite number ≠ 0/);
    expect(bad({ numberOfElements: 1.5 })).toThrow(/numberOfElements must be a positive integer/);
    expect(bad({ fixedConstraintsNode1: [1] })).toThrow(/fixedConstraintsNode1 must have 4 entries/);
  });
});
