/**
 * Node's file system behind the engine's file-system interface (src/core/fileSystem.ts): the one module
 * besides the Node entry, the viewer server and the CLI that imports Node's modules.
 * @module
 */
import { closeSync, constants, existsSync, fstatSync, ftruncateSync, mkdirSync, openSync, readFileSync, rmSync, writeFileSync, writeSync } from 'node:fs';
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FileLocation, FileSystemAccess, TextFileWriter } from './core/fileSystem.ts';

function pathOf(location: FileLocation): string {
  return location instanceof URL ? fileURLToPath(location) : location;
}

/**
 * Runs `create` (which creates fileName); where its folder does not exist yet (ENOENT), creates the folder and runs it
 * again. Trying first saves the folder's system calls on every file of a solve after the first (a sensor file per sensor
 * per solve; the folder exists nearly always); any other error, or ENOENT again, is the caller's to report.
 */
function inFolderOf<T>(fileName: string, create: () => T): T {
  try {
    return create();
  } catch (error) {
    const folder = dirname(fileName);
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT' || folder === '' || folder === '.' || existsSync(folder)) throw error;
    mkdirSync(folder, { recursive: true });
    return create();
  }
}

/** Node's file system as the engine uses it (`flexdyn/node` installs it when imported). */
export const nodeFileSystem: FileSystemAccess = {
  readTextFile: (location) => readFileSync(pathOf(location), 'utf8'),
  readBinaryFile: (location) => readFileSync(pathOf(location)),
  writeFile(location, content) {
    const fileName = pathOf(location);
    inFolderOf(fileName, () => writeFileSync(fileName, content));
  },
  /**
   * Opens without O_TRUNC, overwrites from the start and cuts an older, longer file to the bytes written at close: on
   * ext4 a truncation to zero of a file written shortly before (the previous run's sensor files) waits for that data's
   * write-back, 2–6 ms of wall per file on this machine's disk, a whole process' worth of sensor files each run; the
   * overwrite in place takes ≈ 0.05 ms. The same content once closed; until then the old file's tail follows the new text.
   */
  openTextFile(location): TextFileWriter {
    const fileName = pathOf(location);
    const descriptor = inFolderOf(fileName, () => openSync(fileName, constants.O_WRONLY | constants.O_CREAT));
    const previousSize = fstatSync(descriptor).size;
    let size = 0;
    return {
      write: (text) => { size += writeSync(descriptor, text); },
      writeBytes: (bytes) => {
        for (let at = 0; at < bytes.length;) {
          const written = writeSync(descriptor, bytes, at, bytes.length - at);
          if (written <= 0) throw new Error(`${fileName}: no byte written (${bytes.length - at} left)`);
          at += written;
        }
        size += bytes.length;
      },
      close: () => {
        try {
          if (previousSize > size) ftruncateSync(descriptor, size);
        } finally {
          closeSync(descriptor);
        }
      },
    };
  },
  exists: (location) => existsSync(pathOf(location)),
  removeFile: (location) => rmSync(pathOf(location), { force: true }),
  fileName: pathOf,
};
