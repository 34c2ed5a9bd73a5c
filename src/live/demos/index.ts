/**
 * The models of the live page (`flexdyn view --live`): each demo names its editable parameters (with units and
 * ranges, shown as a small form) and builds its model from their values, using the model definitions the examples use.
 * @module
 */
import { OutputVariableType, SensorNode, SensorBody, type MainSystem, type SimulationSettings } from '../../index.ts';
import type { SceneOptions } from '../../viewer/index.ts';
import { FlexdynError } from '../../core/errors.ts';
import { buildWilberforce, pullDown, wilberforceSettings } from './wilberforce.ts';
import { buildSutureThread, sutureData, sutureDynamicSettings } from './sutureThread.ts';
import { buildDoublePendulum, doublePendulumSettings } from './doublePendulum.ts';

/** An editable number of a demo. */
export interface LiveParameter {
  /** Key in the values object. */
  name: string;
  /** Label in the form. */
  label: string;
  /** Unit shown beside the field ('' if none). */
  unit: string;
  /** Default value. */
  value: number;
  /** Smallest accepted value. */
  min: number;
  /** Largest accepted value. */
  max: number;
  /** Step of the form field (1 for integers). */
  step: number;
  /** Whole numbers only. */
  integer?: boolean;
}

/** A built demo, ready to solve. */
export interface LiveModel {
  /** The assembled system. */
  mbs: MainSystem;
  /** Settings of the dynamic solve (no files). */
  settings: SimulationSettings;
  /** Simulated time between two frames sent to the page [s]. */
  frameInterval: number;
  /** Runs before the dynamic solve (e.g. the static pull of the Wilberforce bob). */
  prepare?: () => void;
  /** Options of the scene chunks (e.g. upAxis 'z' for gravity along −z). */
  sceneOptions?: SceneOptions;
}

/** A model of the live page. */
export interface LiveDemo {
  /** Identifier used by the page and the worker. */
  id: string;
  /** Title in the demo selector. */
  title: string;
  /** One sentence shown under the selector. */
  description: string;
  /** Editable parameters. */
  parameters: readonly LiveParameter[];
  /** Builds the model from checked parameter values. */
  build(values: Readonly<Record<string, number>>): LiveModel;
}

/** The live page's models: the Wilberforce pendulum, the double pendulum and the suture thread. */
export const liveDemos: readonly LiveDemo[] = [
  {
    id: 'wilberforce',
    title: 'Wilberforce pendulum',
    description: 'A steel helical spring (3 coils, one Cosserat rod) with a cylinder bob, pulled down and released: vertical and torsional oscillation exchange energy.',
    parameters: [
      { name: 'pull', label: 'pull-down', unit: 'mm', value: 10, min: 0, max: 20, step: 1 },
      { name: 'numberOfElements', label: 'rod elements', unit: '', value: 18, min: 6, max: 36, step: 1, integer: true },
      { name: 'endTime', label: 'end time', unit: 's', value: 20, min: 0.1, max: 60, step: 1 },
    ],
    build(v) {
      const model = buildWilberforce({ numberOfElements: v.numberOfElements });
      return { mbs: model.mbs, settings: wilberforceSettings(v.endTime), frameInterval: 0.01, prepare: () => { pullDown(model, v.pull / 1000); }, sceneOptions: { upAxis: 'z' } };
    },
  },
  {
    id: 'doublePendulum',
    title: 'Double pendulum',
    description: 'Two bricks (density 1000 kg/m³) on revolute joints about z, released at rest: a chaotic motion.',
    parameters: [
      { name: 'initialAngle', label: 'release angle below horizontal', unit: '°', value: 0, min: -90, max: 90, step: 5 },
      { name: 'length0', label: 'upper link', unit: 'm', value: 0.5, min: 0.1, max: 1, step: 0.05 },
      { name: 'length1', label: 'lower link', unit: 'm', value: 0.5, min: 0.1, max: 1, step: 0.05 },
      { name: 'endTime', label: 'end time', unit: 's', value: 20, min: 0.1, max: 60, step: 1 },
    ],
    build(v) {
      const { mbs } = buildDoublePendulum({ initialAngle: (v.initialAngle * Math.PI) / 180, length0: v.length0, length1: v.length1 });
      return { mbs, settings: doublePendulumSettings(v.endTime), frameInterval: 0.01 };
    },
  },
  {
    id: 'sutureThread',
    title: 'Suture thread',
    description: 'A stiff thin thread (L = 10 cm, r = 0.2 mm), both ends clamped, its middle pulled sideways over 0.5 s and held.',
    parameters: [
      { name: 'pull', label: 'sideways pull', unit: 'mm', value: 1000 * sutureData.pull, min: 0, max: 20, step: 1 },
      { name: 'E', label: "Young's modulus", unit: 'MPa', value: sutureData.E / 1e6, min: 10, max: 1e5, step: 10 },
      { name: 'numberOfElements', label: 'rod elements (even)', unit: '', value: sutureData.numberOfElements, min: 4, max: 100, step: 2, integer: true },
      { name: 'endTime', label: 'end time', unit: 's', value: 2, min: 0.1, max: 10, step: 0.5 },
    ],
    build(v) {
      if (v.numberOfElements % 2 !== 0) throw new FlexdynError(`live demo sutureThread: numberOfElements must be even (the middle is a node), got ${v.numberOfElements}`);
      const model = buildSutureThread('dynamic', 2, { pull: v.pull / 1000, E: v.E * 1e6, numberOfElements: v.numberOfElements });
      const { mbs } = model;
      mbs.addSensor(SensorNode({ nodeNumber: model.middleNode, outputVariableType: OutputVariableType.Position, storeInternal: true, writeToFile: false, name: 'middle node' }));
      mbs.addSensor(SensorBody({ bodyNumber: model.rod, localPosition: [sutureData.length / 4, 0, 0], outputVariableType: OutputVariableType.ForceLocal, storeInternal: true, writeToFile: false, name: 'section at L/4' }));
      mbs.assemble();
      return { mbs, settings: sutureDynamicSettings(v.endTime), frameInterval: 0.01 };
    },
  },
];

/**
 * The demo `id` with its parameter values: the defaults, overridden by `values` (each checked against its range;
 * unknown keys are rejected).
 */
export function liveDemo(id: string, values: Readonly<Record<string, number>> = {}): { demo: LiveDemo; values: Record<string, number> } {
  const demo = liveDemos.find((d) => d.id === id);
  if (demo === undefined) throw new FlexdynError(`live demo: id must be one of ${liveDemos.map((d) => `'${d.id}'`).join(', ')}, got '${id}'`);
  const checked: Record<string, number> = {};
  for (const p of demo.parameters) checked[p.name] = p.value;
  for (const [name, value] of Object.entries(values)) {
    const p = demo.parameters.find((q) => q.name === name);
    if (p === undefined) throw new FlexdynError(`live demo ${id}: parameter must be one of ${demo.parameters.map((q) => q.name).join(', ')}, got '${name}'`);
    if (typeof value !== 'number' || !Number.isFinite(value) || value < p.min || value > p.max || (p.integer === true && !Number.isInteger(value))) {
      throw new FlexdynError(`live demo ${id}: ${name} must be ${p.integer ? 'a whole number' : 'a number'} in ${p.min} … ${p.max}${p.unit ? ' ' + p.unit : ''}, got ${String(value)}`);
    }
    checked[name] = value;
  }
  return { demo, values: checked };
}
