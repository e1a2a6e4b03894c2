/** The browser side of the ledger API: same-origin JSON writes carrying the page's CSRF token. */
import type { Cause, Label, LabelFields, Override, OverrideTarget, ScenarioLedger, WriteResult } from "@/lib/shared/ledger";

export const CSRF_HEADER = "x-ledger-csrf";

export class LedgerError extends Error {}

async function send<T>(path: string, method: "POST" | "DELETE", csrf: string, body: unknown): Promise<T> {
  const res = await fetch(path, {
    method,
    credentials: "same-origin",
    headers: { "content-type": "application/json", [CSRF_HEADER]: csrf },
    body: JSON.stringify(body),
  });
  const data = (await res.json().catch(() => ({}))) as { error?: string };
  if (!res.ok) throw new LedgerError(data.error ?? `the ledger answered ${res.status}`);
  return data as T;
}

export function saveLabel(csrf: string, run: string, scenario: string, fields: LabelFields, baseRevision: number): Promise<WriteResult<Label>> {
  return send("/api/ledger/labels", "POST", csrf, { run, scenario, ...fields, baseRevision });
}

export function deleteLabel(csrf: string, run: string, scenario: string): Promise<{ deleted: boolean }> {
  return send("/api/ledger/labels", "DELETE", csrf, { run, scenario });
}

export function saveOverride(csrf: string, run: string, scenario: string, target: OverrideTarget, reason: string, baseRevision?: number): Promise<WriteResult<Override>> {
  return send("/api/ledger/overrides", "POST", csrf, { run, scenario, target, reason, baseRevision });
}

export function deleteOverride(csrf: string, run: string, scenario: string, target: OverrideTarget): Promise<{ deleted: boolean }> {
  return send("/api/ledger/overrides", "DELETE", csrf, { run, scenario, target });
}

export async function loadScenario(run: string, scenario: string): Promise<ScenarioLedger> {
  const res = await fetch(`/api/ledger/labels?run=${encodeURIComponent(run)}&scenario=${encodeURIComponent(scenario)}`, { credentials: "same-origin", cache: "no-store" });
  if (!res.ok) throw new LedgerError(`the ledger answered ${res.status}`);
  return (await res.json()) as ScenarioLedger;
}

/** The hints' owner names (§7.12) as ledger causes. */
export function causeOfOwner(owner: string): Cause | null {
  const map: Record<string, Cause> = { agent: "agent", "user-sim": "user-sim", ASR: "asr", asr: "asr", framework: "framework", judge: "judge" };
  return map[owner] ?? null;
}
