import { itemRegistry } from './items/index.ts';
import { CompiledModel, type StoredItem } from './model/compile.ts';
import { ReferenceModel, type ReferenceOutputs } from './model/referenceModel.ts';
import { SystemAssembler } from './model/assembly.ts';
import { SensorRecords } from './model/SensorRecords.ts';
import { GeneralContact } from './contact/GeneralContact.ts';
import type { SystemState } from './model/SystemState.ts';
import { changedDictionary, completeDictionary, defaultDictionary, dictionaryWithEntry, labelOf, parameterDeclaration, typeKeyOf, validatedValue, type ItemCategory, type ItemDictionary, type ModelOf } from './registry/definition.ts';
import { copyDefault, structuralReason } from './registry/parameters.ts';
import { visualizationFields } from './registry/visualization.ts';
import { ConfigurationType, DynamicSolverType, OutputVariableType } from './registry/enums.ts';
import { describeValue, FlexdynError, formatItemLabel, type ItemLabel } from './core/errors.ts';
import { InMemoryFileSystem } from './core/fileSystem.ts';
import { checkKnownKeys, isDictionary, optionNames, ownOptions, ownValue } from './core/dictionary.ts';
import { renumberReferences, referencedIndices } from './registry/itemReferences.ts';
import { itemFromData, itemToData, missingUserFunctionsError, userFunctionFor, UserFunctionNames, type AnyUserFunction, type UserFunctionSlot, type UserFunctionSource } from './registry/itemData.ts';
import { simulationSettingsFromDictionary, simulationSettingsToDictionary } from './solvers/settingsDictionary.ts';
import { readModelFile, writeModelFile } from './io/modelFile.ts';
import type { FileLocation } from './core/fileSystem.ts';
import { builderOptionNames, type BuilderHelper } from './builders/optionNames.ts';
import type { LoadIndex, MarkerIndex, NodeIndex, ObjectIndex, SensorIndex, ParameterKind, ParameterSchema } from './registry/parameters.ts';
import type { LoadInput, MarkerInput, NodeInput, ObjectInput, SensorInput } from './registry/itemDictionaries.ts';
import { SimulationSettings } from './solvers/SimulationSettings.ts';
import { solveDynamic } from './solvers/solveDynamic.ts';
import { solveStatic } from './solvers/solveStatic.ts';
import { computeODE2Eigenvalues, type ComplexEigenvalueResult, type EigenvalueOptions, type EigenvalueResult } from './solvers/eigen.ts';
import { computeLinearizedSystem, type LinearizedSystem, type LinearizedSystemOptions } from './solvers/linearization.ts';
import { computeSystemDegreeOfFreedom, type DegreeOfFreedomOptions, type SystemDegreeOfFreedom } from './solvers/degreeOfFreedom.ts';
import type { SolverHooks, SolverStatistics, SystemJacobianTerms } from './solvers/stepContracts.ts';
import type { SolverContext, SolverHost } from './solvers/mainSolver.ts';
import type { BuilderSink } from './builders/builderSink.ts';
import type { UserFunctionSystem, UserFunctionSystemData } from './registry/userFunctionSystem.ts';
import { createGround, createMassPoint, createRigidBody, type CreateGroundOptions, type CreateMassPointOptions, type CreateRigidBodyOptions, type CreateRigidBodyResult } from './builders/bodies.ts';
import {
  createCartesianSpringDamper, createDistanceConstraint, createRigidBodySpringDamper, createSpringDamper, createTorsionalSpringDamper, createCoordinateConstraint, createSphereSphereContact, createSphereTriangleContact, createSphereQuadContact,
  type CreateCartesianSpringDamperOptions, type CreateDistanceConstraintOptions, type CreateRigidBodySpringDamperOptions, type CreateSpringDamperOptions,
  type CreateTorsionalSpringDamperOptions, type CreateCoordinateConstraintOptions, type CreateSphereSphereContactOptions, type CreateSphereTriangleContactOptions,
  type CreateSphereQuadContactOptions, type CreateSphereQuadContactResult,
} from './builders/connectors.ts';
import { createForce, createTorque, type CreateLoadOptions } from './builders/loads.ts';
import {
  createGenericJoint, createPrismaticJoint, createRevoluteJoint, createSphericalJoint,
  type CreateAxisJointOptions, type CreateGenericJointOptions, type CreateSphericalJointOptions,
} from './builders/joints.ts';
import { createRollingDisc, createRollingDiscPenalty, type CreateRollingDiscOptions, type CreateRollingDiscPenaltyOptions } from './builders/rollingDisc.ts';
import { createCosseratRod, type CreateCosseratRodOptions, type CreateCosseratRodResult } from './builders/rods.ts';
import { createDistanceSensor, createDistanceSensorGeometry, type CreateDistanceSensorGeometryOptions, type CreateDistanceSensorOptions } from './builders/distanceSensor.ts';
import { createRodContactSensor, type CreateRodContactSensorOptions } from './builders/rodContactSensor.ts';
import { applySolutionRow, type Solution } from './io/solutionFile.ts';
import { plotSensor, type PlotSensorOptions, type PlotSensorResult, type PlotSource } from './io/plotSensor.ts';
import { asFloat64Array, toNumberArray } from './linalg/arrays.ts';

/**
 * The run-time models of the assembled items, read-only: what viewers and exporters draw and sample (positions,
 * orientations, outputs of bodies, markers and meshes) without reaching into the compiled model. Internal: the item
 * models' interfaces (registry/capabilities.ts) are not part of the documented API.
 * @internal
 */
export interface AssembledItems {
  /** Node models by node index. */
  readonly nodes: readonly ModelOf['Node'][];
  /** Object models by object index. */
  readonly objects: readonly ModelOf['Object'][];
  /** Marker models by marker index. */
  readonly markers: readonly ModelOf['Marker'][];
  /** Load models by load index. */
  readonly loads: readonly ModelOf['Load'][];
  /** Sensor models by sensor index. */
  readonly sensors: readonly ModelOf['Sensor'][];
}

/** A dictionary a user passes to add...: a factory result or a plain object with the type key. */
export type ItemInput = Record<string, unknown>;

/** Pre-step user function: called with the new time before each step; return false to stop. */
export type PreStepUserFunction = (mbs: MainSystem, t: number) => boolean | void;
/**
 * Post-Newton user function: returns [error, recommended step size (< 0: none)]; |error| adds to the discontinuous error,
 * which repeats the step while it exceeds discontinuous.iterationTolerance (see DiscontinuousSettings).
 */
export type PostNewtonUserFunction = (mbs: MainSystem, t: number) => readonly number[];
/**
 * Post-step user function: called after each accepted step (and once at the start), before the step is recorded; it may
 * change the current state; return false to stop after this step.
 */
export type PostStepUserFunction = (mbs: MainSystem, t: number) => boolean | void;
/**
 * Pre-Newton-residual user function (implicit and static solvers): called before each Newton residual, newtonIt = 0 for
 * the predictor's residual, k after the k-th update; discontinuousIt counts the step's post-Newton iterations from 0.
 */
export type PreNewtonResidualUserFunction = (mbs: MainSystem, t: number, newtonIt: number, discontinuousIt: number) => void;
/**
 * System Jacobian user function (implicit and static solvers): returns sparse terms of the Jacobian of the right-hand
 * side, scaled by factorODE2 (coordinates), factorODE2_t (velocities) and factorODE1, which the solver adds to its
 * Newton Jacobian (for a load −k·q − d·v: `[[i, i, -factorODE2 * k - factorODE2_t * d]]`).
 */
export type SystemJacobianUserFunction = (mbs: MainSystem, t: number, factorODE2: number, factorODE2_t: number, factorODE1: number) => SystemJacobianTerms;

/** Options of deleteNode, deleteMarker and deleteSensor (Exudyn's keyword arguments). */
export interface DeleteItemOptions {
  /**
   * No console warning for an item that referred to the deleted one (its reference becomes -1, which assemble()
   * rejects); default false, as in Exudyn.
   */
  suppressWarnings?: boolean;
}

/** Options of deleteObject. */
export interface DeleteObjectOptions extends DeleteItemOptions {
  /**
   * Also delete the object's nodes and markers (default true, as Exudyn): those that no remaining object uses (nodes)
   * or that no remaining object, load or sensor uses (markers); shared ones stay (see docs/decisions.md).
   */
  deleteDependentItems?: boolean;
}

/** Options of deleteLoad. */
export interface DeleteLoadOptions extends DeleteItemOptions {
  /** Also delete the load's marker when no remaining object, load or sensor uses it (default true, as Exudyn). */
  deleteDependentMarkers?: boolean;
}

const deleteItemOptionNames = optionNames<DeleteItemOptions>({ suppressWarnings: true });
const deleteObjectOptionNames = optionNames<DeleteObjectOptions>({ suppressWarnings: true, deleteDependentItems: true });
const deleteLoadOptionNames = optionNames<DeleteLoadOptions>({ suppressWarnings: true, deleteDependentMarkers: true });

/** The items that keep a dependent node or marker of a deleted object or load alive when they still refer to it. */
const dependentKeptBy: Partial<Record<ItemCategory, readonly ItemCategory[]>> = { Node: ['Object'], Marker: ['Object', 'Load', 'Sensor'] };

/** The `format` entry of a system dictionary (getDictionary). */
export const SYSTEM_DICTIONARY_FORMAT = 'flexdyn-system';
/** The version of the system dictionary layout this Flexdyn writes and reads. */
export const SYSTEM_DICTIONARY_VERSION = 1;

/** The system's own user functions (Exudyn's mbs.Set…UserFunction), as slots of the system dictionary. */
const systemUserFunctionSlots = ['preStepUserFunction', 'postStepUserFunction', 'postNewtonUserFunction', 'preNewtonResidualUserFunction', 'systemJacobianUserFunction'] as const;
/** One of the system's own user-function slots. */
export type SystemUserFunctionSlot = (typeof systemUserFunctionSlots)[number];

/**
 * A whole system as plain data (Exudyn's mbs.GetDictionary): numbers, strings, booleans, arrays and records, user
 * functions by name (see {@link MainSystem.setDictionary}).
 */
export interface SystemDictionary {
  /** Always {@link SYSTEM_DICTIONARY_FORMAT}. */
  format: string;
  /** {@link SYSTEM_DICTIONARY_VERSION} of the Flexdyn that wrote it. */
  formatVersion: number;
  /** Node dictionaries, by index. */
  nodeList: Record<string, unknown>[];
  /** Object dictionaries, by index. */
  objectList: Record<string, unknown>[];
  /** Marker dictionaries, by index. */
  markerList: Record<string, unknown>[];
  /** Load dictionaries, by index. */
  loadList: Record<string, unknown>[];
  /** Sensor dictionaries, by index. */
  sensorList: Record<string, unknown>[];
  /** The system's user functions by slot: the saved name, or 0 for none. */
  userFunctions: Record<SystemUserFunctionSlot, string | 0>;
}

const listKeyOf: Record<ItemCategory, 'nodeList' | 'objectList' | 'markerList' | 'loadList' | 'sensorList'> = {
  Node: 'nodeList', Object: 'objectList', Marker: 'markerList', Load: 'loadList', Sensor: 'sensorList',
};

/** Options of setDictionary and loadFromFile. */
export interface SetDictionaryOptions {
  /**
   * The functions of the named user-function slots (user functions are saved by name): a record by name, or a
   * function asked for each slot. A slot left without a function is an error that names it.
   */
  userFunctions?: UserFunctionSource;
}

/** Options of saveToFile. */
export interface SaveToFileOptions {
  /** Simulation settings saved with the model (loadFromFile returns them). */
  simulationSettings?: SimulationSettings;
  /** Visualization settings saved with the model, plain data (e.g. the viewer's scene options); returned as saved. */
  visualizationSettings?: Record<string, unknown>;
}

/** What loadFromFile returns besides the model it loaded into the system. */
export interface LoadedSettings {
  /** The simulation settings saved with the model, if any. */
  simulationSettings?: SimulationSettings;
  /** The visualization settings saved with the model, if any. */
  visualizationSettings?: Record<string, unknown>;
}

const setDictionaryOptionNames = optionNames<SetDictionaryOptions>({ userFunctions: true });
const saveToFileOptionNames = optionNames<SaveToFileOptions>({ simulationSettings: true, visualizationSettings: true });

/** Access to the system's coordinate vectors per configuration (Exudyn's mbs.systemData). */
export class SystemDataAccess implements UserFunctionSystemData {
  constructor(private readonly mbs: MainSystem) {}

  /**
   * ODE2 position coordinates: displacements from reference, except for ConfigurationType.Reference, which
   * (as in Exudyn) answers the reference coordinates themselves, so that `sol + solRef` is the position.
   */
  getODE2Coordinates(configuration: ConfigurationType = ConfigurationType.Current): number[] {
    const state = this.mbs.stateOf(configuration);
    return toNumberArray(configuration === ConfigurationType.Reference ? state.qRef : state.q);
  }

  /** Sets ODE2 position coordinates (displacements) of a configuration; the reference configuration comes from the nodes. */
  setODE2Coordinates(values: ArrayLike<number>, configuration: ConfigurationType = ConfigurationType.Current): void {
    if (configuration === ConfigurationType.Reference) {
      throw new FlexdynError('systemData.setODE2Coordinates: configuration must be Current, Initial, StartOfStep or Visualization, got Reference; reference coordinates are the nodes\' referenceCoordinates (change them with modifyNode and assemble again)');
    }
    setChecked(this.mbs.stateOf(configuration).q, values, 'ODE2 coordinates');
  }

  /** ODE2 velocity coordinates. */
  getODE2Coordinates_t(configuration: ConfigurationType = ConfigurationType.Current): number[] {
    return toNumberArray(this.mbs.stateOf(configuration).u);
  }

  /** Sets ODE2 velocity coordinates of a configuration. */
  setODE2Coordinates_t(values: ArrayLike<number>, configuration: ConfigurationType = ConfigurationType.Current): void {
    setChecked(this.mbs.stateOf(configuration).u, values, 'ODE2 velocities');
  }

  /** ODE2 accelerations. */
  getODE2Coordinates_tt(configuration: ConfigurationType = ConfigurationType.Current): number[] {
    return toNumberArray(this.mbs.stateOf(configuration).a);
  }

  /** Algebraic coordinates (Lagrange multipliers). */
  getAECoordinates(configuration: ConfigurationType = ConfigurationType.Current): number[] {
    return toNumberArray(this.mbs.stateOf(configuration).lambda);
  }

  /** Sets the algebraic coordinates (Lagrange multipliers) of a configuration, e.g. a static solution's λ as initial values for computeODE2Eigenvalues. */
  setAECoordinates(values: ArrayLike<number>, configuration: ConfigurationType = ConfigurationType.Current): void {
    setChecked(this.mbs.stateOf(configuration).lambda, values, 'algebraic coordinates');
  }

  /** Data coordinates (of the data nodes, NodeGenericData: discrete states of contact and switching items). */
  getDataCoordinates(configuration: ConfigurationType = ConfigurationType.Current): number[] {
    return toNumberArray(this.mbs.stateOf(configuration).data);
  }

  /**
   * Sets the data coordinates of a configuration; with ConfigurationType.Initial they are the initial values of the next
   * solve (which starts from the initial state), as the data nodes' initialCoordinates are at assemble. During a solve a
   * post-Newton user function may set the current ones (Exudyn's postNewtonStepContactTest switches its contact so).
   */
  setDataCoordinates(values: ArrayLike<number>, configuration: ConfigurationType = ConfigurationType.Current): void {
    setChecked(this.mbs.stateOf(configuration).data, values, 'data coordinates');
  }

  /**
   * ODE1 coordinates (first-order states): displacements from their reference values, except for
   * ConfigurationType.Reference, which answers the reference values themselves (as getODE2Coordinates).
   */
  getODE1Coordinates(configuration: ConfigurationType = ConfigurationType.Current): number[] {
    const state = this.mbs.stateOf(configuration);
    return toNumberArray(configuration === ConfigurationType.Reference ? state.ode1Ref : state.ode1);
  }

  /** Sets the ODE1 coordinates (displacements) of a configuration, e.g. initial pressures after a static solve. */
  setODE1Coordinates(values: ArrayLike<number>, configuration: ConfigurationType = ConfigurationType.Current): void {
    this.mbs.requireNoRunningSolve('systemData.setODE1Coordinates');
    if (configuration === ConfigurationType.Reference) {
      throw new FlexdynError('systemData.setODE1Coordinates: configuration must be Current, Initial, StartOfStep or Visualization, got Reference; reference values are the nodes\' referenceCoordinates (change them with modifyNode and assemble again)');
    }
    setChecked(this.mbs.stateOf(configuration).ode1, values, 'ODE1 coordinates');
  }

  /** Time derivatives of the ODE1 coordinates. */
  getODE1Coordinates_t(configuration: ConfigurationType = ConfigurationType.Current): number[] {
    return toNumberArray(this.mbs.stateOf(configuration).ode1_t);
  }

  /** Time of a configuration. */
  getTime(configuration: ConfigurationType = ConfigurationType.Current): number {
    return this.mbs.stateOf(configuration).t;
  }

  /** Number of ODE1 coordinates. */
  numberOfCoordinatesODE1(): number {
    return this.mbs.compiled().nODE1;
  }

  /**
   * Sets the time of a configuration (a user-written integrator evaluates its stages at their times); the solvers set the
   * current time at each step, so a change lasts until the next step.
   */
  setTime(t: number, configuration: ConfigurationType = ConfigurationType.Current): void {
    if (typeof t !== 'number' || !Number.isFinite(t)) throw new FlexdynError(`systemData.setTime: t must be a finite number, got ${describeValue(t)}`, { parameter: 't' });
    this.mbs.stateOf(configuration).t = t;
  }

  /** Global ODE2 (velocity) indices of an object's coordinates, node by node (Exudyn's GetObjectLTGODE2). */
  getObjectLTGODE2(objectNumber: number): number[] {
    const object = this.mbs.assembledItems().objects[this.mbs.checkedIndex('Object', objectNumber)];
    return object.localNodes.flatMap((node) => Array.from({ length: node.nu }, (_, i) => node.uIndex + i));
  }

  /** Number of ODE2 (velocity) coordinates. */
  numberOfCoordinatesODE2(): number {
    return this.mbs.compiled().nu;
  }

  /** Number of algebraic coordinates. */
  numberOfCoordinatesAE(): number {
    return this.mbs.compiled().nAE;
  }
}

function setChecked(target: Float64Array, values: ArrayLike<number>, what: string): void {
  if (values.length !== target.length) throw new FlexdynError(`systemData: ${what} must have ${target.length} entries, got ${values.length}`);
  for (let i = 0; i < values.length; i++) {
    if (typeof values[i] !== 'number' || !Number.isFinite(values[i])) throw new FlexdynError(`systemData: ${what} entry ${i} must be a finite number, got ${describeValue(values[i])}`);
  }
  target.set(values);
}

/**
 * A multibody system: holds nodes, objects, markers, loads and sensors as validated
 * dictionaries, compiles them with assemble() and solves them. Methods follow Exudyn's
 * MainSystem in camelCase; the create… helpers (Exudyn's mbs.Create…) are the builders in
 * builders/, which add their items through this system's {@link BuilderSink} side.
 */
export class MainSystem implements BuilderSink, UserFunctionSystem, SolverHost {
  private readonly items: Record<ItemCategory, StoredItem[]> = { Node: [], Object: [], Marker: [], Load: [], Sensor: [] };
  private model?: CompiledModel;
  /** The GeneralContacts (system components), bound to each compiled model by assemble(). */
  private readonly generalContacts: GeneralContact[] = [];
  private assembler?: SystemAssembler;
  /** Reference-configuration outputs without assembling; dropped when an item is modified or the system reset. */
  private reference?: ReferenceModel;
  private readonly sensorRecords = new SensorRecords();
  /** Solution and sensor files that solves wrote while no file system was installed (a browser, a worker). */
  private readonly memoryFiles = new InMemoryFileSystem();
  private readonly hooks: SolverHooks = {};
  /** The system's user functions as the user gave them (the hooks wrap them), for getDictionary. */
  private readonly systemUserFunctions: { [S in SystemUserFunctionSlot]?: AnyUserFunction } = {};
  /** Items deleted per category, for the message of an index that is out of range afterwards. */
  private readonly deletedCount: Record<ItemCategory, number> = { Node: 0, Object: 0, Marker: 0, Load: 0, Sensor: 0 };
  /** The solve in progress (set while solveDynamic, solveStatic, computeODE2Eigenvalues, computeLinearizedSystem or computeSystemDegreeOfFreedom runs), else undefined. */
  private runningSolve?: string;
  /** Coordinate access per configuration. */
  readonly systemData = new SystemDataAccess(this);

  /** Adds a node; returns its index. */
  addNode(item: NodeInput): NodeIndex { return this.addItem('Node', item); }
  /** Adds an object; returns its index. */
  addObject(item: ObjectInput): ObjectIndex { return this.addItem('Object', item); }
  /** Adds a marker; returns its index. */
  addMarker(item: MarkerInput): MarkerIndex { return this.addItem('Marker', item); }
  /** Adds a load; returns its index. */
  addLoad(item: LoadInput): LoadIndex { return this.addItem('Load', item); }
  /** Adds a sensor; returns its index. */
  addSensor(item: SensorInput): SensorIndex { return this.addItem('Sensor', item); }

  /** The node's dictionary with defaults filled in (a copy). */
  getNode(index: number): ItemDictionary { return this.getItem('Node', index); }
  /** The object's dictionary with defaults filled in (a copy). */
  getObject(index: number): ItemDictionary { return this.getItem('Object', index); }
  /** The marker's dictionary with defaults filled in (a copy). */
  getMarker(index: number): ItemDictionary { return this.getItem('Marker', index); }
  /** The load's dictionary with defaults filled in (a copy). */
  getLoad(index: number): ItemDictionary { return this.getItem('Load', index); }
  /** The sensor's dictionary with defaults filled in (a copy). */
  getSensor(index: number): ItemDictionary { return this.getItem('Sensor', index); }

  /**
   * Changes parameters of a node. On an assembled system, non-structural changes take effect at once, as with
   * {@link MainSystem.setNodeParameter} (also from a user function during a solve); a structural change (node
   * numbers, sizes) needs assemble() again and is refused during a solve.
   */
  modifyNode(index: number, changes: ItemInput): void { this.modifyItem('Node', index, changes); }
  /** Changes parameters of an object (run-time rules as {@link MainSystem.modifyNode}). */
  modifyObject(index: number, changes: ItemInput): void { this.modifyItem('Object', index, changes); }
  /** Changes parameters of a marker (run-time rules as {@link MainSystem.modifyNode}). */
  modifyMarker(index: number, changes: ItemInput): void { this.modifyItem('Marker', index, changes); }
  /** Changes parameters of a load (run-time rules as {@link MainSystem.modifyNode}). */
  modifyLoad(index: number, changes: ItemInput): void { this.modifyItem('Load', index, changes); }
  /** Changes parameters of a sensor (run-time rules as {@link MainSystem.modifyNode}). */
  modifySensor(index: number, changes: ItemInput): void { this.modifyItem('Sensor', index, changes); }

  /**
   * Sets one parameter of a node (Exudyn's SetNodeParameter), validated as at addNode. Callable between solves and
   * from any user function during a solve: the next evaluation uses the new value, with no assemble; state and
   * sensor rows stay as they are. Exudyn's visualization names (`Vshow`, `VgraphicsData`, …) set the fields of
   * `visualization`. A structural parameter (references to other items, sizes) of an assembled system is a
   * FlexdynError: change it with modifyNode and assemble() between solves.
   */
  setNodeParameter(index: number, name: string, value: unknown): void { this.setParameter('Node', index, name, value); }
  /** Sets one parameter of an object (Exudyn's SetObjectParameter); rules as {@link MainSystem.setNodeParameter}. */
  setObjectParameter(index: number, name: string, value: unknown): void { this.setParameter('Object', index, name, value); }
  /** Sets one parameter of a marker (Exudyn's SetMarkerParameter); rules as {@link MainSystem.setNodeParameter}. */
  setMarkerParameter(index: number, name: string, value: unknown): void { this.setParameter('Marker', index, name, value); }
  /** Sets one parameter of a load (Exudyn's SetLoadParameter); rules as {@link MainSystem.setNodeParameter}. */
  setLoadParameter(index: number, name: string, value: unknown): void { this.setParameter('Load', index, name, value); }
  /** Sets one parameter of a sensor (Exudyn's SetSensorParameter); rules as {@link MainSystem.setNodeParameter}. */
  setSensorParameter(index: number, name: string, value: unknown): void { this.setParameter('Sensor', index, name, value); }

  /** A copy of one parameter of a node (Exudyn's GetNodeParameter; `V…` names read the visualization fields). */
  getNodeParameter(index: number, name: string): unknown { return this.getParameter('Node', index, name); }
  /** A copy of one parameter of an object (Exudyn's GetObjectParameter). */
  getObjectParameter(index: number, name: string): unknown { return this.getParameter('Object', index, name); }
  /** A copy of one parameter of a marker (Exudyn's GetMarkerParameter). */
  getMarkerParameter(index: number, name: string): unknown { return this.getParameter('Marker', index, name); }
  /** A copy of one parameter of a load (Exudyn's GetLoadParameter). */
  getLoadParameter(index: number, name: string): unknown { return this.getParameter('Load', index, name); }
  /** A copy of one parameter of a sensor (Exudyn's GetSensorParameter). */
  getSensorParameter(index: number, name: string): unknown { return this.getParameter('Sensor', index, name); }

  /**
   * Deletes a node (Exudyn's DeleteNode): later nodes move down by one index, and so do the references to them in
   * objects, markers and sensors; a reference to the deleted node becomes -1 (with a console warning unless
   * suppressWarnings), which assemble() rejects naming the item. Call assemble() again before solving.
   */
  deleteNode(index: number, options: DeleteItemOptions = {}): void { this.deleteItem('deleteNode', 'Node', index, options, deleteItemOptionNames); }
  /**
   * Deletes an object (Exudyn's DeleteObject) with the renumbering of {@link MainSystem.deleteNode}; with
   * deleteDependentItems (default true) also its markers and nodes that no remaining item uses.
   */
  deleteObject(index: number, options: DeleteObjectOptions = {}): void {
    const own = this.deleteItem('deleteObject', 'Object', index, options, deleteObjectOptionNames);
    if (own.deleteDependentItems !== false) this.deleteDependents('deleteObject', own.stored, ['Marker', 'Node'], own);
  }
  /** Deletes a marker (Exudyn's DeleteMarker): renumbers the markers of objects, loads and sensors as {@link MainSystem.deleteNode}. */
  deleteMarker(index: number, options: DeleteItemOptions = {}): void { this.deleteItem('deleteMarker', 'Marker', index, options, deleteItemOptionNames); }
  /** Deletes a load (Exudyn's DeleteLoad) and, with deleteDependentMarkers (default true), its marker when no remaining item uses it. */
  deleteLoad(index: number, options: DeleteLoadOptions = {}): void {
    const own = this.deleteItem('deleteLoad', 'Load', index, options, deleteLoadOptionNames);
    if (own.deleteDependentMarkers !== false) this.deleteDependents('deleteLoad', own.stored, ['Marker'], own);
  }
  /** Deletes a sensor (Exudyn's DeleteSensor) with its stored rows; renumbers the sensors of other sensors as {@link MainSystem.deleteNode}. */
  deleteSensor(index: number, options: DeleteItemOptions = {}): void { this.deleteItem('deleteSensor', 'Sensor', index, options, deleteItemOptionNames); }

  /** Default dictionary of a node type. */
  getNodeDefaults(typeName: string): ItemDictionary { return this.defaults('Node', typeName); }
  /** Default dictionary of an object type. */
  getObjectDefaults(typeName: string): ItemDictionary { return this.defaults('Object', typeName); }
  /** Default dictionary of a marker type. */
  getMarkerDefaults(typeName: string): ItemDictionary { return this.defaults('Marker', typeName); }
  /** Default dictionary of a load type. */
  getLoadDefaults(typeName: string): ItemDictionary { return this.defaults('Load', typeName); }
  /** Default dictionary of a sensor type. */
  getSensorDefaults(typeName: string): ItemDictionary { return this.defaults('Sensor', typeName); }

  /** Index of the node with this name. */
  getNodeNumber(name: string): NodeIndex { return this.numberOf('Node', name); }
  /** Index of the object with this name. */
  getObjectNumber(name: string): ObjectIndex { return this.numberOf('Object', name); }
  /** Index of the marker with this name. */
  getMarkerNumber(name: string): MarkerIndex { return this.numberOf('Marker', name); }
  /** Index of the load with this name. */
  getLoadNumber(name: string): LoadIndex { return this.numberOf('Load', name); }
  /** Index of the sensor with this name. */
  getSensorNumber(name: string): SensorIndex { return this.numberOf('Sensor', name); }

  /** Number of nodes. */
  get numberOfNodes(): number { return this.items.Node.length; }
  /** Number of objects. */
  get numberOfObjects(): number { return this.items.Object.length; }
  /** Number of markers. */
  get numberOfMarkers(): number { return this.items.Marker.length; }
  /** Number of loads. */
  get numberOfLoads(): number { return this.items.Load.length; }
  /** Number of sensors. */
  get numberOfSensors(): number { return this.items.Sensor.length; }

  /** Adds a ground object; returns its object index. */
  createGround(options: CreateGroundOptions = {}): ObjectIndex { return this.build('createGround', options, (own) => createGround(this, own)); }
  /**
   * Adds a NodePoint and an ObjectMassPoint (with create2D: NodePoint2D and ObjectMassPoint2D) and, if gravity is
   * non-zero, a gravity load; returns the object index, or all indices with returnDict.
   */
  createMassPoint(options: CreateMassPointOptions & { returnDict: true }): CreateRigidBodyResult;
  /** Adds a mass point; returns its object index (see the overload with returnDict). */
  createMassPoint(options?: CreateMassPointOptions): ObjectIndex;
  createMassPoint(options: CreateMassPointOptions = {}): ObjectIndex | CreateRigidBodyResult { return this.build('createMassPoint', options, (own) => createMassPoint(this, own)); }
  /**
   * Adds a rigid-body node (nodeType), an ObjectRigidBody (or, with create2D, NodeRigidBody2D and
   * ObjectRigidBody2D) and, for non-zero gravity, a gravity load; returns the body index, or all indices
   * with returnDict. Velocities are global; the node's rotation rates are computed at the reference rotation.
   */
  createRigidBody(options: CreateRigidBodyOptions & { returnDict: true }): CreateRigidBodyResult;
  /** Adds a rigid body; returns its object index (see the overload with returnDict). */
  createRigidBody(options: CreateRigidBodyOptions): ObjectIndex;
  createRigidBody(options: CreateRigidBodyOptions): ObjectIndex | CreateRigidBodyResult { return this.build('createRigidBody', options, (own) => createRigidBody(this, own)); }
  /** Adds a position marker at each end and an ObjectConnectorSpringDamper (relaxed in the reference configuration without referenceLength); returns its index. */
  createSpringDamper(options: CreateSpringDamperOptions = {}): ObjectIndex { return this.build('createSpringDamper', options, (own) => createSpringDamper(this, own)); }
  /** Adds a position marker at each end and an ObjectConnectorCartesianSpringDamper between them; returns its index. */
  createCartesianSpringDamper(options: CreateCartesianSpringDamperOptions = {}): ObjectIndex { return this.build('createCartesianSpringDamper', options, (own) => createCartesianSpringDamper(this, own)); }
  /** Adds a position marker at each end and an ObjectConnectorDistance (reference distance without distance); returns its index. */
  createDistanceConstraint(options: CreateDistanceConstraintOptions = {}): ObjectIndex { return this.build('createDistanceConstraint', options, (own) => createDistanceConstraint(this, own)); }
  /** Adds a rigid marker at each end and an ObjectConnectorRigidBodySpringDamper with joint frame rotationMatrixJoint; returns its index. */
  createRigidBodySpringDamper(options: CreateRigidBodySpringDamperOptions = {}): ObjectIndex { return this.build('createRigidBodySpringDamper', options, (own) => createRigidBodySpringDamper(this, own)); }
  /** Adds a MarkerBodyRigid on each body and an ObjectConnectorTorsionalSpringDamper about the axis; returns its index. */
  createTorsionalSpringDamper(options: CreateTorsionalSpringDamperOptions): ObjectIndex { return this.build('createTorsionalSpringDamper', options, (own) => createTorsionalSpringDamper(this, own)); }
  /** Adds markers at both ends, a data node and an ObjectContactSphereSphere; returns the contact's index. */
  createSphereSphereContact(options: CreateSphereSphereContactOptions = {}): ObjectIndex { return this.build('createSphereSphereContact', options, (own) => createSphereSphereContact(this, own)); }
  /** Exudyn's mbs.CreateDistanceSensorGeometry: a GeneralContact (isActive false) with the triangles of a geometry on a rigid-body marker; returns its index. See {@link createDistanceSensorGeometry}. */
  createDistanceSensorGeometry(options: CreateDistanceSensorGeometryOptions): number { return this.build('createDistanceSensorGeometry', options, (own) => createDistanceSensorGeometry(this, own)); }
  /** Exudyn's mbs.CreateDistanceSensor: a sensor measuring along a line to the items of a GeneralContact; returns the sensor index. See {@link createDistanceSensor}. */
  createDistanceSensor(options: CreateDistanceSensorOptions): SensorIndex { return this.build('createDistanceSensor', options, (own) => createDistanceSensor(this, own)); }
  /** A sensor of the rod contacts (rod–rod, self, rod–mesh) of a GeneralContact: [total force on side B (3), active pairs, minimum gap, maximum slip speed]; returns the sensor index. See {@link createRodContactSensor}. */
  createRodContactSensor(options: CreateRodContactSensorOptions): SensorIndex { return this.build('createRodContactSensor', options, (own) => createRodContactSensor(this, own)); }
  /** Adds a marker at the sphere centre, a rigid marker for the triangle, a data node and an ObjectContactSphereTriangle; returns the contact's index. */
  createSphereTriangleContact(options: CreateSphereTriangleContactOptions = {}): ObjectIndex { return this.build('createSphereTriangleContact', options, (own) => createSphereTriangleContact(this, own)); }
  /** Adds the markers, two data nodes and two ObjectContactSphereTriangle for the halves of a quad; returns both contacts' indices. */
  createSphereQuadContact(options: CreateSphereQuadContactOptions = {}): CreateSphereQuadContactResult { return this.build('createSphereQuadContact', options, (own) => createSphereQuadContact(this, own)); }
  /** Adds a MarkerBodyRigid on each body at the joint position and an ObjectJointRevoluteZ about the axis; returns the joint index. */
  createRevoluteJoint(options: CreateAxisJointOptions): ObjectIndex { return this.build('createRevoluteJoint', options, (own) => createRevoluteJoint(this, own)); }
  /** Adds a MarkerBodyRigid on each body at the joint position and an ObjectJointPrismaticX along the axis; returns the joint index. */
  createPrismaticJoint(options: CreateAxisJointOptions): ObjectIndex { return this.build('createPrismaticJoint', options, (own) => createPrismaticJoint(this, own)); }
  /** Adds a MarkerBodyPosition on each body at the joint position and an ObjectJointSpherical; returns the joint index. */
  createSphericalJoint(options: CreateSphericalJointOptions): ObjectIndex { return this.build('createSphericalJoint', options, (own) => createSphericalJoint(this, own)); }
  /** Adds a MarkerBodyRigid on the plane body and on the disc body and an ObjectJointRollingDisc (ideal rolling); returns the joint index. */
  createRollingDisc(options: CreateRollingDiscOptions): ObjectIndex { return this.build('createRollingDisc', options, (own) => createRollingDisc(this, own)); }
  /** Adds a MarkerBodyRigid on the plane body and on the disc body, a data node and an ObjectConnectorRollingDiscPenalty (penalty contact with friction); returns its index. */
  createRollingDiscPenalty(options: CreateRollingDiscPenaltyOptions): ObjectIndex { return this.build('createRollingDiscPenalty', options, (own) => createRollingDiscPenalty(this, own)); }
  /** Adds a MarkerBodyRigid on each body at the joint position and an ObjectJointGeneric with axes rotationMatrixAxes; returns the joint index. */
  createGenericJoint(options: CreateGenericJointOptions): ObjectIndex { return this.build('createGenericJoint', options, (own) => createGenericJoint(this, own)); }
  /** Adds a MarkerNodeCoordinate on each side (a hidden ground node for a ground side) and an ObjectConnectorCoordinate; returns its index. */
  createCoordinateConstraint(options: CreateCoordinateConstraintOptions): ObjectIndex { return this.build('createCoordinateConstraint', options, (own) => createCoordinateConstraint(this, own)); }
  /** Adds a marker on the body at localPosition and a LoadForceVector (follower force with bodyFixed); returns the load index. */
  createForce(options: CreateLoadOptions): LoadIndex { return this.build('createForce', options, (own) => createForce(this, own)); }
  /** Adds a MarkerBodyRigid on the body at localPosition and a LoadTorqueVector; returns the load index. */
  createTorque(options: CreateLoadOptions): LoadIndex { return this.build('createTorque', options, (own) => createTorque(this, own)); }
  /** Adds a Cosserat rod on a reference centerline: p·n_el + 1 NodeRigidBodyQuaternion nodes, an ObjectCosseratRod and, with gravity, a load. */
  createCosseratRod(options: CreateCosseratRodOptions): CreateCosseratRodResult { return this.build('createCosseratRod', options, (own) => createCosseratRod(this, own)); }

  /**
   * Runs a create helper all or nothing: its options must be own keys the helper knows (an unknown or inherited
   * key is an error, inherited values are never read), and when it throws, every item it added is removed again.
   */
  private build<O extends object, R>(helper: BuilderHelper, options: O, run: (own: O) => R): R {
    checkKnownKeys(helper, options, builderOptionNames(helper), `an option of ${helper}`);
    const lengths = Object.fromEntries(Object.entries(this.items).map(([category, list]) => [category, list.length])) as Record<ItemCategory, number>;
    try {
      return run({ ...options });
    } catch (error) {
      for (const category of Object.keys(this.items) as ItemCategory[]) {
        if (this.items[category].length > lengths[category]) {
          this.items[category].length = lengths[category];
          this.reference = undefined;
          this.model = undefined;
        }
      }
      throw error;
    }
  }

  /**
   * A readable summary, as Exudyn's print(mbs): the item counts and, once assembled, the coordinate counts; then one
   * line per item (up to 40 per category) with its index, type, name and the items it refers to.
   */
  toString(): string {
    const categories: ItemCategory[] = ['Node', 'Object', 'Marker', 'Load', 'Sensor'];
    const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;
    const counts = categories.map((c) => plural(this.items[c].length, c.toLowerCase())).join(', ');
    const model = this.model;
    const lines = [`MainSystem: ${counts}; ${model === undefined ? 'not assembled' : `assembled: ${plural(model.nu, 'ODE2 coordinate')}, ${plural(model.nAE, 'algebraic coordinate')}`}`];
    const references: Partial<Record<ParameterKind, string>> = {
      NodeIndex: 'node', ArrayNodeIndex: 'nodes', ObjectIndex: 'object', MarkerIndex: 'marker', ArrayMarkerIndex: 'markers',
      LoadIndex: 'load', SensorIndex: 'sensor', ArraySensorIndex: 'sensors',
    };
    const shown = 40;
    for (const category of categories) {
      const list = this.items[category];
      list.slice(0, shown).forEach(({ definition, dictionary }, index) => {
        const name = typeof dictionary.name === 'string' && dictionary.name !== '' ? ` '${dictionary.name}'` : '';
        const refs = Object.entries(definition.parameters as ParameterSchema).flatMap(([key, parameter]) => {
          const what = references[parameter.kind];
          const value = dictionary[key];
          if (what === undefined || value === undefined || (typeof value === 'number' && value < 0)) return [];
          return [`${key} ${Array.isArray(value) ? `[${value.join(', ')}]` : String(value)}`];
        });
        lines.push(`  ${category} #${index} ${definition.category}${definition.typeName}${name}${refs.length > 0 ? ` (${refs.join(', ')})` : ''}`);
      });
      if (list.length > shown) lines.push(`  … ${plural(list.length - shown, category.toLowerCase())} more`);
    }
    return lines.join('\n');
  }

  /** What Node's console.log and util.inspect print: {@link toString} (the engine imports no node:util). */
  [Symbol.for('nodejs.util.inspect.custom')](): string {
    return this.toString();
  }

  /** Compiles the items into a frozen model; checks all references. Resets the states to the initial values. */
  assemble(): void {
    this.requireNoRunningSolve('assemble');
    this.model = undefined;
    const model = new CompiledModel(this.items, this);
    for (const contact of this.generalContacts) {
      contact.bind(model, model.data.current);
      model.systemComponents.push(contact);
    }
    this.model = model;
    this.assembler = new SystemAssembler(model);
  }

  /**
   * Adds a GeneralContact (Exudyn's mbs.AddGeneralContact()): a system component for contact between many spheres
   * (addSphereWithMarker), searched on a uniform grid; configure it before assemble(). Returns it.
   */
  addGeneralContact(): GeneralContact {
    this.requireNoRunningSolve('addGeneralContact');
    this.model = undefined;
    const contact = new GeneralContact(this.generalContacts.length);
    this.generalContacts.push(contact);
    return contact;
  }

  /** The GeneralContact of index i (Exudyn's mbs.GetGeneralContact(i)). */
  getGeneralContact(i: number): GeneralContact {
    const contact = this.generalContacts[i];
    if (contact === undefined) throw new FlexdynError(`getGeneralContact: index must be in [0, ${this.generalContacts.length}), got ${describeValue(i)}`, { parameter: 'generalContactNumber' });
    return contact;
  }

  /** Number of GeneralContacts (Exudyn's mbs.NumberOfGeneralContacts()). */
  numberOfGeneralContacts(): number {
    return this.generalContacts.length;
  }

  /**
   * Outputs of the items in the reference configuration, from the models of just the items they depend on and without
   * assembling the system (the create helpers read joint frames with it, so that building a model stays linear in
   * its size); the values equal getNodeOutput / getObjectOutputBody / getMarkerOutput with ConfigurationType.Reference
   * of the assembled system.
   */
  referenceOutputs(): ReferenceOutputs {
    this.reference ??= new ReferenceModel(this.items, this);
    return this.reference;
  }

  /** Removes all items and stored sensor rows. */
  reset(): void {
    this.requireNoRunningSolve('reset');
    for (const list of Object.values(this.items)) list.length = 0;
    this.generalContacts.length = 0;
    for (const category of Object.keys(this.deletedCount) as ItemCategory[]) this.deletedCount[category] = 0;
    this.reference = undefined;
    this.model = undefined;
    this.assembler = undefined;
    this.sensorRecords.reset(0);
  }

  /** Sets (or clears with 0) the function called before each step. */
  setPreStepUserFunction(f: PreStepUserFunction | 0): void {
    this.requireNoRunningSolve('setPreStepUserFunction');
    this.hooks.preStepUserFunction = f === 0 ? undefined : (_mbs, t) => f(this, t);
    this.systemUserFunctions.preStepUserFunction = f === 0 ? undefined : f;
  }

  /** Sets (or clears with 0) the function called after each Newton solve. */
  setPostNewtonUserFunction(f: PostNewtonUserFunction | 0): void {
    this.requireNoRunningSolve('setPostNewtonUserFunction');
    this.hooks.postNewtonUserFunction = f === 0 ? undefined : (_mbs, t) => f(this, t);
    this.systemUserFunctions.postNewtonUserFunction = f === 0 ? undefined : f;
  }

  /**
   * The whole system as plain data (Exudyn's mbs.GetDictionary): every item's complete dictionary by category and
   * index, and the system's user functions. User functions cannot be written as data: each appears by its name
   * (`function UFtorque` or `const UFtorque = …` gives 'UFtorque'; 'anonymous' when it has none; a different function
   * of a name already used gets `name#2`, …), and {@link MainSystem.setDictionary} asks for them by that name.
   * JSON.stringify writes the dictionary and JSON.parse reads it back unchanged (but for −0, which JSON.stringify
   * writes as 0; saveToFile keeps it); states, sensor rows and the compiled model are not part of it.
   */
  getDictionary(): SystemDictionary {
    const names = new UserFunctionNames();
    const list = (category: ItemCategory) => this.items[category].map(({ definition, dictionary }) => itemToData(definition, dictionary, names));
    const userFunctions = {} as Record<SystemUserFunctionSlot, string | 0>;
    for (const slot of systemUserFunctionSlots) {
      const f = this.systemUserFunctions[slot];
      userFunctions[slot] = f === undefined ? 0 : names.nameOf(f);
    }
    return {
      format: SYSTEM_DICTIONARY_FORMAT, formatVersion: SYSTEM_DICTIONARY_VERSION,
      nodeList: list('Node'), objectList: list('Object'), markerList: list('Marker'), loadList: list('Load'), sensorList: list('Sensor'),
      userFunctions,
    };
  }

  /**
   * Replaces the whole system by a dictionary of {@link MainSystem.getDictionary} (Exudyn's mbs.SetDictionary): all
   * items, validated as by add…, and the system's user functions. A user function given by name needs its function in
   * options.userFunctions (by name, or a function asked for each slot). A dictionary of another format version, an
   * invalid item or a missing user function is a FlexdynError (the last names every missing slot) and leaves the
   * system as it was. Afterwards the system is not assembled and holds no sensor rows.
   */
  setDictionary(dictionary: SystemDictionary | Record<string, unknown>, options: SetDictionaryOptions = {}): void {
    this.applyDictionary('setDictionary', dictionary, ownOptions('setDictionary', options, setDictionaryOptionNames));
  }

  /**
   * Saves the system, and optionally simulation and visualization settings, as a JSON model file (format
   * 'flexdyn-model', versioned) through the installed file system: disk under `flexdyn/node`; in a browser install an
   * InMemoryFileSystem. User functions are saved by name (see {@link MainSystem.getDictionary}).
   */
  saveToFile(fileName: FileLocation, options: SaveToFileOptions = {}): void {
    const own = ownOptions('saveToFile', options, saveToFileOptionNames);
    if (own.visualizationSettings !== undefined && !isDictionary(own.visualizationSettings)) {
      throw new FlexdynError(`saveToFile: options.visualizationSettings must be a dictionary of plain data, got ${describeValue(own.visualizationSettings)}`, { parameter: 'visualizationSettings' });
    }
    writeModelFile(fileName, {
      system: this.getDictionary() as unknown as Record<string, unknown>,
      simulationSettings: own.simulationSettings === undefined ? undefined : simulationSettingsToDictionary(own.simulationSettings),
      visualizationSettings: own.visualizationSettings,
    });
  }

  /**
   * Replaces the system by a model file of {@link MainSystem.saveToFile} (as {@link MainSystem.setDictionary}) and
   * returns the settings saved with it. A file that is not a Flexdyn model, a model file of another version, invalid
   * settings or items, or a user function not given in options.userFunctions is a FlexdynError, and the system stays as
   * it was.
   */
  loadFromFile(fileName: FileLocation, options: SetDictionaryOptions = {}): LoadedSettings {
    const own = ownOptions('loadFromFile', options, setDictionaryOptionNames);
    const content = readModelFile(fileName);
    const simulationSettings = content.simulationSettings === undefined ? undefined : simulationSettingsFromDictionary(content.simulationSettings, 'loadFromFile');
    this.applyDictionary('loadFromFile', content.system, own);
    return { simulationSettings, visualizationSettings: content.visualizationSettings };
  }

  /** Sets (or clears with 0) the function called after each accepted step, before it is recorded (see {@link PostStepUserFunction}). */
  setPostStepUserFunction(f: PostStepUserFunction | 0): void {
    this.requireNoRunningSolve('setPostStepUserFunction');
    this.hooks.postStepUserFunction = checkedHook('setPostStepUserFunction', f, (_mbs, t) => (f as PostStepUserFunction)(this, t));
    this.systemUserFunctions.postStepUserFunction = f === 0 ? undefined : f;
  }

  /** Sets (or clears with 0) the function called before each Newton residual (see {@link PreNewtonResidualUserFunction}). */
  setPreNewtonResidualUserFunction(f: PreNewtonResidualUserFunction | 0): void {
    this.requireNoRunningSolve('setPreNewtonResidualUserFunction');
    this.hooks.preNewtonResidualUserFunction = checkedHook('setPreNewtonResidualUserFunction', f, (_mbs, t, newtonIt, discontinuousIt) => (f as PreNewtonResidualUserFunction)(this, t, newtonIt, discontinuousIt));
    this.systemUserFunctions.preNewtonResidualUserFunction = f === 0 ? undefined : f;
  }

  /** Sets (or clears with 0) the function whose terms are added to each Newton Jacobian (see {@link SystemJacobianUserFunction}). */
  setSystemJacobianUserFunction(f: SystemJacobianUserFunction | 0): void {
    this.requireNoRunningSolve('setSystemJacobianUserFunction');
    this.hooks.systemJacobianUserFunction = checkedHook('setSystemJacobianUserFunction', f, (_mbs, t, factorODE2, factorODE2_t, factorODE1) => (f as SystemJacobianUserFunction)(this, t, factorODE2, factorODE2_t, factorODE1));
    this.systemUserFunctions.systemJacobianUserFunction = f === 0 ? undefined : f;
  }

  /**
   * What a solver object (MainSolverStatic, MainSolverImplicitSecondOrder, MainSolverExplicit) needs to run on this
   * system: the compiled model, its assembler, the user hooks and the output stores, and the running-solve guard.
   * @internal
   */
  solverContext(request: string): SolverContext {
    const model = this.compiled();
    return {
      model, assembler: this.assembler!, hooks: this.hooks, records: this.sensorRecords, memoryFiles: this.memoryFiles,
      whileSolving: <T>(phase: string, action: () => T) => this.whileSolving(`${request}.${phase}`, action),
    };
  }

  /** Time of the current configuration. */
  getTime(): number {
    return this.stateOf(ConfigurationType.Current).t;
  }

  /** Output variable of a node. */
  getNodeOutput(index: number, variable: OutputVariableType, configuration: ConfigurationType = ConfigurationType.Current): number[] {
    const node = this.modelItem('Node', index, 'getNodeOutput', variable);
    return this.checkedOutput('Node', index, variable, node.output(variable, this.stateOf(configuration)));
  }

  /** Output variable of an object (connector forces, energies, …). */
  getObjectOutput(index: number, variable: OutputVariableType, configuration: ConfigurationType = ConfigurationType.Current): number[] {
    const object = this.modelItem('Object', index, 'getObjectOutput', variable);
    return this.checkedOutput('Object', index, variable, object.output(variable, this.stateOf(configuration)));
  }

  /** Output variable of a body at a body-fixed local position. */
  getObjectOutputBody(index: number, variable: OutputVariableType, localPosition: ArrayLike<number> = [0, 0, 0], configuration: ConfigurationType = ConfigurationType.Current): number[] {
    const object = this.modelItem('Object', index, 'getObjectOutputBody', variable);
    if (object.body === undefined) throw new FlexdynError(`getObjectOutputBody: ${formatItemLabel(object.label)} is not a body`);
    return this.checkedOutput('Object', index, variable, object.body.outputBody(variable, this.stateOf(configuration), asFloat64Array(localPosition)));
  }

  /** Output variable of a marker. */
  getMarkerOutput(index: number, variable: OutputVariableType, configuration: ConfigurationType = ConfigurationType.Current): number[] {
    const marker = this.modelItem('Marker', index, 'getMarkerOutput', variable);
    return this.checkedOutput('Marker', index, variable, marker.output(variable, this.stateOf(configuration)));
  }

  /** Current values of a load (user function evaluated at the current time). */
  getLoadValues(index: number): number[] {
    return toNumberArray(this.modelItem('Load', index, 'getLoadValues').values(this.stateOf(ConfigurationType.Current)));
  }

  /**
   * Sensor values evaluated now, always as an array like the other output getters (Exudyn returns a bare number
   * for a one-value sensor: there, write `mbs.getSensorValues(s)[0]`).
   */
  getSensorValues(index: number, configuration: ConfigurationType = ConfigurationType.Current): number[] {
    return toNumberArray(this.modelItem('Sensor', index, 'getSensorValues').evaluate(this.stateOf(configuration)));
  }

  /** Rows [t, values…] that a sensor with storeInternal recorded in the last solve. */
  getSensorStoredData(index: number): number[][] {
    const sensor = this.modelItem('Sensor', index, 'getSensorStoredData');
    if (!sensor.storeInternal) throw new FlexdynError(`getSensorStoredData: ${formatItemLabel(sensor.label)} has storeInternal = false; set storeInternal: true to keep its rows`);
    return this.sensorRecords.rowsOf(index);
  }

  /**
   * The text of a solution or sensor file that a solve kept in memory because no file system was
   * installed (in a browser or a worker; in Node.js `flexdyn/node` installs one and files go to disk).
   * The text is what the file would hold: parseSolutionFile and parseSensorFile read it.
   */
  getOutputFile(fileName: string): string {
    if (typeof fileName !== 'string' || !this.memoryFiles.exists(fileName)) {
      const names = this.memoryFiles.fileNames();
      throw new FlexdynError(`getOutputFile: no file ${describeValue(fileName)} kept in memory; files kept: ${names.length === 0 ? 'none (with a file system installed, solves write to disk)' : names.map((n) => `'${n}'`).join(', ')}`);
    }
    return this.memoryFiles.readTextFile(fileName);
  }

  /** Names of the files solves kept in memory (see {@link MainSystem.getOutputFile}); empty when they went to disk. */
  outputFileNames(): string[] {
    return this.memoryFiles.fileNames();
  }

  /** Global index of a node's first ODE2 (velocity) coordinate. */
  getNodeODE2Index(index: number): number {
    const node = this.modelItem('Node', index, 'getNodeODE2Index');
    if (node.nu === 0) throw new FlexdynError(`getNodeODE2Index: ${formatItemLabel(node.label)} has no ODE2 coordinates`);
    return node.uIndex;
  }

  /** Index of a node's first ODE1 coordinate in the system's ODE1 coordinates (Exudyn's GetNodeODE1Index). */
  getNodeODE1Index(index: number): number {
    const node = this.modelItem('Node', index, 'getNodeODE1Index');
    if ((node.nODE1 ?? 0) === 0) throw new FlexdynError(`getNodeODE1Index: ${formatItemLabel(node.label)} has no ODE1 coordinates`);
    return node.ode1Index!;
  }

  /** Solves the dynamic problem from the initial state; the end state becomes the current state. */
  solveDynamic(settings: SimulationSettings = new SimulationSettings(), solverType: DynamicSolverType = DynamicSolverType.GeneralizedAlpha): SolverStatistics {
    return this.whileSolving('solveDynamic', () => solveDynamic(this.compiled(), this.assembler!, settings, solverType, this.hooks, this.sensorRecords, this.memoryFiles));
  }

  /** Solves the static problem (load steps) from the initial state; the result becomes the current state. */
  solveStatic(settings: SimulationSettings = new SimulationSettings()): SolverStatistics {
    return this.whileSolving('solveStatic', () => solveStatic(this.compiled(), this.assembler!, settings, this.hooks, this.sensorRecords, this.memoryFiles));
  }

  /**
   * Eigenvalues ω² (and modes) of the system linearized at the initial state; with computeComplexEigenvalues the complex
   * eigenvalues of the damped system.
   */
  computeODE2Eigenvalues(settings: SimulationSettings, options: EigenvalueOptions & { computeComplexEigenvalues: true }): ComplexEigenvalueResult;
  computeODE2Eigenvalues(settings?: SimulationSettings, options?: EigenvalueOptions & { computeComplexEigenvalues?: false }): EigenvalueResult;
  computeODE2Eigenvalues(settings?: SimulationSettings, options?: EigenvalueOptions): EigenvalueResult | ComplexEigenvalueResult;
  computeODE2Eigenvalues(settings: SimulationSettings = new SimulationSettings(), options: EigenvalueOptions = {}): EigenvalueResult | ComplexEigenvalueResult {
    return this.whileSolving('computeODE2Eigenvalues', () => computeODE2Eigenvalues(this.compiled(), this.assembler!, settings, options));
  }

  /** M, K and D of the system linearized at the initial state, optionally projected into the constraints' null space (Exudyn's ComputeLinearizedSystem). */
  computeLinearizedSystem(settings: SimulationSettings = new SimulationSettings(), options: LinearizedSystemOptions = {}): LinearizedSystem {
    return this.whileSolving('computeLinearizedSystem', () => computeLinearizedSystem(this.compiled(), this.assembler!, settings, options));
  }

  /** Degree of freedom, redundant and pure algebraic constraints at the initial state (Exudyn's ComputeSystemDegreeOfFreedom). */
  computeSystemDegreeOfFreedom(settings: SimulationSettings = new SimulationSettings(), options: DegreeOfFreedomOptions = {}): SystemDegreeOfFreedom {
    return this.whileSolving('computeSystemDegreeOfFreedom', () => computeSystemDegreeOfFreedom(this.compiled(), this.assembler!, settings, options));
  }

  /**
   * Sets a configuration (default Current; viewers and exporters use Visualization) to row
   * `row` of a solution read with loadSolutionFile: time, coordinates and the written velocities,
   * accelerations and multipliers (blocks not in the file become zero). Outputs such as
   * getNodeOutput(…, configuration) then answer for that time. The system must be assembled
   * and be the model that wrote the file (sizes are checked).
   */
  setStateFromSolution(solution: Solution, row: number, configuration: ConfigurationType = ConfigurationType.Current): void {
    applySolutionRow(solution, row, this.stateOf(configuration));
  }

  /** Plots sensors, files or data of this system into an SVG figure (Exudyn's mbs.PlotSensor); see {@link plotSensor}. */
  plotSensor(sources: PlotSource | readonly PlotSource[], options: PlotSensorOptions = {}): PlotSensorResult {
    return plotSensor(this, sources, options);
  }

  /**
   * Throws if a solve is running: items cannot be added, the system cannot be assembled or reset, coordinates and
   * system user functions cannot be set from a user function during a solve, so the call fails and leaves the system
   * as it was. Parameters can change (set…Parameter, modify… of non-structural parameters).
   */
  requireNoRunningSolve(request: string): void {
    if (this.runningSolve === undefined) return;
    throw new FlexdynError(`${request} is not possible while ${this.runningSolve} is running (called from a user function): a running solve keeps its items, coordinates and system functions (item parameters can change with set…Parameter); the system is left unchanged`);
  }

  /** Runs a solve with the running-solve guard set (a solve cannot start another one). */
  private whileSolving<T>(request: string, solve: () => T): T {
    this.requireNoRunningSolve(request);
    this.runningSolve = request;
    try {
      return solve();
    } finally {
      this.runningSolve = undefined;
    }
  }

  /**
   * The run-time models of the assembled items (read-only), for the viewer and exporters of this package; throws if
   * not assembled.
   * @internal
   */
  assembledItems(): AssembledItems {
    const { nodes, objects, markers, loads, sensors } = this.compiled();
    return { nodes, objects, markers, loads, sensors };
  }

  /**
   * Exudyn's mbs.solverSignalJacobianUpdate: set true (e.g. from a pre-step user function after changing a parameter) to
   * make the next step of an implicit or static solve update the Jacobian that modified Newton keeps; parameter changes
   * alone keep it, as in Exudyn. Reads false when the request has been taken.
   */
  get solverSignalJacobianUpdate(): boolean {
    return this.model?.signalJacobianUpdate ?? false;
  }

  set solverSignalJacobianUpdate(flag: boolean) {
    if (typeof flag !== 'boolean') throw new FlexdynError(`solverSignalJacobianUpdate must be true or false, got ${describeValue(flag)}`, { parameter: 'solverSignalJacobianUpdate' });
    this.compiled().signalJacobianUpdate = flag;
  }

  /** The compiled model; throws if assemble() has not been called since the last change. */
  compiled(): CompiledModel {
    if (this.model === undefined) throw new FlexdynError('the system is not assembled: call mbs.assemble() after adding or modifying items');
    return this.model;
  }

  /** The state of a configuration. */
  stateOf(configuration: ConfigurationType): SystemState {
    const data = this.compiled().data;
    switch (configuration) {
      case ConfigurationType.Current: return data.current;
      case ConfigurationType.Initial: return data.initial;
      case ConfigurationType.Reference: return data.reference;
      case ConfigurationType.StartOfStep: return data.startOfStep;
      case ConfigurationType.Visualization: return data.visualization;
      default: throw new FlexdynError(`unknown configuration ${describeValue(configuration)}; expected one of ${Object.values(ConfigurationType).join(', ')}`);
    }
  }

  private addItem(category: ItemCategory, item: ItemInput): number {
    this.requireNoRunningSolve(`add${category}`);
    const list = this.items[category];
    if (item === null || typeof item !== 'object') throw new FlexdynError(`add${category}: expected a dictionary, got ${describeValue(item)}`);
    if (ownValue(item, typeKeyOf[category]) === undefined) {
      // an item of another category (addNode(MassPoint(…))): name it and the method that adds it
      const other = (Object.keys(typeKeyOf) as ItemCategory[]).find((c) => c !== category && ownValue(item, typeKeyOf[c]) !== undefined);
      if (other !== undefined) {
        const a = (c: ItemCategory) => `${c === 'Object' ? 'an' : 'a'} ${c.toLowerCase()}`;
        const type = ownValue(item, typeKeyOf[other]);
        throw new FlexdynError(`add${category}: got ${a(other)} (${typeKeyOf[other]} ${typeof type === 'string' ? `'${type}'` : describeValue(type)}), not ${a(category)}; add it with mbs.add${other}(…)`, { parameter: typeKeyOf[category] });
      }
    }
    const definition = itemRegistry.get(category, ownValue(item, typeKeyOf[category]), list.length);
    const index = list.length;
    const dictionary = completeDictionary(definition, item, labelOf(category, definition.typeName, index));
    list.push({ definition, dictionary });
    this.model = undefined;
    return index;
  }

  /** The index if it names an item of the category, else a FlexdynError naming the valid range. @internal */
  checkedIndex(category: ItemCategory, index: number): number {
    this.storedItem(category, index);
    return index;
  }

  private storedItem(category: ItemCategory, index: number): StoredItem {
    const list = this.items[category];
    if (!Number.isInteger(index) || index < 0 || index >= list.length) {
      const deleted = this.deletedCount[category];
      const note = deleted === 0 ? '' : ` (${deleted} ${category.toLowerCase()}${deleted === 1 ? ' was' : 's were'} deleted: the indices after a deleted one moved down by one)`;
      throw new FlexdynError(`${category.toLowerCase()} index must be in 0 ... ${list.length - 1}, got ${describeValue(index)}${note}`);
    }
    return list[index];
  }

  private getItem(category: ItemCategory, index: number): ItemDictionary {
    return structuredCopy(this.storedItem(category, index).dictionary);
  }

  /**
   * modify…: validates the changes as at add time; on an assembled system, changes of non-structural parameters only
   * (a structural key given with its current value counts as unchanged) are a run-time change (see
   * {@link MainSystem.applyChange}); a structural change drops the compiled model (assemble() must follow) and is
   * refused during a solve.
   */
  private modifyItem(category: ItemCategory, index: number, changes: ItemInput): void {
    const stored = this.storedItem(category, index);
    const label = labelOf(category, stored.definition.typeName, index);
    if (changes === null || typeof changes !== 'object') throw new FlexdynError(`${formatItemLabel(label)}: modify${category} expects a dictionary of changes, got ${describeValue(changes)}`);
    const typeKey = typeKeyOf[category];
    const newType = ownValue(changes, typeKey);
    if (newType !== undefined && newType !== stored.definition.typeName) {
      throw new FlexdynError(`${formatItemLabel(label)}: modify${category} cannot change ${typeKey} to ${describeValue(newType)}`);
    }
    const { [typeKey]: _type, ...parameters } = changes;
    const dictionary = changedDictionary(stored.definition, stored.dictionary, parameters, label);
    const keys = Object.keys(parameters);
    const structural = keys.filter((key) => structuralReason(parameterDeclaration(stored.definition, key, label)) !== undefined && !sameValue(stored.dictionary[key], dictionary[key]));
    if (this.model !== undefined && structural.length === 0) {
      this.applyChange(category, index, { definition: stored.definition, dictionary }, keys, `modify${category}(${keys.join(', ')})`);
      return;
    }
    if (this.runningSolve !== undefined) throw this.structuralError(category, index, structural[0], `modify${category}`);
    this.items[category][index] = { definition: stored.definition, dictionary };
    this.reference = undefined;
    this.model = undefined;
  }

  /** set…Parameter: one parameter (or an Exudyn `V…` visualization field), validated as at add time, then {@link MainSystem.applyChange}. */
  private setParameter(category: ItemCategory, index: number, name: string, value: unknown): void {
    const stored = this.storedItem(category, index);
    const label = labelOf(category, stored.definition.typeName, index);
    const request = setParameterRequests[category];
    const key = parameterKey(stored, name, label, request);
    const given = key === name ? value : visualizationValue(stored, name, value);
    const reason = structuralReason(parameterDeclaration(stored.definition, key, label));
    if (reason !== undefined && this.model !== undefined) throw this.structuralError(category, index, key, request);
    const validated = validatedValue(stored.definition, key, given, label);
    if (this.model !== undefined && stored.definition.validate === undefined) {
      // assembled, and no cross-parameter rule to check: a value the model takes in place (a valve opening set from a
      // pre-step function in every step) changes the stored dictionary's entry, without a copy of the dictionary per call
      if (sameValue(stored.dictionary[key], validated)) return;
      if (this.model.updateValueInPlace(category, index, key, validated)) {
        stored.dictionary[key] = validated;
        this.reference = undefined;
        return;
      }
    }
    const dictionary = dictionaryWithEntry(stored.definition, stored.dictionary, key, validated, label);
    if (this.model === undefined) {
      this.items[category][index] = { definition: stored.definition, dictionary };
      this.reference = undefined;
      return;
    }
    this.applyChange(category, index, { definition: stored.definition, dictionary }, [key], `${request}('${name}')`);
  }

  /** get…Parameter: a copy of the parameter's value (a `V…` name: the visualization field, its default if not set). */
  private getParameter(category: ItemCategory, index: number, name: string): unknown {
    const stored = this.storedItem(category, index);
    const label = labelOf(category, stored.definition.typeName, index);
    const field = visualizationField(name);
    if (field !== undefined) {
      const visualization = stored.dictionary.visualization as Record<string, unknown>;
      return copyDefault(Object.hasOwn(visualization, field) ? visualization[field] : visualizationFields[field].default);
    }
    if (typeof name !== 'string') throw new FlexdynError(`${formatItemLabel(label)}: get${category}Parameter expects a parameter name, got ${describeValue(name)}`);
    parameterDeclaration(stored.definition, name, label);
    return copyDefault(stored.dictionary[name]);
  }

  /**
   * A run-time change on the assembled system: the compiled model replaces the item's run-time model by one created
   * from the changed dictionary (state, addresses and sensor rows stay); the dictionary is stored only if that
   * succeeds; a model that takes the change in place (ObjectModel.updateParameter: parameters read at each evaluation)
   * keeps its model. Node initial values go into the initial state, so the next solve starts from them. Values equal to the
   * current ones change nothing (a pre-step function that sets the same value in every step costs a comparison).
   */
  private applyChange(category: ItemCategory, index: number, item: StoredItem, keys: readonly string[], change: string): void {
    const stored = this.items[category][index];
    if (keys.every((key) => sameValue(stored.dictionary[key], item.dictionary[key]))) return;
    const model = this.compiled();
    if (!(keys.length === 1 && model.updateInPlace(category, index, item, keys[0]))) model.replaceItem(category, index, item, change);
    this.reference = undefined;
    if (category === 'Node') {
      if (keys.includes('initialCoordinates')) model.setNodeInitialValues(index, 'coordinates');
      if (keys.includes('initialVelocities')) model.setNodeInitialValues(index, 'velocities');
    }
  }

  /** The error of a structural parameter changed on an assembled system: which, why, and what to do instead. */
  private structuralError(category: ItemCategory, index: number, key: string, request: string): FlexdynError {
    const stored = this.storedItem(category, index);
    const label = labelOf(category, stored.definition.typeName, index);
    const reason = structuralReason(parameterDeclaration(stored.definition, key, label));
    const when = this.runningSolve !== undefined ? `while ${this.runningSolve} is running` : 'on an assembled system';
    return new FlexdynError(`${formatItemLabel(label)}: ${request} cannot change ${key} ${when}: it is structural (it ${reason}); change it with modify${category} and call mbs.assemble() between solves (the state then restarts from the initial values); the system is left unchanged`, { item: label, parameter: key });
  }

  /**
   * Deletes one item after checking the request (no running solve, known options, valid index) and returns the options
   * with the deleted item; see {@link MainSystem.deleteNode}.
   */
  private deleteItem<O extends DeleteItemOptions>(request: string, category: ItemCategory, index: number, options: O, names: readonly string[]): O & { stored: StoredItem } {
    this.requireNoRunningSolve(request);
    const own = ownOptions(request, options, names);
    for (const [key, value] of Object.entries(own)) {
      if (value !== undefined && typeof value !== 'boolean') throw new FlexdynError(`${request}: options.${key} must be true or false, got ${describeValue(value)}`, { parameter: key });
    }
    const stored = this.storedItem(category, index);
    this.removeItem(request, category, index, own.suppressWarnings === true);
    return { ...own, stored };
  }

  /** Deletes the nodes and markers a deleted item referred to, unless a remaining item still uses them (highest index first). */
  private deleteDependents(request: string, deleted: StoredItem, categories: readonly ItemCategory[], options: DeleteItemOptions): void {
    for (const category of categories) {
      const indices = [...new Set(referencedIndices(deleted.definition, deleted.dictionary, category))].sort((a, b) => b - a);
      for (const index of indices) {
        const users = dependentKeptBy[category] ?? [];
        const used = users.some((user) => this.items[user].some((item) => referencedIndices(item.definition, item.dictionary, category).includes(index)));
        if (!used) this.removeItem(request, category, index, options.suppressWarnings === true);
      }
    }
  }

  /** Removes an item and renumbers every reference to its category (see {@link MainSystem.deleteNode}). */
  private removeItem(request: string, category: ItemCategory, index: number, suppressWarnings: boolean): void {
    const deleted = this.items[category][index];
    this.items[category].splice(index, 1);
    this.deletedCount[category]++;
    for (const user of Object.keys(this.items) as ItemCategory[]) {
      const list = this.items[user];
      for (let i = 0; i < list.length; i++) {
        const renumbered = renumberReferences(list[i].definition, list[i].dictionary, category, index);
        if (renumbered === undefined) continue;
        list[i] = { ...list[i], dictionary: renumbered.dictionary };
        if (!suppressWarnings && renumbered.invalidated.length > 0) {
          console.warn(`${request}: ${formatItemLabel(labelOf(user, list[i].definition.typeName, i))}: ${renumbered.invalidated.join(', ')} referred to the deleted `
            + `${formatItemLabel(labelOf(category, deleted.definition.typeName, index))} and ${renumbered.invalidated.length === 1 ? 'is' : 'are'} now -1 (none); assemble() fails until it refers to an existing ${category.toLowerCase()} or is deleted too`);
        }
      }
    }
    if (category === 'Sensor') this.sensorRecords.remove(index);
    this.reference = undefined;
    this.model = undefined;
  }

  /** setDictionary and loadFromFile: builds and validates every item first, then replaces the system (all or nothing). */
  private applyDictionary(where: string, dictionary: unknown, options: SetDictionaryOptions): void {
    this.requireNoRunningSolve(where);
    if (!isDictionary(dictionary) || dictionary.format !== SYSTEM_DICTIONARY_FORMAT) {
      const got = isDictionary(dictionary) ? `a dictionary with format ${JSON.stringify(dictionary.format) ?? 'missing'}` : describeValue(dictionary);
      throw new FlexdynError(`${where}: expected a Flexdyn system dictionary (format '${SYSTEM_DICTIONARY_FORMAT}', from mbs.getDictionary()), got ${got}`);
    }
    if (dictionary.formatVersion !== SYSTEM_DICTIONARY_VERSION) {
      throw new FlexdynError(`${where}: the system dictionary has format version ${JSON.stringify(dictionary.formatVersion) ?? 'missing'}; this Flexdyn reads version ${SYSTEM_DICTIONARY_VERSION} only`, { parameter: 'formatVersion' });
    }
    checkKnownKeys(where, dictionary, ['format', 'formatVersion', ...Object.values(listKeyOf), 'userFunctions'], 'an entry of a system dictionary');
    const missing: UserFunctionSlot[] = [];
    const inputs = (Object.keys(listKeyOf) as ItemCategory[]).map((category) => {
      const key = listKeyOf[category];
      const list = dictionary[key];
      if (!Array.isArray(list)) throw new FlexdynError(`${where}: ${key} must be a list of ${category.toLowerCase()} dictionaries, got ${describeValue(list)}`, { parameter: key });
      return list.map((entry: unknown, index) => {
        if (!isDictionary(entry)) throw new FlexdynError(`${where}: ${key}[${index}] must be a ${category.toLowerCase()} dictionary, got ${describeValue(entry)}`, { parameter: key });
        const definition = itemRegistry.get(category, ownValue(entry, typeKeyOf[category]), index);
        const label = labelOf(category, definition.typeName, index);
        return { category, definition, label, input: itemFromData(definition, entry, label, options.userFunctions, missing) };
      });
    }).flat();
    const userFunctions = dictionary.userFunctions ?? {};
    checkKnownKeys(where, userFunctions, systemUserFunctionSlots, 'a user function of the system', 'userFunctions');
    const systemFunctions: { slot: SystemUserFunctionSlot; f: AnyUserFunction | 0 }[] = [];
    for (const slot of systemUserFunctionSlots) {
      const value = ownValue(userFunctions as object, slot) ?? 0;
      if (value === 0 || typeof value === 'function') { systemFunctions.push({ slot, f: value as AnyUserFunction | 0 }); continue; }
      if (typeof value !== 'string') throw new FlexdynError(`${where}: userFunctions.${slot} must be the name of a function or 0, got ${describeValue(value)}`, { parameter: `userFunctions.${slot}` });
      const named: UserFunctionSlot = { name: value, parameter: slot };
      const f = userFunctionFor(named, options.userFunctions);
      if (f === undefined) missing.push(named);
      else systemFunctions.push({ slot, f });
    }
    if (missing.length > 0) throw missingUserFunctionsError(where, missing);
    const items: Record<ItemCategory, StoredItem[]> = { Node: [], Object: [], Marker: [], Load: [], Sensor: [] };
    for (const { category, definition, label, input } of inputs) items[category].push({ definition, dictionary: completeDictionary(definition, input, label) });
    // all checked: replace the system
    for (const category of Object.keys(items) as ItemCategory[]) {
      this.items[category].length = 0;
      this.items[category].push(...items[category]);
      this.deletedCount[category] = 0;
    }
    const setters: Record<SystemUserFunctionSlot, (f: never) => void> = {
      preStepUserFunction: (f) => this.setPreStepUserFunction(f), postStepUserFunction: (f) => this.setPostStepUserFunction(f),
      postNewtonUserFunction: (f) => this.setPostNewtonUserFunction(f), preNewtonResidualUserFunction: (f) => this.setPreNewtonResidualUserFunction(f),
      systemJacobianUserFunction: (f) => this.setSystemJacobianUserFunction(f),
    };
    for (const { slot, f } of systemFunctions) setters[slot](f as never);
    this.reference = undefined;
    this.model = undefined;
    this.assembler = undefined;
    this.sensorRecords.reset(0);
  }

  private defaults(category: ItemCategory, typeName: string): ItemDictionary {
    return defaultDictionary(itemRegistry.get(category, typeName, -1));
  }

  private numberOf(category: ItemCategory, name: string): number {
    const index = this.items[category].findIndex((item) => item.dictionary.name === name);
    if (index < 0) throw new FlexdynError(`get${category}Number: no ${category.toLowerCase()} named ${JSON.stringify(name)}`);
    return index;
  }

  private modelItem<C extends ItemCategory>(category: C, index: number, request: string, variable?: OutputVariableType): ModelOf[C] {
    if (this.model === undefined && Number.isInteger(index) && index >= 0 && index < this.items[category].length) {
      const label = formatItemLabel(labelOf(category, this.items[category][index].definition.typeName, index));
      throw new FlexdynError(`${label}: ${request}${variable === undefined ? '' : `(${variable})`} needs an assembled system, got one that is not assembled since items were added, modified or deleted; call mbs.assemble() first`);
    }
    const list = modelList(this.compiled(), category);
    if (!Number.isInteger(index) || index < 0 || index >= list.length) throw new FlexdynError(`${category.toLowerCase()} index must be in 0 ... ${list.length - 1}, got ${describeValue(index)}`);
    return list[index];
  }

  private checkedOutput(category: 'Node' | 'Object' | 'Marker', index: number, variable: OutputVariableType, values: ArrayLike<number> | undefined): number[] {
    if (values === undefined) {
      const stored = this.storedItem(category, index);
      throw new FlexdynError(`${formatItemLabel(labelOf(category, stored.definition.typeName, index))}: output variable ${variable} is not available; available: ${stored.definition.outputVariables.join(', ') || 'none'}`);
    }
    return toNumberArray(values);
  }
}

/** The compiled model's list of a category's item models (a switch: the output getters may run in every step). */
function modelList<C extends ItemCategory>(model: CompiledModel, category: C): ModelOf[C][] {
  switch (category) {
    case 'Node': return model.nodes as ModelOf[C][];
    case 'Object': return model.objects as ModelOf[C][];
    case 'Marker': return model.markers as ModelOf[C][];
    case 'Load': return model.loads as ModelOf[C][];
    default: return model.sensors as ModelOf[C][];
  }
}

/** The request named in set…Parameter's errors, per category (constant strings: set…Parameter may run in every step). */
const setParameterRequests: Record<ItemCategory, string> = {
  Node: 'setNodeParameter', Object: 'setObjectParameter', Marker: 'setMarkerParameter', Load: 'setLoadParameter', Sensor: 'setSensorParameter',
};

/** The visualization field an Exudyn `V…` parameter name sets (`Vshow` → show), or undefined. */
function visualizationField(name: unknown): keyof typeof visualizationFields | undefined {
  if (typeof name !== 'string' || name.length < 2 || name[0] !== 'V') return undefined;
  const field = name[1].toLowerCase() + name.slice(2);
  return Object.hasOwn(visualizationFields, field) ? field as keyof typeof visualizationFields : undefined;
}

/** The dictionary key that set…Parameter(name, …) changes: the name itself, or visualization for a `V…` name. */
function parameterKey(stored: StoredItem, name: unknown, label: ItemLabel, request: string): string {
  if (typeof name !== 'string') throw new FlexdynError(`${formatItemLabel(label)}: ${request} expects a parameter name, got ${describeValue(name)}`);
  if (visualizationField(name) !== undefined) return 'visualization';
  if (name === typeKeyOf[stored.definition.category]) throw new FlexdynError(`${formatItemLabel(label)}: ${request} cannot change ${name}; the type of an item is fixed (delete it and add a new one)`, { item: label, parameter: name });
  return name;
}

/** The new visualization dictionary of set…Parameter with a `V…` name: the stored one with that field changed. */
function visualizationValue(stored: StoredItem, name: string, value: unknown): Record<string, unknown> {
  return { ...(stored.dictionary.visualization as Record<string, unknown>), [visualizationField(name)!]: value };
}

/** True if two validated parameter values are equal (numbers, strings, functions by identity; arrays and dictionaries entry by entry). */
function sameValue(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (Array.isArray(a) || ArrayBuffer.isView(a)) {
    if (!(Array.isArray(b) || ArrayBuffer.isView(b))) return false;
    const x = a as ArrayLike<unknown>, y = b as ArrayLike<unknown>;
    if (x.length !== y.length) return false;
    for (let i = 0; i < x.length; i++) if (!sameValue(x[i], y[i])) return false;
    return true;
  }
  if (typeof a === 'object' && a !== null && typeof b === 'object' && b !== null) {
    const keys = Object.keys(a);
    if (keys.length !== Object.keys(b).length) return false;
    return keys.every((key) => Object.hasOwn(b, key) && sameValue((a as Record<string, unknown>)[key], (b as Record<string, unknown>)[key]));
  }
  return false;
}

/** The solver hook of a set…UserFunction call: undefined for 0, the wrapper for a function, an error for anything else. */
function checkedHook<H>(request: string, f: unknown, wrapper: H): H | undefined {
  if (f === 0) return undefined;
  if (typeof f !== 'function') throw new FlexdynError(`${request}: expected a function or 0 (to clear it), got ${describeValue(f)}`, { parameter: 'value' });
  return wrapper;
}

function structuredCopy(dictionary: ItemDictionary): ItemDictionary {
  const copy: ItemDictionary = {};
  for (const [key, value] of Object.entries(dictionary)) {
    copy[key] = Array.isArray(value) ? value.map((entry) => (Array.isArray(entry) ? entry.slice() : entry)) : typeof value === 'object' && value !== null ? { ...value } : value;
  }
  return copy;
}

/** Holds several MainSystems (Exudyn's SystemContainer). */
export class SystemContainer {
  /** The systems, in order of addSystem. */
  readonly systems: MainSystem[] = [];

  /** Creates and adds a new, empty MainSystem. */
  addSystem(): MainSystem {
    const mbs = new MainSystem();
    this.systems.push(mbs);
    return mbs;
  }

  /** Removes all systems. */
  reset(): void {
    this.systems.length = 0;
  }
}
