/**
 * The reference answer against what the agent recorded (ARTIFACTS.md §4.1, §7.6): matched,
 * missing, extra and wrong-argument actions, with argument-level differences.
 */

export interface ArgDifference {
  key: string;
  expected: unknown;
  actual: unknown;
}

export interface ActionDiff {
  matched: Array<{ name: string; reference: Record<string, unknown>; actual: Record<string, unknown> }>;
  wrongArgs: Array<{ name: string; reference: Record<string, unknown>; actual: Record<string, unknown>; differences: ArgDifference[] }>;
  missing: Array<{ name: string; reference: Record<string, unknown> }>;
  extra: Array<{ name: string; actual: Record<string, unknown> }>;
  /** No reference file, or the reference is not an action list (in-repo domains compare whole objects). */
  comparable: boolean;
}

type Action = Record<string, unknown>;

function actionsOf(value: unknown): Action[] | null {
  // Normalised as the harness does: a one-object array becomes that object.
  const v = Array.isArray(value) && value.length === 1 ? value[0] : value;
  if (v && typeof v === "object" && !Array.isArray(v) && Array.isArray((v as Record<string, unknown>).actions)) {
    return ((v as Record<string, unknown>).actions as unknown[]).filter((a): a is Action => !!a && typeof a === "object" && !Array.isArray(a));
  }
  if (Array.isArray(v)) return v.filter((a): a is Action => !!a && typeof a === "object" && typeof (a as Action).name === "string");
  return null;
}

function same(a: unknown, b: unknown): boolean {
  if (typeof a === "number" && typeof b === "number") return Math.abs(a - b) <= 1e-5 * Math.max(1, Math.abs(a), Math.abs(b));
  if (a && b && typeof a === "object" && typeof b === "object") return JSON.stringify(a) === JSON.stringify(b);
  return a === b || String(a) === String(b);
}

function argsOf(action: Action): Record<string, unknown> {
  const a = action.arguments;
  if (typeof a === "string") {
    try {
      return JSON.parse(a) as Record<string, unknown>;
    } catch {
      return { _raw: a };
    }
  }
  return a && typeof a === "object" ? (a as Record<string, unknown>) : {};
}

function differences(reference: Action, actual: Action): ArgDifference[] {
  const want = argsOf(reference);
  const got = argsOf(actual);
  // `compare_args` restricts the comparison; an empty list means name-only.
  const keys = Array.isArray(reference.compare_args) ? (reference.compare_args as unknown[]).map(String) : Object.keys(want);
  return keys.filter((k) => !same(want[k], got[k])).map((key) => ({ key, expected: want[key], actual: got[key] }));
}

export function actionDiff(reference: unknown, prediction: unknown): ActionDiff {
  const ref = actionsOf(reference);
  const got = actionsOf(prediction) ?? [];
  const out: ActionDiff = { matched: [], wrongArgs: [], missing: [], extra: [], comparable: ref !== null };
  if (!ref) return out;
  const used = new Set<number>();
  const pending: Action[] = [];
  for (const r of ref) {
    const i = got.findIndex((g, k) => !used.has(k) && g.name === r.name && differences(r, g).length === 0);
    if (i >= 0) {
      used.add(i);
      out.matched.push({ name: String(r.name), reference: r, actual: got[i] as Action });
    } else pending.push(r);
  }
  for (const r of pending) {
    const i = got.findIndex((g, k) => !used.has(k) && g.name === r.name);
    if (i >= 0) {
      used.add(i);
      out.wrongArgs.push({ name: String(r.name), reference: r, actual: got[i] as Action, differences: differences(r, got[i] as Action) });
    } else out.missing.push({ name: String(r.name), reference: r });
  }
  got.forEach((g, k) => {
    if (!used.has(k)) out.extra.push({ name: String(g.name), actual: g });
  });
  return out;
}
