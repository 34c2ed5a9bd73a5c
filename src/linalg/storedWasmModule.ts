/**
 * Loading the engine's stored WebAssembly modules (the base64 constants that scripts/generateWasmKernels.ts writes) and
 * sizing their memories.
 * @module
 */

/** Bytes of a WebAssembly memory page. */
export const wasmPageBytes = 65536;

/** Pages of memory for the given bytes (at least one). */
export function memoryPages(bytes: number): number {
  return Math.max(1, Math.ceil(bytes / wasmPageBytes));
}

/**
 * Compiles a stored module from its base64 text (synchronously: the modules stay below the 4 KB a browser's main thread
 * may compile so).
 */
export function compileStoredModule(base64: string): WebAssembly.Module {
  return new WebAssembly.Module(binaryStringBytes(atob(base64)));
}

/**
 * The bytes of a binary string (char codes 0–255), by a plain loop: half the time of a callback per byte. A function of
 * its own: V8 compiles the loop on stack after a few modules, and code that went on to `new WebAssembly.Module` in the
 * same function was thrown away there (no type feedback yet) and compiled again for the next module.
 */
function binaryStringBytes(binary: string): Uint8Array<ArrayBuffer> {
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

/**
 * The exports of a module compiled from a kernel source file (scripts/wasmKernelCompiler.ts), typed from that file's
 * functions (`typeof import('…KernelsSource.ts')`): each Float64Array parameter is a byte address in the memory.
 */
export type KernelExports<Source> = {
  [Name in keyof Source]: Source[Name] extends (...args: infer Parameters) => infer Result
    ? (...args: { [Index in keyof Parameters]: Parameters[Index] extends Float64Array ? number : Parameters[Index] }) => Result
    : never;
};

/** An instance of a kernel module on a memory of its own, and a view of all of that memory's doubles. */
export interface KernelInstance<Exports> {
  /** The module's exports, typed by the caller. */
  readonly exports: Exports;
  /** The memory's doubles (its buffer never changes: the memory is not grown). */
  readonly doubles: Float64Array;
}

/**
 * Instantiates a compiled kernel module (one imported memory, env.memory) on a new memory of `pages` pages. Item
 * kernels share one instance per process and family: their calls never nest, so fixed regions of the memory serve as
 * every call's inputs and outputs.
 */
export function instantiateKernels<Exports>(module: WebAssembly.Module, pages = 1): KernelInstance<Exports> {
  const memory = new WebAssembly.Memory({ initial: pages });
  const instance = new WebAssembly.Instance(module, { env: { memory } });
  return { exports: instance.exports as unknown as Exports, doubles: new Float64Array(memory.buffer) };
}
