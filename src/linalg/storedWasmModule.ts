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
 * may compile so). The bytes are decoded by a plain loop, run once and interpreted: half the time of a callback per byte.
 */
export function compileStoredModule(base64: string): WebAssembly.Module {
  const binary = atob(base64);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return new WebAssembly.Module(bytes);
}
