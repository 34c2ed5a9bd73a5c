import { describe, expect, it } from 'vitest';
import {
  SystemContainer, FlexdynError, NodeRigidBodyQuaternion, CosseratRod, MarkerBodyPosition, MarkerBodyRigid, Force, type MainSystem,
} from '../../src/index.ts';

/** Bad input of the list not covered by test/items/cosseratRod.test.ts (rejectsBadInputNamingItemParameterExpectedAndGot). */
const stiffness = { physicsAxialShearStiffness: [1e4, 4e3, 3e3], physicsBendingTorsionStiffness: [20, 30, 45] };

function thrown(build: (mbs: MainSystem) => void): Error {
  const mbs = new SystemContainer().addSystem();
  try { build(mbs); } catch (error) { return error as Error; }
  throw new Error('no error thrown');
}

const nodesAt = (mbs: MainSystem, xs: number[]) => xs.map((x) => mbs.addNode(NodeRigidBodyQuaternion({ referenceCoordinates: [x, 0, 0, 1, 0, 0, 0] })));

describe('ObjectCosseratRod bad input (rest of the issue list)', () => {
  it('rejectsDistinctNodesAtTheSamePositionAtAssemble', () => {
    const error = thrown((mbs) => {
      mbs.addObject(CosseratRod({ nodeNumbers: nodesAt(mbs, [0, 0.5, 0.5]), ...stiffness }));
      mbs.assemble();
    });
    expect(error).toBeInstanceOf(FlexdynError);
    expect(error.message).toMatch(/^ObjectCosseratRod #0: nodeNumbers entries 1 and 2 \(nodes #1, #2\) must have distinct reference positions, got both at \[0\.5, 0, 0\]/);
  });

  it('rejectsNegativeArcLengthOfARigidMarker', () => {
    const error = thrown((mbs) => {
      mbs.addObject(CosseratRod({ nodeNumbers: nodesAt(mbs, [0, 0.5, 1]), ...stiffness }));
      const marker = mbs.addMarker(MarkerBodyRigid({ bodyNumber: 0, localPosition: [-0.1, 0, 0] }));
      mbs.addLoad(Force({ markerNumber: marker, loadVector: [0, 1, 0] }));
      mbs.assemble();
    });
    expect(error).toBeInstanceOf(FlexdynError);
    expect(error.message).toBe('ObjectCosseratRod #0: localPosition must be [s, 0, 0] with the reference arc length 0 ≤ s ≤ L = 1, got [-0.1, 0, 0]');
  });

  it('acceptsMarkersAtBothEndsExactly', () => {
    const mbs = new SystemContainer().addSystem();
    mbs.addObject(CosseratRod({ nodeNumbers: nodesAt(mbs, [0, 0.5, 1]), ...stiffness }));
    for (const s of [0, 1]) mbs.addLoad(Force({ markerNumber: mbs.addMarker(MarkerBodyPosition({ bodyNumber: 0, localPosition: [s, 0, 0] })), loadVector: [0, 1, 0] }));
    expect(() => mbs.assemble()).not.toThrow();
  });

  it('rejectsNonPositiveCenterlineLengthInCreateCosseratRod', () => {
    const mbs = new SystemContainer().addSystem();
    for (const length of [0, -1]) {
      expect(() => mbs.createCosseratRod({ centerline: { type: 'Straight', length }, numberOfElements: 2, ...stiffness }))
        .toThrow(`createCosseratRod: centerline.length must be positive, got ${length}`);
    }
  });

  it('rejectsANegativeStiffnessEntry', () => {
    const error = thrown((mbs) => mbs.addObject(CosseratRod({ nodeNumbers: nodesAt(mbs, [0, 1]), physicsAxialShearStiffness: [1, 1, 1], physicsBendingTorsionStiffness: [1, -2, 1] })));
    expect(error.message).toBe('ObjectCosseratRod #0: physicsBendingTorsionStiffness entry 1 must be positive, got [1, -2, 1]');
  });
});
