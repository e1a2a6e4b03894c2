/**
 * Deterministic checks: the scoring contract (which signals gate), DB-state match with hashes,
 * DB-state assertion verdicts, and the action list against the reference (§4.1, §7.1, §7.6).
 */
import { isLegacyValue } from "@/lib/core/legacy-values";
import type { ReactNode } from "react";
import { percent } from "@/components/format";
import { DataTable } from "@/components/ui/data-table";
import { Badge } from "@/components/ui/badge";
import type { ActionDiff, ScenarioRow } from "@/lib/core";
import { gatesOn, signalBucket, signalMetric, SIGNALS, type SignalName } from "@/lib/core/gating";
import { inlineJson } from "./text";

function signalValue(metrics: Record<string, unknown>, s: SignalName): string {
  const v = signalMetric(metrics, s);
  if (v === undefined) return "absent";
  if (typeof v === "number") return s.endsWith("assertion") ? percent(v) : String(v);
  return inlineJson(v, true);
}

function Sub({ id, title, children }: { id?: string; title: string; children: ReactNode }) {
  return (
    <section id={id} className="scroll-mt-4 space-y-2 target:rounded-md target:ring-2 target:ring-amber-400" aria-label={title}>
      <h3 className="text-sm font-semibold">{title}</h3>
      {children}
    </section>
  );
}

export function Checks({
  row,
  metrics,
  whitelist,
  dbHashes,
  expectedUserHash,
  assertionsDeclared,
  actions,
  referencePresent,
  actionGating,
  finalAgentResponse,
}: {
  row: ScenarioRow | null;
  metrics: Record<string, unknown> | null;
  whitelist: string[] | null;
  dbHashes: { db_hash: string | null; user_db_hash: string | null } | null;
  expectedUserHash: string | null;
  assertionsDeclared: Array<Record<string, unknown>>;
  actions: ActionDiff | null;
  referencePresent: boolean;
  actionGating: boolean | null;
  finalAgentResponse: unknown[] | null;
}) {
  return (
    <div className="space-y-5 text-sm">
      {metrics && row && <SignalTable metrics={metrics} row={row} whitelist={whitelist} />}
      <Sub id="db-state" title="DB state">
        <DbState metrics={metrics} dbHashes={dbHashes} expectedUserHash={expectedUserHash} />
      </Sub>
      <Sub id="db-assertions" title="DB-state assertions">
        <DbAssertions metrics={metrics} declared={assertionsDeclared} />
      </Sub>
      <Sub id="actions" title="Actions: reference vs recorded">
        <Actions diff={actions} referencePresent={referencePresent} gating={actionGating} finalAgentResponse={finalAgentResponse} metrics={metrics} />
      </Sub>
    </div>
  );
}

function SignalTable({ metrics, row, whitelist }: { metrics: Record<string, unknown>; row: ScenarioRow; whitelist: string[] | null }) {
  const tone = { passed: "good", failed: "bad", not_applicable: "neutral", excluded: "neutral" } as const;
  return (
    <Sub title="Signals (scoring contract)">
      <DataTable dense testId="signals" columns={[{ label: "Signal" }, { label: "Value" }, { label: "Bucket" }, { label: "Whitelist" }]}>
        {SIGNALS.map((s) => {
          const b = signalBucket(row, s);
          const gates = gatesOn(whitelist, s);
          return (
            <tr key={s} data-signal={s} data-bucket={b ?? ""}>
              <td className="py-1 font-mono">{s}</td>
              <td className="py-1 font-mono break-all">{signalValue(metrics, s)}</td>
              <td className="py-1">{b ? <Badge tone={tone[b]}>{b === "not_applicable" ? "N/A" : b}</Badge> : <span className="text-zinc-400">–</span>}</td>
              <td className="py-1 text-zinc-600 dark:text-zinc-400">{gates === null ? "unknown" : gates ? "gating" : "informational"}</td>
            </tr>
          );
        })}
      </DataTable>
    </Sub>
  );
}

function Hash({ label, value, tone }: { label: string; value: string | null | undefined; tone?: "good" | "bad" }) {
  const color = tone === "good" ? "text-emerald-700 dark:text-emerald-400" : tone === "bad" ? "text-red-700 dark:text-red-400" : "";
  return (
    <>
      <dt className="text-zinc-600 dark:text-zinc-400">{label}</dt>
      <dd className={`font-mono text-xs break-all ${color}`}>{value ?? <span className="text-zinc-500 italic">none</span>}</dd>
    </>
  );
}

function DbState({
  metrics,
  dbHashes,
  expectedUserHash,
}: {
  metrics: Record<string, unknown> | null;
  dbHashes: { db_hash: string | null; user_db_hash: string | null } | null;
  expectedUserHash: string | null;
}) {
  if (!metrics || !("db_state_match" in metrics)) {
    return <p className="text-zinc-600 dark:text-zinc-400">Not applicable: the scenario declares no expected end-state DB.</p>;
  }
  if (isLegacyValue("db_state_match", metrics.db_state_match)) {
    return (
      <p className="text-zinc-600 dark:text-zinc-400" data-testid="db-state" data-state="legacy-na">
        Not applicable: db_state_match is the documented legacy value &quot;N/A&quot; (see the note above); it is not a mismatch and does not count.
      </p>
    );
  }
  const match = metrics.db_state_match === true;
  const expected = typeof metrics.db_state_expected_hash === "string" ? metrics.db_state_expected_hash : null;
  const actual = typeof metrics.db_state_actual_hash === "string" ? metrics.db_state_actual_hash : null;
  const noHash = !match && metrics.db_state_actual_hash === null;
  const userMatch = dbHashes?.user_db_hash && expectedUserHash ? dbHashes.user_db_hash === expectedUserHash : null;
  return (
    <div className="space-y-2" data-testid="db-state" data-state={match ? "match" : noHash ? "no-hash" : "mismatch"}>
      <p>
        {match ? (
          <Badge tone="good">match</Badge>
        ) : noHash ? (
          <Badge tone="warn" title="Not a mismatch: the end-of-scenario pull failed or the DB was empty">
            bot reported no hash
          </Badge>
        ) : (
          <Badge tone="bad">mismatch</Badge>
        )}{" "}
        <span className="text-zinc-600 dark:text-zinc-400">
          {match
            ? "The agent's DB ended in the expected state."
            : noHash
              ? "The agent bot reported no DB hash — a framework problem (pull failed or empty DB), not a wrong end state."
              : "The agent's DB ended in a different state than expected."}
        </span>
      </p>
      <dl className="grid grid-cols-[8rem_minmax(0,1fr)] gap-x-2 gap-y-1">
        <Hash label="expected" value={expected} />
        <Hash label="actual (agent)" value={actual} tone={match ? "good" : actual ? "bad" : undefined} />
        {(dbHashes?.user_db_hash || expectedUserHash) && (
          <>
            <Hash label="user expected" value={expectedUserHash} />
            <Hash label="user actual" value={dbHashes?.user_db_hash} tone={userMatch === null ? undefined : userMatch ? "good" : "bad"} />
          </>
        )}
      </dl>
      {(dbHashes?.user_db_hash || expectedUserHash) && (
        <p className="text-xs text-zinc-500 dark:text-zinc-400">The user-side hash comparison is informational; the harness does not score it.</p>
      )}
    </div>
  );
}

function DbAssertions({ metrics, declared }: { metrics: Record<string, unknown> | null; declared: Array<Record<string, unknown>> }) {
  const verdicts = Array.isArray(metrics?.db_state_assertion_verdicts) ? (metrics.db_state_assertion_verdicts as unknown[]) : null;
  if (!verdicts) {
    return (
      <p className="text-zinc-600 dark:text-zinc-400">
        {declared.length > 0
          ? `The scenario declares ${declared.length} DB-state assertions but metrics.json holds no verdicts.`
          : "Not applicable: the scenario declares no DB-state assertions."}
      </p>
    );
  }
  const rate = typeof metrics?.db_state_assertion_pass_rate === "number" ? metrics.db_state_assertion_pass_rate : null;
  return (
    <div className="space-y-1">
      <p className="text-xs text-zinc-600 dark:text-zinc-400">Pass rate {percent(rate)} (the signal passes only at 100%).</p>
      <DataTable dense testId="db-assertions" columns={["Predicate", "Side", "Result", "Expected", "Actual"].map((label) => ({ label }))}>
        {verdicts.map((raw, i) => {
          const v = raw && typeof raw === "object" ? (raw as Record<string, unknown>) : {};
          const args = declared[i]?.arguments;
          const error = typeof v.error === "string" ? v.error : null;
          const message = typeof v.message === "string" ? v.message : null;
          return (
            <tr key={i} data-assertion={String(v.func_name ?? i)} data-passed={String(v.passed === true)}>
              <td className="py-1 pr-2">
                <span className="font-mono break-all">{String(v.func_name ?? "?")}</span>
                {args !== undefined && <span className="block font-mono break-all text-zinc-500">{inlineJson(args)}</span>}
                {message && <span className="block text-zinc-600 dark:text-zinc-400">{message}</span>}
                {error && (
                  <span className="mt-0.5 block text-red-700 dark:text-red-400" data-testid="assertion-error">
                    error: {error}
                  </span>
                )}
              </td>
              <td className="py-1 pr-2">{String(v.side ?? "–")}</td>
              <td className="py-1 pr-2">
                {v.passed === true ? <Badge tone="good">passed</Badge> : error ? <Badge tone="warn">error</Badge> : <Badge tone="bad">failed</Badge>}
              </td>
              <td className="py-1 pr-2 font-mono break-all">{inlineJson(v.expected)}</td>
              <td className="py-1 pr-2 font-mono break-all">{inlineJson(v.actual)}</td>
            </tr>
          );
        })}
      </DataTable>
    </div>
  );
}

function Actions({
  diff,
  referencePresent,
  gating,
  finalAgentResponse,
  metrics,
}: {
  diff: ActionDiff | null;
  referencePresent: boolean;
  gating: boolean | null;
  finalAgentResponse: unknown[] | null;
  metrics: Record<string, unknown> | null;
}) {
  const match = metrics?.is_action_match;
  const head = (
    <p className="text-xs text-zinc-600 dark:text-zinc-400">
      is_action_match: <span className="font-mono">{match === undefined ? "absent" : inlineJson(match, true)}</span> ·{" "}
      {gating === null ? "gating unknown" : gating ? "gates this scenario" : "informational here"}
    </p>
  );
  if (!referencePresent || !diff) {
    return (
      <div className="space-y-1">
        {head}
        <p className="text-zinc-600 dark:text-zinc-400" data-testid="actions-missing">
          No scenario_config/reference_answer.json — {gating ? "needed: is_action_match gates this scenario." : "not needed (absent is not broken, §7.1)."}
        </p>
      </div>
    );
  }
  if (!diff.comparable) {
    return (
      <div className="space-y-1">
        {head}
        <p className="text-zinc-600 dark:text-zinc-400">
          The reference is not an action list (this domain compares whole objects); see reference_answer.json and final_agent_response.json in the raw files
          below.
        </p>
        {finalAgentResponse && JSON.stringify(finalAgentResponse) === '[{"actions":[]}]' && (
          <p className="text-amber-800 dark:text-amber-300">
            final_agent_response.json is [{"{"}&quot;actions&quot;: []{"}"}]: in a push-summary domain that means the summary was not captured (§1.8), not that
            the agent did nothing.
          </p>
        )}
      </div>
    );
  }
  const total = diff.matched.length + diff.wrongArgs.length + diff.missing.length;
  return (
    <div className="space-y-2" data-testid="action-diff">
      {head}
      <p className="flex flex-wrap gap-2 text-xs">
        <Badge tone="good">{diff.matched.length} matched</Badge>
        <Badge tone={diff.wrongArgs.length ? "bad" : "neutral"}>{diff.wrongArgs.length} wrong args</Badge>
        <Badge tone={diff.missing.length ? "bad" : "neutral"}>{diff.missing.length} missing</Badge>
        <Badge tone={diff.extra.length ? "warn" : "neutral"}>{diff.extra.length} extra</Badge>
        {total === 0 && <span className="text-zinc-600 dark:text-zinc-400">The reference expects no change.</span>}
      </p>
      <ul className="space-y-1.5 text-xs">
        {diff.wrongArgs.map((a, i) => (
          <li key={`w${i}`} className="rounded-md border border-red-200 p-2 dark:border-red-900" data-action="wrong-args" data-name={a.name}>
            <span className="font-mono font-semibold">{a.name}</span> <Badge tone="bad">wrong arguments</Badge>
            <DataTable dense className="mt-1" columns={[{ label: "argument" }, { label: "expected" }, { label: "actual" }]}>
              {a.differences.map((d) => (
                <tr key={d.key} data-arg={d.key}>
                  <td className="pr-2 font-mono">{d.key}</td>
                  <td className="pr-2 font-mono break-all text-emerald-800 dark:text-emerald-300">{inlineJson(d.expected)}</td>
                  <td className="font-mono break-all text-red-700 dark:text-red-400">{inlineJson(d.actual)}</td>
                </tr>
              ))}
            </DataTable>
          </li>
        ))}
        {diff.missing.map((a, i) => (
          <li key={`m${i}`} className="rounded-md border border-red-200 p-2 dark:border-red-900" data-action="missing" data-name={a.name}>
            <span className="font-mono font-semibold">{a.name}</span> <Badge tone="bad">missing</Badge>{" "}
            <span className="font-mono break-all text-zinc-600 dark:text-zinc-400">{inlineJson(a.reference.arguments ?? {})}</span>
            {typeof a.reference.side === "string" && <span className="text-zinc-500"> · {a.reference.side} side</span>}
          </li>
        ))}
        {diff.extra.map((a, i) => (
          <li key={`e${i}`} className="rounded-md border border-amber-200 p-2 dark:border-amber-900" data-action="extra" data-name={a.name}>
            <span className="font-mono font-semibold">{a.name}</span> <Badge tone="warn">extra</Badge>{" "}
            <span className="font-mono break-all text-zinc-600 dark:text-zinc-400">{inlineJson(a.actual.arguments ?? {})}</span>
          </li>
        ))}
        {diff.matched.map((a, i) => (
          <li key={`ok${i}`} className="rounded-md border border-zinc-200 p-2 dark:border-zinc-800" data-action="matched" data-name={a.name}>
            <span className="font-mono font-semibold">{a.name}</span> <Badge tone="good">matched</Badge>{" "}
            <span className="font-mono break-all text-zinc-600 dark:text-zinc-400">{inlineJson(a.reference.arguments ?? {})}</span>
          </li>
        ))}
      </ul>
    </div>
  );
}
