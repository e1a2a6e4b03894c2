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
import type { Cause } from "@/lib/shared/ledger";

export const REVIEW_PARAM = "review";

export async function Triage({ index, run, name, hints, nlAssertions, judgePassed, review }: { index: ResultsIndex; run: RunModel; name: string; hints: Hint[]; nlAssertions: string[]; judgePassed: boolean | null; review: boolean }) {
  const loaded = await scenarioTriage(index, run, name, review);
  if (!loaded.ok) return <LedgerUnavailable reason={loaded.reason} />;
  const { view, csrf, queue } = loaded.value;
  const hinted = [...new Set(hints.map((h) => causeOfOwner(h.owner)).filter((c): c is Cause => c !== null))];
  const href = (n: string | null) => (n ? `${scenarioHref(run.id, n)}?${REVIEW_PARAM}=unreviewed` : null);
  return (
    <Card id="triage" title="Triage">
      {/* Keyed by scenario: walking to the next one starts a fresh panel. */}
      <TriagePanel key={`${run.id}\0${name}`} initial={view} csrf={csrf} hinted={hinted} nlAssertions={nlAssertions} judgePassed={judgePassed} review={queue ? { next: href(queue.next), prev: href(queue.prev), remaining: queue.remaining } : null} />
    </Card>
  );
}
