/** The append-only history of a scenario's label and overrides: who, when, old → new. */
import { CAUSE_LABEL, STATUS_LABEL, type Cause, type HistoryEntry, type Status } from "@/lib/shared/ledger";
import { ledgerTime } from "./ledger-time";

function summary(kind: HistoryEntry["kind"], v: Record<string, unknown> | null): string {
  if (v === null) return "—";
  if (kind === "override") return `judge wrong: ${String(v.reason ?? "")}`;
  const parts = [CAUSE_LABEL[v.cause as Cause] ?? String(v.cause)];
  if (v.secondary) parts.push(`+ ${CAUSE_LABEL[v.secondary as Cause] ?? String(v.secondary)}`);
  parts.push(STATUS_LABEL[v.status as Status] ?? String(v.status));
  if (v.ref) parts.push(String(v.ref));
  return parts.join(" · ");
}

function targetText(target: string): string {
  return target === "" ? "label" : target === "overall" ? "judge verdict" : `NL assertion ${Number(target.slice(3)) + 1}`;
}

export function HistoryList({ history }: { history: HistoryEntry[] }) {
  if (history.length === 0) return <p className="text-xs text-zinc-500 dark:text-zinc-400">No history yet.</p>;
  return (
    <ol className="max-h-56 space-y-1 overflow-y-auto text-xs" data-testid="ledger-history">
      {[...history].reverse().map((h) => (
        <li key={h.id} className="break-words" data-testid="ledger-history-entry" data-author={h.author} data-action={h.action}>
          <time dateTime={h.at} className="text-zinc-500 dark:text-zinc-400">
            {ledgerTime(h.at)}
          </time>{" "}
          <span className="font-medium">{h.author}</span> {h.action === "delete" ? "removed" : h.action === "import" ? "imported" : "set"}{" "}
          {targetText(h.target)}
          {h.importedFrom && h.importedFrom !== h.author ? (
            <span data-testid="ledger-history-imported-from"> (imported from {h.importedFrom})</span>
          ) : null}: <span className="text-zinc-500 line-through decoration-zinc-400 dark:text-zinc-400">{summary(h.kind, h.old)}</span> →{" "}
          <span data-testid="ledger-history-new">{summary(h.kind, h.new)}</span>
        </li>
      ))}
    </ol>
  );
}
