import { describe, expect, it } from 'vitest';
import {
  SystemContainer, SimulationSettings, NodeGenericData, NodePointGround, Point2DS1, Cable2D, MarkerNodeCoordinate, CoordinateConstraint,
  Rigid2D, RigidBody2D, MarkerBodyRigid, MarkerNodeRigid, MarkerBodyPosition, Force, MarkerBodyCable2DShape, ObjectContactFrictionCircleCable2D,
  OutputVariableType, InertiaCuboid, SensorNode, RotXYZ2RotationMatrix,
} from '../../src/index.ts';
import { objectCosseratRodDefinition } from '../../src/items/objects/ObjectCosseratRod.ts';
import type { SystemState } from '../../src/model/SystemState.ts';
import { expectObjectJacobians } from '../helpers/objectJacobian.ts';
import { randomSequence } from '../helpers/random.ts';

const N = 10, k = 1e4, mu = 0.4, muK = 2e3, r = 0.1, mass = 2;

/**
 * A straight cable element from (0, 0) to (1, 0), all its coordinates fixed, one contact segment, and a disc (RigidBody2D,
 * radius 0.1, rotation fixed) at x = 0.5 pressed onto it by N = 10 and pulled along it by Fx; it starts at its static
 * penetration N/k, in contact (data gap −N/k), by default with undefined stick/slip.
 */
function discOnCable(Fx: number, contact: Record<string, unknown> = {}, state: readonly number[] = [-2, 0]) {
  const mbs = new SystemContainer().addSystem();
  const ground = mbs.addMarker(MarkerNodeCoordinate({ nodeNumber: mbs.addNode(NodePointGround({})), coordinate: 0 }));
  const nodes = [0, 1].map((i) => mbs.addNode(Point2DS1({ referenceCoordinates: [i, 0, 1, 0] })));
  const cable = mbs.addObject(Cable2D({ nodeNumbers: nodes, physicsLength: 1, physicsMassPerLength: 1, physicsBendingStiffness: 1, physicsAxialStiffness: 100 }));
  for (const node of nodes) for (let c = 0; c < 4; c++) mbs.addObject(CoordinateConstraint({ markerNumbers: [ground, mbs.addMarker(MarkerNodeCoordinate({ nodeNumber: node, coordinate: c }))] }));
  const disc = mbs.addNode(Rigid2D({ referenceCoordinates: [0.5, r - N / k, 0] }));
  const body = mbs.addObject(RigidBody2D({ nodeNumber: disc, physicsMass: mass, physicsInertia: 0.01 }));
  mbs.addObject(CoordinateConstraint({ markerNumbers: [ground, mbs.addMarker(MarkerNodeCoordinate({ nodeNumber: disc, coordinate: 2 }))] }));
  const center = mbs.addMarker(MarkerBodyRigid({ bodyNumber: body }));
  mbs.addLoad(Force({ markerNumber: center, loadVector: [Fx, -N, 0] }));
  const shape = mbs.addMarker(MarkerBodyCable2DShape({ bodyNumber: cable, numberOfSegments: 1 }));
  const data = mbs.addNode(NodeGenericData({ numberOfDataCoordinates: 3, initialCoordinates: [-N / k, ...state] }));
  const object = mbs.addObject(ObjectContactFrictionCircleCable2D({
    markerNumbers: [center, shape], nodeNumber: data, numberOfContactSegments: 1, contactStiffness: k, frictionCoefficient: mu,
    frictionStiffness: muK, frictionVelocityPenalty: 50, circleRadius: r, ...contact,
  }));
  return { mbs, disc, object, cable, ground, center, shape, data };
}

describe('ObjectContactFrictionCircleCable2D', () => {
  it('sticksBelowTheFrictionLimit: the tangential spring carries Fx < μN, the disc moves Fx/μ_k', () => {
    // static solve (Newton tolerance 1e-12), sticking from the start at the sticking position of x = 0.5 (r·atan2(n̄) with
    // n̄ = [0, −1], minus t L = 0.5: the segment runs along the tangent): equilibrium f_t = −μ_k x = −Fx, f_n = k g = −N
    const Fx = 0.5 * mu * N;
    const { mbs, disc, object } = discOnCable(Fx, {}, [0, -r * Math.PI / 2 - 0.5]);
    mbs.assemble();
    const settings = new SimulationSettings();
    settings.solutionSettings.writeSolutionToFile = false;
    settings.staticSolver.newton.relativeTolerance = 1e-12;
    settings.staticSolver.discontinuous.iterationTolerance = 1e-8;
    settings.staticSolver.discontinuous.maxIterations = 10;
    mbs.solveStatic(settings);
    const x = mbs.getNodeOutput(disc, OutputVariableType.Displacement)[0];
    expect(Math.abs(x - Fx / muK)).toBeLessThan(1e-12);
    const data = mbs.systemData.getDataCoordinates();
    expect(data[1]).toBe(0);
    const force = mbs.getObjectOutput(object, OutputVariableType.ForceLocal) as ArrayLike<number>;
    expect(Math.abs(force[0] + Fx)).toBeLessThan(1e-9);
    expect(Math.abs(force[1] + N)).toBeLessThan(1e-9);
    const coordinates = mbs.getObjectOutput(object, OutputVariableType.Coordinates) as ArrayLike<number>;
    expect(Math.abs(coordinates[0] + Fx / muK)).toBeLessThan(1e-12);
    expect(Math.abs(coordinates[1] + N / k)).toBeLessThan(1e-12);
  });

  it('slidesAboveTheFrictionLimit with the acceleration (Fx − μN)/m', () => {
    // Fx = 2μN, starting with undefined stick/slip: step 1 stores the sticking position (stick), step 2 switches to slip
    // (−1: the disc moves in +x, the sticking position decreases); from then on f_t = −μ|f_n| = −μN at f_n = −N exactly,
    // so the velocity grows by a = (Fx − μN)/m, which Newmark integrates exactly: between t = 0.05 and 0.2 to Newton's
    // tolerance (observed 1e-15 relative)
    const Fx = 2 * mu * N;
    const { mbs, disc, object } = discOnCable(Fx);
    const sensor = mbs.addSensor(SensorNode({ nodeNumber: disc, outputVariableType: OutputVariableType.Velocity, storeInternal: true }));
    mbs.assemble();
    const settings = new SimulationSettings();
    settings.solutionSettings.writeSolutionToFile = false;
    settings.solutionSettings.sensorsWritePeriod = 0.05;
    settings.timeIntegration.numberOfSteps = 200;
    settings.timeIntegration.endTime = 0.2;
    settings.timeIntegration.generalizedAlpha.useNewmark = true;
    settings.timeIntegration.generalizedAlpha.spectralRadius = 1;
    mbs.solveDynamic(settings);
    const rows = mbs.getSensorStoredData(sensor);
    expect(rows[1][0]).toBeCloseTo(0.05, 12);
    const gained = rows[4][1] - rows[1][1], expected = (Fx - mu * N) / mass * 0.15;
    expect(Math.abs(gained - expected) / expected).toBeLessThan(1e-10);
    expect(mbs.systemData.getDataCoordinates()[1]).toBe(-1);
    const force = mbs.getObjectOutput(object, OutputVariableType.ForceLocal) as ArrayLike<number>;
    expect(Math.abs(force[0] + mu * N)).toBeLessThan(1e-10);
  });

  it('analyticJacobiansMatchCentralDifferences with segment normals, in every stick/slip state, off-center, on 3D and flexible bodies', () => {
    // a spinning, moving disc over a deformed cable element with 3 segments in contact: stick with the tangential spring,
    // slip in both directions; ode2Lhs is smooth within the active set: h = 1e-6 leaves O(h²) + round-off in ∂f/∂q (observed
    // ≤ 6e-11 relative), ode2Lhs is linear in u but for |f_n| (h = 1e-3: observed ≤ 2e-12). The circle on a 3D rigid body
    // (Euler parameters: ω depends on q, the circle's z axis tilts) takes ∂ω/∂q from the marker; on a Cosserat rod there is
    // none, so ∂f/∂q is numerical (ode2Lhs_q absent) and ∂f/∂u stays analytic
    for (const [useSegmentNormals, circleOn] of [[true, '2D'], [false, '2D'], [true, '3D'], [false, 'rod']] as const) {
      const mbs = new SystemContainer().addSystem();
      const nodes = [0, 1].map((i) => mbs.addNode(Point2DS1({ referenceCoordinates: [i, 0, 1, 0], initialCoordinates: [0.02, 0.05 * i, 0.1 * i, 0.2] })));
      const cable = mbs.addObject(Cable2D({ nodeNumbers: nodes, physicsLength: 1, physicsMassPerLength: 2, physicsBendingStiffness: 3, physicsAxialStiffness: 100 }));
      const shape = mbs.addMarker(MarkerBodyCable2DShape({ bodyNumber: cable, numberOfSegments: 4 }));
      let circle: number;
      if (circleOn === '3D') {
        const body = mbs.createRigidBody({
          referencePosition: [0.4, -0.25, 0], referenceRotationMatrix: RotXYZ2RotationMatrix([0.2, -0.1, 0.3]),
          inertia: InertiaCuboid(1000, [0.1, 0.1, 0.1]), initialAngularVelocity: [0.5, -0.3, 3],
        });
        circle = mbs.addMarker(MarkerNodeRigid({ nodeNumber: mbs.getObject(body).nodeNumber as number }));
      } else if (circleOn === 'rod') {
        const rod = objectCosseratRodDefinition.example(mbs);
        circle = mbs.addMarker(MarkerBodyRigid({ bodyNumber: rod, localPosition: [0.3, 0, 0] }));
      } else {
        const disc = mbs.addNode(Rigid2D({ referenceCoordinates: [0.4, -0.25, 0.3], initialVelocities: [0.1, 0.2, 3] }));
        circle = mbs.addMarker(MarkerBodyRigid({ bodyNumber: mbs.addObject(RigidBody2D({ nodeNumber: disc, physicsMass: 1, physicsInertia: 0.05 })), localPosition: [0.05, 0.02, 0] }));
      }
      const data = mbs.addNode(NodeGenericData({ numberOfDataCoordinates: 12, initialCoordinates: [0.1, -0.01, -0.01, -0.01, -2, 0, 1, -1, 0, 0.02, 0, 0] }));
      const index = mbs.addObject(ObjectContactFrictionCircleCable2D({
        markerNumbers: [circle, shape], nodeNumber: data, numberOfContactSegments: 4, contactStiffness: 500, contactDamping: 5,
        frictionVelocityPenalty: 3, frictionStiffness: 200, frictionCoefficient: 0.4, circleRadius: 0.3, useSegmentNormals,
      }));
      mbs.assemble();
      const model = mbs.compiled();
      const s: SystemState = model.data.current;
      const random = randomSequence(5);
      for (const node of model.nodes) for (let j = 0; j < node.nu; j++) s.u[node.uIndex + j] += random();
      const object = model.objects[index];
      expect(object.ode2Lhs_q === undefined).toBe(circleOn === 'rod');
      expectObjectJacobians(object, s, { h: 1e-6, tolerance: 1e-9, minScale: 100, radialLeftOut: 'the circle\'s frame along the radial direction of Euler parameters (issue 18: costs Newton iterations, not results)' }, { h: 1e-3, tolerance: 1e-10, minScale: 5 });
    }
  });

  it('rejectsBadInput with named errors', () => {
    const fails = (contact: Record<string, unknown>) => () => discOnCable(1, contact).mbs.assemble();
    expect(fails({ contactStiffness: -1 })).toThrow(/ObjectContactFrictionCircleCable2D #\d+: contactStiffness .*-1/);
    expect(fails({ frictionCoefficient: -0.1 })).toThrow(/ObjectContactFrictionCircleCable2D #\d+: frictionCoefficient .*-0.1/);
    expect(fails({ frictionStiffness: -1 })).toThrow(/ObjectContactFrictionCircleCable2D #\d+: frictionStiffness .*-1/);
    expect(fails({ circleRadius: 0 })).toThrow(/ObjectContactFrictionCircleCable2D #\d+: circleRadius must be positive, got 0/);
    expect(fails({ numberOfContactSegments: 2 })).toThrow(/numberOfContactSegments must equal numberOfSegments = 1/);
    expect(fails({ numberOfContactSegments: 13 })).toThrow(/numberOfContactSegments must be in 1 … 12, got 13/);
    const { mbs, object, cable, data } = discOnCable(1);
    const position = mbs.addMarker(MarkerBodyPosition({ bodyNumber: cable, localPosition: [0.5, 0, 0] }));
    const shape = mbs.getObject(object).markerNumbers as number[];
    mbs.setObjectParameter(object, 'markerNumbers', [position, shape[1]]);
    expect(() => mbs.assemble()).toThrow(/ObjectContactFrictionCircleCable2D #\d+: markerNumbers entry 0 must refer to a rigid marker/);
    mbs.setObjectParameter(object, 'markerNumbers', [shape[0], shape[0]]);
    expect(() => mbs.assemble()).toThrow(/markerNumbers entry 1 must refer to a MarkerBodyCable2DShape/);
    mbs.setObjectParameter(object, 'markerNumbers', shape);
    mbs.modifyNode(data, { numberOfDataCoordinates: 2, initialCoordinates: [0, 0] });
    expect(() => mbs.assemble()).toThrow(/nodeNumber must refer to a NodeGenericData with 3 data coordinates/);
  });
});
