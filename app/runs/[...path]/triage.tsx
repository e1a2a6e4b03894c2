/** The scenario page's Triage card: the ledger's view of this scenario, rendered for the client panel. */
import { causeOfOwner } from "@/components/ledger/ledger-client";
import { TriagePanel } from "@/components/ledger/triage-panel";
import { scenarioHref } from "@/components/format";
import { LedgerUnavailable } from "@/components/ledger/ledger-unavailable";
import { Card } from "@/components/ui/card";
import type { Hint } from "@/lib/core";
import { scenarioTriage } from "@/lib/server/ledger/page-data";
import type { ResultsIndex } from "@/lib/server/model/results-index";
import type { RunModel } from "@/lib/server/model/run-model";
import { CAUSE_LABEL, type Cause } from "@/lib/shared/ledger";

export const REVIEW_PARAM = "review";

/** `collapsed`: one line until opened (a passing scenario); the panel stays mounted, so keys 1–5 and y still work. */
export async function Triage({
  index,
  run,
  name,
  hints,
  nlAssertions,
  judgePassed,
  review,
  collapsed = false,
}: {
  index: ResultsIndex;
  run: RunModel;
  name: string;
  hints: Hint[];
  nlAssertions: string[];
  judgePassed: boolean | null;
  review: boolean;
  collapsed?: boolean;
}) {
  const loaded = await scenarioTriage(index, run, name, review);
  if (!loaded.ok) return <LedgerUnavailable reason={loaded.reason} />;
  const { view, csrf, queue } = loaded.value;
  const hinted = [...new Set(hints.map((h) => causeOfOwner(h.owner)).filter((c): c is Cause => c !== null))];
  const href = (n: string | null) => (n ? `${scenarioHref(run.id, n)}?${REVIEW_PARAM}=unreviewed` : null);
  // Keyed by scenario: walking to the next one starts a fresh panel.
  const panel = (
    <TriagePanel
      key={`${run.id}\0${name}`}
      initial={view}
      csrf={csrf}
      hinted={hinted}
      nlAssertions={nlAssertions}
      judgePassed={judgePassed}
      review={queue ? { next: href(queue.next), prev: href(queue.prev), remaining: queue.remaining } : null}
    />
  );
  if (!collapsed || review)
    return (
      <Card id="triage" title="Triage">
        {panel}
      </Card>
    );
  return (
    <details
      id="triage"
      className="scroll-mt-4 rounded-lg border border-zinc-200 bg-white px-4 py-2 shadow-xs dark:border-zinc-800 dark:bg-zinc-900"
      data-testid="triage-collapsed"
    >
      <summary className="cursor-pointer text-sm">
        <span className="font-semibold">Triage</span>
        <span className="ml-2 text-zinc-600 dark:text-zinc-400">
          {view.label ? `${CAUSE_LABEL[view.label.cause]} (revision ${view.label.revision})` : "not labelled"} · keys 1–5 set the root cause
          {view.suggestion ? ", y accepts the earlier label" : ""}
        </span>
      </summary>
      <div className="mt-3">{panel}</div>
    </details>
  );
}
