/** The export's list of scenarios it wrote a page for (the live run page's table needs the server). */
import { DataTable } from "@/components/ui/data-table";
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

const td = "px-2 py-1 align-top";

/** `changeLabel`: the Change column's heading (it is shown when a scenario has a change). */
export function ExportedScenarios({ scenarios, changeLabel = "Change" }: { scenarios: ExportedScenario[]; changeLabel?: string }) {
  const changes = scenarios.some((s) => s.change);
  // The name first (the table's pinned column), its change beside it.
  return (
    <DataTable
      columns={[
        { label: "Scenario" },
        ...(changes ? [{ label: changeLabel }] : []),
        { label: "Domain" },
        { label: "Success" },
        { label: "Failing signals" },
        { label: "Judge", align: "right" as const },
        { label: "Audio" },
      ]}
    >
      {scenarios.map((s) => (
        <tr key={s.name} data-scenario={s.name}>
          <td className={`${td} font-mono text-xs`}>
            {s.file ? (
              <a href={s.file} className="text-sky-700 hover:underline dark:text-sky-400">
                {s.name}
              </a>
            ) : (
              s.name
            )}
          </td>
          {changes && (
            <td className={`${td} whitespace-nowrap`} data-testid="scenario-change">
              {s.change}
            </td>
          )}
          <td className={td} data-col="domain">
            {s.domain}
          </td>
          <td className={td}>
            <VerdictMark v={s.verdict} what="Success" />
          </td>
          <td className={`${td} text-xs`}>{s.failing.join(", ") || "–"}</td>
          <td className={`${td} text-right tabular-nums`}>{s.judge === null ? "–" : s.judge.toFixed(2)}</td>
          <td className={td}>{s.audio === "included" ? "yes" : s.audio === "left-out" ? "left out" : "–"}</td>
        </tr>
      ))}
    </DataTable>
  );
}
