/** The browser side of the ledger API: same-origin JSON writes carrying the page's CSRF token. */
import { ApiError, request } from "@/components/api-client";
import type { Cause, Label, LabelFields, Override, OverrideTarget, ScenarioLedger, WriteResult } from "@/lib/shared/ledger";

export const CSRF_HEADER = "x-ledger-csrf";

export class LedgerError extends Error {}

/** A ledger answer that is not OK throws `LedgerError` with the server's message. */
async function ledgerRequest(path: string, init: RequestInit = {}): Promise<Response> {
  try {
    return await request(path, init);
  } catch (e) {
    throw new LedgerError(
      e instanceof ApiError && !e.message.startsWith("HTTP ") ? e.message : `the ledger answered ${e instanceof ApiError ? e.status : String(e)}`,
    );
  }
}

async function send<T>(path: string, method: "POST" | "DELETE", csrf: string, body: unknown): Promise<T> {
  const res = await ledgerRequest(path, { method, headers: { "content-type": "application/json", [CSRF_HEADER]: csrf }, body: JSON.stringify(body) });
  return (await res.json()) as T;
}

export function saveLabel(csrf: string, run: string, scenario: string, fields: LabelFields, baseRevision: number): Promise<WriteResult<Label>> {
  return send("/api/ledger/labels", "POST", csrf, { run, scenario, ...fields, baseRevision });
}

export function deleteLabel(csrf: string, run: string, scenario: string): Promise<{ deleted: boolean }> {
  return send("/api/ledger/labels", "DELETE", csrf, { run, scenario });
}

export function saveOverride(
  csrf: string,
  run: string,
  scenario: string,
  target: OverrideTarget,
  reason: string,
  baseRevision?: number,
): Promise<WriteResult<Override>> {
  return send("/api/ledger/overrides", "POST", csrf, { run, scenario, target, reason, baseRevision });
}

export function deleteOverride(csrf: string, run: string, scenario: string, target: OverrideTarget): Promise<{ deleted: boolean }> {
  return send("/api/ledger/overrides", "DELETE", csrf, { run, scenario, target });
}

export async function loadScenario(run: string, scenario: string): Promise<ScenarioLedger> {
  const res = await ledgerRequest(`/api/ledger/labels?run=${encodeURIComponent(run)}&scenario=${encodeURIComponent(scenario)}`);
  return (await res.json()) as ScenarioLedger;
}

/** The hints' owner names (§7.12) as ledger causes. */
export function causeOfOwner(owner: string): Cause | null {
  const map: Record<string, Cause> = { agent: "agent", "user-sim": "user-sim", ASR: "asr", asr: "asr", framework: "framework", judge: "judge" };
  return map[owner] ?? null;
}
