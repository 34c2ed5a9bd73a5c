import { describe, expect, it } from 'vitest';
import {
  SystemContainer, NodePoint, NodeGenericODE2, NodeRigidBodyEP, NodeRigidBody2D, ObjectGenericODE2, ObjectRigidBody, ObjectRigidBody2D,
  MarkerNodePosition, MarkerNodeCoordinate, CartesianSpringDamper, CoordinateSpringDamper, FlexdynError, type MainSystem,
} from '../../src/index.ts';
import { parseAbaqusInput, parseAbaqusMatrix } from '../../src/fem/abaqus.ts';
import { negativeEigenvalue } from '../../src/linalg/definiteness.ts';
import { matrixEntries, transposedEntries } from '../../src/linalg/matrixEntries.ts';

/** negativeEigenvalue of a row-major n × n matrix, through its entries. */
function denseNegativeEigenvalue(a: readonly number[], n: number, tolerance: number): number | undefined {
  const entries = matrixEntries(Array.from({ length: n }, (_, i) => a.slice(i * n, i * n + n)));
  if (entries === undefined) return undefined;
  return negativeEigenvalue(entries, transposedEntries(entries, n), n, tolerance);
}

function flexdynError(fn: () => unknown): FlexdynError {
  try { fn(); } catch (error) {
    expect(error).toBeInstanceOf(FlexdynError);
    return error as FlexdynError;
  }
  throw new Error('expected a FlexdynError, got a normal return');
}

function twoPointMarkers(): { mbs: MainSystem; markers: [number, number] } {
  const mbs = new SystemContainer().addSystem();
  const n0 = mbs.addNode(NodePoint({ referenceCoordinates: [0, 0, 0] }));
  const n1 = mbs.addNode(NodePoint({ referenceCoordinates: [1, 0, 0] }));
  return { mbs, markers: [mbs.addMarker(MarkerNodePosition({ nodeNumber: n0 })), mbs.addMarker(MarkerNodePosition({ nodeNumber: n1 }))] };
}

describe('physically impossible data is rejected naming item, parameter, expected and got', () => {
  it('genericODE2MassMatrixMustBeSymmetricPositiveSemidefinite', () => {
    const mbs = new SystemContainer().addSystem();
    const node = mbs.addNode(NodeGenericODE2({ numberOfODE2Coordinates: 2, referenceCoordinates: [0, 0], initialCoordinates: [0, 0], initialCoordinates_t: [0, 0] }));
    expect(flexdynError(() => mbs.addObject(ObjectGenericODE2({ nodeNumbers: [node], massMatrix: [[1, 0], [0, -1]] }))).message)
      .toBe('ObjectGenericODE2 #0: massMatrix must be positive semi-definite (kinetic energy ≥ 0), got diagonal entry [1][1] = -1');
    expect(flexdynError(() => mbs.addObject(ObjectGenericODE2({ nodeNumbers: [node], massMatrix: [[1, 2], [2, 1]] }))).message)
      .toBe('ObjectGenericODE2 #0: massMatrix must be positive semi-definite (kinetic energy ≥ 0), got a matrix with eigenvalue -1.00000');
    expect(flexdynError(() => mbs.addObject(ObjectGenericODE2({ nodeNumbers: [node], massMatrix: [[1, 0.5], [0, 1]] }))).message)
      .toBe('ObjectGenericODE2 #0: massMatrix must be symmetric (a mass matrix is), got entry [0][1] = 0.5 but [1][0] = 0');
    // singular (semi-definite) and round-off asymmetric mass matrices are physical
    mbs.addObject(ObjectGenericODE2({ nodeNumbers: [node], massMatrix: [[1, 1], [1, 1 + 1e-17]] }));
    mbs.addObject(ObjectGenericODE2({ nodeNumbers: [node], massMatrix: [[2, 0.1 + 1e-16], [0.1, 3]], stiffnessMatrix: [[1, 3], [-3, 1]] }));
  });

  it('cartesianSpringDamperRejectsNegativeStiffnessAndDamping', () => {
    const { mbs, markers } = twoPointMarkers();
    expect(flexdynError(() => mbs.addObject(CartesianSpringDamper({ markerNumbers: markers, stiffness: [1, -2, 0] }))).message)
      .toBe('ObjectConnectorCartesianSpringDamper #0: stiffness entry 1 must be non-negative (a spring with negative stiffness pushes away from its rest position), got -2');
    expect(flexdynError(() => mbs.addObject(CartesianSpringDamper({ markerNumbers: markers, damping: [0, 0, -1e-3] }))).message)
      .toMatch(/^ObjectConnectorCartesianSpringDamper #0: damping entry 2 must be non-negative \(a damper with negative damping adds energy\), got -0.001$/);
    // with a user function, the values are only its arguments
    mbs.addObject(CartesianSpringDamper({ markerNumbers: markers, stiffness: [1, -2, 0], springForceUserFunction: () => [0, 0, 0] }));
  });

  it('coordinateSpringDamperRejectsNegativeStiffness', () => {
    const mbs = new SystemContainer().addSystem();
    const n = mbs.addNode(NodePoint({}));
    const m0 = mbs.addMarker(MarkerNodeCoordinate({ nodeNumber: n, coordinate: 0 }));
    const m1 = mbs.addMarker(MarkerNodeCoordinate({ nodeNumber: n, coordinate: 1 }));
    expect(flexdynError(() => mbs.addObject(CoordinateSpringDamper({ markerNumbers: [m0, m1], stiffness: -1 }))).parameter).toBe('stiffness');
  });

  it('eulerParametersFarFromUnitLengthAreRejectedAtAssemble', () => {
    const mbs = new SystemContainer().addSystem();
    const node = mbs.addNode(NodeRigidBodyEP({ referenceCoordinates: [0, 0, 0, 1, 0, 0, 0], initialCoordinates: [0, 0, 0, 0, 0.1, 0, 0] }));
    mbs.addObject(ObjectRigidBody({ physicsMass: 1, physicsInertia: [1, 1, 1, 0, 0, 0], nodeNumber: node }));
    expect(flexdynError(() => mbs.assemble()).message).toMatch(/^NodeRigidBodyEP #0: referenceCoordinates plus initialCoordinates must give unit Euler parameters \(entries 3…6, \|p\| = 1 within 0.000001\), got \[1, 0.1, 0, 0\] with \|p\| = 1.00498/);
    mbs.modifyNode(node, { initialCoordinates: [0, 0, 0, 0, 0, 0, 0] });
    mbs.assemble();
  });

  it('planarInertiaMustIncludeTheParallelAxisTerm', () => {
    const mbs = new SystemContainer().addSystem();
    const node = mbs.addNode(NodeRigidBody2D({}));
    expect(flexdynError(() => mbs.addObject(ObjectRigidBody2D({ physicsMass: 2, physicsInertia: 0.1, physicsCenterOfMass: [0.5, 0], nodeNumber: node }))).message)
      .toBe('ObjectRigidBody2D #0: physicsInertia must be at least physicsMass·|physicsCenterOfMass|² = 0.5 (the inertia about the reference point includes the parallel-axis term), got 0.1');
    mbs.addObject(ObjectRigidBody2D({ physicsMass: 2, physicsInertia: 0.5, physicsCenterOfMass: [0.5, 0], nodeNumber: node }));
  });

  it('abaqusLabelsBeyondInt32AreRejectedWithLine', () => {
    const text = ['*Node', '1, 0, 0, 0', '2147483648, 1, 0, 0'].join('\n');
    expect(flexdynError(() => parseAbaqusInput(text, 'big.inp')).message).toBe('big.inp:3: node label must be at most 2147483647 (2³¹ − 1) in magnitude, got 2147483648');
  });

  it('aMatrixFileWithOneHugeIndexIsABoundedError', () => {
    const text = ['1, 1, 2.0', '2, 2, 2.0', '1000000000, 1, 1e-3'].join('\n');
    const started = performance.now();
    expect(flexdynError(() => parseAbaqusMatrix(text, 'K.mtx')).message)
      .toBe("K.mtx:3: matrix index 1000000000 would make the matrix 1000000000 × 1000000000 from 3 entries; give numberOfCoordinates (the mesh's coordinate count) or correct the index");
    expect(performance.now() - started).toBeLessThan(1000);
    expect(parseAbaqusMatrix(['1, 1, 2.0', '3, 3, 2.0'].join('\n'), 'K.mtx').matrix.n).toBe(3);
  });

  it('negativeEigenvalueFindsIndefiniteSymmetricParts', () => {
    expect(denseNegativeEigenvalue([0, 0, 0, 0], 2, 0)).toBeUndefined();
    expect(denseNegativeEigenvalue([2, 1, 1, 2], 2, 0)).toBeUndefined();
    expect(denseNegativeEigenvalue([1, 3, 3, 1], 2, 0)).toBeCloseTo(-2, 14);
    expect(denseNegativeEigenvalue([1, 5, -5, 1], 2, 0)).toBeUndefined(); // skew part carries no energy
  });
});
