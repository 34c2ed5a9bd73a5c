import { describe, it, expect } from 'vitest';
import { SystemContainer, OutputVariableType, ConfigurationType, MarkerBodyRigid, InertiaCuboid, RotationVector2RotationMatrix, RotationMatrixZ, getJointArgs, FlexdynError } from '../../src/index.ts';

/** Row-major product A·B of 3×3 matrices given as nested arrays or flat row-major arrays. */
function mul(a: ArrayLike<number>, b: ArrayLike<number>): number[] {
  const out: number[] = [];
  for (let i = 0; i < 3; i++) for (let j = 0; j < 3; j++) out.push(a[3 * i] * b[j] + a[3 * i + 1] * b[3 + j] + a[3 * i + 2] * b[6 + j]);
  return out;
}

describe('getJointArgs (Exudyn GetJointArgs)', () => {
  it('the new marker sits at the existing marker and both joint frames coincide in the reference configuration', () => {
    const mbs = new SystemContainer().addSystem();
    const ground = mbs.createGround({ referencePosition: [0.3, 0, 0] });
    const body = mbs.createRigidBody({ inertia: InertiaCuboid({ density: 1000, sideLengths: [1, 0.1, 0.1] }), referencePosition: [0.5, -0.2, 0.1], referenceRotationMatrix: RotationVector2RotationMatrix([0.2, 0.3, 0.4]) });
    const existing = mbs.addMarker(MarkerBodyRigid({ bodyNumber: body, localPosition: [0.1, -0.05, 0.05] }));
    const rotationMarker0 = RotationMatrixZ(0.7);
    const args = getJointArgs(mbs, { markerNumber0: existing, rotationMarker0, bodyNumber1: ground });
    expect(args.markerNumbers[0]).toBe(existing);
    mbs.assemble();
    const reference = ConfigurationType.Reference;
    const p0 = mbs.getMarkerOutput(args.markerNumbers[0], OutputVariableType.Position, reference);
    const p1 = mbs.getMarkerOutput(args.markerNumbers[1], OutputVariableType.Position, reference);
    p0.forEach((p, i) => expect(p1[i]).toBeCloseTo(p, 14));
    const frame0 = mul(mbs.getMarkerOutput(args.markerNumbers[0], OutputVariableType.RotationMatrix, reference), args.rotationMarker0.flat());
    const frame1 = mul(mbs.getMarkerOutput(args.markerNumbers[1], OutputVariableType.RotationMatrix, reference), args.rotationMarker1.flat());
    frame0.forEach((a, i) => expect(frame1[i]).toBeCloseTo(a, 14));

    const swapped = getJointArgs(mbs, { markerNumber1: existing, bodyNumber0: ground });
    expect(swapped.markerNumbers[1]).toBe(existing);
    expect(swapped.rotationMarker1).toEqual([[1, 0, 0], [0, 1, 0], [0, 0, 1]]);
  });

  it('missing or conflicting sides are named errors', () => {
    const mbs = new SystemContainer().addSystem();
    const ground = mbs.createGround();
    const marker = mbs.addMarker(MarkerBodyRigid({ bodyNumber: ground, localPosition: [0, 0, 0] }));
    expect(() => getJointArgs(mbs, { markerNumber0: marker })).toThrow(/getJointArgs: with markerNumber0, bodyNumber1 must be an object index, got undefined/);
    expect(() => getJointArgs(mbs, { markerNumber0: marker, markerNumber1: marker, bodyNumber1: ground })).toThrow(FlexdynError);
    expect(() => getJointArgs(mbs, { bodyNumber1: ground })).toThrow(/markerNumber0 or markerNumber1 must be a marker index/);
    expect(() => getJointArgs(mbs, { markerNumber0: marker, bodyNumber1: ground, rotationMarker0: [[1, 0], [0, 1]] })).toThrow(/rotationMarker0 must be a 3×3 matrix/);
  });
});
