/**
 * "What did we change?": the setup diff of two runs near the top of the compare page: the run
 * arguments that differ, the judge, each prompt's change across the suite (one diff when the edit is
 * the same everywhere, grouped when it differs, long diffs folded), tools added and removed.
 */
import type { DiffLine, SetupDiff } from "@/lib/core/setup/diff";
import { CompareTable } from "./ui";
import { RetrySwitchesTable } from "./retry-switches";
import { isRetryOrStallArg } from "@/lib/core/setup/retry-switches";
import { Card } from "@/components/ui/card";

const LINE_TONE: Record<DiffLine["op"], string> = {
  "+": "bg-emerald-50 text-emerald-900 dark:bg-emerald-950/60 dark:text-emerald-200",
  "-": "bg-red-50 text-red-900 dark:bg-red-950/60 dark:text-red-200",
  " ": "text-zinc-600 dark:text-zinc-400",
};

export function LineDiffView({ lines, cut, unshown }: { lines: DiffLine[]; cut: number; unshown?: string }) {
  if (unshown !== undefined) {
    return (
      <p
        className="rounded border border-zinc-200 px-2 py-1 text-xs text-zinc-600 dark:border-zinc-800 dark:text-zinc-400"
        data-testid="setup-line-diff-unshown"
      >
        {unshown[0]?.toUpperCase()}
        {unshown.slice(1)}.
      </p>
    );
  }
  return (
    <pre className="max-h-96 overflow-auto rounded border border-zinc-200 text-xs leading-5 dark:border-zinc-800" data-testid="setup-line-diff">
      {lines.map((l, i) => (
        <div key={i} className={`px-2 whitespace-pre-wrap break-words ${LINE_TONE[l.op]}`}>
          {l.op} {l.text}
        </div>
      ))}
      {cut > 0 && <div className="px-2 text-zinc-500">… {cut} more line(s)</div>}
    </pre>
  );
}

export function SetupSection({ diff, baseId, otherId }: { diff: SetupDiff; baseId: string; otherId: string }) {
  const missing = !diff.runArgs.base || !diff.runArgs.other;
  return (
    <Card id="setup" title="Setup" description={<>What changed between the runs&apos; arguments and scenario configs ({diff.scenarios} paired scenario(s)).</>}>
      <div className="space-y-3 text-sm" data-testid="setup-section" data-same={diff.same ? "true" : "false"}>
        {diff.same && <p data-testid="setup-same">Same setup: no run argument, prompt or tool differs.</p>}
        {missing && (
          <p className="text-amber-800 dark:text-amber-300" data-testid="setup-no-run-args">
            {!diff.runArgs.base ? baseId : otherId} has no run_args.json (an older harness): its arguments are unknown, so they are not compared.
          </p>
        )}
        {diff.args.some((a) => !isRetryOrStallArg(a.name)) && (
          <CompareTable testId="setup-args" caption="Run arguments that differ" head={["Argument", "Baseline", "Other"]}>
            {diff.args
              .filter((a) => !isRetryOrStallArg(a.name))
              .map((a) => (
                <tr key={a.name} data-arg={a.name}>
                  <td className="font-mono">{a.name}</td>
                  <td className="font-mono break-all">{a.base}</td>
                  <td className="font-mono break-all">{a.other}</td>
                </tr>
              ))}
          </CompareTable>
        )}
        <RetrySwitchesTable lines={diff.retrySwitches} />
        {diff.prompts.map((p) => (
          <div key={p.file} data-testid="setup-prompt" data-file={p.file}>
            <p className="font-medium">
              <span className="font-mono">{p.file}</span> changed in {p.changed} of {p.of} scenario(s)
              {p.edits.length === 1 ? (p.changed > 1 ? " — the same edit" : "") : ` — ${p.edits.length} different edits`}
            </p>
            {p.edits.slice(0, 5).map((e, i) => (
              <details key={i} open={i === 0} className="mt-1">
                <summary className="cursor-pointer text-xs text-zinc-600 dark:text-zinc-400">
                  {e.scenarios.length} scenario(s):{" "}
                  <span className="font-mono">
                    {e.scenarios.slice(0, 4).join(", ")}
                    {e.scenarios.length > 4 ? ", …" : ""}
                  </span>
                </summary>
                <LineDiffView lines={e.lines} cut={e.cut} unshown={e.unshown} />
              </details>
            ))}
            {p.edits.length > 5 && <p className="text-xs text-zinc-500">… and {p.edits.length - 5} more edit(s)</p>}
          </div>
        ))}
        {diff.tools.length > 0 && (
          <ul className="space-y-0.5" data-testid="setup-tools">
            {diff.tools.map((t) => (
              <li key={`${t.side}:${t.tool}:${t.change}`} data-tool={t.tool} data-change={t.change}>
                {t.side} tool <span className="font-mono">{t.tool}</span> {t.change} in {t.scenarios} of {t.of} scenario(s)
              </li>
            ))}
          </ul>
        )}
        {diff.problems.length > 0 && (
          <details className="text-xs text-amber-800 dark:text-amber-300">
            <summary>{diff.problems.length} problem(s) reading the configs</summary>
            <ul>
              {diff.problems.slice(0, 50).map((p, i) => (
                <li key={i}>{p}</li>
              ))}
            </ul>
          </details>
        )}
      </div>
    </Card>
  );
}
