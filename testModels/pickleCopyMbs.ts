import { SystemContainer, SimulationSettings, OutputVariableType, SensorBody, InertiaCuboid, graphics, type LoadVectorUserFunction } from '../src/index.ts';
import type { TestModel } from './testModel.ts';

/**
 * Exudyn's pickleCopyMbs: a block (0.25 × 0.5 × 0.1 m, density 500) on a prismatic joint along y to the ground and a
 * bar (0.05 × 0.5 × 0.05 m, density 1000) on a revolute joint about z on the block, both starting with 1 m/s along y,
 * the bar also spinning at 4π rad/s; a torque user function (0 before t = 1 s) on the bar, a position sensor on the
 * block. The model is copied as Exudyn's test does it (GetDictionary, pickled to a file, SetDictionary into a new
 * system): here getDictionary's JSON model file (saveToFile, with the graphics data and the user function by name) is
 * loaded into a second system, which is solved: 1000 generalized-α steps (ρ∞ = 0.6, modified Newton) to t = 1 s. The
 * result is 0.1 × the sum of the sensor's position, from the copy.
 */
export const pickleCopyMbs: TestModel = {
  name: 'pickleCopyMbs',
  reference: 0.2583013564103496,
  comparison: 'relative',
  tolerance: 1e-8,
  run() {
    let SC = new SystemContainer();
    const mbs = SC.addSystem();
    const L = 0.5, w = 0.05;
    const ground = mbs.createGround({ graphicsDataList: [graphics.CheckerBoard({ point: [0, 0, -0.1 * L], size: 10 })] });
    const b0size = [0.5 * L, L, 0.2 * L];
    const p0 = [0.5, 1, 0];
    const b0 = mbs.createRigidBody({
      referencePosition: p0, initialVelocity: [0, 1, 0], inertia: InertiaCuboid({ density: 500, sideLengths: b0size }),
      graphicsDataList: [graphics.Brick({ size: b0size, color: graphics.color.dodgerblue })],
    });
    const b1size = [w, L, w];
    const p1 = [p0[0], p0[1] + 0.5 * L, p0[2] + 0.5 * b0size[2] + w];
    const b1 = mbs.createRigidBody({
      referencePosition: p1, initialVelocity: [0, 1, 0], initialAngularVelocity: [0, 0, 4 * Math.PI], inertia: InertiaCuboid({ density: 1000, sideLengths: b1size }),
      graphicsDataList: [graphics.Brick({ size: b1size, color: graphics.color.red })],
    });
    mbs.createRevoluteJoint({ bodyNumbers: [b0, b1], position: [p1[0], p1[1] - 0.5 * L, p1[2] - 0.5 * w], axis: [0, 0, 1], axisRadius: 0.5 * w, axisLength: 2.2 * w });
    mbs.createPrismaticJoint({ bodyNumbers: [ground, b0], position: p0, axis: [0, 1, 0], axisRadius: 0.5 * w, axisLength: 5 * L });
    const UFtorque: LoadVectorUserFunction = (_mbs, t) => {
      const f = t - 1 >= 0 ? 1 : 0; // np.heaviside(t - 1, 1)
      return [0, 0, -f * 2 * Math.cos(Math.PI * 2 * t)];
    };
    mbs.createTorque({ bodyNumber: b1, loadVector: [0, 0, 0], loadVectorUserFunction: UFtorque });
    const sPos = mbs.addSensor(SensorBody({ bodyNumber: b0, storeInternal: true, writeToFile: false, outputVariableType: OutputVariableType.Position }));

    // the copy: through a model file, as Exudyn pickles mbs.GetDictionary()
    mbs.saveToFile('solution/mbs.json');
    SC = new SystemContainer();
    const mbs2 = SC.addSystem();
    mbs2.loadFromFile('solution/mbs.json', { userFunctions: { UFtorque } });
    mbs2.assemble();

    const settings = new SimulationSettings();
    const tEnd = 1, h = 1e-3;
    settings.timeIntegration.numberOfSteps = Math.trunc(tEnd / h);
    settings.timeIntegration.endTime = tEnd;
    settings.timeIntegration.newton.useModifiedNewton = true;
    settings.timeIntegration.generalizedAlpha.spectralRadius = 0.6;
    settings.solutionSettings.writeSolutionToFile = false;
    mbs2.solveDynamic(settings);
    return 0.1 * mbs2.getSensorValues(sPos).reduce((sum, x) => sum + x, 0);
  },
};
