/**
 * Flexdyn for Node.js (`flexdyn/node`): the engine (everything `flexdyn` exports) and the viewer's scene
 * (`flexdyn/viewer`), plus what touches the file system or a server — solution and sensor files read
 * and written on disk, ParaView (VTK) export, the scene file and the local viewer server. Importing
 * this module installs Node's file system into the engine, so solves write their solution and sensor
 * files to disk and FEMinterface, FromSTL/ExportSTL and plotSensor read and write files by name.
 * @module
 */
import { installFileSystem } from './core/fileSystem.ts';
import { nodeFileSystem } from './nodeFileSystem.ts';

export * from './index.ts';
export * from './viewer/index.ts';
export { nodeFileSystem } from './nodeFileSystem.ts';

installFileSystem(nodeFileSystem);

/** Solution and sensor files read by name (the engine's parseSolutionFile / parseSensorFile take their text). */
export { loadSolutionFile } from './io/solutionFile.ts';
export { loadSensorFile } from './io/sensorFile.ts';
/** ParaView export of a solution (.pvd time series of .vtp files). */
export { exportVTK } from './viewer/vtkExport.ts';
export type { ExportVTKOptions, ExportVTKResult } from './viewer/vtkExport.ts';
/** The viewer's scene file beside a solution file and the local viewer server (npx flexdyn view <file>). */
export { exportScene } from './viewer/scene.ts';
export { startViewer, resolveSceneFile } from './viewer/server.ts';
export type { ViewerOptions, ViewerServer } from './viewer/server.ts';
