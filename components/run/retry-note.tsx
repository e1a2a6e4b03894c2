import Link from "next/link";
import { group, percent, runHref } from "@/components/format";
import { WITHOUT_RETRIES_LABEL } from "@/lib/core/figures";
import type { Rate, RunRetries } from "@/lib/shared/dto";

const REASONS_SHOWN = 6;

/**
 * The run header's automatic retries (issue 45): how many scenarios needed one, the reasons counted,
 * and the success rate without retries (a retried scenario counted as the failure its first attempt
 * was) beside the harness's. A run whose metrics.json files predate the field says so, never "0".
 */
export function RetryNote({ runId, retries, successRate }: { runId: string; retries: RunRetries; successRate: Rate }) {
  if (retries.scenarios === 0 && retries.orphans.length === 0) return null;
  if (retries.provenance === "unknown") {
    return (
      <p data-retries="unknown" className="text-xs text-zinc-600 dark:text-zinc-400">
        Retry provenance unknown: this run&apos;s metrics.json files predate <code>auto_retry_count</code>.
        {retries.orphans.length > 0 && <Orphans folders={retries.orphans} />}
      </p>
    );
  }
  const n = retries.retried.length;
  const without = retries.withoutRetries;
  if (n === 0) {
    return (
      <p data-retries="none" className="text-xs text-zinc-600 dark:text-zinc-400">
        No scenario needed an automatic retry
        {retries.provenance === "partial"
          ? ` (of ${group(retries.known)} that record it; ${group(retries.scenarios - retries.known)} predate auto_retry_count)`
          : ""}
        .{retries.orphans.length > 0 && <Orphans folders={retries.orphans} />}
      </p>
    );
  }
  return (
    <section
      aria-labelledby="retry-heading"
      data-retries={n}
      className="rounded-lg border border-sky-300 bg-sky-50 p-3 text-sm text-sky-950 dark:border-sky-800 dark:bg-sky-950/40 dark:text-sky-100"
    >
      <h2 id="retry-heading" className="font-semibold">
        {group(n)} scenario{n === 1 ? "" : "s"} needed an automatic retry ({group(retries.attempts)} discarded attempt{retries.attempts === 1 ? "" : "s"})
      </h2>
      {without && (
        <p className="mt-1 text-xs" data-without-retries={without.value ?? ""}>
          {WITHOUT_RETRIES_LABEL}: <strong className="tabular-nums">{percent(without.value)}</strong>{" "}
          <span className="tabular-nums">
            ({group(without.numerator)}/{group(without.denominator)}
            {without.interval ? `, 95% CI ${percent(without.interval.low, 1)}–${percent(without.interval.high, 1)}` : ""})
          </span>{" "}
          beside the harness&apos;s <span className="tabular-nums">{percent(successRate.value)}</span>: a retried scenario counted as the failure its first
          attempt was. Retrying scenarios with too few agent turns inflates scores.
        </p>
      )}
      {retries.provenance === "partial" && (
        <p className="mt-1 text-xs">
          {group(retries.scenarios - retries.known)} scenario(s) predate auto_retry_count: their retries are unknown and counted here as first attempts.
        </p>
      )}
      <ul className="mt-2 space-y-0.5 text-xs" aria-label="Retry reasons">
        {retries.reasons.slice(0, REASONS_SHOWN).map((r) => (
          <li key={r.reason}>
            <span className="tabular-nums font-semibold">{group(r.count)}×</span> <span className="break-words">{r.reason}</span>
          </li>
        ))}
      </ul>
      {retries.reasons.length > REASONS_SHOWN && <p className="text-xs">…and {retries.reasons.length - REASONS_SHOWN} more reasons.</p>}
      {retries.orphans.length > 0 && <Orphans folders={retries.orphans} />}
      <Link href={runHref(runId, "quick=retried#scenarios")} className="mt-2 inline-block text-xs font-medium underline">
        Show the retried scenarios in the table
      </Link>
    </section>
  );
}

function Orphans({ folders }: { folders: string[] }) {
  return (
    <span className="mt-1 block text-xs text-amber-900 dark:text-amber-200" data-retry-orphans={folders.length}>
      {folders.length} automatic-retry folder{folders.length === 1 ? "" : "s"} match no scenario of this run:{" "}
      <span className="font-mono break-all">{folders.slice(0, 5).join(", ")}</span>
      {folders.length > 5 ? ", …" : ""}
    </span>
  );
}
