/**
 * How a bucket of scenario reads travels from a scan worker to the main thread and to the snapshot.
 *
 * The reads of a bucket share a few shapes (the same keys in the same order, a metrics.json's), so
 * each object goes as the number of its shape and its values: numbers, and arrays of numbers, in
 * one Float64Array, which keeps NaN, ±Infinity and -0 and needs no parsing; every other value in one
 * JSON array. The main thread builds each shape's objects with a function made for that shape (an
 * object literal), which costs about half of what `JSON.parse` of the same reads did, and the
 * main thread's share is what bounds the scan. A read whose JSON values hold a number JSON cannot
 * carry travels apart, in V8's own serialization.
 */
import "server-only";
import { deserialize, serialize } from "node:v8";
import type { ScenarioRead } from "./read-scenario";

export type ReadEntry = [name: string, read: ScenarioRead];

export interface EncodedBucket {
  /**
   * `[names, shapes, others, roots]` as JSON (see `encodeBucket`), or that JSON's UTF-8 bytes (as the
   * snapshot stores it: bytes move between threads without a copy, and are decoded only when used).
   */
  meta: string | Uint8Array;
  numbers: Float64Array;
  /** Entries the JSON part could not carry exactly (`v8.serialize`), `null` when there are none. */
  special: Uint8Array | null;
}

/** What a value of a shape is: where it comes from. Codes from `NESTED` on are nested shapes. */
const NUMBER = 0;
const JSON_VALUE = 1;
const NUMBERS = 2;
const BOOLEAN = 3;
const NULL = 4;
const UNDEFINED = 5;
const NESTED = 6;

/** A shape: its keys and, for each, the code of its value. */
type Shape = [keys: string[], codes: number[]];

class Encoder {
  readonly shapes: Shape[] = [];
  /** Shape ids by key count: a bucket has a few shapes, so comparing beats building a key string per object. */
  readonly #bySize = new Map<number, number[]>();
  /**
   * The numbers so far, `numbers[0..n)`. A typed array rather than a list: a list starts out holding
   * small integers and changes its kind at its first double, which threw the encoder's optimized
   * code away again and again (`--trace-deopt`).
   */
  numbers = new Float64Array(1024);
  n = 0;
  others: unknown[] = [];

  /** Encodes one object (depth first, in key order) and returns its shape; nested shapes get lower numbers. */
  object(o: Record<string, unknown>): number {
    const keys = Object.keys(o);
    const codes: number[] = [];
    for (let i = 0; i < keys.length; i++) codes.push(this.#value(o[keys[i] as string]));
    let candidates = this.#bySize.get(keys.length);
    if (!candidates) this.#bySize.set(keys.length, (candidates = []));
    for (let c = 0; c < candidates.length; c++) {
      const id = candidates[c] as number;
      const shape = this.shapes[id] as Shape;
      if (sameStrings(shape[0], keys) && sameNumbers(shape[1], codes)) return id;
    }
    const id = this.shapes.length;
    this.shapes.push([keys, codes]);
    candidates.push(id);
    return id;
  }

  #push(x: number): void {
    if (this.n === this.numbers.length) {
      const grown = new Float64Array(this.numbers.length * 2);
      grown.set(this.numbers);
      this.numbers = grown;
    }
    this.numbers[this.n++] = x;
  }

  #value(v: unknown): number {
    switch (typeof v) {
      case "number":
        this.#push(v);
        return NUMBER;
      case "boolean":
        this.#push(v ? 1 : 0);
        return BOOLEAN;
      case "undefined":
        return UNDEFINED;
      case "object":
        if (v === null) return NULL;
        if (!Array.isArray(v)) return NESTED + this.object(v as Record<string, unknown>);
        if (allNumbers(v)) {
          this.#push(v.length);
          for (let i = 0; i < v.length; i++) this.#push(v[i] as number);
          return NUMBERS;
        }
        break;
    }
    if (!jsonKeeps(v)) throw new NotJson();
    this.others.push(v);
    return JSON_VALUE;
  }
}

class NotJson extends Error {}

// Two functions, not one generic: each sees one kind of list, and stays monomorphic.
function sameStrings(a: readonly string[], b: readonly string[]): boolean {
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

function sameNumbers(a: readonly number[], b: readonly number[]): boolean {
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

function allNumbers(v: unknown[]): boolean {
  for (let i = 0; i < v.length; i++) if (typeof v[i] !== "number") return false;
  return true;
}

/**
 * Encodes a bucket's reads one at a time, as they are read: each read's objects then die young,
 * instead of the whole bucket's surviving the collections that happen before its end.
 */
export class BucketEncoder {
  readonly #encoder = new Encoder();
  readonly #names: string[] = [];
  readonly #roots: number[] = [];
  readonly #odd: ReadEntry[] = [];

  add(entry: ReadEntry): void {
    const encoder = this.#encoder;
    const mark = { numbers: encoder.n, others: encoder.others.length };
    try {
      this.#roots.push(encoder.object(entry[1] as unknown as Record<string, unknown>));
      this.#names.push(entry[0]);
    } catch (error) {
      if (!(error instanceof NotJson)) throw error;
      // Undo this entry's values (shapes it added stay: unused ones cost nothing).
      encoder.n = mark.numbers;
      encoder.others.length = mark.others;
      this.#odd.push(entry);
    }
  }

  finish(): EncodedBucket {
    const encoder = this.#encoder;
    const meta = JSON.stringify([this.#names, encoder.shapes, encoder.others, this.#roots]);
    return { meta, numbers: encoder.numbers.slice(0, encoder.n), special: this.#odd.length ? serialize(this.#odd) : null };
  }
}

export function encodeBucket(entries: readonly ReadEntry[]): EncodedBucket {
  const encoder = new BucketEncoder();
  for (const entry of entries) encoder.add(entry);
  return encoder.finish();
}

/** Whether JSON keeps this value exactly: no NaN, ±Infinity or -0 anywhere in it. */
function jsonKeeps(v: unknown): boolean {
  if (typeof v === "number") return Number.isFinite(v) && !Object.is(v, -0);
  if (Array.isArray(v)) return v.every(jsonKeeps);
  if (v && typeof v === "object") return Object.values(v).every(jsonKeeps);
  return typeof v !== "bigint";
}

/** Object-literal builders by shape keys, made once per process (bounded: keys come from files). */
const BUILDERS = new Map<string, (...values: unknown[]) => Record<string, unknown>>();
const MAX_BUILDERS = 4096;
/** Beyond this many keys a shape is built by a loop (a function's parameter list is not for that). */
const MAX_LITERAL_KEYS = 64;

/**
 * One string per list of keys, and a different one for every other list: joined by NUL when no key
 * holds one (the common case, and cheap), else as JSON; the first character tells which.
 */
function keysId(keys: readonly string[]): string {
  for (let i = 0; i < keys.length; i++) if ((keys[i] as string).includes("\0")) return `\u0001${JSON.stringify(keys)}`;
  return `\0${keys.join("\0")}`;
}

function builderOf(keys: string[]): (...values: unknown[]) => Record<string, unknown> {
  const id = keysId(keys);
  const known = BUILDERS.get(id);
  if (known) return known;
  let build: (...values: unknown[]) => Record<string, unknown>;
  if (keys.length <= MAX_LITERAL_KEYS) {
    // Keys are written as JSON string literals; `__proto__` as a computed key, which defines an own
    // property instead of setting the prototype.
    const props = keys.map((k, i) => `${k === "__proto__" ? `[${JSON.stringify(k)}]` : JSON.stringify(k)}: v${i}`);
    build = new Function(...keys.map((_, i) => `v${i}`), `return { ${props.join(", ")} };`) as typeof build;
  } else {
    build = (...values) => {
      const o: Record<string, unknown> = {};
      keys.forEach((k, i) => Object.defineProperty(o, k, { value: values[i], enumerable: true, writable: true, configurable: true }));
      return o;
    };
  }
  if (BUILDERS.size < MAX_BUILDERS) BUILDERS.set(id, build);
  return build;
}

class Decoder {
  n = 0;
  o = 0;
  readonly codes: number[][];
  readonly builders: Array<(...values: unknown[]) => Record<string, unknown>>;

  constructor(
    shapes: Shape[],
    private readonly numbers: Float64Array,
    private readonly others: unknown[],
  ) {
    this.codes = shapes.map((shape) => shape[1]);
    this.builders = shapes.map((shape) => builderOf(shape[0]));
  }

  object(id: number): Record<string, unknown> {
    const codes = this.codes[id] as number[];
    const numbers = this.numbers;
    const values = new Array<unknown>(codes.length);
    for (let i = 0; i < codes.length; i++) {
      const c = codes[i] as number;
      if (c === NUMBER) values[i] = numbers[this.n++];
      else if (c === BOOLEAN) values[i] = numbers[this.n++] === 1;
      else if (c === JSON_VALUE) values[i] = this.others[this.o++];
      else if (c === NUMBERS) {
        const length = numbers[this.n++] as number;
        const array = new Array<number>(length);
        for (let j = 0; j < length; j++) array[j] = numbers[this.n++] as number;
        values[i] = array;
      } else if (c === NULL) values[i] = null;
      else if (c === UNDEFINED) values[i] = undefined;
      else values[i] = this.object(c - NESTED);
    }
    return (this.builders[id] as (...values: unknown[]) => Record<string, unknown>)(...values);
  }

  /** Every value was used, and none was missing. */
  get complete(): boolean {
    return this.n === this.numbers.length && this.o === this.others.length;
  }
}

/** `null` when this is not a bucket of reads (a damaged snapshot): the caller reads the folders again. */
export function decodeBucket(bucket: EncodedBucket): ReadEntry[] | null {
  try {
    const meta = typeof bucket.meta === "string" ? bucket.meta : Buffer.from(bucket.meta.buffer, bucket.meta.byteOffset, bucket.meta.byteLength).toString("utf8");
    const [names, shapes, others, roots] = JSON.parse(meta) as unknown[];
    if (!isStrings(names) || !Array.isArray(others) || !Array.isArray(roots) || roots.length !== names.length || !validShapes(shapes)) return null;
    const decoder = new Decoder(shapes, bucket.numbers, others);
    const entries: unknown[] = roots.map((root, i) => {
      if (!Number.isInteger(root) || root < 0 || root >= shapes.length) throw new Error("no such shape");
      return [names[i], decoder.object(root as number)];
    });
    if (!decoder.complete) return null;
    if (bucket.special) entries.push(...(deserialize(bucket.special) as unknown[]));
    return entries.every(isEntry) ? entries : null;
  } catch {
    return null;
  }
}

const isStrings = (v: unknown): v is string[] => Array.isArray(v) && v.every((s) => typeof s === "string");

/** Shapes as `encodeBucket` writes them: a nested shape always comes before the shapes that hold it (no cycle). */
function validShapes(shapes: unknown): shapes is Shape[] {
  return (
    Array.isArray(shapes) &&
    shapes.every((shape, id) => {
      if (!Array.isArray(shape) || shape.length !== 2) return false;
      const [keys, codes] = shape as unknown[];
      if (!isStrings(keys) || !Array.isArray(codes) || codes.length !== keys.length) return false;
      return codes.every((c) => Number.isInteger(c) && c >= 0 && (c < NESTED || c - NESTED < id));
    })
  );
}

const KINDS = new Set(["completed", "unfinished", "not-scenario"]);

/** The shape of an entry, checked cheaply (the records themselves come from our own reads). */
function isEntry(entry: unknown): entry is ReadEntry {
  if (!Array.isArray(entry) || entry.length !== 2 || typeof entry[0] !== "string") return false;
  const read = entry[1] as { kind?: unknown; signature?: unknown; problems?: unknown; record?: unknown } | null;
  if (!read || typeof read !== "object" || !KINDS.has(read.kind as string)) return false;
  if (read.kind === "not-scenario") return true;
  return typeof read.signature === "string" && Array.isArray(read.problems) && (read.kind === "unfinished" || (!!read.record && typeof read.record === "object"));
}
