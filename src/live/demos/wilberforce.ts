/**
 * The Wilberforce pendulum of examples/wilberforce.ts (the `npm start` demo and the first model of the live page): the
 * helical steel spring of examples/helicalSpring.ts (3 coils, D = 32 mm, d = 1 mm, pitch 1 mm, one Cosserat rod),
 * clamped on top, with a steel cylinder bob (R = 23 mm, h = 36 mm) rigidly attached to the lower wire end, under
 * gravity. The model definition only: the analysis (eigenfrequencies, frequency fit, comparison with the 2-DOF model)
 * stays in the example.
 * @module
 */
import {
  SystemContainer, SimulationSettings, OutputVariableType, LinearSolverType, ConfigurationType, ObjectGround, MarkerBodyRigid,
  MarkerNodeRigid, MarkerBodyMass, MarkerBodyPosition, GenericJoint, LoadMassProportional, Force, ObjectRigidBody, SensorUserFunction, InertiaCylinder,
  CircularCrossSection, rodStiffnessFromMaterial, rodCenterline, graphics, type MainSystem, type CenterlineOptions, type RodStiffness, type SolverStatistics,
} from '../../index.ts';

/** Spring and material data of the issue. */
export const springData = {
  /** Number of coils n. */
  coils: 3,
  /** Coil radius R = D/2 [m] (coil diameter 32 mm). */
  coilRadius: 0.016,
  /** Wire diameter d [m]. */
  wireDiameter: 0.001,
  /** Rise per coil [m]. */
  pitch: 0.001,
  /** Density ρ [kg/m³]. */
  density: 7850,
  /** Shear modulus G [Pa]. */
  G: 8.1e10,
  /** Poisson's ratio ν. */
  nu: 0.23,
} as const;

/** Young's modulus E = 2G(1 + ν). */
export const springYoungsModulus = 2 * springData.G * (1 + springData.nu);

/** Textbook axial stiffness k = G d⁴/(64 n R³) of a close-coiled spring. */
export const textbookSpringStiffness = springData.G * springData.wireDiameter ** 4 / (64 * springData.coils * springData.coilRadius ** 3);

/** Cross-section stiffness of the wire (circle of diameter d, Cowper's shear factor for ν). */
export function springWireStiffness(): RodStiffness {
  return rodStiffnessFromMaterial({
    crossSection: CircularCrossSection({ radius: springData.wireDiameter / 2 }), E: springYoungsModulus, nu: springData.nu, density: springData.density,
  });
}

/** Bob and load data of the issue. */
export const wilberforceData = {
  /** Bob (steel cylinder) radius [m]. */
  bobRadius: 0.023,
  /** Bob height [m]. */
  bobHeight: 0.036,
  /** Gravitational acceleration [m/s²]. */
  gravity: 9.81,
} as const;

/** Mass m = ρ π R² h of the bob [kg]. */
export const bobMass = springData.density * Math.PI * wilberforceData.bobRadius ** 2 * wilberforceData.bobHeight;

/** Inertia I_zz = m R²/2 of the bob about its (vertical) axis [kg m²]. */
export const bobAxialInertia = 0.5 * bobMass * wilberforceData.bobRadius ** 2;

/** Colour of the drawn bob (steel blue). */
const bobColor = [0.35, 0.5, 0.75, 1];

/** Options of buildWilberforce. */
export interface WilberforceOptions {
  /** Rod elements; default 18. */
  numberOfElements?: number;
  /** Polynomial degree; default 2. */
  polynomialDegree?: number;
  /** Sensor file of z(t), θ(t); '' (default) keeps the rows in memory only. */
  sensorFile?: string;
  /**
   * How the bob is attached: 'node' (default) — an ObjectRigidBody on the last rod node, exactly rigid without a
   * constraint; 'joint' — a rigid body with its own node at its center of mass, held to the wire end by a GenericJoint
   * with all six axes locked (the stiffness of the joint's reactions, λ·C_qq, then carries the gravity lever).
   */
  bobAttachment?: 'node' | 'joint';
  /** Orientation interpolation of the rod; default 'R12' (the seed's element, whose figures the demo reports). */
  interpolation?: 'R12' | 'quaternion';
  /** Rod formulation; default 'displacement' ('mixed': Hellinger–Reissner, stresses as unknowns). */
  formulation?: 'displacement' | 'mixed';
}

/** The assembled pendulum. */
export interface WilberforceModel {
  /** The system (assembled). */
  mbs: MainSystem;
  /** Rod nodes from the clamped top (s = 0) to the bob (s = L). */
  nodeNumbers: number[];
  /** The bob (ObjectRigidBody on the last rod node, or on its own node with bobAttachment 'joint'). */
  bob: number;
  /** Center of mass of the bob in the frame of the bob's node (the wire-end node, or the bob's own node: zero). */
  comLocal: number[];
  /** Downward force on the bob's center of mass [N] (a user-function load reads it; 0 after pullDown). */
  pull: { force: number };
  /** How the bob is attached (see {@link WilberforceOptions.bobAttachment}). */
  bobAttachment: 'node' | 'joint';
  /** Sensor with the values [z, θ]: vertical displacement of the bob's center of mass [m] and its rotation about the vertical axis [rad]. */
  sensor: number;
}

/** Row-major 3×3 → nested. */
function nested(a: ArrayLike<number>): number[][] {
  return [[a[0], a[1], a[2]], [a[3], a[4], a[5]], [a[6], a[7], a[8]]];
}

/**
 * Builds the pendulum: the spring of examples/helicalSpring.ts from (0, R, 3·pitch) down to (0, R, 0), node 0 clamped
 * (GenericJoint to the ground), a steel cylinder with its axis on the spring axis and its center of mass at
 * (0, 0, −h/2) as ObjectRigidBody on the last rod node, gravity on rod and bob, a downward pull on the bob (zero unless
 * set, see pullDown) and a user-function sensor [z, θ].
 */
export function buildWilberforce(options: WilberforceOptions = {}): WilberforceModel {
  const { coils, coilRadius: R, pitch, density } = springData;
  const { bobRadius, bobHeight, gravity } = wilberforceData;
  const mbs = new SystemContainer().addSystem();
  const centerline: CenterlineOptions = {
    type: 'Helix', radius: R, pitch, turns: coils, center: [0, 0, coils * pitch], rotationMatrix: [[1, 0, 0], [0, -1, 0], [0, 0, -1]],
  };
  const rod = mbs.createCosseratRod({ interpolation: options.interpolation ?? 'R12', formulation: options.formulation ?? 'displacement',
    centerline, numberOfElements: options.numberOfElements ?? 18, polynomialDegree: options.polynomialDegree ?? 2,
    rodParameters: springWireStiffness(), gravity: [0, 0, -gravity],
  });
  const nodes = rod.nodeNumbers;
  // drawn as the wire it is (tube of the wire's radius)
  mbs.modifyObject(rod.objectNumber, { visualization: { radius: springData.wireDiameter / 2, color: [0.55, 0.57, 0.6, 1] } });
  const line = rodCenterline(centerline);
  const frameTop = new Float64Array(9), frameEnd = new Float64Array(9), top = new Float64Array(3), end = new Float64Array(3);
  line.rotationMatrix(0, frameTop);
  line.rotationMatrix(rod.length, frameEnd);
  line.position(0, top);
  line.position(rod.length, end);

  const ground = mbs.addObject(ObjectGround({}));
  const clamp = mbs.addMarker(MarkerBodyRigid({ bodyNumber: ground, localPosition: Array.from(top) }));
  mbs.addObject(GenericJoint({ markerNumbers: [clamp, mbs.addMarker(MarkerNodeRigid({ nodeNumber: nodes[0] }))], rotationMarker0: nested(frameTop) }));

  const last = nodes[nodes.length - 1];
  const comGlobal = [0, 0, -bobHeight / 2];
  const aT = nested(frameEnd);
  const aLocal = [0, 1, 2].map((r) => [0, 1, 2].map((c) => aT[c][r]));
  const cylinder = InertiaCylinder({ density, length: bobHeight, outerRadius: bobRadius, axis: 2 });
  let bob: number;
  let comLocal: number[];
  if (options.bobAttachment === 'joint') {
    // own node at the COM (axes global), the wire end at end − c in the bob frame; the joint frame J0 = A_L A_Lᵀ = I
    // coincides with the bob frame in the reference configuration
    comLocal = [0, 0, 0];
    bob = mbs.createRigidBody({
      inertia: cylinder, referencePosition: comGlobal, gravity: [0, 0, -gravity],
      graphicsDataList: [graphics.Cylinder({ pAxis: [0, 0, -bobHeight / 2], vAxis: [0, 0, bobHeight], radius: bobRadius, color: bobColor, nTiles: 32 })],
    });
    const wireEnd = mbs.addMarker(MarkerNodeRigid({ nodeNumber: last }));
    const bobTop = mbs.addMarker(MarkerBodyRigid({ bodyNumber: bob, localPosition: [0, 1, 2].map((k) => end[k] - comGlobal[k]) }));
    mbs.addObject(GenericJoint({ markerNumbers: [wireEnd, bobTop], rotationMarker0: aLocal }));
  } else {
    // the bob as a body of the wire-end node: inertia about its COM in the global frame, expressed in the node frame A_L
    // (J = A_Lᵀ J_g A_L), center of mass at A_Lᵀ(c − r_L) from the node
    comLocal = [0, 1, 2].map((r) => aLocal[r][0] * (comGlobal[0] - end[0]) + aLocal[r][1] * (comGlobal[1] - end[1]) + aLocal[r][2] * (comGlobal[2] - end[2]));
    const inertia = cylinder.rotated(aLocal).translated(comLocal);
    // drawn as the cylinder it is, in the node frame: axis A_Lᵀ e_z through the center of mass
    const axis = [aLocal[0][2], aLocal[1][2], aLocal[2][2]];
    const cylinderGraphics = graphics.Cylinder({
      pAxis: comLocal.map((c, k) => c - 0.5 * bobHeight * axis[k]), vAxis: axis.map((a) => bobHeight * a), radius: bobRadius, color: bobColor, nTiles: 32,
    });
    bob = mbs.addObject(ObjectRigidBody({
      physicsMass: inertia.mass, physicsInertia: inertia.getInertia6D(), physicsCenterOfMass: inertia.com, nodeNumber: last,
      visualization: { graphicsData: [cylinderGraphics] },
    }));
    mbs.addLoad(LoadMassProportional({ markerNumber: mbs.addMarker(MarkerBodyMass({ bodyNumber: bob })), loadVector: [0, 0, -gravity] }));
  }
  // the hand that pulls the bob down before the release
  const pull = { force: 0 };
  mbs.addLoad(Force({ markerNumber: mbs.addMarker(MarkerBodyPosition({ bodyNumber: bob, localPosition: comLocal })), loadVectorUserFunction: () => [0, 0, -pull.force] }));

  // z: vertical displacement of the COM; θ: rotation of the bob about the vertical axis, from A A_Lᵀ (exact for any tilt)
  const sensor = mbs.addSensor(SensorUserFunction({
    name: 'bob: z [m], θ [rad]',
    storeInternal: true, writeToFile: (options.sensorFile ?? '') !== '', fileName: options.sensorFile ?? '',
    sensorUserFunction: (m, _t, _sensors, _factors, configuration) => {
      const com = m.getObjectOutputBody(bob, OutputVariableType.Position, comLocal, configuration);
      const a = m.getNodeOutput(last, OutputVariableType.RotationMatrix, configuration);
      let r00 = 0, r01 = 0, r10 = 0, r11 = 0;
      for (let k = 0; k < 3; k++) {
        r00 += a[k] * frameEnd[k]; r01 += a[k] * frameEnd[3 + k];
        r10 += a[3 + k] * frameEnd[k]; r11 += a[3 + k] * frameEnd[3 + k];
      }
      return [com[2] - comGlobal[2], Math.atan2(r10 - r01, r00 + r11)];
    },
  }));
  mbs.assemble();
  return { mbs, nodeNumbers: nodes, bob, comLocal, pull, bobAttachment: options.bobAttachment ?? 'node', sensor };
}

/** Settings of the issue: generalized-α ρ∞ = 0.8, h = 5e-3 s, sparse LU; the gravity load on the bob gets its Jacobian. */
export function wilberforceSettings(endTime = 4, stepSize = 5e-3, spectralRadius = 0.8): SimulationSettings {
  const settings = new SimulationSettings();
  settings.solutionSettings.writeSolutionToFile = false;
  settings.solutionSettings.sensorsWritePeriod = 0;
  settings.linearSolverType = LinearSolverType.EigenSparse;
  settings.timeIntegration.endTime = endTime;
  settings.timeIntegration.numberOfSteps = Math.round(endTime / stepSize);
  settings.timeIntegration.generalizedAlpha.spectralRadius = spectralRadius;
  settings.timeIntegration.computeLoadsJacobian = 1;
  settings.timeIntegration.verboseMode = 0;
  settings.staticSolver.verboseMode = 0;
  settings.staticSolver.computeLoadsJacobian = true;
  return settings;
}

/**
 * Static equilibrium under gravity (4 load steps: the extension is 15 spring heights), made the initial state: the
 * coordinates and the multipliers (the eigen analysis takes the constraint-force stiffness from them).
 */
export function solveStaticEquilibrium(model: WilberforceModel): SolverStatistics {
  const { mbs } = model;
  const settings = wilberforceSettings();
  settings.staticSolver.numberOfLoadSteps = 4;
  // the joint-attached bob hangs on the joint's reactions: Newton needs their stiffness λ·C_qq to converge
  settings.staticSolver.newton.constraintForceJacobian = model.bobAttachment === 'joint';
  const statistics = mbs.solveStatic(settings);
  mbs.systemData.setODE2Coordinates(mbs.systemData.getODE2Coordinates(), ConfigurationType.Initial);
  mbs.systemData.setAECoordinates(mbs.systemData.getAECoordinates(), ConfigurationType.Initial);
  return statistics;
}

/**
 * Initial state of the dynamic run, the classic start of a Wilberforce pendulum: the bob is pulled down by the force
 * k·amplitude (k the textbook stiffness) and held, i.e. the static equilibrium with gravity and that force becomes the
 * initial state (at rest), then the force is removed. Returns the bob's [z, θ] in the pulled equilibrium.
 */
export function pullDown(model: WilberforceModel, amplitude = 0.01): number[] {
  model.pull.force = textbookSpringStiffness * amplitude;
  solveStaticEquilibrium(model);
  model.pull.force = 0;
  return model.mbs.getSensorValues(model.sensor) as number[];
}
