/**
 * Vitest setup: the tests run in Node.js and install Node's file system into the engine, as a Node
 * user's `import 'flexdyn/node'` does; tests of the in-memory output uninstall it for their own run.
 */
import { installFileSystem } from '../src/core/fileSystem.ts';
import { nodeFileSystem } from '../src/nodeFileSystem.ts';

installFileSystem(nodeFileSystem);
