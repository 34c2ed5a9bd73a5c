import { describe, expect, it } from 'vitest';
import {
  SystemContainer, SimulationSettings, OutputVariableType, NodePoint2D, NodePointGround, NodeRigidBodyRotVecLG, MassPoint2D,
  ObjectGround, MarkerBodyPosition, MarkerNodePosition, MarkerNodeCoordinates, MarkerObjectODE2Coordinates, DistanceConstraint,
  CoordinateVectorConstraint, Force, FlexdynError, type MainSystem,
} from '../../src/index.ts';

const L = 0.8;
const mass = 2.5;
const g = 9.81;

/** A planar pendulum of length L: either a DistanceConstraint or the CoordinateVectorConstraint |q|² = L² (quadratic term, no user function). */
function pendulum(kind: 'distance' | 'quadratic'): { mbs: MainSystem; node: number; constraint: number } {
  const mbs = new SystemContainer().addSystem();
  const ground = mbs.addObject(ObjectGround({}));
  const node = mbs.addNode(NodePoint2D({ referenceCoordinates: [L, 0] }));
  mbs.addObject(MassPoint2D({ nodeNumber: node, physicsMass: mass }));
  const tip = mbs.addMarker(MarkerNodePosition({ nodeNumber: node }));
  mbs.addLoad(Force({ markerNumber: tip, loadVector: [0, -mass * g, 0] }));
  let constraint: number;
  if (kind === 'distance') {
    constraint = mbs.addObject(DistanceConstraint({ markerNumbers: [mbs.addMarker(MarkerBodyPosition({ bodyNumber: ground })), tip], distance: L }));
  } else {
    const groundCoordinates = mbs.addMarker(MarkerNodeCoordinates({ nodeNumber: mbs.addNode(NodePointGround({})) }));
    const coordinates = mbs.addMarker(MarkerNodeCoordinates({ nodeNumber: node }));
    constraint = mbs.addObject(CoordinateVectorConstraint({ markerNumbers: [groundCoordinates, coordinates], quadraticTermMarker1: [[1, 1]], offset: [L * L] }));
  }
  mbs.assemble();
  const settings = new SimulationSettings();
  settings.timeIntegration.numberOfSteps = 500;
  settings.timeIntegration.endTime = 0.5;
  mbs.solveDynamic(settings);
  return { mbs, node, constraint };
}

describe('ObjectConnectorCoordinateVector', () => {
  it('quadraticConstraintMovesLikeTheDistanceConstraint', () => {
    // |q|² − L² = 0 and |q| − L = 0 define the same manifold: both index-3 solutions are the same discrete trajectory up to
    // the Newton tolerance (1e-10 relative residual, positions ~1): 1e-9.
    const reference = pendulum('distance');
    const quadratic = pendulum('quadratic');
    const p = quadratic.mbs.getNodeOutput(quadratic.node, OutputVariableType.Position);
    const pRef = reference.mbs.getNodeOutput(reference.node, OutputVariableType.Position);
    for (let i = 0; i < 2; i++) expect(Math.abs(p[i] - pRef[i])).toBeLessThan(1e-9);
    expect(Math.abs(Math.hypot(p[0], p[1]) - L)).toBeLessThan(1e-12);
    // the rod force: λ·∂c/∂q = 2λ q must equal the distance constraint's force λ_d·q/L, so λ = λ_d / (2L)
    const lambda = quadratic.mbs.getObjectOutput(quadratic.constraint, OutputVariableType.Force)[0];
    const lambdaDistance = reference.mbs.getObjectOutput(reference.constraint, OutputVariableType.Force)[0];
    expect(Math.abs(lambda - lambdaDistance / (2 * L))).toBeLessThan(1e-6 * Math.abs(lambdaDistance));
    expect(quadratic.mbs.getObjectOutput(quadratic.constraint, OutputVariableType.ConstraintEquation)[0]).toBeCloseTo(0, 12);
    // displacement to the ground marker: −(−q) = q with reference values
    expect(quadratic.mbs.getObjectOutput(quadratic.constraint, OutputVariableType.Displacement)).toEqual(p.slice(0, 2));
  });

  it('markersIncludeTheReferenceCoordinates', () => {
    const mbs = new SystemContainer().addSystem();
    const n0 = mbs.addNode(NodePoint2D({ referenceCoordinates: [1, 2], initialCoordinates: [0.5, -0.25], initialVelocities: [3, 4] }));
    const n1 = mbs.addNode(NodePoint2D({ referenceCoordinates: [-1, 0], initialCoordinates: [0, 1] }));
    const body = mbs.addObject({ objectType: 'GenericODE2', nodeNumbers: [n0, n1], massMatrix: [[1, 0, 0, 0], [0, 1, 0, 0], [0, 0, 1, 0], [0, 0, 0, 1]] });
    const nodeMarker = mbs.addMarker(MarkerNodeCoordinates({ nodeNumber: n0 }));
    const objectMarker = mbs.addMarker(MarkerObjectODE2Coordinates({ objectNumber: body }));
    mbs.assemble();
    expect(mbs.getMarkerOutput(nodeMarker, OutputVariableType.Coordinates)).toEqual([1.5, 1.75]);
    expect(mbs.getMarkerOutput(nodeMarker, OutputVariableType.Coordinates_t)).toEqual([3, 4]);
    expect(mbs.getMarkerOutput(objectMarker, OutputVariableType.Coordinates)).toEqual([1.5, 1.75, -1, 1]);
  });

  it('rejectsInconsistentSizesAndHalfAUserFunctionPair', () => {
    const mbs = new SystemContainer().addSystem();
    const n0 = mbs.addNode(NodePoint2D({}));
    const m0 = mbs.addMarker(MarkerNodeCoordinates({ nodeNumber: n0 }));
    const m1 = mbs.addMarker(MarkerNodeCoordinates({ nodeNumber: mbs.addNode(NodePointGround({})) }));
    const add = (parameters: Record<string, unknown>) => () => mbs.addObject(CoordinateVectorConstraint({ markerNumbers: [m1, m0], ...parameters }));
    expect(add({})).toThrow(/scalingMarker0 one of scalingMarker0, .* must have rows/);
    expect(add({ scalingMarker0: [[1, 0]], scalingMarker1: [[1, 0], [0, 1]] })).toThrow(/scalingMarker0 must have 2 rows .* got 1/);
    expect(add({ scalingMarker1: [[1, 0]], offset: [1, 2] })).toThrow(/offset must have 1 entries .* got 2/);
    expect(add({ scalingMarker1: [[1, 0]], constraintUserFunction: () => [0] })).toThrow(/jacobianUserFunction must be given together with constraintUserFunction/);
    expect(add({ scalingMarker1: [[1, 0]], jacobianUserFunction: () => [[0, 0]] })).toThrow(FlexdynError);
    // columns are checked against the marker at assemble (a ground marker's matrix is not used)
    mbs.addObject(CoordinateVectorConstraint({ markerNumbers: [m1, m0], scalingMarker0: [[1, 2, 3]], scalingMarker1: [[1, 0, 0]] }));
    expect(() => mbs.assemble()).toThrow(/scalingMarker1 must have 2 columns \(the coordinates of marker 1\) or be empty, got 3/);
  });

  it('rejectsMarkersOnLieGroupNodesAndWrongMarkerKinds', () => {
    const mbs = new SystemContainer().addSystem();
    const node = mbs.addNode(NodeRigidBodyRotVecLG({}));
    mbs.addMarker(MarkerNodeCoordinates({ nodeNumber: node }));
    expect(() => mbs.assemble()).toThrow(/MarkerNodeCoordinates #0: nodeNumber must refer to nodes whose velocity coordinates are the time derivatives/);

    const other = new SystemContainer().addSystem();
    const n = other.addNode(NodePoint2D({}));
    other.addObject(MassPoint2D({ nodeNumber: n, physicsMass: 1 }));
    const position = other.addMarker(MarkerNodePosition({ nodeNumber: n }));
    const coordinates = other.addMarker(MarkerNodeCoordinates({ nodeNumber: n }));
    other.addObject(CoordinateVectorConstraint({ markerNumbers: [position, coordinates], scalingMarker1: [[1, 0]] }));
    expect(() => other.assemble()).toThrow(/markerNumbers entry 0 must refer to a coordinate-vector marker/);
  });

  it('userFunctionResultsOfTheWrongSizeAreNamedErrors', () => {
    const mbs = new SystemContainer().addSystem();
    const n = mbs.addNode(NodePoint2D({ referenceCoordinates: [1, 0] }));
    mbs.addObject(MassPoint2D({ nodeNumber: n, physicsMass: 1 }));
    const ground = mbs.addMarker(MarkerNodeCoordinates({ nodeNumber: mbs.addNode(NodePointGround({})) }));
    const marker = mbs.addMarker(MarkerNodeCoordinates({ nodeNumber: n }));
    mbs.addObject(CoordinateVectorConstraint({
      markerNumbers: [ground, marker], scalingMarker0: [[0]],
      constraintUserFunction: (_m, _t, _i, q) => [Math.hypot(q[0], q[1]) - 1],
      jacobianUserFunction: () => [[1, 0, 0]],
    }));
    mbs.assemble();
    const settings = new SimulationSettings();
    settings.timeIntegration.numberOfSteps = 2;
    settings.timeIntegration.endTime = 0.01;
    expect(() => mbs.solveDynamic(settings)).toThrow(/jacobianUserFunction must return a 1 x 2 matrix; row 0 is/);
  });
});
