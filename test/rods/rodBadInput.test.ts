import { describe, expect, it } from 'vitest';
import {
  SystemContainer, FlexdynError, NodeRigidBodyQuaternion, NodeGenericODE2, NodePoint, CosseratRod, MarkerBodyPosition, MarkerBodyRigid, Force, type MainSystem,
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
      mbs.addObject(CosseratRod({ interpolation: 'R12', formulation: 'displacement', nodeNumbers: nodesAt(mbs, [0, 0.5, 0.5]), ...stiffness }));
      mbs.assemble();
    });
    expect(error).toBeInstanceOf(FlexdynError);
    expect(error.message).toMatch(/^ObjectCosseratRod #0: nodeNumbers entries 1 and 2 \(nodes #1, #2\) must have distinct reference positions, got both at \[0\.5, 0, 0\]/);
  });

  it('rejectsNegativeArcLengthOfARigidMarker', () => {
    const error = thrown((mbs) => {
      mbs.addObject(CosseratRod({ interpolation: 'R12', formulation: 'displacement', nodeNumbers: nodesAt(mbs, [0, 0.5, 1]), ...stiffness }));
      const marker = mbs.addMarker(MarkerBodyRigid({ bodyNumber: 0, localPosition: [-0.1, 0, 0] }));
      mbs.addLoad(Force({ markerNumber: marker, loadVector: [0, 1, 0] }));
      mbs.assemble();
    });
    expect(error).toBeInstanceOf(FlexdynError);
    expect(error.message).toBe('ObjectCosseratRod #0: localPosition must be [s, 0, 0] with the reference arc length 0 ≤ s ≤ L = 1, got [-0.1, 0, 0]');
  });

  it('acceptsMarkersAtBothEndsExactly', () => {
    const mbs = new SystemContainer().addSystem();
    mbs.addObject(CosseratRod({ interpolation: 'R12', formulation: 'displacement', nodeNumbers: nodesAt(mbs, [0, 0.5, 1]), ...stiffness }));
    for (const s of [0, 1]) mbs.addLoad(Force({ markerNumber: mbs.addMarker(MarkerBodyPosition({ bodyNumber: 0, localPosition: [s, 0, 0] })), loadVector: [0, 1, 0] }));
    expect(() => mbs.assemble()).not.toThrow();
  });

  it('rejectsNonPositiveCenterlineLengthInCreateCosseratRod', () => {
    const mbs = new SystemContainer().addSystem();
    for (const length of [0, -1]) {
      expect(() => mbs.createCosseratRod({ interpolation: 'R12', formulation: 'displacement', centerline: { type: 'Straight', length }, numberOfElements: 2, ...stiffness }))
        .toThrow(`createCosseratRod: centerline.length must be positive, got ${length}`);
    }
  });

  it('rejectsANegativeStiffnessEntry', () => {
    const error = thrown((mbs) => mbs.addObject(CosseratRod({ interpolation: 'R12', formulation: 'displacement', nodeNumbers: nodesAt(mbs, [0, 1]), physicsAxialShearStiffness: [1, 1, 1], physicsBendingTorsionStiffness: [1, -2, 1] })));
    expect(error.message).toBe('ObjectCosseratRod #0: physicsBendingTorsionStiffness entry 1 must be positive, got [1, -2, 1]');
  });

  it('rejectsUnknownFormulationAndConstraintNamesAndCombinationsThatDoNotExist', () => {
    const rod = (options: Record<string, unknown>) => thrown((mbs) => {
      const nodes = nodesAt(mbs, [0, 0.5, 1]);
      mbs.addObject(CosseratRod({ interpolation: 'R12', formulation: 'displacement', nodeNumbers: nodes, polynomialDegree: 2, ...stiffness, ...options }));
      mbs.assemble();
    }).message;
    expect(rod({ formulation: 'hybrid' })).toBe("ObjectCosseratRod #0: formulation must be 'displacement' or 'mixed', got 'hybrid'");
    expect(rod({ formulation: 'mixed', stressNodeNumber: 9, constraints: 'rigid' }))
      .toBe("ObjectCosseratRod #0: constraints must be one of 'none', 'shearRigid', 'inextensible', 'kirchhoff', got 'rigid'");
    expect(rod({ constraints: 'kirchhoff' }))
      .toBe("ObjectCosseratRod #0: constraints must be 'none' with formulation 'displacement' (the constrained variants are mixed), got 'kirchhoff'");
    expect(rod({ stressNodeNumber: 3 })).toBe('ObjectCosseratRod #0: stressNodeNumber must be -1 (none) with formulation \'displacement\', got 3');
    expect(rod({ formulation: 'mixed' }))
      .toBe("ObjectCosseratRod #0: stressNodeNumber must be a GenericODE2 node with 6·p·n_el = 12 coordinates with formulation 'mixed', got -1");
    expect(rod({ formulation: 'mixed', stressNodeNumber: 0, sectionLaw: 'stretchScaled' }))
      .toBe("ObjectCosseratRod #0: sectionLaw must be 'linear' with formulation 'mixed', got 'stretchScaled'");
    expect(rod({ formulation: 'mixed', stressNodeNumber: 0, integration: 'full' }))
      .toBe("ObjectCosseratRod #0: integration must be 'reduced' with formulation 'mixed' (the stresses live at the p Gauss points), got 'full'");
    // a stress node of the wrong type or size, reported at assemble
    const wrongNode = (add: (mbs: MainSystem) => number) => thrown((mbs) => {
      const nodes = nodesAt(mbs, [0, 0.5, 1]);
      mbs.addObject(CosseratRod({ interpolation: 'R12', nodeNumbers: nodes, polynomialDegree: 2, ...stiffness, formulation: 'mixed', stressNodeNumber: add(mbs) }));
      mbs.assemble();
    }).message;
    expect(wrongNode((mbs) => mbs.addNode(NodeGenericODE2({ numberOfODE2Coordinates: 6, referenceCoordinates: new Array(6).fill(0) }))))
      .toBe('ObjectCosseratRod #0: stressNodeNumber must refer to a GenericODE2 node with 6·p·n_el = 12 coordinates, got NodeGenericODE2 #3 with 6');
    expect(wrongNode((mbs) => mbs.addNode(NodePoint({}))))
      .toBe('ObjectCosseratRod #0: stressNodeNumber must refer to a GenericODE2 node with 6·p·n_el = 12 coordinates, got NodePoint #3 with 3');
  });

  it('rejectsBadFormulationOptionsAndDegreesInCreateCosseratRod', () => {
    const create = (options: Record<string, unknown>) => thrown((mbs) => mbs.createCosseratRod({ interpolation: 'R12', formulation: 'displacement', centerline: { type: 'Straight', length: 1 }, numberOfElements: 2, ...stiffness, ...options } as never)).message;
    expect(create({ formulation: 'mixed', polynomialDegree: 7 })).toMatch(/^ObjectCosseratRod \(new\): polynomialDegree must be an integer 1 … 6, got 7$/);
    expect(create({ formulation: 'mixed', polynomialDegree: 0 })).toMatch(/^ObjectCosseratRod \(new\): polynomialDegree must be an integer 1 … 6, got 0$/);
    expect(create({ formulation: 'mixed', interpolation: 'SE3', polynomialDegree: 2 })).toMatch(/polynomialDegree must be 1 with interpolation 'SE3' \(linear SE\(3\) elements\), got 2/);
    expect(create({ formulation: 'mixed', constraints: 'shear' })).toMatch(/constraints must be one of 'none', 'shearRigid', 'inextensible', 'kirchhoff', got 'shear'/);
    expect(create({ formulation: 'displacement', constraints: 'inextensible' })).toMatch(/constraints must be 'none' with formulation 'displacement'/);
    expect(create({ formulation: 'mixd' })).toMatch(/formulation must be 'displacement' or 'mixed', got 'mixd'/);
  });
});
