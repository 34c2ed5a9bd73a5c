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
