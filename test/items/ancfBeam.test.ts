import { describe, expect, it } from 'vitest';
import {
  SystemContainer, SimulationSettings, OutputVariableType, NodePointSlope23, NodePoint, NodePointGround, ObjectANCFBeam, BeamSection,
  MarkerNodeCoordinate, MarkerNodeRigid, CoordinateConstraint, Force, Torque, type MainSystem,
} from '../../src/index.ts';
import { tightStaticSettings } from '../helpers/settings.ts';
import { ANCFBeamTest } from '../../testModels/ANCFBeamTest.ts';
import { ANCFCableBeamDampingTest } from '../../testModels/ANCFCableBeamDampingTest.ts';
import { testModelError } from '../../testModels/testModel.ts';

const L = 2, EA = 1e7, GA = 5e5, GJ = 300, EIy = 2e3, EIz = 3e3, rhoA = 3, rhoJ = 0.01;
const diagonal = (values: number[]) => values.map((v, i) => values.map((_, j) => (i === j ? v : 0)));

/** A straight beam along x of n elements with y, z cross-section slopes, the first node clamped (all nine coordinates). */
function cantilever(n: number): { mbs: MainSystem; tip: number; tipMarker: number } {
  const mbs = new SystemContainer().addSystem();
  const nodes: number[] = [];
  for (let i = 0; i <= n; i++) nodes.push(mbs.addNode(NodePointSlope23({ referenceCoordinates: [i * L / n, 0, 0, 0, 1, 0, 0, 0, 1] })));
  const sectionData = BeamSection({ stiffnessMatrix: diagonal([EA, GA, GA, GJ, EIy, EIz]), inertia: diagonal([2 * rhoJ, rhoJ, rhoJ]), massPerLength: rhoA });
  for (let i = 0; i < n; i++) mbs.addObject(ObjectANCFBeam({ nodeNumbers: [nodes[i], nodes[i + 1]], physicsLength: L / n, sectionData }));
  const ground = mbs.addMarker(MarkerNodeCoordinate({ nodeNumber: mbs.addNode(NodePointGround({})), coordinate: 0 }));
  for (let c = 0; c < 9; c++) mbs.addObject(CoordinateConstraint({ markerNumbers: [ground, mbs.addMarker(MarkerNodeCoordinate({ nodeNumber: nodes[0], coordinate: c }))] }));
  return { mbs, tip: nodes[n], tipMarker: mbs.addMarker(MarkerNodeRigid({ nodeNumber: nodes[n] })) };
}

function solveStatic(mbs: MainSystem, loadSteps = 1): void {
  mbs.assemble();
  mbs.solveStatic(tightStaticSettings(loadSteps));
}

describe('ObjectANCFBeam and NodePointSlope23', () => {
  it('portsOfExudynsTestModelsMatchTheirReferences', () => {
    for (const model of [ANCFBeamTest, ANCFCableBeamDampingTest]) {
      expect(testModelError(model, model.run()), model.name).toBeLessThan(model.tolerance);
    }
  });

  it('smallDeflectionCantileverMatchesTimoshenkoInBothBendingPlanes', () => {
    // δ = PL³/(3EI) + PL/GA, P small (δ/L < 1e-6: geometric nonlinearity below 1e-12). Linear interpolation with the
    // strains at the midpoint behaves as the reduced-integrated Timoshenko element: the bending part is too soft by
    // exactly PL³/(12 EI n²) at the nodes.
    const P = 1e-3;
    for (const n of [4, 16]) {
      for (const [direction, EI] of [[1, EIz], [2, EIy]] as const) {
        const { mbs, tip, tipMarker } = cantilever(n);
        const force = [0, 0, 0];
        force[direction] = P;
        mbs.addLoad(Force({ markerNumber: tipMarker, loadVector: force }));
        solveStatic(mbs);
        const bending = P * L ** 3 / (3 * EI);
        const expected = bending + P * L / GA - bending / (4 * n * n);
        expect(Math.abs(mbs.getNodeOutput(tip, OutputVariableType.Displacement)[direction] / expected - 1)).toBeLessThan(1e-9);
      }
    }
  });

  it('tipTorqueTwistsByMLOverGJ', () => {
    const P = 1e-3;
    const { mbs, tip, tipMarker } = cantilever(4);
    mbs.addLoad(Torque({ markerNumber: tipMarker, loadVector: [P, 0, 0] }));
    solveStatic(mbs);
    // twist is constant along the element: exact for any n (measured 1e-12 relative)
    expect(Math.abs(mbs.getNodeOutput(tip, OutputVariableType.Rotation)[0] / (P * L / GJ) - 1)).toBeLessThan(1e-10);
  });

  it('tipMomentBendsTheBeamToAQuarterCircle', () => {
    // M = (π/2) EI/L turns the tip by 90°: tip at (R, R), R = EI/M. The tip moment enters through the node's rotation
    // Jacobian; the discrete solution converges at O(h²) (measured 1.5e-2 R and 3.9e-3 R for n = 8, 16: ratio 3.9).
    const M = 0.5 * Math.PI * EIz / L;
    const R = EIz / M;
    const errors = [8, 16].map((n) => {
      const { mbs, tip, tipMarker } = cantilever(n);
      mbs.addLoad(Torque({ markerNumber: tipMarker, loadVector: [0, 0, M] }));
      solveStatic(mbs, 5);
      const p = mbs.getNodeOutput(tip, OutputVariableType.Position);
      return Math.hypot(p[0] - R, p[1] - R, p[2]);
    });
    expect(errors[1]).toBeLessThan(0.01 * R);
    expect(errors[0] / errors[1]).toBeGreaterThan(3.5);
    expect(errors[0] / errors[1]).toBeLessThan(4.5);
  });

  it('rejectsBadInputWithNamedErrors', () => {
    const build = (options: Record<string, unknown>, nodeKind: 'slope' | 'point' = 'slope') => () => {
      const mbs = new SystemContainer().addSystem();
      const nodes = [0, 1].map((x) => nodeKind === 'slope' ? mbs.addNode(NodePointSlope23({ referenceCoordinates: [x, 0, 0, 0, 1, 0, 0, 0, 1] })) : mbs.addNode(NodePoint({ referenceCoordinates: [x, 0, 0] })));
      mbs.addObject(ObjectANCFBeam({ nodeNumbers: nodes, physicsLength: 1, ...options }));
      mbs.assemble();
    };
    expect(build({ physicsLength: 0 })).toThrow(/ObjectANCFBeam.*physicsLength.*must be positive, got 0/);
    expect(build({ sectionData: { stiffnessMatrix: diagonal([1, 1, 1, 1, 1, 1]).map((row, i) => (i === 0 ? [1, 0.5, 0, 0, 0, 0] : row)) } })).toThrow(/sectionData.stiffnessMatrix.*must be diagonal.*got 0.5 at \[0\]\[1\]/);
    expect(build({ sectionData: { inertia: [[1, 0], [0, 1]] } })).toThrow(/sectionData.inertia/);
    expect(build({ sectionData: { massPerLenght: 1 } })).toThrow(/sectionData.massPerLenght.*did you mean 'massPerLength'/);
    expect(build({ crossSectionPenaltyFactor: [1, -1, 1] })).toThrow(/crossSectionPenaltyFactor.*entry 1 must be non-negative/);
    expect(build({}, 'point')).toThrow(/nodeNumbers entry 0 must refer to a PointSlope23 node, got NodePoint #0/);
    expect(build({})).not.toThrow();
  });
});
