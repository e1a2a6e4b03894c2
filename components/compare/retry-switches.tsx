/** The setup diff's own lines for the retry switches and `--min-agent-turns` (issue 45), changed or not. */
import type { SwitchLine } from "@/lib/core/setup/retry-switches";
import { CompareTable } from "./ui";

export function RetrySwitchesTable({ lines }: { lines: SwitchLine[] | undefined }) {
  if (!lines || lines.length === 0) return null;
  return (
    <CompareTable
      testId="setup-retry-switches"
      caption="Automatic retries and the stall rule (which attempts are scored, which count as stalls)"
      head={["Switch", "Baseline", "Other"]}
    >
      {lines.map((l) => (
        <tr
          key={l.name}
          data-arg={l.name}
          data-changed={l.changed ? "true" : "false"}
          className={l.changed ? "font-semibold text-amber-900 dark:text-amber-200" : ""}
        >
          <td className="font-mono">{l.name}</td>
          <td className="font-mono break-all">{l.base}</td>
          <td className="font-mono break-all">{l.other}</td>
        </tr>
      ))}
    </CompareTable>
  );
}
