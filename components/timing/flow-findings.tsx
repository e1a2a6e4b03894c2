/** The flow audit's findings (fabrication, loop, echo, skipped confirmation), each citing its turn or message. */
import type { FlowAudit } from "@/lib/shared/timing";

const TITLE = { fabrication: "Fabricated action", loop: "Loop", echo: "Echo", "skipped-confirmation": "Skipped confirmation" } as const;

export function FlowFindings({ flow }: { flow: FlowAudit }) {
  return (
    <div className="space-y-2 text-sm" data-testid="flow">
      {flow.findings.length === 0 ? (
        <p className="text-zinc-600 dark:text-zinc-400">No flow issue found.</p>
      ) : (
        <ul className="space-y-2">
          {flow.findings.map((f, i) => (
            <li
              key={i}
              id={`flow-${i}`}
              data-kind={f.kind}
              data-testid="flow-finding"
              className="scroll-mt-4 rounded border border-zinc-200 p-2 target:ring-2 target:ring-amber-400 dark:border-zinc-700"
            >
              <p className="font-medium">
                {TITLE[f.kind]}{" "}
                {f.message !== null ? (
                  <span className="font-normal text-zinc-600 dark:text-zinc-400">(agent context message {f.message})</span>
                ) : (
                  f.turns.map((t) => (
                    <a key={t} href={`#turn-${t}`} className="ml-1 font-normal text-sky-700 hover:underline dark:text-sky-400">
                      turn {t}
                    </a>
                  ))
                )}
              </p>
              <p className="text-zinc-700 dark:text-zinc-300">{f.detail}</p>
              <blockquote className="mt-1 border-l-2 border-zinc-300 pl-2 text-xs whitespace-pre-wrap text-zinc-600 dark:text-zinc-400">{f.quote}</blockquote>
            </li>
          ))}
        </ul>
      )}
      {flow.skipped.length > 0 && (
        <p className="text-xs text-zinc-600 dark:text-zinc-400">Not checked: {flow.skipped.map((s) => `${s.kind} (${s.reason})`).join("; ")}.</p>
      )}
    </div>
  );
}
