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

/** Node's Buffer, where there is one: its base64 decoder is built in (no JavaScript loop over the bytes). */
const hostBuffer = (globalThis as { Buffer?: { from(text: string, encoding: 'base64'): Uint8Array<ArrayBuffer> } }).Buffer;

/**
 * Compiles a stored module from its base64 text, synchronously (a browser's main thread compiles modules up to 8 MB so
 * in current Chromium): decoded by Node's Buffer, else by atob and {@link binaryStringBytes}.
 */
export function compileStoredModule(base64: string): WebAssembly.Module {
  return new WebAssembly.Module(hostBuffer !== undefined ? hostBuffer.from(base64, 'base64') : binaryStringBytes(atob(base64)));
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
 * functions (`typeof import('…KernelsSource.ts')`): each Float64Array, Int32Array or Uint8Array parameter is a byte address in the memory.
 */
export type KernelExports<Source> = {
  [Name in keyof Source]: Source[Name] extends (...args: infer Parameters) => infer Result
    ? (...args: { [Index in keyof Parameters]: Parameters[Index] extends Float64Array | Int32Array | Uint8Array ? number : Parameters[Index] }) => Result
    : never;
};

/** An instance of a kernel module on a memory of its own, and a view of all of that memory's doubles. */
export interface KernelInstance<Exports> {
  /** The module's exports, typed by the caller. */
  readonly exports: Exports;
  /** The memory's doubles (its buffer never changes: the memory is not grown). */
  readonly doubles: Float64Array;
}

/** A {@link KernelInstance} with its memory (for a module instantiated on it later, at its first use). */
export interface KernelMemoryInstance<Exports> extends KernelInstance<Exports> {
  /** The memory of the instances. */
  readonly memory: WebAssembly.Memory;
}

/**
 * Instantiates compiled kernel modules (each importing one memory, env.memory, and those that call them Math.atan2,
 * Math.sin, Math.cos as env.atan2, env.sin, env.cos) on one new memory of `pages` pages; the
 * exports of all of them, merged (a family whose kernels are split into several modules shares the memory). Item
 * kernels share one instance per process and family: their calls never nest, so fixed regions of the memory serve as
 * every call's inputs and outputs.
 */
export function instantiateKernels<Exports>(modules: WebAssembly.Module | readonly WebAssembly.Module[], pages = 1): KernelMemoryInstance<Exports> {
  const memory = new WebAssembly.Memory({ initial: pages });
  const exports = {};
  for (const module of Array.isArray(modules) ? modules : [modules]) Object.assign(exports, instantiateOnMemory(module, memory));
  return { exports: exports as Exports, doubles: new Float64Array(memory.buffer), memory };
}

/**
 * The exports of a compiled kernel module instantiated on `memory`, with the imports every kernel module may have
 * (scripts/wasmKernelCompiler.ts): the memory as env.memory and the host's Math.atan2, Math.sin and Math.cos as env.atan2,
 * env.sin and env.cos (a module takes only the imports it declares).
 */
export function instantiateOnMemory<Exports>(module: WebAssembly.Module, memory: WebAssembly.Memory): Exports {
  return new WebAssembly.Instance(module, { env: { memory, atan2: Math.atan2, sin: Math.sin, cos: Math.cos } }).exports as unknown as Exports;
}

/** Named regions of a kernel memory, consecutive from byte 0: each one's byte address (the kernels' array argument). */
export interface KernelLayout<Name extends string> {
  /** Each region's byte address. */
  readonly addresses: Readonly<Record<Name, number>>;
  /** Each region's length in doubles. */
  readonly lengths: Readonly<Record<Name, number>>;
  /** Doubles in all. */
  readonly doubles: number;
}

/** The layout of regions of the given lengths (doubles), in the record's order. */
export function kernelLayout<Name extends string>(lengths: Readonly<Record<Name, number>>): KernelLayout<Name> {
  const addresses = {} as Record<Name, number>;
  let doubles = 0;
  for (const name of Object.keys(lengths) as Name[]) {
    addresses[name] = 8 * doubles;
    doubles += lengths[name];
  }
  return { addresses, lengths, doubles };
}

/** A view of each region of a layout in a kernel memory's doubles. */
export function kernelViews<Name extends string>(doubles: Float64Array, layout: KernelLayout<Name>): Record<Name, Float64Array<ArrayBuffer>> {
  const views = {} as Record<Name, Float64Array<ArrayBuffer>>;
  for (const name of Object.keys(layout.lengths) as Name[]) {
    const first = layout.addresses[name] / 8;
    views[name] = new Float64Array(doubles.buffer as ArrayBuffer, doubles.byteOffset + 8 * first, layout.lengths[name]);
  }
  return views;
}
