"use client";

/**
 * The NL-assertion verdicts. Selecting one (click, Enter/Space; ↑/↓ move between them, Esc clears)
 * highlights the transcript turns its reason quotes.
 */
import { useCappedTexts } from "./capped-text";
import type { KeyboardEvent } from "react";
import { Badge } from "@/components/ui/badge";
import { revealTurn, useScenario } from "./interaction";
import { count } from "@/components/format";

export interface VerdictView {
  index: number;
  assertion: string;
  passed: boolean;
  reason: string;
  /** "judge": the judge failed (Error / no evidence); "missing": the judge gave no verdict. */
  fault: "judge" | "missing" | null;
  turns: number[];
}

export function VerdictList({ verdicts }: { verdicts: VerdictView[] }) {
  const cut = useCappedTexts().truncated;
  const { selectedVerdict, selectVerdict } = useScenario();
  const choose = (i: number) => {
    const next = selectedVerdict === i ? null : i;
    selectVerdict(next);
    const first = next === null ? undefined : verdicts[next]?.turns[0];
    if (first !== undefined) revealTurn(first);
  };
  const onKey = (e: KeyboardEvent<HTMLButtonElement>, i: number) => {
    const buttons = [...(e.currentTarget.closest("ol")?.querySelectorAll<HTMLButtonElement>("button[data-verdict]") ?? [])];
    if (e.key === "ArrowDown" || e.key === "ArrowUp") {
      e.preventDefault();
      buttons[(i + (e.key === "ArrowDown" ? 1 : buttons.length - 1)) % buttons.length]?.focus();
    } else if (e.key === "Escape") selectVerdict(null);
  };
  return (
    <ol className="space-y-2" data-testid="nl-verdicts">
      {verdicts.map((v, i) => {
        const selected = selectedVerdict === i;
        return (
          <li key={i}>
            <button
              type="button"
              data-verdict={i}
              aria-pressed={selected}
              onClick={() => choose(i)}
              onKeyDown={(e) => onKey(e, i)}
              className={`w-full rounded-md border p-2 text-left text-sm transition-colors focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-sky-600 ${
                selected
                  ? "border-amber-400 bg-amber-50 dark:border-amber-600 dark:bg-amber-950/60"
                  : "border-zinc-200 hover:bg-zinc-50 dark:border-zinc-800 dark:hover:bg-zinc-800/60"
              }`}
            >
              <span className="flex flex-wrap items-center gap-2">
                <span className="font-mono text-xs text-zinc-500">#{v.index}</span>
                {v.fault === "judge" ? (
                  <Badge tone="warn" title="The judge failed; this is not an agent failure">
                    judge error
                  </Badge>
                ) : v.fault === "missing" ? (
                  <Badge tone="warn" title="The judge returned no verdict for this assertion; counted as failed">
                    no verdict
                  </Badge>
                ) : v.passed ? (
                  <Badge tone="good">passed</Badge>
                ) : (
                  <Badge tone="bad">failed</Badge>
                )}
                <span className="ml-auto text-xs text-zinc-500 dark:text-zinc-400">
                  {v.turns.length > 0 ? `quotes turn${v.turns.length > 1 ? "s" : ""} ${v.turns.join(", ")}` : "quotes no turn"}
                </span>
              </span>
              <span className="mt-1 block font-medium whitespace-pre-wrap break-words">{v.assertion}</span>
              <span className="mt-1 block whitespace-pre-wrap break-words text-zinc-700 dark:text-zinc-300">
                {v.reason}
                {cut[`judge.verdicts.${i}.reason`] !== undefined &&
                  ` … (${count(cut[`judge.verdicts.${i}.reason`] as number)} characters in all: the whole reason is in judge_result.json)`}
              </span>
            </button>
          </li>
        );
      })}
    </ol>
  );
}
