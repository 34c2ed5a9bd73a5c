import { describe, expect, it } from 'vitest';
import {
  SystemContainer, SimulationSettings, OutputVariableType, ObjectANCFCable, Cable2D, NodePoint, MarkerNodePosition, Force,
  generateStraightBeam, generateStraightLineANCFCable2D, type MainSystem,
} from '../../src/index.ts';
import { tightStaticSettings } from '../helpers/settings.ts';

const L = 1.5, EI = 40, EA = 4e5, rhoA = 3;
const cableOptions = { physicsMassPerLength: rhoA, physicsBendingStiffness: EI, physicsAxialStiffness: EA };

/** A cantilever of n 3D cables along x (first node: position and slope fixed), tip marker. */
function cantilever3D(n: number, options: Record<string, unknown> = {}): { mbs: MainSystem; tip: number; tipMarker: number } {
  const mbs = new SystemContainer().addSystem();
  const [nodes] = generateStraightBeam(mbs, {
    positionOfNode0: [0, 0, 0], positionOfNode1: [L, 0, 0], numberOfElements: n, beamTemplate: ObjectANCFCable({ ...cableOptions, ...options }),
    fixedConstraintsNode0: [1, 1, 1, 1, 1, 1],
  });
  const tip = nodes[nodes.length - 1];
  return { mbs, tip, tipMarker: mbs.addMarker(MarkerNodePosition({ nodeNumber: tip })) };
}

function solveStatic(mbs: MainSystem, loadSteps = 1): void {
  mbs.assemble();
  mbs.solveStatic(tightStaticSettings(loadSteps));
}

describe('ObjectANCFCable (3D) and NodePointSlope1', () => {
  it('smallDeflectionCantileverIsEulerBernoulliExactInBothDirections', () => {
    // Cubic Hermite elements reproduce the cubic deflection of an end-loaded cantilever: tip PL³/(3EI) at the nodes
    // for any n; P keeps δ/L ≈ 4e-7, geometric nonlinearity O((δ/L)²).
    const P = 1e-3;
    for (const direction of [1, 2]) {
      const { mbs, tip, tipMarker } = cantilever3D(2);
      const force = [0, 0, 0];
      force[direction] = P;
      mbs.addLoad(Force({ markerNumber: tipMarker, loadVector: force }));
      solveStatic(mbs);
      expect(Math.abs(mbs.getNodeOutput(tip, OutputVariableType.Displacement)[direction] / (P * L ** 3 / (3 * EI)) - 1)).toBeLessThan(1e-9);
    }
  });

  it('largePlanarDeflectionEqualsThePlanarCable', () => {
    // In the x-y plane the 3D cable's curvature vector is (0, 0, K) with K the planar curvature: the same equations as
    // ObjectANCFCable2D, so the large-deflection solutions agree to the Newton tolerance.
    const P = 0.5 * EI / L ** 2;
    const three = cantilever3D(4, { useReducedOrderIntegration: 1 });
    three.mbs.addLoad(Force({ markerNumber: three.tipMarker, loadVector: [0, -P, 0] }));
    solveStatic(three.mbs, 4);
    const planar = new SystemContainer().addSystem();
    const [nodes] = generateStraightLineANCFCable2D(planar, {
      positionOfNode0: [0, 0, 0], positionOfNode1: [L, 0, 0], numberOfElements: 4, cableTemplate: Cable2D({ ...cableOptions, useReducedOrderIntegration: 1 }),
      fixedConstraintsNode0: [1, 1, 1, 1],
    });
    planar.addLoad(Force({ markerNumber: planar.addMarker(MarkerNodePosition({ nodeNumber: nodes[4] })), loadVector: [0, -P, 0] }));
    solveStatic(planar, 4);
    const p3 = three.mbs.getNodeOutput(three.tip, OutputVariableType.Position);
    const p2 = planar.getNodeOutput(nodes[4], OutputVariableType.Position);
    expect(p3[1]).toBeLessThan(-0.1 * L); // a large deflection
    for (let k = 0; k < 3; k++) expect(Math.abs(p3[k] - p2[k])).toBeLessThan(1e-10 * L);
  });

  it('cantileverBendingEigenfrequenciesMatchEulerBernoulliTwice', () => {
    // ω₁ = β₁² √(EI/(ρA L⁴)) in y and in z; Hermite elements overestimate by (kh)⁴/1440 (see the planar cable test).
    const { mbs } = cantilever3D(8);
    mbs.assemble();
    const { values } = mbs.computeODE2Eigenvalues(new SimulationSettings(), { numberOfEigenvalues: 2 });
    const beta1 = 1.8751040687119611;
    const exact = beta1 ** 2 * Math.sqrt(EI / (rhoA * L ** 4));
    const estimate = (beta1 / 8) ** 4 / 1440;
    for (const value of values) {
      const error = Math.sqrt(value) / exact - 1;
      expect(error / estimate).toBeGreaterThan(0.97);
      expect(error / estimate).toBeLessThan(1.03);
    }
  });

  it('rejectsBadInputWithNamedErrors', () => {
    const build = (options: Record<string, unknown>, point = false, markerAt?: number[]) => () => {
      const mbs = new SystemContainer().addSystem();
      if (point) {
        const nodes = [0, 1].map((x) => mbs.addNode(NodePoint({ referenceCoordinates: [x, 0, 0] })));
        mbs.addObject(ObjectANCFCable({ nodeNumbers: nodes, physicsLength: 1, ...options }));
      } else {
        const [, [cable]] = generateStraightBeam(mbs, { positionOfNode0: [0, 0, 0], positionOfNode1: [1, 0, 0], numberOfElements: 1, beamTemplate: ObjectANCFCable(options) });
        if (markerAt) mbs.addLoad(Force({ markerNumber: mbs.addMarker({ markerType: 'BodyPosition', bodyNumber: cable, localPosition: markerAt }), loadVector: [0, 1, 0] }));
      }
      mbs.assemble();
    };
    expect(build({ useReducedOrderIntegration: 3 })).toThrow(/ObjectANCFCable.*useReducedOrderIntegration.*must be 0, 1 or 2, got 3/);
    expect(build({ physicsLength: 0 }, true)).toThrow(/physicsLength.*must be positive, got 0/);
    expect(build({}, true)).toThrow(/nodeNumbers entry 0 must refer to a PointSlope1 node, got NodePoint #0/);
    expect(build({}, false, [0.5, 0.1, 0])).toThrow(/markers on an ANCFCable must lie on its axis/);
    expect(build({}, false, [0.5, 0, 0])).not.toThrow();
  });
});
