import { describeValue, FlexdynError } from './errors.ts';

/**
 * The value of an own property, or undefined when the key is absent or only inherited (`constructor`,
 * `toString`, a value on the prototype of `Object.create({ physicsMass: 1 })`): inherited properties are
 * never parameters, since reading them would let a shared prototype change a model silently.
 */
export function ownValue(dictionary: object, key: string): unknown {
  return Object.hasOwn(dictionary, key) ? (dictionary as Record<string, unknown>)[key] : undefined;
}

/** True if `value` is a dictionary a user may pass (an object, not null, not an array, not a typed array). */
export function isDictionary(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value) && !ArrayBuffer.isView(value);
}

/**
 * Checks that every own key of `dictionary` is in `known`, and throws a FlexdynError of the form
 * `<where>: 'physicsMas' is not an option of createMassPoint (did you mean 'physicsMass'?); expected one of: …`
 * otherwise. `known` is checked by own membership, so `constructor`, `toString` and `__proto__` are
 * unknown keys like any other misspelling. `kind` names what the keys are ('a parameter of ObjectMassPoint',
 * 'an option of createMassPoint', 'a setting of timeIntegration').
 */
export function checkKnownKeys(where: string, dictionary: unknown, known: readonly string[] | object, kind: string, parameter?: string): void {
  if (!isDictionary(dictionary)) {
    throw new FlexdynError(`${where}: ${parameter === undefined ? '' : `${parameter} `}must be a dictionary, got ${describeValue(dictionary)}`, { parameter });
  }
  const knownNames = Array.isArray(known) ? known as readonly string[] : Object.keys(known);
  const knownSet = new Set(knownNames);
  for (const key of Object.keys(dictionary)) {
    if (!knownSet.has(key)) throw unknownKeyError(where, key, knownNames, kind, parameter);
  }
}

/**
 * The option names of an options interface as a list, declared as `{ name: true, … }`: the compiler rejects a
 * missing or an extra name, so the run-time check of unknown options ({@link ownOptions}) follows the interface.
 */
export function optionNames<T>(names: { readonly [K in keyof Required<T>]: true }): readonly string[] {
  return Object.keys(names);
}

/**
 * The options dictionary of a public function `where`, checked and copied: every own key must be in `known`
 * (else the unknown-key FlexdynError of {@link checkKnownKeys}, 'an option of <where>'), and the copy holds own
 * enumerable keys only, so a value inherited through the prototype is never read. Undefined options count as `{}`.
 */
export function ownOptions<T extends object>(where: string, options: T | undefined, known: readonly string[]): T {
  if (options === undefined) return {} as T;
  checkKnownKeys(where, options, known, `an option of ${where}`, 'options');
  return { ...options };
}

/** The error for an unknown key (see {@link checkKnownKeys}); `parameter` prefixes the key as `parameter.key`. */
export function unknownKeyError(where: string, key: string, known: readonly string[], kind: string, parameter?: string): FlexdynError {
  const suggestion = closestName(key, known);
  const path = parameter === undefined ? key : `${parameter}.${key}`;
  return new FlexdynError(
    `${where}: '${path}' is not ${kind}${suggestion === undefined ? '' : ` (did you mean '${suggestion}'?)`}; expected one of: ${known.join(', ')}`,
    { parameter: path },
  );
}

/** The candidate closest to `name` (case-insensitive Levenshtein distance at most 3), for 'did you mean' hints. */
export function closestName(name: string, candidates: readonly string[]): string | undefined {
  let best: string | undefined;
  let bestDistance = 4;
  for (const candidate of candidates) {
    const d = editDistance(name.toLowerCase(), candidate.toLowerCase());
    if (d < bestDistance) { bestDistance = d; best = candidate; }
  }
  return best;
}

/** Levenshtein distance of two strings (insertions, deletions and substitutions of one character each count 1). */
export function editDistance(a: string, b: string): number {
  const row = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    let diagonal = row[0];
    row[0] = i;
    for (let j = 1; j <= b.length; j++) {
      const above = row[j];
      row[j] = Math.min(row[j] + 1, row[j - 1] + 1, diagonal + (a[i - 1] === b[j - 1] ? 0 : 1));
      diagonal = above;
    }
  }
  return row[b.length];
}
