/**
 * A small WebAssembly binary writer: numeric kernels written in TypeScript as instruction lists (post-order expression
 * trees of the helpers below) become the bytes of a module (scripts/generateWasmKernels.ts stores them for the engine,
 * which so builds nothing at run time). Only what the kernels use is here: i32 and f64 values, locals, one imported
 * memory, structured control flow.
 * @module
 */

/**
 * A 32-bit integer in a kernel written in TypeScript for scripts/wasmKernelCompiler.ts (an i32 there; a number when the
 * same source runs as JavaScript). Parameters and locals declared `number` are f64, `Float64Array` parameters byte
 * addresses in the module's memory.
 */
export type Int = number;

/** Instructions: bytes, nested as the expressions that produce them (flattened when the module is written). */
export type Code = readonly (number | Code)[];

/** Value types of the binary format. */
export const i32 = 0x7f;
/** 64-bit float value type. */
export const f64 = 0x7c;
/** A value type (i32 or f64). */
export type ValueType = typeof i32 | typeof f64;

/** One function of a module: named parameters and locals (indexed in that order), the body given their indices. */
export interface WasmFunction {
  /** Export name. */
  readonly name: string;
  /** False: the function is only called by the module's other functions (not exported). */
  readonly exported?: boolean;
  /** Parameters by name and type, in call order. */
  readonly params: Readonly<Record<string, ValueType>>;
  /** Further locals by name and type (zero at entry). */
  readonly locals: Readonly<Record<string, ValueType>>;
  /** Result type, if any. */
  readonly result?: ValueType;
  /** The body, given the index of each parameter and local by name. */
  readonly body: (local: Readonly<Record<string, number>>) => Code;
}

/** Unsigned LEB128 of a non-negative integer. */
export function unsignedLeb(value: number): number[] {
  const bytes: number[] = [];
  do {
    let byte = value & 0x7f;
    value >>>= 7;
    if (value !== 0) byte |= 0x80;
    bytes.push(byte);
  } while (value !== 0);
  return bytes;
}

/** Signed LEB128 of a 32-bit integer. */
export function signedLeb(value: number): number[] {
  const bytes: number[] = [];
  value |= 0;
  for (;;) {
    const byte = value & 0x7f;
    value >>= 7;
    const done = (value === 0 && (byte & 0x40) === 0) || (value === -1 && (byte & 0x40) !== 0);
    bytes.push(done ? byte : byte | 0x80);
    if (done) return bytes;
  }
}

function flatten(code: Code, out: number[]): number[] {
  for (const item of code) {
    if (typeof item === 'number') out.push(item);
    else flatten(item, out);
  }
  return out;
}

function utf8Name(name: string): number[] {
  const bytes = Array.from(new TextEncoder().encode(name));
  return [...unsignedLeb(bytes.length), ...bytes];
}

function vector(items: readonly number[][]): number[] {
  return [...unsignedLeb(items.length), ...items.flat()];
}

function section(id: number, content: number[]): number[] {
  return [id, ...unsignedLeb(content.length), ...content];
}

/**
 * A function the module imports from the host as env.<name> (called by index: the imports come before the module's own
 * functions, whose indices they shift).
 */
export interface WasmImport {
  /** Import name under env. */
  readonly name: string;
  /** Parameter types, in call order. */
  readonly params: readonly ValueType[];
  /** Result type. */
  readonly result: ValueType;
}

/**
 * The bytes of a module that imports one memory as env.memory (minimum 0 pages: the caller sizes it) and the given
 * functions, and exports each of its functions under its name. Function i has index imports.length + i.
 */
export function wasmModuleBytes(functions: readonly WasmFunction[], imports: readonly WasmImport[] = []): Uint8Array<ArrayBuffer> {
  const types = [
    ...functions.map((f) => [0x60, ...vector(Object.values(f.params).map((t) => [t])), ...vector(f.result === undefined ? [] : [[f.result]])]),
    ...imports.map((f) => [0x60, ...vector(f.params.map((t) => [t])), ...vector([[f.result]])]),
  ];
  const memoryImport = [...utf8Name('env'), ...utf8Name('memory'), 0x02, 0x00, 0x00];
  const functionImports = imports.map((f, i) => [...utf8Name('env'), ...utf8Name(f.name), 0x00, ...unsignedLeb(functions.length + i)]);
  const bodies = functions.map((f) => {
    const names = [...Object.keys(f.params), ...Object.keys(f.locals)];
    const index: Record<string, number> = {};
    names.forEach((name, i) => { index[name] = i; });
    const locals = vector(Object.values(f.locals).map((t) => [1, t]));
    const body = [...locals, ...flatten(f.body(index), []), 0x0b];
    return [...unsignedLeb(body.length), ...body];
  });
  return new Uint8Array([
    0x00, 0x61, 0x73, 0x6d, 0x01, 0x00, 0x00, 0x00,
    ...section(1, vector(types)),
    ...section(2, vector([memoryImport, ...functionImports])),
    ...section(3, vector(functions.map((_, i) => unsignedLeb(i)))),
    ...section(7, vector(functions.flatMap((f, i) => f.exported === false ? [] : [[...utf8Name(f.name), 0x00, ...unsignedLeb(imports.length + i)]]))),
    ...section(10, vector(bodies)),
  ]);
}

// Instructions (operands first, as the stack machine takes them).

/** local.get */
export const get = (local: number): Code => [0x20, unsignedLeb(local)];
/** local.set of a value. */
export const set = (local: number, value: Code): Code => [value, 0x21, unsignedLeb(local)];
/** i32.const */
export const int = (value: number): Code => [0x41, signedLeb(value)];
/** f64.const */
export const float = (value: number): Code => [0x44, Array.from(new Uint8Array(new Float64Array([value]).buffer))];
/** i32.load at a byte address plus a constant byte offset (alignment 4). */
export const loadInt = (address: Code, offset = 0): Code => [address, 0x28, 2, unsignedLeb(offset)];
/** f64.load at a byte address plus a constant byte offset (alignment 8). */
export const loadFloat = (address: Code, offset = 0): Code => [address, 0x2b, 3, unsignedLeb(offset)];
/** i32.store at a byte address plus a constant byte offset (alignment 4). */
export const storeInt = (address: Code, value: Code, offset = 0): Code => [address, value, 0x36, 2, unsignedLeb(offset)];
/** f64.store at a byte address plus a constant byte offset (alignment 8). */
export const storeFloat = (address: Code, value: Code, offset = 0): Code => [address, value, 0x39, 3, unsignedLeb(offset)];

const binary = (opcode: number) => (a: Code, b: Code): Code => [a, b, opcode];
/** i32.add */
export const add = binary(0x6a);
/** i32.sub */
export const sub = binary(0x6b);
/** i32.mul */
export const mul = binary(0x6c);
/** i32.div_u */
export const divU = binary(0x6e);
/** i32.shl */
export const shl = binary(0x74);
/** i32.or */
export const or = binary(0x72);
/** i32.shr_u */
export const shrU = binary(0x76);
/** i32.ne */
export const ne = binary(0x47);
/** i32.lt_s */
export const lt = binary(0x48);
/** i32.gt_s */
export const gt = binary(0x4a);
/** i32.ge_s */
export const ge = binary(0x4e);
/** f64.eq */
export const floatEq = binary(0x61);
/** f64.ne */
export const floatNe = binary(0x62);
/** f64.gt */
export const floatGt = binary(0x64);
/** f64.sub */
export const floatSub = binary(0xa1);
/** f64.mul */
export const floatMul = binary(0xa2);
/** f64.div */
export const floatDiv = binary(0xa3);
/** f64.abs */
export const floatAbs = (a: Code): Code => [a, 0x99];
/** i32.eqz */
export const isZero = (a: Code): Code => [a, 0x45];
/** select: a if condition is nonzero, else b (both evaluated). */
export const select = (a: Code, b: Code, condition: Code): Code => [a, b, condition, 0x1b];
/** return with a value. */
export const returnValue = (value: Code): Code => [value, 0x0f];
/** if … (else …) end, no result. */
export const when = (condition: Code, then: Code, otherwise?: Code): Code =>
  otherwise === undefined ? [condition, 0x04, 0x40, then, 0x0b] : [condition, 0x04, 0x40, then, 0x05, otherwise, 0x0b];
/** br_if to the end of the enclosing block `depth` levels out (0: the innermost). */
export const breakIf = (depth: number, condition: Code): Code => [condition, 0x0d, unsignedLeb(depth)];

/** local = from; then, until done: body (in a block of its own: `breakIf(0, c)` there skips to advance), advance. */
function countedLoop(local: number, from: Code, done: Code, advance: Code, body: Code): Code {
  return [set(local, from), 0x02, 0x40, 0x03, 0x40, breakIf(1, done), 0x02, 0x40, body, 0x0b, advance, 0x0c, 0x00, 0x0b, 0x0b];
}

/**
 * for (local = from; local < to; local += step) body — `to` evaluated before each pass; inside body, `breakIf(0, c)`
 * skips to the next pass (continue) and `breakIf(2, c)` leaves the loop.
 */
export function forLoop(local: number, from: Code, to: Code, step: Code, body: Code): Code {
  return countedLoop(local, from, ge(get(local), to), set(local, add(get(local), step)), body);
}

/** for (local = from; local >= to; local -= step) body, with continue and break as in {@link forLoop}. */
export function forLoopDown(local: number, from: Code, to: Code, step: Code, body: Code): Code {
  return countedLoop(local, from, lt(get(local), to), set(local, sub(get(local), step)), body);
}

// Further instructions (the symmetric eigen kernels).

/** f64.add */
export const floatAdd = binary(0xa0);
/** f64.max (as Math.max of two numbers: NaN if either is, +0 above −0) */
export const floatMax = binary(0xa5);
/** f64.lt */
export const floatLt = binary(0x63);
/** f64.le */
export const floatLe = binary(0x65);
/** f64.sqrt (correctly rounded, as Math.sqrt) */
export const floatSqrt = (a: Code): Code => [a, 0x9f];
/** f64.neg (flips the sign bit, as unary minus) */
export const floatNeg = (a: Code): Code => [a, 0x9a];
/** do body while (condition): a loop whose body may leave it with `breakIf(1, c)` (or return). */
export const doWhile = (body: Code, condition: Code): Code => [0x02, 0x40, 0x03, 0x40, body, breakIf(0, condition), 0x0b, 0x0b];
/** call of the module's function `index` (its position in the list given to {@link wasmModuleBytes}) with arguments. */
export const call = (index: number, ...args: Code[]): Code => [...args, 0x10, unsignedLeb(index)];

/** A module stored by a generated file: the exported constant's name, what the module is, and its bytes. */
export interface StoredModule {
  readonly constant: string;
  readonly description: string;
  readonly bytes: Uint8Array;
}

/**
 * The text of a generated TypeScript file that stores modules' bytes as base64 constants, in lines of 112 characters
 * (written by scripts/generateWasmKernels.ts; `source` names the file of the modules' source).
 */
export function wasmModuleText(source: string, modules: readonly StoredModule[]): string {
  let text = `// Generated by scripts/generateWasmKernels.ts from ${source} (npm run generate:wasm): do not edit.\n`;
  for (const { constant, description, bytes } of modules) {
    let binary = '';
    for (const byte of bytes) binary += String.fromCharCode(byte);
    const base64 = btoa(binary);
    const lines: string[] = [];
    for (let i = 0; i < base64.length; i += 112) lines.push(`  '${base64.slice(i, i + 112)}'`);
    text += `/** ${description} (${bytes.length} bytes), base64. */
export const ${constant} =
${lines.join(' +\n')};
`;
  }
  return text;
}

// Further instructions (the sparse LU kernels).

/** i32.eq */
export const eq = binary(0x46);
/** f64.ge */
export const floatGe = binary(0x66);
/** i32.load8_u at a byte address (a byte, zero-extended). */
export const loadByte = (address: Code): Code => [address, 0x2d, 0, 0];
