/**
 * Compiles numeric kernels written in a small subset of TypeScript into a WebAssembly module (the bytes of
 * src/linalg/wasmModule.ts's writer). The same source file runs as plain JavaScript in the tests, where it is the
 * reference the module's exports must match bit for bit: each f64 operation of the subset is one IEEE-754 operation in
 * both, evaluated in the same order (wasm has no fused multiply-add).
 *
 * The subset (anything else is an error naming file, line and construct):
 * - Top level: `import type` declarations, imports of named functions from other kernel files (relative paths; every
 *   function of such a file, and of the files it imports from, becomes an internal function of the module, so the
 *   engine's JavaScript and several kernels can share one source), and functions. `export function` names of the
 *   compiled file are the module's exports; other functions are internal (callable from the module's functions).
 * - Parameters `Float64Array`, `Int32Array` or `Uint8Array` (an i32 byte address in the module's one imported memory), `Int` (i32;
 *   the type of src/linalg/wasmModule.ts) or `number` (f64); return type `void`, `number` or `Int`; all annotated.
 * - Statements: `const`/`let` declarations (a local's type is its annotation, else its initializer's, else f64),
 *   assignments `=`, `+=`, `-=`, `*=`, `/=` to locals and parameters or to `array[index]`, `++`/`--` of an Int local or
 *   of an Int32Array's element, `if`/`else`, `for (init; condition; update)` with an Int counter, `while (condition)`,
 *   `break` and `continue` (of the innermost loop), `return`, blocks, calls of the file's functions.
 * - Expressions: numeric literals (of the other operand's type; `-0` is the f64 −0), locals, parentheses, unary `-`,
 *   `+ - * /` (Int or f64 on both sides, no conversions; `/` not on Int), comparisons `< <= > >= === !==`, `&&`, `||`
 *   and `!` of comparisons, `c ? a : b` (wasm select), `array[index]` (a number of a Float64Array, an Int of an
 *   Int32Array, an Int byte of a Uint8Array; a constant part of the index goes into the access's offset, so the rest
 *   must not be negative), `Math.sqrt`, `Math.abs`, `Math.floor`, `Math.min` and `Math.max` of two numbers, `Math.atan2`,
 *   `Math.sin` and `Math.cos` (calls of the host's, imported as env.atan2, env.sin, env.cos: no wasm instruction computes
 *   them), `x | 0` of
 *   a number (its Int, truncated; wasm traps beyond ±2³¹), calls of the file's functions. `&&`, `||` and `?:` evaluate both sides, as wasm does:
 *   keep them free of effects and of loads that may leave the memory (an index of −1).
 *
 * {@link kernelSources} lists the files the engine uses; `npm run generate:wasm` stores their modules, and
 * test/scripts/wasmKernelCompiler.test.ts fails while a stored module and its source differ.
 * @module
 */

import { readFileSync } from 'node:fs';
import { posix } from 'node:path';
import ts from 'typescript';
import {
  add, call, type Code, f64, float, floatAbs, floatAdd, floatDiv, floatMax, floatMul, floatNeg, floatSqrt, floatSub,
  get, i32, int, isZero, loadFloat, loadInt, mul, returnValue, select, set, shl, storeFloat, storeInt, sub, type ValueType, wasmModuleBytes,
  unsignedLeb, wasmModuleText, type WasmFunction, type WasmImport, when,
} from '../src/linalg/wasmModule.ts';

/** A kernel source file the engine loads as a stored module. Paths are relative to the repository. */
export interface KernelSource {
  /** The TypeScript subset source. */
  readonly source: string;
  /** The generated file that stores the module's bytes as base64. */
  readonly module: string;
  /** The exported constant of the generated file. */
  readonly constant: string;
  /** What the module is (the constant's doc comment). */
  readonly description: string;
}

/** The kernel sources compiled by this compiler and stored for the engine (each one module of its own). */
export const kernelSources: readonly KernelSource[] = [
  { source: 'src/items/objects/ffrfReducedOrderKernelsSource.ts', module: 'src/items/objects/ffrfReducedOrderKernelsModule.ts', constant: 'ffrfReducedOrderModuleBase64', description: 'The WebAssembly module of ObjectFFRFreducedOrder\'s kernels (ffrfReducedOrderKernelsSource.ts).' },
  { source: 'src/items/objects/rigidBodySpringDamperKernelsSource.ts', module: 'src/items/objects/rigidBodySpringDamperKernelsModule.ts', constant: 'rigidBodySpringDamperModuleBase64', description: 'The WebAssembly module of ObjectConnectorRigidBodySpringDamper\'s q-Jacobian columns (rigidBodySpringDamperKernelsSource.ts)' },
  { source: 'src/items/objects/ancfCable2DKernelsSource.ts', module: 'src/items/objects/ancfCable2DKernelsModule.ts', constant: 'ancfCable2DModuleBase64', description: 'The WebAssembly module of the planar ANCF cable element\'s kernels' },
  { source: 'src/items/objects/ancfCable2DForceKernelsSource.ts', module: 'src/items/objects/ancfCable2DForceKernelsModule.ts', constant: 'ancfCable2DForceModuleBase64', description: 'The WebAssembly module of the planar ANCF cable element\'s elastic forces' },
  { source: 'src/items/objects/rollingDiscGeometryKernelsSource.ts', module: 'src/items/objects/rollingDiscGeometryKernelsModule.ts', constant: 'rollingDiscGeometryModuleBase64', description: 'The contact kinematics of RollingDiscGeometry (rollingDiscGeometryKernelsSource.ts) as a WebAssembly module.' },
  { source: 'src/items/objects/rollingDiscPenaltyForceKernelsSource.ts', module: 'src/items/objects/rollingDiscPenaltyForceKernelsModule.ts', constant: 'rollingDiscPenaltyForceModuleBase64', description: 'The forces of ObjectConnectorRollingDiscPenalty (rollingDiscPenaltyForceKernelsSource.ts) as a WebAssembly module.' },
  { source: 'src/items/objects/rollingDiscPenaltyKernelsSource.ts', module: 'src/items/objects/rollingDiscPenaltyKernelsModule.ts', constant: 'rollingDiscPenaltyModuleBase64', description: 'The Jacobian columns of ObjectConnectorRollingDiscPenalty (rollingDiscPenaltyKernelsSource.ts) as a WebAssembly module.' },
  { source: 'src/items/objects/rollingDiscJointKernelsSource.ts', module: 'src/items/objects/rollingDiscJointKernelsModule.ts', constant: 'rollingDiscJointModuleBase64', description: "ObjectJointRollingDisc's node-coordinate kernels (rollingDiscJointKernelsSource.ts) as a WebAssembly module." },
  { source: 'src/items/objects/rigidBodyKernelsSource.ts', module: 'src/items/objects/rigidBodyKernelsModule.ts', constant: 'rigidBodyModuleBase64', description: "ObjectRigidBody's mass matrix, mass product and mass-proportional load on Euler parameters" },
  { source: 'src/items/objects/rigidBodyVelocityKernelsSource.ts', module: 'src/items/objects/rigidBodyVelocityKernelsModule.ts', constant: 'rigidBodyVelocityModuleBase64', description: "ObjectRigidBody's quadratic velocity terms and point position kernels on Euler parameters" },
  { source: 'src/items/objects/contactCurveCirclesKernelsSource.ts', module: 'src/items/objects/contactCurveCirclesKernelsModule.ts', constant: 'contactCurveCirclesModuleBase64', description: "ObjectContactCurveCircles' forces and post-Newton step" },
  { source: 'src/items/objects/rigidBodyJacobianKernelsSource.ts', module: 'src/items/objects/rigidBodyJacobianKernelsModule.ts', constant: 'rigidBodyJacobianModuleBase64', description: "ObjectRigidBody's gyroscopic Jacobian on Euler parameters without COM offset" },
  { source: 'src/items/objects/rigidBodyLoadJacobianKernelsSource.ts', module: 'src/items/objects/rigidBodyLoadJacobianKernelsModule.ts', constant: 'rigidBodyLoadJacobianModuleBase64', description: "ObjectRigidBody's load Jacobian at a body-fixed point on Euler parameters" },
  { source: 'src/items/objects/rigidBodyTaitBryanKernelsSource.ts', module: 'src/items/objects/rigidBodyTaitBryanKernelsModule.ts', constant: 'rigidBodyTaitBryanModuleBase64', description: "ObjectRigidBody's quadratic velocity terms and gyroscopic Jacobian on Tait–Bryan angles without COM offset" },
  { source: 'src/items/objects/beamGeometricallyExactKernelsSource.ts', module: 'src/items/objects/beamGeometricallyExactKernelsModule.ts', constant: 'beamGeometricallyExactModuleBase64', description: "ObjectBeamGeometricallyExact's relative motion, nodal forces and ∂f/∂q columns (beamGeometricallyExactKernelsSource.ts)" },
  { source: 'src/linalg/sparsePatternKernelsSource.ts', module: 'src/linalg/sparsePatternKernelsModule.ts', constant: 'sparsePatternModuleBase64', description: "SparseLDLT's symbolic analysis: the candidate orderings' elimination trees and column counts, the permuted lower triangle" },
  { source: 'src/contact/ancfCableCircleKernelsSource.ts', module: 'src/contact/ancfCableCircleKernelsModule.ts', constant: 'ancfCableCircleModuleBase64', description: 'GeneralContact\'s circle–ANCF cable contact (ancfCableCircleKernelsSource.ts) as a WebAssembly module.' },
  { source: 'src/items/objects/beamGeometricallyExact2DKernelsSource.ts', module: 'src/items/objects/beamGeometricallyExact2DKernelsModule.ts', constant: 'beamGeometricallyExact2DModuleBase64', description: "ObjectBeamGeometricallyExact2D's section angles and ∂f/∂q (beamGeometricallyExact2DKernelsSource.ts)" },
  { source: 'src/items/objects/reevingSystemKernelsSource.ts', module: 'src/items/objects/reevingSystemKernelsModule.ts', constant: 'reevingSystemModuleBase64', description: "ObjectConnectorReevingSystemSprings' spans and loads (reevingSystemKernelsSource.ts)" },
  { source: 'src/fem/abaqusMatrixKernelsSource.ts', module: 'src/fem/abaqusMatrixKernelsModule.ts', constant: 'abaqusMatrixModuleBase64', description: "The scanner of an Abaqus matrix file's plain coordinate lines (abaqusMatrixKernelsSource.ts)" },
  { source: 'src/items/objects/jointKernelsSource.ts', module: 'src/items/objects/jointKernelsModule.ts', constant: 'jointModuleBase64', description: "The joints' equations, Jacobian rows and reactions from the markers' kinematics (jointKernelsSource.ts)" },
  { source: 'src/io/textOutputKernelsSource.ts', module: 'src/io/textOutputKernelsModule.ts', constant: 'textOutputModuleBase64', description: 'The text of sensor and solution rows (textOutputKernelsSource.ts) as a WebAssembly module' },
  { source: 'src/items/objects/translationSpringDamperKernelsSource.ts', module: 'src/items/objects/translationSpringDamperKernelsModule.ts', constant: 'translationSpringDamperModuleBase64', description: "The generalized forces of a translation-only ObjectConnectorRigidBodySpringDamper on node markers (translationSpringDamperKernelsSource.ts)" },
  { source: 'src/items/objects/torsionalSpringDamperKernelsSource.ts', module: 'src/items/objects/torsionalSpringDamperKernelsModule.ts', constant: 'torsionalSpringDamperModuleBase64', description: "ObjectConnectorTorsionalSpringDamper's generalized forces on node markers (torsionalSpringDamperKernelsSource.ts)" },
  { source: 'src/items/objects/intrinsicSpringDamperKernelsSource.ts', module: 'src/items/objects/intrinsicSpringDamperKernelsModule.ts', constant: 'intrinsicSpringDamperModuleBase64', description: "The generalized forces of an intrinsic ObjectConnectorRigidBodySpringDamper on node markers (intrinsicSpringDamperKernelsSource.ts)" },
];

/** A value's type in a kernel: f64, i32 (Int), a Float64Array's, an Int32Array's or a Uint8Array's address, or a comparison's 0 or 1. */
type KernelType = 'f64' | 'i32' | 'array' | 'intArray' | 'byteArray' | 'condition';

/** An array type's element: its value type and its bytes. */
const elements = { array: { type: 'f64', bytes: 8 }, intArray: { type: 'i32', bytes: 4 }, byteArray: { type: 'i32', bytes: 1 } } as const;

/** Whether a type is an array's address. */
const isArray = (type: KernelType | undefined): type is 'array' | 'intArray' | 'byteArray' =>
  type === 'array' || type === 'intArray' || type === 'byteArray';

/**
 * The structured-control labels around the code being compiled, innermost last: a loop's exit block, its loop, the
 * block its body's `continue` leaves (for loops with one), and an if's arms (a label of wasm's too).
 */
type Label = 'exit' | 'top' | 'continue' | 'if';

/** A local or parameter: its index among the function's locals (parameters first) and its type. */
interface Variable {
  readonly index: number;
  readonly type: KernelType;
  readonly constant: boolean;
}

/** A function of the file: index in the module, parameter and result types. */
interface FunctionSignature {
  readonly index: number;
  readonly parameters: readonly KernelType[];
  readonly result: 'f64' | 'i32' | undefined;
}

/** The comparison operators' opcodes: [i32, f64]. */
const comparisons: Partial<Record<ts.SyntaxKind, readonly [number, number]>> = {
  [ts.SyntaxKind.LessThanToken]: [0x48, 0x63],
  [ts.SyntaxKind.GreaterThanToken]: [0x4a, 0x64],
  [ts.SyntaxKind.LessThanEqualsToken]: [0x4c, 0x65],
  [ts.SyntaxKind.GreaterThanEqualsToken]: [0x4e, 0x66],
  [ts.SyntaxKind.EqualsEqualsEqualsToken]: [0x46, 0x61],
  [ts.SyntaxKind.ExclamationEqualsEqualsToken]: [0x47, 0x62],
};

const compoundOperators: Partial<Record<ts.SyntaxKind, ts.SyntaxKind>> = {
  [ts.SyntaxKind.PlusEqualsToken]: ts.SyntaxKind.PlusToken,
  [ts.SyntaxKind.MinusEqualsToken]: ts.SyntaxKind.MinusToken,
  [ts.SyntaxKind.AsteriskEqualsToken]: ts.SyntaxKind.AsteriskToken,
  [ts.SyntaxKind.SlashEqualsToken]: ts.SyntaxKind.SlashToken,
};

/**
 * The Math functions a kernel calls in the host, imported as env.<name> (storedWasmModule.ts's instantiateKernels passes
 * them): the engine's own Math function, so the same double as the source run as JavaScript.
 */
const hostFunctions: ReadonlyMap<string, WasmImport> = new Map([
  ['atan2', { name: 'atan2', params: [f64, f64], result: f64 }],
  ['sin', { name: 'sin', params: [f64], result: f64 }],
  ['cos', { name: 'cos', params: [f64], result: f64 }],
]);

/** f64.min (as Math.min of two numbers: NaN if either is, −0 below +0). */
const floatMin = (a: Code, b: Code): Code => [a, b, 0xa4];
/** f64.floor (as Math.floor). */
const floatFloor = (a: Code): Code => [a, 0x9c];
/** i32.trunc_f64_s (as x | 0 for −2³¹ < x < 2³¹; wasm traps outside). */
const truncate = (a: Code): Code => [a, 0xaa];
/** i32.load8_u at address + offset. */
const loadByte = (address: Code, offset = 0): Code => [address, 0x2d, 0, unsignedLeb(offset)];
/** i32.store8 of value's low byte at address + offset. */
const storeByte = (address: Code, value: Code, offset = 0): Code => [address, value, 0x3a, 0, unsignedLeb(offset)];
/** i32.and */
const and = (a: Code, b: Code): Code => [a, b, 0x71];
/** i32.or */
const or = (a: Code, b: Code): Code => [a, b, 0x72];
/** drop */
const drop = (a: Code): Code => [a, 0x1a];
/** block { loop { … br 0 } } around a loop body that leaves with br_if 1. */
const loop = (body: Code): Code => [0x02, 0x40, 0x03, 0x40, body, 0x0c, 0x00, 0x0b, 0x0b];

/**
 * Compiles one file's kernels (its text) into the bytes of a module; `fileName` (relative to the repository) names the
 * file in errors and is where its imports are resolved from.
 */
export function compileKernels(text: string, fileName: string): Uint8Array<ArrayBuffer> {
  const file = ts.createSourceFile(fileName, text, ts.ScriptTarget.ES2022, true, ts.ScriptKind.TS);
  const fail = (node: ts.Node, message: string): never => {
    const source = node.getSourceFile();
    const { line, character } = source.getLineAndCharacterOfPosition(node.getStart(source));
    throw new Error(`${source.fileName}:${line + 1}:${character + 1}: ${message}: ${node.getText(source).split('\n')[0].slice(0, 80)}`);
  };

  // the file's functions, then those of the kernel files it imports from (all of each such file's functions, internal
  // to this module), each file once
  const declarations: ts.FunctionDeclaration[] = [];
  const read = new Set<string>([fileName]);
  const collect = (source: ts.SourceFile): void => {
    for (const statement of source.statements) {
      if (ts.isImportDeclaration(statement) && statement.importClause?.isTypeOnly) continue;
      if (ts.isImportDeclaration(statement)) {
        const imported = importedKernelFile(statement, source, fail);
        if (read.has(imported.fileName)) continue;
        read.add(imported.fileName);
        collect(imported);
        continue;
      }
      if (ts.isFunctionDeclaration(statement) && statement.name && statement.body) declarations.push(statement);
      else fail(statement, 'only imports and function declarations at the top level of a kernel file');
    }
  };
  collect(file);

  const typeOfAnnotation = (node: ts.Node, annotation: ts.TypeNode | undefined, allowArray: boolean): KernelType | undefined => {
    if (annotation === undefined) return undefined;
    const text = annotation.getText();
    if (text === 'number') return 'f64';
    if (text === 'Int') return 'i32';
    if (text === 'Float64Array' && allowArray) return 'array';
    if (text === 'Int32Array' && allowArray) return 'intArray';
    if (text === 'Uint8Array' && allowArray) return 'byteArray';
    return fail(node, `type ${text} is not a kernel type (number, Int${allowArray ? ', Float64Array, Int32Array, Uint8Array' : ''})`);
  };

  // the host functions the module's functions call (Math.atan2 as env.atan2, …), numbered before the module's own
  const calledHostFunctions = new Set<string>();
  const findHostCalls = (node: ts.Node): void => {
    if (ts.isCallExpression(node) && ts.isPropertyAccessExpression(node.expression) && ts.isIdentifier(node.expression.expression)
      && node.expression.expression.text === 'Math' && hostFunctions.has(node.expression.name.text)) calledHostFunctions.add(node.expression.name.text);
    ts.forEachChild(node, findHostCalls);
  };
  declarations.forEach(findHostCalls);
  const imports = [...hostFunctions.values()].filter((host) => calledHostFunctions.has(host.name));

  const signatures = new Map<string, FunctionSignature>();
  declarations.forEach((declaration, position) => {
    const index = imports.length + position;
    const parameters = declaration.parameters.map((p) => {
      if (!ts.isIdentifier(p.name) || p.initializer || p.dotDotDotToken || p.questionToken) fail(p, 'a parameter is a plain name with a type');
      return typeOfAnnotation(p, p.type, true) ?? fail(p, 'a parameter needs a type');
    });
    const resultText = declaration.type?.getText() ?? fail(declaration, 'a function needs a return type');
    const result = resultText === 'void' ? undefined : resultText === 'number' ? 'f64' as const : resultText === 'Int' ? 'i32' as const
      : fail(declaration, `return type ${resultText} is not void, number or Int`);
    if (signatures.has(declaration.name!.text)) fail(declaration, 'a function of this name is in the module already (from this file or an imported one)');
    signatures.set(declaration.name!.text, { index, parameters, result });
  });

  const functions: WasmFunction[] = declarations.map((declaration) => {
    const signature = signatures.get(declaration.name!.text)!;
    const params: Record<string, ValueType> = {};
    const locals: Record<string, ValueType> = {};
    const scopes: Map<string, Variable>[] = [new Map()];
    const labels: Label[] = [];
    let localCount = 0;
    declaration.parameters.forEach((p, k) => {
      const name = (p.name as ts.Identifier).text;
      const type = signature.parameters[k];
      params[name] = type === 'f64' ? f64 : i32;
      scopes[0].set(name, { index: k, type, constant: false });
    });

    const lookup = (node: ts.Identifier): Variable => {
      for (let s = scopes.length - 1; s >= 0; s--) {
        const variable = scopes[s].get(node.text);
        if (variable) return variable;
      }
      return fail(node, 'unknown name');
    };
    const declare = (node: ts.Node, name: string, type: KernelType, constant: boolean): Variable => {
      if (scopes[scopes.length - 1].has(name)) fail(node, `${name} is declared twice in one block`);
      // the module writer numbers parameters, then locals, in the order of their records' keys (none integer-like)
      locals[`${name}#${localCount}`] = type === 'f64' ? f64 : i32;
      const variable = { index: declaration.parameters.length + localCount++, type, constant };
      scopes[scopes.length - 1].set(name, variable);
      return variable;
    };

    /** The type of an expression, undefined for a literal (which takes its context's). */
    const infer = (node: ts.Expression): KernelType | undefined => {
      if (ts.isParenthesizedExpression(node)) return infer(node.expression);
      if (ts.isNumericLiteral(node)) return undefined;
      if (ts.isIdentifier(node)) return lookup(node).type;
      if (ts.isElementAccessExpression(node)) return elements[arrayOf(node)].type;
      if (ts.isPrefixUnaryExpression(node)) {
        if (node.operator === ts.SyntaxKind.ExclamationToken) return 'condition';
        if (node.operator === ts.SyntaxKind.MinusToken) return infer(node.operand);
        return fail(node, 'unary operator not in the subset');
      }
      if (ts.isBinaryExpression(node)) {
        const op = node.operatorToken.kind;
        if (op === ts.SyntaxKind.AmpersandAmpersandToken || op === ts.SyntaxKind.BarBarToken || comparisons[op] !== undefined) return 'condition';
        if (op === ts.SyntaxKind.BarToken) return 'i32';
        return infer(node.left) ?? infer(node.right);
      }
      if (ts.isConditionalExpression(node)) return infer(node.whenTrue) ?? infer(node.whenFalse);
      if (ts.isCallExpression(node)) {
        if (ts.isPropertyAccessExpression(node.expression)) return 'f64';
        if (ts.isIdentifier(node.expression)) {
          const callee = signatures.get(node.expression.text) ?? fail(node, 'unknown function');
          return callee.result ?? fail(node, 'a void function has no value');
        }
      }
      return fail(node, 'expression not in the subset');
    };

    const literal = (node: ts.Expression, negative: boolean, type: KernelType): Code => {
      const value = (negative ? -1 : 1) * Number((node as ts.NumericLiteral).text.replace(/_/g, ''));
      if (type === 'f64') return float(value);
      if (type === 'i32' && Number.isInteger(value) && Math.abs(value) <= 0x7fffffff) return int(value);
      return fail(node, `the literal is not a ${type === 'i32' ? '32-bit integer' : 'number here'}`);
    };

    /** The expression's code as a value of `type` (f64 or i32; a condition is an i32 0 or 1). */
    const emit = (node: ts.Expression, type: KernelType): Code => {
      if (ts.isParenthesizedExpression(node)) return emit(node.expression, type);
      if (ts.isNumericLiteral(node)) return literal(node, false, type);
      const actual = infer(node) ?? type;
      if (actual !== type) fail(node, `a ${describe(actual)} where a ${describe(type)} is expected`);
      if (ts.isIdentifier(node)) return get(lookup(node).index);
      if (ts.isElementAccessExpression(node)) {
        const kind = arrayOf(node);
        return kind === 'array' ? loadFloat(...address(node)) : kind === 'intArray' ? loadInt(...address(node)) : loadByte(...address(node));
      }
      if (ts.isPrefixUnaryExpression(node)) {
        if (node.operator === ts.SyntaxKind.ExclamationToken) return isZero(condition(node.operand));
        const operand = skipParentheses(node.operand);
        if (ts.isNumericLiteral(operand)) return literal(operand, true, type);
        return type === 'f64' ? floatNeg(emit(node.operand, 'f64')) : sub(int(0), emit(node.operand, 'i32'));
      }
      if (ts.isBinaryExpression(node)) {
        const op = node.operatorToken.kind;
        if (op === ts.SyntaxKind.AmpersandAmpersandToken) return and(condition(node.left), condition(node.right));
        if (op === ts.SyntaxKind.BarBarToken) return or(condition(node.left), condition(node.right));
        if (op === ts.SyntaxKind.BarToken) {
          const right = skipParentheses(node.right);
          if (!ts.isNumericLiteral(right) || Number(right.text) !== 0 || (infer(node.left) ?? 'f64') !== 'f64') fail(node, '| is only number | 0');
          return truncate(emit(node.left, 'f64'));
        }
        const opcodes = comparisons[op];
        if (opcodes !== undefined) {
          const operands = infer(node.left) ?? infer(node.right) ?? 'f64';
          if (operands !== 'f64' && operands !== 'i32') fail(node, 'comparisons are of numbers or Ints');
          return [emit(node.left, operands), emit(node.right, operands), opcodes[operands === 'f64' ? 1 : 0]];
        }
        return arithmetic(node, op, emit(node.left, type), emit(node.right, type), type);
      }
      if (ts.isConditionalExpression(node)) return select(emit(node.whenTrue, type), emit(node.whenFalse, type), condition(node.condition));
      if (ts.isCallExpression(node)) return callExpression(node);
      return fail(node, 'expression not in the subset');
    };

    const arithmetic = (node: ts.Node, op: ts.SyntaxKind, left: Code, right: Code, type: KernelType): Code => {
      if (type === 'f64') {
        if (op === ts.SyntaxKind.PlusToken) return floatAdd(left, right);
        if (op === ts.SyntaxKind.MinusToken) return floatSub(left, right);
        if (op === ts.SyntaxKind.AsteriskToken) return floatMul(left, right);
        if (op === ts.SyntaxKind.SlashToken) return floatDiv(left, right);
      } else if (type === 'i32') {
        if (op === ts.SyntaxKind.PlusToken) return add(left, right);
        if (op === ts.SyntaxKind.MinusToken) return sub(left, right);
        if (op === ts.SyntaxKind.AsteriskToken) return mul(left, right);
      }
      return fail(node, `operator not in the subset for a ${describe(type)}`);
    };

    const condition = (node: ts.Expression): Code => {
      if (infer(node) !== 'condition') fail(node, 'a condition must be a comparison (or &&, ||, ! of comparisons)');
      return emit(node, 'condition');
    };

    /** The kind of array that array[index] indexes (a Float64Array or Int32Array parameter). */
    const arrayOf = (node: ts.ElementAccessExpression): 'array' | 'intArray' | 'byteArray' => {
      const type = ts.isIdentifier(node.expression) ? lookup(node.expression).type : undefined;
      return isArray(type) ? type : fail(node, 'only a Float64Array, Int32Array or Uint8Array parameter is indexed');
    };
    /** The address code and the constant byte offset of array[index]. */
    const address = (node: ts.ElementAccessExpression): [Code, number] => {
      const bytes = elements[arrayOf(node)].bytes;
      const scaled = (code: Code): Code => bytes === 1 ? code : shl(code, int(bytes === 8 ? 3 : 2));
      const base = get(lookup(node.expression as ts.Identifier).index);
      const index = skipParentheses(node.argumentExpression);
      if (ts.isNumericLiteral(index)) return [base, bytes * Number(literalValue(index, 'i32'))];
      if (ts.isBinaryExpression(index) && index.operatorToken.kind === ts.SyntaxKind.PlusToken) {
        const right = skipParentheses(index.right);
        if (ts.isNumericLiteral(right)) return [add(base, scaled(emit(index.left, 'i32'))), bytes * Number(literalValue(right, 'i32'))];
      }
      return [add(base, scaled(emit(index, 'i32'))), 0];
    };
    const literalValue = (node: ts.NumericLiteral, type: KernelType): number => {
      literal(node, false, type);
      return Number(node.text.replace(/_/g, ''));
    };

    const callExpression = (node: ts.CallExpression): Code => {
      const callee = node.expression;
      if (ts.isPropertyAccessExpression(callee) && ts.isIdentifier(callee.expression) && callee.expression.text === 'Math') {
        const name = callee.name.text;
        const args = node.arguments.map((a) => emit(a, 'f64'));
        if ((name === 'sqrt' || name === 'abs') && args.length === 1) return name === 'sqrt' ? floatSqrt(args[0]) : floatAbs(args[0]);
        if ((name === 'min' || name === 'max') && args.length === 2) return name === 'min' ? floatMin(args[0], args[1]) : floatMax(args[0], args[1]);
        if (name === 'floor' && args.length === 1) return floatFloor(args[0]);
        const host = hostFunctions.get(name);
        if (host !== undefined && args.length === host.params.length) return call(imports.indexOf(host), ...args);
        return fail(node, 'only Math.sqrt, Math.abs, Math.floor, Math.sin, Math.cos (one argument), Math.min, Math.max and Math.atan2 (two) are in the subset');
      }
      if (!ts.isIdentifier(callee)) return fail(node, 'only the file\'s functions and Math.sqrt/abs/floor/min/max/atan2/sin/cos are called');
      const signature = signatures.get(callee.text) ?? fail(node, 'unknown function');
      if (node.arguments.length !== signature.parameters.length) fail(node, `${signature.parameters.length} arguments expected`);
      const args = node.arguments.map((a, k) => {
        const type = signature.parameters[k];
        if (!isArray(type)) return emit(a, type);
        if (!ts.isIdentifier(a) || lookup(a).type !== type) fail(a, `a ${describe(type)} argument is a ${describe(type)} parameter`);
        return get(lookup(a as ts.Identifier).index);
      });
      return call(signature.index, ...args);
    };

    const assign = (node: ts.Node, target: ts.Expression, value: (type: KernelType) => Code): Code => {
      const left = skipParentheses(target);
      if (ts.isIdentifier(left)) {
        const variable = lookup(left);
        if (variable.constant) fail(node, `${left.text} is a const`);
        if (isArray(variable.type)) fail(node, `a ${describe(variable.type)} parameter is not assigned`);
        return set(variable.index, value(variable.type));
      }
      if (ts.isElementAccessExpression(left)) {
        const [base, offset] = address(left);
        const kind = arrayOf(left);
        return kind === 'array' ? storeFloat(base, value('f64'), offset) : kind === 'intArray' ? storeInt(base, value('i32'), offset) : storeByte(base, value('i32'), offset);
      }
      return fail(node, 'only a local or array[index] is assigned');
    };

    const statement = (node: ts.Statement): Code => {
      if (ts.isBlock(node)) return block(node.statements);
      if (ts.isVariableStatement(node)) return variableList(node.declarationList);
      if (ts.isExpressionStatement(node)) return expressionStatement(node.expression);
      if (ts.isIfStatement(node)) {
        return when(condition(node.expression), labeled(['if'], () => scoped(() => statement(node.thenStatement))),
          node.elseStatement === undefined ? undefined : labeled(['if'], () => scoped(() => statement(node.elseStatement!))));
      }
      if (ts.isForStatement(node)) {
        return scoped(() => {
          const init = node.initializer === undefined ? [] : ts.isVariableDeclarationList(node.initializer)
            ? variableList(node.initializer) : expressionStatement(node.initializer);
          if (node.condition === undefined || node.incrementor === undefined) fail(node, 'a for loop has a condition and an update');
          const leave = labeled(['exit', 'top'], () => [isZero(condition(node.condition!)), 0x0d, 1]);
          // a body with `continue` is a block of its own, which `continue` leaves for the update
          const body = continues(node.statement)
            ? [0x02, 0x40, labeled(['exit', 'top', 'continue'], () => scoped(() => statement(node.statement))), 0x0b]
            : labeled(['exit', 'top'], () => scoped(() => statement(node.statement)));
          return [init, loop([leave, body, expressionStatement(node.incrementor!)])];
        });
      }
      if (ts.isWhileStatement(node)) {
        return labeled(['exit', 'top'], () => loop([[isZero(condition(node.expression)), 0x0d, 1], scoped(() => statement(node.statement))]));
      }
      if (ts.isBreakStatement(node) || ts.isContinueStatement(node)) {
        if (node.label !== undefined) fail(node, 'break and continue have no label');
        const target = ts.isBreakStatement(node) ? 'exit' : labels.lastIndexOf('continue') > labels.lastIndexOf('top') ? 'continue' : 'top';
        const at = labels.lastIndexOf(target);
        if (at < 0) fail(node, `${ts.isBreakStatement(node) ? 'break' : 'continue'} outside a loop`);
        return [0x0c, labels.length - 1 - at];
      }
      if (ts.isReturnStatement(node)) {
        if (signature.result === undefined) return node.expression ? fail(node, 'a void function returns no value') : [0x0f];
        return returnValue(emit(node.expression ?? fail(node, 'a value is returned'), signature.result));
      }
      return fail(node, 'statement not in the subset');
    };

    const variableList = (list: ts.VariableDeclarationList): Code => {
      const constant = (list.flags & ts.NodeFlags.Const) !== 0;
      if ((list.flags & (ts.NodeFlags.Let | ts.NodeFlags.Const)) === 0) fail(list, 'declare with const or let');
      return list.declarations.map((d) => {
        if (!ts.isIdentifier(d.name)) fail(d, 'a declaration names one local');
        const type = typeOfAnnotation(d, d.type, false) ?? (d.initializer ? infer(d.initializer) : undefined) ?? 'f64';
        if (type === 'condition' || isArray(type)) fail(d, 'a local is a number or an Int');
        const code = d.initializer === undefined ? [] : emit(d.initializer, type);
        const variable = declare(d, (d.name as ts.Identifier).text, type, constant);
        return d.initializer === undefined ? [] : set(variable.index, code);
      });
    };

    const expressionStatement = (node: ts.Expression): Code => {
      if (ts.isBinaryExpression(node)) {
        const op = node.operatorToken.kind;
        if (op === ts.SyntaxKind.EqualsToken) return assign(node, node.left, (type) => emit(node.right, type));
        const binary = compoundOperators[op];
        if (binary !== undefined) {
          return assign(node, node.left, (type) => arithmetic(node, binary, emit(node.left, type), emit(node.right, type), type));
        }
      }
      if ((ts.isPostfixUnaryExpression(node) || ts.isPrefixUnaryExpression(node))
        && (node.operator === ts.SyntaxKind.PlusPlusToken || node.operator === ts.SyntaxKind.MinusMinusToken)) {
        const operand = node.operand;
        if (infer(operand) !== 'i32') fail(node, '++ and -- are of Int locals and Int32Array elements');
        const step = node.operator === ts.SyntaxKind.PlusPlusToken ? add : sub;
        return assign(node, operand, () => step(emit(operand, 'i32'), int(1)));
      }
      if (ts.isCallExpression(node)) {
        const code = callExpression(node);
        const callee = ts.isIdentifier(node.expression) ? signatures.get(node.expression.text) : undefined;
        return callee !== undefined && callee.result === undefined ? code : drop(code);
      }
      return fail(node, 'expression statement not in the subset');
    };

    const scoped = (body: () => Code): Code => {
      scopes.push(new Map());
      const code = body();
      scopes.pop();
      return code;
    };
    const block = (statements: ts.NodeArray<ts.Statement>): Code => scoped(() => statements.map(statement));
    /** The code compiled inside the given labels (see {@link Label}). */
    const labeled = (inside: readonly Label[], body: () => Code): Code => {
      labels.push(...inside);
      const code = body();
      labels.length -= inside.length;
      return code;
    };

    const body = block(declaration.body!.statements);
    // a function with a result ends in `unreachable` after its returns, so that wasm's validation accepts the end
    const code: Code = signature.result === undefined ? body : [body, 0x00];
    return {
      name: declaration.name!.text,
      params,
      locals,
      // the exports of the compiled file; an imported file's functions are internal
      exported: declaration.getSourceFile() === file && (declaration.modifiers?.some((m) => m.kind === ts.SyntaxKind.ExportKeyword) ?? false),
      result: signature.result === undefined ? undefined : signature.result === 'f64' ? f64 : i32,
      body: () => code,
    };
  });
  return wasmModuleBytes(functions, imports);
}

/** Whether a loop body holds a `continue` of its own loop (not of a loop inside it). */
function continues(node: ts.Node): boolean {
  if (ts.isContinueStatement(node)) return true;
  if (ts.isForStatement(node) || ts.isWhileStatement(node) || ts.isDoStatement(node)) return false;
  return ts.forEachChild(node, (child) => continues(child) || undefined) ?? false;
}

/**
 * The kernel file an import names (`import { f } from './other.ts'`: a relative path, named functions that the file
 * declares), parsed; `fail` reports anything else.
 */
function importedKernelFile(statement: ts.ImportDeclaration, from: ts.SourceFile, fail: (node: ts.Node, message: string) => never): ts.SourceFile {
  const specifier = (statement.moduleSpecifier as ts.StringLiteral).text;
  const bindings = statement.importClause?.namedBindings;
  if (!specifier.startsWith('.') || !specifier.endsWith('.ts') || bindings === undefined || !ts.isNamedImports(bindings) || statement.importClause?.name !== undefined) {
    fail(statement, 'a kernel file imports named functions of another kernel file by a relative path ending in .ts');
  }
  const path = posix.normalize(posix.join(posix.dirname(from.fileName), specifier));
  const source = ts.createSourceFile(path, readFileSync(new URL(`../${path}`, import.meta.url), 'utf8'), ts.ScriptTarget.ES2022, true, ts.ScriptKind.TS);
  const declared = new Set(source.statements.filter(ts.isFunctionDeclaration).map((f) => f.name?.text));
  for (const element of (bindings as ts.NamedImports).elements) {
    if (element.isTypeOnly) continue;
    if (element.propertyName !== undefined || !declared.has(element.name.text)) fail(element, `${path} declares no function of this name (imports are not renamed)`);
  }
  return source;
}

function skipParentheses(node: ts.Expression): ts.Expression {
  return ts.isParenthesizedExpression(node) ? skipParentheses(node.expression) : node;
}

function describe(type: KernelType): string {
  return type === 'f64' ? 'number' : type === 'i32' ? 'Int' : type === 'array' ? 'Float64Array' : type === 'intArray' ? 'Int32Array' : type === 'byteArray' ? 'Uint8Array' : 'condition';
}

/** The bytes of a kernel source file's module (the path relative to the repository). */
export function compileKernelFile(path: string): Uint8Array<ArrayBuffer> {
  return compileKernels(readFileSync(new URL(`../${path}`, import.meta.url), 'utf8'), path);
}

/** The text of the generated file that stores a kernel source's module. */
export function kernelModuleText(kernel: KernelSource): string {
  return wasmModuleText(kernel.source, [{ constant: kernel.constant, description: kernel.description, bytes: compileKernelFile(kernel.source) }]);
}
