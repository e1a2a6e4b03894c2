/** Shared shape of the in-repo "push summary" domains (restaurant, customer_service, qa, legacy names). */
import type { DomainKit, JsonObject, ScenarioDef, ToolCall } from "../model";
import type { Rng } from "../prng";
import type { OutcomeKind } from "../types";
import { call } from "./common";

/** Scenario ids of a fixed catalog; beyond it, numbered variants. */
export function catalogIds(all: readonly string[], count: number, rng: Rng, bare = false): string[] {
  if (bare) return all.slice(0, Math.min(count, all.length));
  if (count <= all.length) {
    const chosen = new Set(rng.shuffle(all).slice(0, count));
    return all.filter((x) => chosen.has(x));
  }
  return Array.from({ length: count }, (_, i) => (i < all.length ? (all[i] as string) : `${all[i % all.length] as string}_${Math.floor(i / all.length)}`));
}

export function pushSupports(o: OutcomeKind, _def: ScenarioDef): boolean {
  return !["db_mismatch", "null_hash", "dba_fail", "nl_fail"].includes(o);
}

/** Summary tool call whose arguments are pushed as a `<final_response>`. */
export function summaryCall(tool: string, args: JsonObject, idKey?: string, id?: string): ToolCall {
  if (!idKey || !id) return call(tool, args, { status: "ok" }, { push: { ...args } });
  return call(tool, args, { status: "ok", [idKey]: id }, { push: { ...args, [idKey]: id } });
}

/** Padding for push domains: a long reference section appended to the agent's system prompt. */
export function promptPadding(title: string, rng: Rng, bytes: number, line: (rng: Rng, i: number) => string): { prompt: string } {
  const rows: string[] = [`\n\n# ${title}\n`];
  let size = 0;
  for (let i = 0; size < bytes; i++) {
    const l = line(rng, i);
    rows.push(l);
    size += l.length + 1;
  }
  return { prompt: rows.join("\n") };
}

export type PushKit = DomainKit;
