/** The export's list of scenarios it wrote a page for (the live run page's table needs the server). */
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

const th = "px-2 py-1 text-left text-xs font-semibold text-zinc-600 dark:text-zinc-400";
const td = "px-2 py-1 align-top";

export function ExportedScenarios({ scenarios }: { scenarios: ExportedScenario[] }) {
  const changes = scenarios.some((s) => s.change);
  return (
    <div className="overflow-x-auto">
      <table className="w-full border-collapse text-sm">
        <thead>
          <tr className="border-b border-zinc-200 dark:border-zinc-800">
            {changes && <th className={th}>Change</th>}
            <th className={th}>Scenario</th>
            <th className={th}>Domain</th>
            <th className={th}>Success</th>
            <th className={th}>Failing signals</th>
            <th className={`${th} text-right`}>Judge</th>
            <th className={th}>Audio</th>
          </tr>
        </thead>
        <tbody>
          {scenarios.map((s) => (
            <tr key={s.name} data-scenario={s.name} className="border-b border-zinc-100 dark:border-zinc-900">
              {changes && <td className={td}>{s.change}</td>}
              <td className={`${td} font-mono text-xs`}>
                {s.file ? (
                  <a href={s.file} className="text-sky-700 hover:underline dark:text-sky-400">
                    {s.name}
                  </a>
                ) : (
                  s.name
                )}
              </td>
              <td className={td}>{s.domain}</td>
              <td className={td}>
                <VerdictMark v={s.verdict} what="Success" />
              </td>
              <td className={`${td} text-xs`}>{s.failing.join(", ") || "–"}</td>
              <td className={`${td} text-right tabular-nums`}>{s.judge === null ? "–" : s.judge.toFixed(2)}</td>
              <td className={td}>{s.audio === "included" ? "yes" : s.audio === "left-out" ? "left out" : "–"}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
