import { describe, expect, it } from 'vitest';
import {
  SystemContainer, Point2DS1, Cable2D, ALECable2D, NodeGenericODE2, NodeGenericData, NodePoint2D, MassPoint2D, MarkerNodePosition,
  MarkerNodeCoordinate, NodePointGround, CoordinateConstraint, MarkerBodyCable2DCoordinates, ObjectJointSliding2D, ObjectJointALEMoving2D,
  MarkerBodyMass, LoadMassProportional, CoordinateSpringDamper, LoadCoordinate, SensorObject, OutputVariableType, generateSlidingJoint, generateAleSlidingJoint,
  generateStraightLineANCFCable2D, type MainSystem,
} from '../../src/index.ts';
import type { ObjectModel } from '../../src/registry/capabilities.ts';
import { DenseLocalMatrix } from '../../src/registry/capabilities.ts';
import { dynamicSettings, tightStaticSettings } from '../helpers/settings.ts';
import { connectorDrawings } from '../../src/viewer/connectorDrawing.ts';
import { ConfigurationType } from '../../src/index.ts';
import { expectFlexdynError } from '../helpers/errors.ts';

/**
 * A straight chain of nEl cable elements along x from 0 to length, every node coordinate fixed by a coordinate constraint
 * (a rigid track); ale: ALE elements on a fresh axial node. Returns the elements and the axial node.
 */
function fixedTrack(mbs: MainSystem, nEl: number, length: number, ale: { movingMassFactor: number; velocity: number; slope?: number } | undefined) {
  const ground = mbs.addMarker(MarkerNodeCoordinate({ nodeNumber: mbs.addNode(NodePointGround({})), coordinate: 0 }));
  const slope = ale?.slope ?? 0;
  const c = Math.cos(slope), s = Math.sin(slope);
  const nodes = Array.from({ length: nEl + 1 }, (_, i) => mbs.addNode(Point2DS1({ referenceCoordinates: [c * i * length / nEl, s * i * length / nEl, c, s] })));
  const aleNode = ale === undefined ? -1 : mbs.addNode(NodeGenericODE2({ numberOfODE2Coordinates: 1, referenceCoordinates: [0], initialCoordinates_t: [ale.velocity] }));
  const cables = nodes.slice(1).map((node, i) => mbs.addObject(ale === undefined
    ? Cable2D({ nodeNumbers: [nodes[i], node], physicsLength: length / nEl, physicsMassPerLength: 2, physicsBendingStiffness: 10, physicsAxialStiffness: 1e4 })
    : ALECable2D({ nodeNumbers: [nodes[i], node, aleNode], physicsLength: length / nEl, physicsMassPerLength: 2, physicsMovingMassFactor: ale.movingMassFactor, physicsBendingStiffness: 10, physicsAxialStiffness: 1e4 })));
  for (const node of nodes) {
    for (let k = 0; k < 4; k++) mbs.addObject(CoordinateConstraint({ markerNumbers: [ground, mbs.addMarker(MarkerNodeCoordinate({ nodeNumber: node, coordinate: k }))] }));
  }
  return { cables, aleNode };
}

/** factor·∂g/∂λ of an object by its ae_lambda, and by central differences of ae over its multipliers. */
function aeLambdaCheck(mbs: MainSystem, object: ObjectModel, useIndex2: boolean): { analytic: Float64Array; numeric: Float64Array } {
  const model = mbs.compiled();
  const s = model.data.current;
  const nAE = object.nAE;
  const first = model.addresses.objectAE[object.label.index] - model.nu;
  const analytic = new Float64Array(nAE * nAE);
  object.ae_lambda!(s, new DenseLocalMatrix(analytic, nAE), 1);
  for (const row of object.multiplierRows ?? []) analytic[row * nAE + row] += 1;
  const numeric = new Float64Array(nAE * nAE);
  const plus = new Float64Array(nAE), minus = new Float64Array(nAE);
  for (let j = 0; j < nAE; j++) {
    const saved = s.lambda[first + j];
    const h = 1e-6 * Math.max(1, Math.abs(saved));
    s.lambda[first + j] = saved + h;
    object.ae!(s, plus, useIndex2);
    s.lambda[first + j] = saved - h;
    object.ae!(s, minus, useIndex2);
    s.lambda[first + j] = saved;
    for (let i = 0; i < nAE; i++) numeric[i * nAE + j] = (plus[i] - minus[i]) / (2 * h);
  }
  return { analytic, numeric };
}

const maxAbsDifference = (a: Float64Array, b: Float64Array) => a.reduce((m, v, i) => Math.max(m, Math.abs(v - b[i])), 0);

describe('ObjectJointSliding2D', () => {
  for (const classicalFormulation of [false, true]) {
    it(`slidesAtConstantSpeedAcrossElements (classicalFormulation ${classicalFormulation})`, () => {
      // a 2 kg point on a fixed straight 3-element track (elements of 0.5 m), no gravity, starting at x = 0.2 with
      // 1 m/s: frictionless, it passes both element ends and is at x = 1.3 at t = 1.1; the motion is uniform, which
      // generalized-α integrates exactly, so the position is exact to Newton's tolerance
      const mbs = new SystemContainer().addSystem();
      const { cables } = fixedTrack(mbs, 3, 1.5, undefined);
      const point = mbs.addNode(NodePoint2D({ referenceCoordinates: [0.2, 0], initialVelocities: [1, 0] }));
      // not 1 kg: the local formulation's sliding increment s_Δ enters the reaction Cᵀλ as a force −s_Δ along the track
      // (as in Exudyn), which makes the initial-acceleration system singular for a unit mass on a straight track
      mbs.addObject(MassPoint2D({ physicsMass: 2, nodeNumber: point }));
      const [joint] = generateSlidingJoint(mbs, { cableObjectList: cables, markerBodyPositionOfSlidingBody: mbs.addMarker(MarkerNodePosition({ nodeNumber: point })), slidingCoordinateStartPosition: 0.2 });
      mbs.setObjectParameter(joint, 'classicalFormulation', classicalFormulation);
      const sensor = mbs.addSensor(SensorObject({ objectNumber: joint, outputVariableType: OutputVariableType.SlidingCoordinate, storeInternal: true }));
      mbs.assemble();
      const settings = dynamicSettings(1.1, 220);
      settings.timeIntegration.newton.relativeTolerance = 1e-12;
      // the classical formulation has no index-2 form, which the initial accelerations' curvature term needs
      if (classicalFormulation) settings.timeIntegration.generalizedAlpha.computeInitialAccelerations = false;
      mbs.solveDynamic(settings);
      const position = mbs.getNodeOutput(point, OutputVariableType.Position);
      const x = position[0];
      expect(Math.abs(position[1])).toBeLessThan(1e-12);
      if (classicalFormulation) {
        expect(Math.abs(x - 1.3)).toBeLessThan(1e-9);
      } else {
        // Exudyn's local formulation: the sliding increment s_Δ (≈ v h = 5 mm) is an algebraic coordinate, so its row's
        // reaction s_Δ·C₂ᵀ pushes the point along the track (about s_Δ newton); Exudyn's reference values contain it
        expect(x - 1.3).toBeGreaterThan(1e-3);
        expect(x - 1.3).toBeLessThan(1e-2);
      }
      // data: element 2 is active; the sliding position after the post-Newton step is the point's arc position
      const data = mbs.systemData.getDataCoordinates();
      expect(data.slice(-2)[0]).toBe(2);
      expect(Math.abs(data.slice(-2)[1] - x)).toBeLessThan(1e-9);
      // the SlidingCoordinate output (s_Δ + s₀) is one step increment ahead after the post-Newton step, as Exudyn's
      const rows = mbs.getSensorStoredData(sensor) as number[][];
      const velocity = mbs.getNodeOutput(point, OutputVariableType.Velocity)[0];
      expect(Math.abs(rows.at(-1)![1] - x - velocity * 1.1 / 220)).toBeLessThan(1e-4 * velocity * 1.1 / 220);
    });
  }

  it('carriesTheWeightAsNormalForce: a point on a horizontal track under gravity (static, both formulations)', () => {
    // statics: the constraint force balances the weight m g = 2·9.81 in y (λ1 is its y component in the classical
    // formulation and the force along n = [−r'_y, r'_x] = [0, 1] in the local one); no force along the track
    for (const classicalFormulation of [false, true]) {
      const mbs = new SystemContainer().addSystem();
      const { cables } = fixedTrack(mbs, 2, 1, undefined);
      const point = mbs.addNode(NodePoint2D({ referenceCoordinates: [0.7, 0] }));
      mbs.addObject(MassPoint2D({ physicsMass: 2, nodeNumber: point }));
      const marker = mbs.addMarker(MarkerNodePosition({ nodeNumber: point }));
      mbs.addLoad({ loadType: 'ForceVector', markerNumber: marker, loadVector: [0, -2 * 9.81, 0] });
      // on a frictionless track the static position along it is indifferent: a spring along x (relaxed) fixes it
      const ground = mbs.addMarker(MarkerNodeCoordinate({ nodeNumber: mbs.addNode(NodePointGround({})), coordinate: 0 }));
      mbs.addObject(CoordinateSpringDamper({ markerNumbers: [ground, mbs.addMarker(MarkerNodeCoordinate({ nodeNumber: point, coordinate: 0 }))], stiffness: 100 }));
      const [joint] = generateSlidingJoint(mbs, { cableObjectList: cables, markerBodyPositionOfSlidingBody: marker, localMarkerIndexOfStartCable: 1, slidingCoordinateStartPosition: 0.7 });
      mbs.setObjectParameter(joint, 'classicalFormulation', classicalFormulation);
      mbs.assemble();
      mbs.solveStatic(tightStaticSettings());
      const force = mbs.getObjectOutput(joint, OutputVariableType.Force);
      expect(Math.abs(Math.abs(force[1]) - 2 * 9.81)).toBeLessThan(1e-9);
      if (classicalFormulation) expect(Math.abs(force[0])).toBeLessThan(1e-9);
      expect(Math.abs(mbs.getNodeOutput(point, OutputVariableType.Position)[0] - 0.7)).toBeLessThan(1e-12);
    }
  });

  it('aeLambdaEqualsCentralDifferences (both formulations, index 3 and the local one on index 2)', () => {
    for (const classicalFormulation of [false, true]) {
      const mbs = new SystemContainer().addSystem();
      const nodes = [0, 1].map((i) => mbs.addNode(Point2DS1({ referenceCoordinates: [i, 0, 1, 0], initialCoordinates: [0.02 * i, 0.1 * i * i, 0.05, 0.3 * i] })));
      const cable = mbs.addObject(Cable2D({ nodeNumbers: nodes, physicsLength: 1, physicsMassPerLength: 1, physicsBendingStiffness: 1, physicsAxialStiffness: 100 }));
      const point = mbs.addNode(NodePoint2D({ referenceCoordinates: [0.4, -0.1] }));
      mbs.addObject(MassPoint2D({ physicsMass: 1, nodeNumber: point }));
      const markers = [mbs.addMarker(MarkerBodyCable2DCoordinates({ bodyNumber: cable }))];
      const data = mbs.addNode(NodeGenericData({ numberOfDataCoordinates: 2, initialCoordinates: [0, 0.3] }));
      const joint = mbs.addObject(ObjectJointSliding2D({
        markerNumbers: [mbs.addMarker(MarkerNodePosition({ nodeNumber: point })), markers[0]], slidingMarkerNumbers: markers, slidingMarkerOffsets: [0],
        nodeNumber: data, classicalFormulation, axialForce: classicalFormulation ? 0.7 : 0,
      }));
      mbs.assemble();
      const model = mbs.compiled();
      const first = model.addresses.objectAE[joint] - model.nu;
      [2.5, -1.5, 0.08].forEach((value, i) => { model.data.current.lambda[first + i] = value; });
      for (const useIndex2 of classicalFormulation ? [false] : [false, true]) {
        const { analytic, numeric } = aeLambdaCheck(mbs, model.objects[joint], useIndex2);
        // central differences of the quadratic-in-λ equations: round-off ~1e-10 at h = 1e-6
        if (!useIndex2) expect(maxAbsDifference(analytic, numeric)).toBeLessThan(1e-8);
        else {
          // index 2: Exudyn's Jacobian (and ours) is that of the index-3 row 1; row 2 stays on position level exactly
          expect(Math.abs(analytic[2 * 3 + 2] - numeric[2 * 3 + 2])).toBeLessThan(1e-8);
        }
      }
    }
  });

  it('rejectsBadInput', () => {
    const build = (joint: Record<string, unknown>, dataCoordinates = [0, 0]) => {
      const mbs = new SystemContainer().addSystem();
      const { cables } = fixedTrack(mbs, 2, 1, undefined);
      const markers = cables.map((cable) => mbs.addMarker(MarkerBodyCable2DCoordinates({ bodyNumber: cable })));
      const point = mbs.addNode(NodePoint2D({ referenceCoordinates: [0.2, 0] }));
      mbs.addObject(MassPoint2D({ physicsMass: 1, nodeNumber: point }));
      const m0 = mbs.addMarker(MarkerNodePosition({ nodeNumber: point }));
      const data = mbs.addNode(NodeGenericData({ numberOfDataCoordinates: dataCoordinates.length, initialCoordinates: dataCoordinates }));
      mbs.addObject(ObjectJointSliding2D({ markerNumbers: [m0, markers[0]], slidingMarkerNumbers: markers, slidingMarkerOffsets: [0, 0.5], nodeNumber: data, ...joint }));
      mbs.assemble();
      return mbs;
    };
    expectFlexdynError(() => build({ slidingMarkerOffsets: [0] }), /slidingMarkerOffsets must have one entry per slidingMarkerNumbers entry \(2\), got 1/);
    expectFlexdynError(() => build({}, [0]), /nodeNumber must refer to a NodeGenericData with 2 data coordinates/);
    expectFlexdynError(() => build({}, [1, 0]), /markerNumbers entry 1 must be slidingMarkerNumbers\[1\]/);
    expectFlexdynError(() => build({}, [2, 0]), /data coordinate 0 of the data node .* must be an integer in 0 … 1, got 2/);
    expectFlexdynError(() => build({ constrainRotation: true }), /entry 0 must refer to a rigid-body marker \(constrainRotation\)/);
    expectFlexdynError(() => {
      const mbs = build({});
      const settings = dynamicSettings(0.01, 1);
      settings.timeIntegration.generalizedAlpha.useIndex2Constraints = true;
      settings.timeIntegration.generalizedAlpha.useNewmark = true;
      mbs.solveDynamic(settings);
    }, /classical formulation \(classicalFormulation = true\) has no index-2 form/);
    expectFlexdynError(() => {
      const mbs = new SystemContainer().addSystem();
      generateSlidingJoint(mbs, { cableObjectList: [], markerBodyPositionOfSlidingBody: 0 });
    }, /generateSlidingJoint: cableObjectList must list at least one cable element/);
    expectFlexdynError(() => {
      const mbs = new SystemContainer().addSystem();
      const { cables } = fixedTrack(mbs, 2, 1, undefined);
      generateSlidingJoint(mbs, { cableObjectList: cables, markerBodyPositionOfSlidingBody: 0, localMarkerIndexOfStartCable: 2 });
    }, /localMarkerIndexOfStartCable must be an integer in 0 … 1, got number 2/);
  });
});

describe('ObjectJointALEMoving2D and ObjectALEANCFCable2D', () => {
  it('carriesABodyWithTheMovingCable: momentum of the moving mass and the body is conserved across elements', () => {
    // fixed straight track of 4 ALE elements (2 kg/m moving), a 0.5 kg point fixed to the material point at arc
    // 0.1 + s; the axial coordinate starts with 2 m/s (the point with 2 m/s too): no force acts along the track
    // (for a straight track qᵀB''q = 0), so s = 2 t and the point is at x = 0.1 + 2 t, over element ends
    const mbs = new SystemContainer().addSystem();
    const { cables, aleNode } = fixedTrack(mbs, 4, 2, { movingMassFactor: 1, velocity: 2 });
    const point = mbs.addNode(NodePoint2D({ referenceCoordinates: [0.1, 0], initialVelocities: [2, 0] }));
    mbs.addObject(MassPoint2D({ physicsMass: 0.5, nodeNumber: point }));
    const [joint] = generateAleSlidingJoint(mbs, { cableObjectList: cables, markerBodyPositionOfSlidingBody: mbs.addMarker(MarkerNodePosition({ nodeNumber: point })), AleNode: aleNode, AleSlidingOffset: 0.1 });
    mbs.assemble();
    const settings = dynamicSettings(0.8, 160);
    settings.timeIntegration.newton.relativeTolerance = 1e-12;
    mbs.solveDynamic(settings);
    expect(Math.abs(mbs.getNodeOutput(point, OutputVariableType.Position)[0] - 1.7)).toBeLessThan(1e-9);
    expect(Math.abs(mbs.getObjectOutput(joint, OutputVariableType.SlidingCoordinate)[0] - 1.7)).toBeLessThan(1e-9);
    expect(Math.abs(mbs.getObjectOutput(joint, OutputVariableType.Coordinates_t)[0] - 2)).toBeLessThan(1e-9);
    expect(mbs.getObjectOutput(joint, OutputVariableType.Coordinates)[0]).toBe(3);
  });

  it('moving mass flows downhill: s̈ = −g sin α on a fixed inclined cable', () => {
    // gravity on an inclined fixed ALE cable (all mass moving): (ρA L) s̈ = ρA (r_end − r_start)·g = −ρA L g sin α, so
    // s = −½ g sin α t²; constant acceleration is integrated exactly by generalized-α
    const mbs = new SystemContainer().addSystem();
    const alpha = 0.3;
    const { cables, aleNode } = fixedTrack(mbs, 3, 1.5, { movingMassFactor: 1, velocity: 0, slope: alpha });
    for (const cable of cables) mbs.addLoad(LoadMassProportional({ markerNumber: mbs.addMarker(MarkerBodyMass({ bodyNumber: cable })), loadVector: [0, -9.81, 0] }));
    mbs.assemble();
    const settings = dynamicSettings(0.5, 50);
    settings.timeIntegration.newton.relativeTolerance = 1e-12;
    mbs.solveDynamic(settings);
    const s = mbs.getNodeOutput(aleNode, OutputVariableType.Coordinates)[0];
    expect(Math.abs(s / (-0.5 * 9.81 * Math.sin(alpha) * 0.25) - 1)).toBeLessThan(1e-10);
  });

  it('aeLambdaOfThePenaltyFormulationIsMinusIdentityOverStiffness, and bad input is named', () => {
    const build = (joint: Record<string, unknown>) => {
      const mbs = new SystemContainer().addSystem();
      const { cables, aleNode } = fixedTrack(mbs, 2, 1, { movingMassFactor: 1, velocity: 0 });
      const point = mbs.addNode(NodePoint2D({ referenceCoordinates: [0.2, 0] }));
      mbs.addObject(MassPoint2D({ physicsMass: 1, nodeNumber: point }));
      const markers = cables.map((cable) => mbs.addMarker(MarkerBodyCable2DCoordinates({ bodyNumber: cable })));
      const data = mbs.addNode(NodeGenericData({ numberOfDataCoordinates: 1, initialCoordinates: [0] }));
      const index = mbs.addObject(ObjectJointALEMoving2D({ markerNumbers: [mbs.addMarker(MarkerNodePosition({ nodeNumber: point })), markers[0]], slidingMarkerNumbers: markers, slidingMarkerOffsets: [0, 0.5], nodeNumbers: [data, aleNode], ...joint }));
      mbs.assemble();
      return { mbs, index, data };
    };
    const { mbs, index } = build({ usePenaltyFormulation: true, penaltyStiffness: 1e3 });
    const { analytic, numeric } = aeLambdaCheck(mbs, mbs.compiled().objects[index], false);
    expect(maxAbsDifference(analytic, numeric)).toBeLessThan(1e-12);
    expect(analytic[0]).toBe(-1e-3);
    expectFlexdynError(() => build({ usePenaltyFormulation: true, penaltyStiffness: 0 }), /penaltyStiffness must be positive with usePenaltyFormulation = true, got 0/);
    expectFlexdynError(() => build({ nodeNumbers: [0, 0] }), /nodeNumbers entry 1 must refer to the NodeGenericODE2 with one coordinate/);
    expectFlexdynError(() => {
      const m = new SystemContainer().addSystem();
      const nodes = [0, 1].map((i) => m.addNode(Point2DS1({ referenceCoordinates: [i, 0, 1, 0] })));
      m.addObject(ALECable2D({ nodeNumbers: [nodes[0], nodes[1], nodes[1]], physicsLength: 1 }));
      m.assemble();
    }, /nodeNumbers entry 2 must refer to a NodeGenericODE2 with one coordinate \(the axial coordinate\)/);
    expectFlexdynError(() => {
      const m = new SystemContainer().addSystem();
      generateStraightLineANCFCable2D(m, { positionOfNode0: [0, 0, 0], positionOfNode1: [1, 0, 0], numberOfElements: 2, cableTemplate: ALECable2D({ physicsLength: 1 }) });
    }, /beamTemplate.nodeNumbers\[2\] of an ALEANCFCable2D must be the NodeGenericODE2 of the axial coordinate, got undefined/);
  });

  it('drivenAxialCoordinate: a coordinate load accelerates the moving mass and the carried body together', () => {
    // F = 3 N on s; moving mass 2 kg/m · 2 m = 4 kg plus a 1 kg body: s̈ = 3/5, from rest s = 0.3 t²
    const mbs = new SystemContainer().addSystem();
    const { cables, aleNode } = fixedTrack(mbs, 2, 2, { movingMassFactor: 1, velocity: 0 });
    const point = mbs.addNode(NodePoint2D({ referenceCoordinates: [0.5, 0] }));
    mbs.addObject(MassPoint2D({ physicsMass: 1, nodeNumber: point }));
    generateAleSlidingJoint(mbs, { cableObjectList: cables, markerBodyPositionOfSlidingBody: mbs.addMarker(MarkerNodePosition({ nodeNumber: point })), AleNode: aleNode, AleSlidingOffset: 0.5 });
    mbs.addLoad(LoadCoordinate({ markerNumber: mbs.addMarker(MarkerNodeCoordinate({ nodeNumber: aleNode, coordinate: 0 })), load: 3 }));
    mbs.assemble();
    const settings = dynamicSettings(1, 100);
    settings.timeIntegration.newton.relativeTolerance = 1e-12;
    mbs.solveDynamic(settings);
    expect(Math.abs(mbs.getNodeOutput(aleNode, OutputVariableType.Coordinates)[0] / 0.3 - 1)).toBeLessThan(1e-9);
    expect(Math.abs(mbs.getNodeOutput(point, OutputVariableType.Position)[0] - 0.8)).toBeLessThan(1e-9);
  });
});

describe('drawing of the sliding joints', () => {
  it('drawsASphereAtTheBodyPointAndNoLine (JointSliding2D, JointALEMoving2D)', () => {
    const mbs = new SystemContainer().addSystem();
    const { cables } = fixedTrack(mbs, 2, 1, undefined);
    const { cables: aleCables, aleNode } = fixedTrack(mbs, 2, 1, { movingMassFactor: 1, velocity: 0 });
    const point = mbs.addNode(NodePoint2D({ referenceCoordinates: [0.7, 0] }));
    mbs.addObject(MassPoint2D({ physicsMass: 1, nodeNumber: point }));
    const marker = mbs.addMarker(MarkerNodePosition({ nodeNumber: point }));
    const [sliding] = generateSlidingJoint(mbs, { cableObjectList: cables, markerBodyPositionOfSlidingBody: marker, localMarkerIndexOfStartCable: 1, slidingCoordinateStartPosition: 0.7 });
    const [ale] = generateAleSlidingJoint(mbs, { cableObjectList: aleCables, markerBodyPositionOfSlidingBody: marker, AleNode: aleNode, localMarkerIndexOfStartCable: 1, AleSlidingOffset: 0.7 });
    mbs.setObjectParameter(sliding, 'VdrawSize', 0.04);
    mbs.assemble();
    const drawings = connectorDrawings(mbs, 1);
    for (const [index, radius] of [[sliding, 0.02], [ale, 0.015]] as const) {
      const drawing = drawings.find((d) => d.index === index)!;
      expect(drawing.line).toBe(false);
      expect(drawing.parts.map((part) => part.shapes)).toEqual([[{ type: 'sphere', radius }]]);
      const p = new Float64Array(3), R = new Float64Array(9), end = new Float64Array(3);
      const reference = mbs.stateOf(ConfigurationType.Reference);
      drawing.parts[0].frame(reference, p, R);
      drawing.ends[1](reference, end);
      expect(Array.from(p)).toEqual([0.7, 0, 0]);
      expect(Array.from(end)).toEqual([0.7, 0, 0]);
    }
  });
});
