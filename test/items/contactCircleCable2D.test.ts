import { describe, expect, it } from 'vitest';
import {
  SystemContainer, SimulationSettings, NodeGenericData, NodePointGround, Point2DS1, Cable2D, MarkerNodeCoordinate, CoordinateConstraint,
  Point2D, MassPoint2D, MarkerNodePosition, Force, MarkerBodyCable2DShape, ObjectContactCircleCable2D, OutputVariableType, ObjectGround,
  MarkerBodyPosition,
} from '../../src/index.ts';

/**
 * A straight cable element from (0, 0) to (1, 0), all coordinates fixed, and a circle (radius 0.1, a 2D point whose x is
 * fixed at xc) pressed onto it from above by the force F; the circle starts 0.01 deep in contact (data coordinates −0.01:
 * a static solve needs the contact stiffness from the start).
 */
function circleOnCable(xc: number, segments: number, contact: Record<string, unknown> = {}, dataCount = segments) {
  const SC = new SystemContainer();
  const mbs = SC.addSystem();
  const ground = mbs.addMarker(MarkerNodeCoordinate({ nodeNumber: mbs.addNode(NodePointGround({})), coordinate: 0 }));
  const nodes = [0, 1].map((i) => mbs.addNode(Point2DS1({ referenceCoordinates: [i, 0, 1, 0] })));
  const cable = mbs.addObject(Cable2D({ nodeNumbers: nodes, physicsLength: 1, physicsMassPerLength: 1, physicsBendingStiffness: 1, physicsAxialStiffness: 100 }));
  for (const node of nodes) for (let c = 0; c < 4; c++) mbs.addObject(CoordinateConstraint({ markerNumbers: [ground, mbs.addMarker(MarkerNodeCoordinate({ nodeNumber: node, coordinate: c }))] }));
  const center = mbs.addNode(Point2D({ referenceCoordinates: [xc, 0.09] }));
  mbs.addObject(MassPoint2D({ physicsMass: 1, nodeNumber: center }));
  mbs.addObject(CoordinateConstraint({ markerNumbers: [ground, mbs.addMarker(MarkerNodeCoordinate({ nodeNumber: center, coordinate: 0 }))] }));
  const centerMarker = mbs.addMarker(MarkerNodePosition({ nodeNumber: center }));
  mbs.addLoad(Force({ markerNumber: centerMarker, loadVector: [0, -10, 0] }));
  const shape = mbs.addMarker(MarkerBodyCable2DShape({ bodyNumber: cable, numberOfSegments: segments }));
  const data = mbs.addNode(NodeGenericData({ numberOfDataCoordinates: dataCount, initialCoordinates: new Array(dataCount).fill(-0.01) }));
  const object = mbs.addObject(ObjectContactCircleCable2D({
    markerNumbers: [centerMarker, shape], nodeNumber: data, numberOfContactSegments: segments, contactStiffness: 1e4, circleRadius: 0.1, ...contact,
  }));
  return { mbs, center, object, cable, ground };
}

function solveStatic(mbs: ReturnType<typeof circleOnCable>['mbs']) {
  mbs.assemble();
  const settings = new SimulationSettings();
  settings.solutionSettings.writeSolutionToFile = false;
  settings.staticSolver.newton.relativeTolerance = 1e-12;
  settings.staticSolver.discontinuous.iterationTolerance = 1e-6;
  settings.staticSolver.discontinuous.maxIterations = 10;
  mbs.solveStatic(settings);
}

describe('ObjectContactCircleCable2D', () => {
  it('carriesTheLoad: a circle pressed onto one segment sinks by F/k, onto a shared segment end by F/(2k)', () => {
    // interior nearest point (x = 0.3, one segment): one gap carries F = k g → center y = r − F/k; at x = 0.5 with
    // 2 segments the nearest point is the common end of both, each carries k g → y = r − F/(2k). Newton tolerance 1e-12.
    for (const [xc, segments, expected] of [[0.3, 1, 0.1 - 10 / 1e4], [0.5, 2, 0.1 - 10 / 2e4]] as const) {
      const { mbs, center, object } = circleOnCable(xc, segments);
      solveStatic(mbs);
      const y = mbs.getNodeOutput(center, OutputVariableType.Position)[1];
      expect(Math.abs(y - expected)).toBeLessThan(1e-12);
      const gaps = mbs.getObjectOutput(object, OutputVariableType.Distance) as ArrayLike<number>;
      expect(Math.abs(gaps[0] - (expected - 0.1))).toBeLessThan(1e-12);
      expect(Array.from(mbs.systemData.getDataCoordinates()).every((x) => x <= 0)).toBe(true);
    }
  });

  it('rejectsBadInput with named errors', () => {
    const fails = (contact: Record<string, unknown>, dataCount?: number) => () => {
      const { mbs } = circleOnCable(0.3, 2, contact, dataCount);
      mbs.assemble();
    };
    expect(fails({ contactStiffness: -1 })).toThrow(/ObjectContactCircleCable2D #\d+: contactStiffness must be non-negative, got -1/);
    expect(fails({ circleRadius: 0 })).toThrow(/ObjectContactCircleCable2D #\d+: circleRadius must be positive, got 0/);
    expect(fails({ circleRadius: -0.1 })).toThrow(/ObjectContactCircleCable2D #\d+: circleRadius must be non-negative, got -0.1/);
    expect(fails({ offset: Number.NaN })).toThrow(/ObjectContactCircleCable2D #\d+: offset must be a finite number, got number NaN/);
    expect(fails({ contactDamping: 1 })).toThrow(/ObjectContactCircleCable2D #\d+: contactDamping must be 0/);
    expect(fails({ numberOfContactSegments: 3 })).toThrow(/ObjectContactCircleCable2D #\d+: numberOfContactSegments must equal numberOfSegments = 2/);
    expect(fails({}, 3)).toThrow(/ObjectContactCircleCable2D #\d+: nodeNumber must refer to a NodeGenericData with 2 data coordinates/);
    expect(fails({ markerNumbers: [0, 0] })).toThrow(/ObjectContactCircleCable2D #\d+: markerNumbers entry 0 must refer to a position marker/);
    const { mbs, object } = circleOnCable(0.3, 2);
    const position = mbs.addMarker(MarkerBodyPosition({ bodyNumber: mbs.addObject(ObjectGround({})) }));
    mbs.setObjectParameter(object, 'markerNumbers', [position, position]);
    expect(() => mbs.assemble()).toThrow(/markerNumbers entry 1 must refer to a MarkerBodyCable2DShape/);
    const other = circleOnCable(0.3, 2);
    const ground = other.mbs.addObject(ObjectGround({}));
    other.mbs.addMarker(MarkerBodyCable2DShape({ bodyNumber: ground }));
    expect(() => other.mbs.assemble()).toThrow(/MarkerBodyCable2DShape #\d+: bodyNumber must refer to an ObjectANCFCable2D or ObjectALEANCFCable2D, got ObjectGround/);
    expect(() => other.mbs.addMarker(MarkerBodyCable2DShape({ bodyNumber: other.cable, verticalOffset: 0.01 }))).toThrow(/verticalOffset must be 0/);
    expect(() => other.mbs.addMarker(MarkerBodyCable2DShape({ bodyNumber: other.cable, numberOfSegments: 13 }))).toThrow(/numberOfSegments must be in 1 … 12, got 13/);
  });
});
