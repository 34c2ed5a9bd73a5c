/**
 * The file system as the engine sees it: an interface the host installs. The engine itself imports no
 * Node module, so it runs unchanged in a browser or a Web Worker; `flexdyn/node` installs the Node
 * implementation when it is imported. Without one, solution and sensor files are kept in memory
 * (see the solvers' output) and functions that must read a file name throw a {@link FlexdynError}
 * that says what to do instead.
 * @module
 */
import { FlexdynError } from './errors.ts';

/** A file to write line by line (sensor and solution output). */
export interface TextFileWriter {
  /** Appends text as it is (the caller adds newlines). */
  write(text: string): void;
  /**
   * Appends ASCII text given as bytes, consumed before the call returns (the caller reuses the array). Optional: without
   * it the caller decodes the bytes and calls {@link TextFileWriter.write}.
   */
  writeBytes?(bytes: Uint8Array): void;
  /** Closes the file; later writes are errors. */
  close(): void;
}

/** A file name, or a `file:` URL (Node resolves it; a browser host may refuse it). */
export type FileLocation = string | URL;

/** What the engine needs from a file system. Errors are thrown as they come; callers name the file. */
export interface FileSystemAccess {
  /** The whole file as UTF-8 text. */
  readTextFile(location: FileLocation): string;
  /** The whole file as bytes. */
  readBinaryFile(location: FileLocation): Uint8Array;
  /** Creates or replaces a file (its folder is created when missing). */
  writeFile(location: FileLocation, content: string | Uint8Array): void;
  /** Creates a file or replaces its content, to append to: once closed it holds what was written (its folder is created when missing). */
  openTextFile(location: FileLocation): TextFileWriter;
  /** True if a file or folder of that name exists. */
  exists(location: FileLocation): boolean;
  /**
   * Removes a file (optional): a solve whose output could not be opened completely removes the files it had just
   * created, so that a failed start leaves no empty files behind.
   */
  removeFile?(location: FileLocation): void;
  /** A file name for a location (a URL's path), for messages and file headers. */
  fileName(location: FileLocation): string;
}

let installed: FileSystemAccess | undefined;

/**
 * Installs the file system the engine reads and writes through (`flexdyn/node` installs Node's);
 * `undefined` removes it, so that solves keep their files in memory. Returns the one it replaces.
 */
export function installFileSystem(fileSystem: FileSystemAccess | undefined): FileSystemAccess | undefined {
  const previous = installed;
  installed = fileSystem;
  return previous;
}

/** The installed file system, or undefined in a browser or worker where none is installed. */
export function installedFileSystem(): FileSystemAccess | undefined {
  return installed;
}

/**
 * The installed file system, or a FlexdynError naming the request: reading or writing a named file
 * needs `flexdyn/node` (or a host's own {@link installFileSystem}).
 */
export function requireFileSystem(request: string, location: FileLocation): FileSystemAccess {
  if (installed !== undefined) return installed;
  const name = typeof location === 'string' ? location : location.href;
  throw new FlexdynError(
    `${request}: no file system to access '${name}': import 'flexdyn/node' in Node.js (it installs the file system), `
    + 'or pass the file\'s content (the parse… functions take text, FromSTL takes bytes), or install one with installFileSystem()',
  );
}

/** Reads a text file through the installed file system; a missing or unreadable file is a FlexdynError that names it. */
export function readTextFile(location: FileLocation, request: string): { text: string; fileName: string } {
  const fileSystem = requireFileSystem(request, location);
  const fileName = fileSystem.fileName(location);
  try {
    return { text: fileSystem.readTextFile(location), fileName };
  } catch (error) {
    throw new FlexdynError(`${request}: cannot read ${fileName}: ${fileErrorReason(error)}`, { cause: error });
  }
}

/** Writes a whole file through the installed file system; a failure is a FlexdynError that names the file. */
export function writeFile(location: FileLocation, content: string | Uint8Array, request: string): void {
  const fileSystem = requireFileSystem(request, location);
  try {
    fileSystem.writeFile(location, content);
  } catch (error) {
    throw new FlexdynError(`${request}: cannot write ${fileSystem.fileName(location)}: ${fileErrorReason(error)}`, { cause: error });
  }
}

/** 'file not found' for a missing file, else the error's message. */
export function fileErrorReason(error: unknown): string {
  if (typeof error === 'object' && error !== null && (error as { code?: unknown }).code === 'ENOENT') return 'file not found';
  return error instanceof Error ? error.message : String(error);
}

/** The part of a file name after the last '/' or '\\'. */
export function baseName(fileName: string): string {
  return fileName.slice(Math.max(fileName.lastIndexOf('/'), fileName.lastIndexOf('\\')) + 1);
}

/** The extension of a file name including its dot ('' when there is none), as Node's path.extname. */
export function extensionOf(fileName: string): string {
  const base = baseName(fileName);
  const dot = base.lastIndexOf('.');
  return dot <= 0 ? '' : base.slice(dot);
}

/** A file name in a folder ('' or '.' = the current folder). */
export function joinFileName(folder: string, name: string): string {
  if (folder === '' || folder === '.') return name;
  return /[/\\]$/.test(folder) ? folder + name : `${folder}/${name}`;
}

/**
 * Files kept in memory: what a solve writes when no file system is installed (a browser, a worker),
 * readable afterwards by name. It can also be installed with {@link installFileSystem}, e.g. to let
 * FEMinterface.saveToFile / loadFromFile work inside a worker.
 */
export class InMemoryFileSystem implements FileSystemAccess {
  private readonly files = new Map<string, (string | Uint8Array)[]>();

  /** Names of the files held, in the order they were first written. */
  fileNames(): string[] {
    return [...this.files.keys()];
  }

  /** True if a file of that name is held (folders are not tracked). */
  exists(location: FileLocation): boolean {
    return this.files.has(this.fileName(location));
  }

  /** A location's name: the string itself, or a URL's href. */
  fileName(location: FileLocation): string {
    return typeof location === 'string' ? location : location.href;
  }

  /** The whole file as text; a missing file is an error with code ENOENT, as in Node. */
  readTextFile(location: FileLocation): string {
    const decoder = new TextDecoder();
    return this.chunks(location).map((c) => (typeof c === 'string' ? c : decoder.decode(c))).join('');
  }

  /** The whole file as bytes (text is encoded as UTF-8). */
  readBinaryFile(location: FileLocation): Uint8Array {
    const chunks = this.chunks(location);
    if (chunks.length === 1 && typeof chunks[0] !== 'string') return chunks[0].slice();
    return new TextEncoder().encode(this.readTextFile(location));
  }

  /** Creates or replaces a file. */
  writeFile(location: FileLocation, content: string | Uint8Array): void {
    this.files.set(this.fileName(location), [typeof content === 'string' ? content : content.slice()]);
  }

  /** Creates or truncates a file and returns a writer that appends to it. */
  openTextFile(location: FileLocation): TextFileWriter {
    const chunks: string[] = [];
    const name = this.fileName(location);
    this.files.set(name, chunks);
    let open = true;
    return {
      write(text: string): void {
        if (!open) throw new FlexdynError(`InMemoryFileSystem: write to '${name}' after close`);
        chunks.push(text);
      },
      close(): void { open = false; },
    };
  }

  /** Removes one file (nothing if there is none). */
  removeFile(location: FileLocation): void {
    this.files.delete(this.fileName(location));
  }

  /** Removes all files. */
  clear(): void {
    this.files.clear();
  }

  private chunks(location: FileLocation): (string | Uint8Array)[] {
    const chunks = this.files.get(this.fileName(location));
    if (chunks === undefined) throw Object.assign(new Error(`no file '${this.fileName(location)}' in memory`), { code: 'ENOENT' });
    return chunks;
  }
}
