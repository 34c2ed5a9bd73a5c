/**
 * The viewer's local HTTP server (node:http): serves the page, its script, the scene file and three.js's
 * ES modules from node_modules (no bundler, no network); or the static files of the live page (`npm run build:live`).
 * @module
 */
import { createServer, type Server } from 'node:http';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { dirname, extname, join, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { FlexdynError } from '../core/errors.ts';
import { sceneFileNameFor } from './scene.ts';

/** Options of {@link startViewer}. */
export interface ViewerOptions {
  /** TCP port (default 8080; 0 = any free port). */
  port?: number;
  /** Interface to listen on (default 127.0.0.1: this machine only). */
  host?: string;
}

/** A running viewer server. */
export interface ViewerServer {
  /** Address of the page, e.g. http://127.0.0.1:8080/. */
  url: string;
  /** The scene file served ('' for the live page). */
  sceneFile: string;
  /** Stops the server. */
  close(): Promise<void>;
}

const contentTypes: Record<string, string> = {
  '.html': 'text/html; charset=utf-8', '.js': 'text/javascript; charset=utf-8', '.json': 'application/json', '.css': 'text/css; charset=utf-8',
  '.map': 'application/json', '.txt': 'text/plain; charset=utf-8',
};

/** The scene file for a viewer argument: a `.scene.json` as is, a solution file → the scene file beside it. */
export function resolveSceneFile(file: string): string {
  if (typeof file !== 'string') throw new FlexdynError(`flexdyn view: the file must be a solution or scene file name, got ${typeof file}`);
  const scene = file.endsWith('.scene.json') ? file : sceneFileNameFor(file);
  if (!existsSync(scene)) {
    const hint = scene === file ? '' : ` beside the solution file '${file}'`;
    throw new FlexdynError(`flexdyn view: no scene file '${scene}'${hint}; write it after the solve with exportScene(mbs, loadSolutionFile('${file}')) (docs/viewer.md)`);
  }
  return scene;
}

/** Root folder of the installed three package (holds build/ and examples/jsm/); three is an optional peer dependency. */
function threeRoot(): string {
  let entry: string;
  try {
    entry = import.meta.resolve('three');
  } catch (error) {
    throw new FlexdynError(`flexdyn view: the viewer page needs the package 'three' (an optional peer dependency of flexdyn): install it with \`npm install three\` (${(error as Error).message})`);
  }
  return resolve(dirname(fileURLToPath(entry)), '..');
}

/** Starts the viewer for a solution or scene file; resolves when the server listens (a missing scene file throws at once). */
export function startViewer(file: string, options: ViewerOptions = {}): Promise<ViewerServer> {
  const sceneFile = resolveSceneFile(file);
  // src/viewer/ or, compiled, a chunk in dist/chunks/ or the engine script's dist/script/ (scripts/build.mjs): each one folder below the viewer's client/
  const clientRoot = join(dirname(fileURLToPath(import.meta.url)), '..', 'viewer', 'client');
  const three = threeRoot();
  const routes: Record<string, string> = {
    '/': join(clientRoot, 'index.html'), '/viewer.js': join(clientRoot, 'viewer.js'), '/plot.js': join(clientRoot, 'plot.js'),
    '/sceneView.js': join(clientRoot, 'sceneView.js'), '/viewer.css': join(clientRoot, 'viewer.css'), '/scene.json': resolve(sceneFile),
  };
  return listen(sceneFile, options, (path) => routes[path] ?? (path.startsWith('/three/') ? inside(three, path.slice('/three'.length)) : undefined));
}

/** Options of {@link startLiveViewer}. */
export interface LiveViewerOptions extends ViewerOptions {
  /** Folder of the built live page (default {@link defaultLiveFolder}). */
  folder?: string;
}

/** Where `npm run build:live` writes the live page: dist/live in the package. */
export const defaultLiveFolder = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..', 'dist', 'live');

/**
 * Serves the live page (`flexdyn view --live`): the static files of `npm run build:live` (a page that builds and
 * solves the demo models in a Web Worker and animates them while they compute). A missing build throws at once.
 */
export function startLiveViewer(options: LiveViewerOptions = {}): Promise<ViewerServer> {
  const folder = resolve(options.folder ?? defaultLiveFolder);
  for (const file of ['index.html', 'live.js', 'worker.js']) {
    if (!existsSync(join(folder, file))) {
      throw new FlexdynError(`flexdyn view --live: no ${file} in '${folder}'; build the live page with \`npm run build:live\` first (in a clone of the repository: the npm package does not ship the page's bundles)`);
    }
  }
  return listen('', options, (path) => inside(folder, path === '/' ? '/index.html' : path));
}

/** root + path if it stays inside root, else undefined. */
function inside(root: string, path: string): string | undefined {
  const candidate = resolve(root, '.' + path);
  return candidate.startsWith(root + sep) ? candidate : undefined;
}

async function listen(sceneFile: string, options: ViewerOptions, route: (path: string) => string | undefined): Promise<ViewerServer> {
  const server: Server = createServer((request, response) => {
    const path = decodeURIComponent((request.url ?? '/').split('?')[0]);
    if (path === '/favicon.ico') { response.writeHead(204); response.end(); return; }
    const target = route(path);
    if (request.method !== 'GET' || target === undefined || !existsSync(target) || !statSync(target).isFile()) {
      response.writeHead(404, { 'Content-Type': 'text/plain' });
      response.end(`not found: ${path}`);
      return;
    }
    response.writeHead(200, { 'Content-Type': contentTypes[extname(target)] ?? 'application/octet-stream', 'Cache-Control': 'no-store' });
    response.end(readFileSync(target));
  });
  const host = options.host ?? '127.0.0.1';
  await new Promise<void>((resolveListen, reject) => {
    server.once('error', (error) => reject(new FlexdynError(`flexdyn view: cannot listen on ${host}:${options.port ?? 8080}: ${error.message}`)));
    server.listen(options.port ?? 8080, host, () => resolveListen());
  });
  const address = server.address();
  const port = typeof address === 'object' && address !== null ? address.port : options.port ?? 8080;
  return {
    url: `http://${host}:${port}/`,
    sceneFile,
    close: () => new Promise<void>((done) => { server.closeAllConnections(); server.close(() => done()); }),
  };
}
