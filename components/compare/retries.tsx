/** Automatic retries of each run side by side (issue 45): retried scenarios, the rate without retries, the switches. */
import { group, percent } from "@/components/format";
import { WITHOUT_RETRIES_LABEL } from "@/lib/core/figures";
import type { CompareResult, RetryComparison } from "@/lib/shared/compare";
import type { RetrySide } from "@/lib/core/compare-retries";
import { CompareTable, RunId } from "./ui";
import { Card } from "@/components/ui/card";

function Retried({ side }: { side: RetrySide }) {
  if (side.provenance === "unknown") return <span className="text-zinc-500">unknown (predates auto_retry_count)</span>;
  return (
    <span className="tabular-nums" data-retried={side.retried}>
      {group(side.retried)} scenario{side.retried === 1 ? "" : "s"}
      {side.attempts > 0 && <span className="text-xs text-zinc-500"> ({group(side.attempts)} attempts discarded)</span>}
      {side.provenance === "partial" && <span className="text-xs text-zinc-500"> (some predate the field)</span>}
    </span>
  );
}

function Without({ side }: { side: RetrySide }) {
  const w = side.withoutRetries;
  if (!w) return <span className="text-zinc-500">unknown</span>;
  return (
    <span className="whitespace-nowrap tabular-nums">
      {percent(w.value)} <span className="text-xs text-zinc-500">{`${group(w.numerator)}/${group(w.denominator)}`}</span>
    </span>
  );
}

function Switches({ side, differing }: { side: RetrySide; differing: ReadonlySet<string> }) {
  if (!side.switches) return <span className="text-zinc-500">no run_args.json</span>;
  const entries = Object.entries(side.switches);
  if (!entries.length) return <span className="text-zinc-500">none set (the harness&apos;s defaults)</span>;
  return (
    <span className="font-mono text-xs">
      {entries.map(([k, v]) => (
        <span key={k} className={`mr-2 inline-block ${differing.has(k) ? "font-semibold text-amber-800 dark:text-amber-300" : ""}`}>
          {k}={JSON.stringify(v)}
        </span>
      ))}
    </span>
  );
}

export function RetriesCompare({ result }: { result: CompareResult }) {
  const first = result.comparisons[0];
  if (!first) return null;
  const all: RetryComparison[] = result.comparisons.map((c) => c.retries);
  // Nothing to say when no run records a retry and every run predates the field alike.
  if (all.every((r) => r.base.retried === 0 && r.other.retried === 0 && r.base.provenance === r.other.provenance && r.differingSwitches.length === 0))
    return null;
  return (
    <Card
      id="retries"
      title="Automatic retries"
      description="A retried scenario is scored on its accepted attempt; the rate without retries counts it as the failure its first attempt was."
    >
      <CompareTable testId="compare-retries" caption="Automatic retries of the baseline and each other run">
        <thead>
          <tr>
            <th scope="col"></th>
            <th scope="col">
              <RunId id={result.base} role="baseline" />
            </th>
            {result.comparisons.map((c) => (
              <th key={c.run} scope="col">
                <RunId id={c.run} role="other" />
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          <tr data-row="retried">
            <th scope="row">Needed an automatic retry</th>
            <td>
              <Retried side={first.retries.base} />
            </td>
            {result.comparisons.map((c) => (
              <td key={c.run}>
                <Retried side={c.retries.other} />
              </td>
            ))}
          </tr>
          <tr data-row="without-retries">
            <th scope="row">{WITHOUT_RETRIES_LABEL}</th>
            <td>
              <Without side={first.retries.base} />
            </td>
            {result.comparisons.map((c) => (
              <td key={c.run}>
                <Without side={c.retries.other} />
              </td>
            ))}
          </tr>
          <tr data-row="switches">
            <th scope="row">Retry settings</th>
            <td>
              <Switches side={first.retries.base} differing={new Set(result.comparisons.flatMap((c) => c.retries.differingSwitches))} />
            </td>
            {result.comparisons.map((c) => (
              <td key={c.run}>
                <Switches side={c.retries.other} differing={new Set(c.retries.differingSwitches)} />
              </td>
            ))}
          </tr>
        </tbody>
      </CompareTable>
    </Card>
  );
}
