import { describe, expect, it } from 'vitest';
import {
  SystemContainer, NodeGenericData, Point, NodePointGround, MassPoint, MarkerNodeCoordinate, MarkerNodePosition, ObjectContactCoordinate,
  OutputVariableType, DynamicSolverType,
} from '../../src/index.ts';
import { dynamicSettings } from '../helpers/settings.ts';

/** A mass point (m = 1) moving along y toward a ground coordinate contact at y = offset, without gravity. */
function fallingPoint(y0: number, v0: number, contact: { contactStiffness?: number; contactDamping?: number; offset?: number; data?: number[] }) {
  const SC = new SystemContainer();
  const mbs = SC.addSystem();
  const point = mbs.addNode(Point({ referenceCoordinates: [0, 0, 0], initialCoordinates: [0, y0, 0], initialVelocities: [0, v0, 0] }));
  mbs.addObject(MassPoint({ physicsMass: 1, nodeNumber: point }));
  const ground = mbs.addNode(NodePointGround({ referenceCoordinates: [0, 0, 0] }));
  const markers = [mbs.addMarker(MarkerNodeCoordinate({ nodeNumber: ground, coordinate: 0 })), mbs.addMarker(MarkerNodeCoordinate({ nodeNumber: point, coordinate: 1 }))];
  const data = mbs.addNode(NodeGenericData({ numberOfDataCoordinates: contact.data?.length ?? 1, initialCoordinates: contact.data ?? [1] }));
  return { mbs, point, markers, data, contact };
}

describe('ObjectContactCoordinate', () => {
  it('bouncesElastically: an undamped impact lasts half a period π√(m/k) and returns the velocity reversed', () => {
    // gap 0.1 closed at v = −1 (t = 0.1), contact for π/100 s (k = 1e4), then free flight back: at T = 0.1 + π/100 + 0.05
    // the gap is 0.05 and the velocity +1. The switching instants are resolved by the recommended step sizes to the
    // discontinuous tolerance (force 1e-6 → gap 1e-10) and the trapezoidal rule with ρ∞ = 1 conserves the spring energy.
    const k = 1e4, offset = 0.05;
    const { mbs, point, markers, data } = fallingPoint(offset + 0.1, -1, {});
    mbs.addObject(ObjectContactCoordinate({ markerNumbers: markers, nodeNumber: data, contactStiffness: k, offset }));
    mbs.assemble();
    const T = 0.1 + Math.PI / 100 + 0.05;
    const settings = dynamicSettings(T, Math.round(T / 1e-4));
    settings.timeIntegration.discontinuous.iterationTolerance = 1e-6;
    settings.timeIntegration.discontinuous.maxIterations = 2;
    settings.timeIntegration.adaptiveStepRecoverySteps = 0;
    settings.timeIntegration.adaptiveStepIncrease = 10;
    settings.timeIntegration.generalizedAlpha.spectralRadius = 1;
    mbs.solveDynamic(settings, DynamicSolverType.TrapezoidalIndex2);
    const y = mbs.getNodeOutput(point, OutputVariableType.Position)[1];
    const v = mbs.getNodeOutput(point, OutputVariableType.Velocity)[1];
    // the trapezoidal rule lengthens the contact by (ωh)²/12 · π/ω = 2.6e-7 s (ω = 100, h = 1e-4): the point leaves late
    // by that time and so lags 2.6e-7 m at 1 m/s; the exit speed is exact (energy conservation) up to Newton's tolerance
    expect(Math.abs(y - offset - 0.05 + (1e-2 ** 2 / 12) * (Math.PI / 100))).toBeLessThan(1e-9);
    expect(Math.abs(v - 1)).toBeLessThan(1e-10);
    expect(mbs.systemData.getDataCoordinates()[0]).toBeCloseTo(y - offset, 12);
  });

  it('restsOnTheContact: with damping the point under a constant load settles at the static penetration F/k', () => {
    const k = 1e4, offset = 0.05, load = 20;
    const { mbs, point, markers, data } = fallingPoint(offset + 0.01, 0, { data: [1] });
    mbs.addObject(ObjectContactCoordinate({ markerNumbers: markers, nodeNumber: data, contactStiffness: k, contactDamping: 100, offset }));
    mbs.addLoad({ loadType: 'Coordinate', markerNumber: markers[1], load: -load });
    mbs.assemble();
    const settings = dynamicSettings(1, 2000);
    // force tolerance 1e-3 (gap 1e-7 at the switch): under load the gap is not linear in time, so the recommended step
    // only approaches the contact instant and a tighter tolerance would need steps below the minimum step size
    settings.timeIntegration.discontinuous.iterationTolerance = 1e-3;
    mbs.solveDynamic(settings);
    // damping ratio 0.5: after 1 s the oscillation has decayed by e^{−50}, far below Newton's tolerance
    expect(mbs.getNodeOutput(point, OutputVariableType.Position)[1]).toBeCloseTo(offset - load / k, 10);
  });

  it('rejectsBadInput with named errors', () => {
    const build = (contact: Record<string, unknown>, dataCount = 1, positionMarker = false) => {
      const { mbs, markers, data } = fallingPoint(0.1, 0, { data: new Array(dataCount).fill(1) });
      const marker = positionMarker ? mbs.addMarker(MarkerNodePosition({ nodeNumber: 0 })) : markers[1];
      mbs.addObject(ObjectContactCoordinate({ markerNumbers: [markers[0], marker], nodeNumber: data, contactStiffness: 1, ...contact }));
      mbs.assemble();
    };
    expect(() => build({ contactStiffness: -1 })).toThrow(/ObjectContactCoordinate #\d+: contactStiffness .*-1/);
    expect(() => build({ contactDamping: -2 })).toThrow(/ObjectContactCoordinate #\d+: contactDamping .*-2/);
    expect(() => build({ nodeNumber: -1 })).toThrow(/ObjectContactCoordinate #\d+: nodeNumber must refer to a NodeGenericData with 1 data coordinate .*got -1/);
    expect(() => build({}, 2)).toThrow(/ObjectContactCoordinate #\d+: nodeNumber must refer to a NodeGenericData with 1 data coordinate, got NodeGenericData #\d+ with 2 data coordinates/);
    expect(() => build({ offset: Number.NaN })).toThrow(/ObjectContactCoordinate #\d+: offset must be a finite number, got number NaN/);
    expect(() => build({}, 1, true)).toThrow(/ObjectContactCoordinate #\d+: markerNumbers entry 1 must refer to a coordinate marker, got MarkerNodePosition/);
  });
});
