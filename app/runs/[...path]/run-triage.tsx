/** The run page's Triage card: reviewed / failing, root causes, judge–human agreement, the review queue. */
import { CauseChart } from "@/components/ledger/cause-chart";
import { LedgerRefresh } from "@/components/ledger/ledger-refresh";
import { runHref, scenarioHref } from "@/components/format";
import { LedgerUnavailable } from "@/components/ledger/ledger-unavailable";
import { Card } from "@/components/ui/card";
import { percent } from "@/lib/core/format";
import { runTriage } from "@/lib/server/ledger/page-data";
import type { ResultsIndex } from "@/lib/server/model/results-index";
import type { RunModel } from "@/lib/server/model/run-model";

const fmt = (v: number | null, digits = 2) => (v === null ? "—" : v.toFixed(digits));

export async function RunTriage({ index, run, queueEmpty }: { index: ResultsIndex; run: RunModel; queueEmpty: boolean }) {
  const loaded = await runTriage(index, run);
  if (!loaded.ok) return <LedgerUnavailable reason={loaded.reason} />;
  const { summary: s, revision } = loaded.value;
  const a = s.agreement;
  return (
    <Card
      id="triage"
      title="Triage"
      actions={
        s.unreviewed.length > 0 ? (
          <a href={runHref(run.id, "review=unreviewed")} className="text-sm text-sky-700 hover:underline dark:text-sky-400" data-testid="review-start">
            Review {s.unreviewed.length} unlabelled failure(s) →
          </a>
        ) : null
      }
    >
      <LedgerRefresh revision={revision} />
      {queueEmpty && (
        <p
          role="status"
          className="mb-2 rounded-md bg-emerald-50 px-3 py-1.5 text-sm text-emerald-900 dark:bg-emerald-950 dark:text-emerald-200"
          data-testid="review-empty"
        >
          The review queue is empty: every failing scenario of this run has a label.
        </p>
      )}
      <div className="grid grid-cols-1 gap-5 lg:grid-cols-2">
        <dl className="grid grid-cols-2 content-start gap-x-4 gap-y-2 self-start text-sm">
          <dt className="text-zinc-600 dark:text-zinc-400">Reviewed / failing</dt>
          <dd className="font-mono" data-testid="triage-reviewed">
            {s.reviewed} / {s.failing}
          </dd>
          <dt
            className="text-zinc-600 dark:text-zinc-400"
            title="Reviewed scenarios (a label or a judge override) with a judge verdict: the human agrees unless they overrode the overall verdict."
          >
            Judge–human agreement
          </dt>
          <dd className="font-mono" data-testid="triage-agreement" data-n={a.n} data-agree={a.agree}>
            {percent(a.rate)} (n={a.n})
          </dd>
          <dt className="text-zinc-600 dark:text-zinc-400" title="Cohen's κ: agreement beyond chance; undefined when both raters give one answer only.">
            Cohen&apos;s κ
          </dt>
          <dd className="font-mono" data-testid="triage-kappa">
            {fmt(a.kappa)} (n={a.n})
          </dd>
          <dt className="text-zinc-600 dark:text-zinc-400">Judge overridden</dt>
          <dd data-testid="triage-overridden">
            {s.overridden.length === 0 ? (
              "none"
            ) : (
              <ul className="space-y-0.5">
                <li>
                  <a
                    className="text-xs text-sky-700 hover:underline dark:text-sky-400"
                    href={`${runHref(run.id, new URLSearchParams({ names: s.overridden.join(",") }).toString())}#scenarios`}
                    data-testid="overridden-filter"
                  >
                    Filter the table to these ↓
                  </a>
                </li>
                {s.overridden.map((n) => (
                  <li key={n}>
                    <a className="font-mono text-xs break-all text-sky-700 hover:underline dark:text-sky-400" href={scenarioHref(run.id, n)}>
                      {n}
                    </a>
                  </li>
                ))}
              </ul>
            )}
          </dd>
        </dl>
        <CauseChart byCause={s.byCause} reviewed={s.reviewed} />
      </div>
    </Card>
  );
}
