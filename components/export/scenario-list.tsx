/** The export's list of scenarios it wrote a page for (the live run page's table needs the server). */
import { num, PLAIN, Table } from "@/components/ui/table-kit";
import { VerdictMark } from "@/components/scenarios/scenario-columns";
import type { Verdict } from "@/lib/core";

export interface ExportedScenario {
  name: string;
  domain: string;
  verdict: Verdict | null;
  /** Its page in the export, relative to the listing page; null when not exported. */
  file: string | null;
  failing: string[];
  judge: number | null;
  audio: "included" | "left-out" | "none";
  change?: string;
}

/** `changeLabel`: the Change column's heading (it is shown when a scenario has a change). */
export function ExportedScenarios({ scenarios, changeLabel = "Change" }: { scenarios: ExportedScenario[]; changeLabel?: string }) {
  const changes = scenarios.some((s) => s.change);
  // The name first (the table's pinned column), its change beside it.
  return (
    <Table
      look={PLAIN}
      rows={scenarios}
      rowKey={(s) => s.name}
      row={(s) => ({ "data-scenario": s.name })}
      columns={[
        {
          head: "Scenario",
          cellClass: "font-mono text-xs",
          cell: (s) =>
            s.file ? (
              <a href={s.file} className="text-sky-700 hover:underline dark:text-sky-400">
                {s.name}
              </a>
            ) : (
              s.name
            ),
        },
        changes && { head: changeLabel, cellClass: "whitespace-nowrap", data: () => ({ "data-testid": "scenario-change" }), cell: (s) => s.change },
        { head: "Domain", data: () => ({ "data-col": "domain" }), cell: (s) => s.domain },
        { head: "Success", cell: (s) => <VerdictMark v={s.verdict} what="Success" /> },
        { head: "Failing signals", cellClass: "text-xs", cell: (s) => s.failing.join(", ") || "–" },
        { head: "Judge", align: "right", cell: (s) => num.decimal(s.judge, 2) },
        { head: "Audio", cell: (s) => (s.audio === "included" ? "yes" : s.audio === "left-out" ? "left out" : "–") },
      ]}
    />
  );
}
