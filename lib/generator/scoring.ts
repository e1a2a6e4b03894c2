/**
 * The harness's per-scenario scoring (ARTIFACTS.md §1.6, §4.1–4.6, §4.10), reimplemented so that
 * every generated metrics.json is exactly what the runner would have written.
 */
import { pysum } from "@/lib/core/py";
import { f, plain, type PyJson } from "./pyjson";
import { SIGNALS, type SignalName } from "./types";

export interface LatencyStats {
  count: number;
  mean_ms: PyJson;
  p50_ms: PyJson;
  p95_ms: PyJson;
  min_ms: PyJson;
  max_ms: PyJson;
}

/** §4.10: sorted list, p50 = index ⌊n/2⌋, p95 = index ⌊n·0.95⌋, mean = pysum / n; all int 0 when empty. */
export function latencyStats(values: readonly number[]): LatencyStats {
  const n = values.length;
  if (n === 0) return { count: 0, mean_ms: 0, p50_ms: 0, p95_ms: 0, min_ms: 0, max_ms: 0 };
  const s = [...values].sort((a, b) => a - b);
  return {
    count: n,
    mean_ms: f(pysum(s) / n),
    p50_ms: f(s[Math.floor(n / 2)] as number),
    p95_ms: f(s[Math.floor(n * 0.95)] as number),
    min_ms: f(s[0] as number),
    max_ms: f(s[n - 1] as number),
  };
}

export type SignalValue = boolean | number | string | null | undefined;

export interface Breakdown {
  passed: SignalName[];
  failed: SignalName[];
  not_applicable: SignalName[];
  excluded: SignalName[];
}

/** §4.2: pass / fail / not applicable. */
export function normalizeSignal(v: SignalValue): "pass" | "fail" | "na" {
  if (v === undefined || v === null || v === "N/A") return "na";
  if (typeof v === "boolean") return v ? "pass" : "fail";
  if (typeof v === "number") return v >= 1.0 ? "pass" : "fail";
  return "na";
}

/** §4.3. */
export function successBreakdown(values: Partial<Record<SignalName, SignalValue>>, whitelist: readonly SignalName[]): Breakdown {
  const b: Breakdown = { passed: [], failed: [], not_applicable: [], excluded: [] };
  for (const sig of SIGNALS) {
    const n = normalizeSignal(values[sig]);
    if (whitelist.includes(sig)) {
      if (n === "pass") b.passed.push(sig);
      else if (n === "fail") b.failed.push(sig);
      else b.not_applicable.push(sig);
    } else if (n !== "na") {
      b.excluded.push(sig);
    }
  }
  return b;
}

/** §4.4: `is_successful` and `is_task_successful` (the latter undefined when the former is "N/A"). */
export function verdicts(b: Breakdown): { isSuccessful: boolean | "N/A"; isTaskSuccessful?: boolean } {
  if (b.passed.length === 0 && b.failed.length === 0) return { isSuccessful: "N/A" };
  return { isSuccessful: b.failed.length === 0, isTaskSuccessful: b.failed.every((s) => s === "clean_exit") };
}

// ---------------------------------------------------------------------------------------------
// Action matching (§4.1)

export interface MatchOptions {
  strict: boolean;
  ignoreCapitalization: boolean;
  ignorePunctuation: boolean;
}

type Plain = unknown;

function normalizeTop(v: Plain): Plain[] {
  let x = v;
  if (Array.isArray(x) && x.length === 1 && isObject(x[0])) x = x[0];
  if (isObject(x)) return [x];
  return Array.isArray(x) ? x : [x];
}

function isObject(v: unknown): v is Record<string, unknown> {
  return v !== null && typeof v === "object" && !Array.isArray(v);
}

/** Python `str()` of a scalar. */
function pyStr(v: unknown): string {
  if (v === true) return "True";
  if (v === false) return "False";
  if (v === null || v === undefined) return "None";
  return String(v);
}

function asNumber(s: string): number | undefined {
  const t = s.trim();
  if (!/^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/.test(t)) return undefined;
  return Number(t);
}

function scalarMatch(ref: unknown, pred: unknown, o: MatchOptions): boolean {
  const a = pyStr(ref);
  const b = pyStr(pred);
  const na = asNumber(a);
  const nb = asNumber(b);
  if (na !== undefined && nb !== undefined) {
    return Math.abs(na - nb) <= 1e-5 * Math.max(Math.abs(na), Math.abs(nb), 1e-12) || na === nb;
  }
  let x = a;
  let y = b;
  if (o.ignoreCapitalization) {
    x = x.toLowerCase();
    y = y.toLowerCase();
  }
  if (o.ignorePunctuation) {
    x = x.replace(/[!"#$%&'()*+,\-./:;<=>?@[\\\]^_`{|}~]/g, "");
    y = y.replace(/[!"#$%&'()*+,\-./:;<=>?@[\\\]^_`{|}~]/g, "");
  }
  return x === y;
}

function valueMatch(ref: unknown, pred: unknown, o: MatchOptions): boolean {
  if (isObject(ref)) {
    if (!isObject(pred)) return false;
    return Object.keys(ref).every((k) => k in pred && valueMatch(ref[k], pred[k], o));
  }
  if (Array.isArray(ref)) {
    if (!Array.isArray(pred)) return false;
    return listMatch(ref, pred, o);
  }
  if (isObject(pred) || Array.isArray(pred)) return false;
  return scalarMatch(ref, pred, o);
}

function listMatch(ref: unknown[], pred: unknown[], o: MatchOptions): boolean {
  const used = new Set<number>();
  for (const r of ref) {
    const j = pred.findIndex((p, i) => !used.has(i) && valueMatch(r, p, o));
    if (j < 0) return false;
    used.add(j);
  }
  return true;
}

/** Deterministic reference-vs-prediction comparison of the runner. */
export function actionMatch(reference: PyJson, prediction: PyJson, o: MatchOptions): boolean {
  const ref = normalizeTop(plain(reference));
  let pred = normalizeTop(plain(prediction));
  if (ref.length === 1 && pred.length > 1) pred = [pred[pred.length - 1]];
  if (o.strict && ref.length !== pred.length) return false;
  return listMatch(ref, pred, o);
}
