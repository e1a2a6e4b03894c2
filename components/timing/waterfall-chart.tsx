"use client";

/**
 * The per-agent-turn waterfall: each bar is one agent turn's response gap split into its LLM calls'
 * TTFB, the TTS TTFB, other stages and the remainder. Clicking a bar lands on the turn in the
 * transcript (and plays from it when there is audio).
 */
import type { WaterfallTurn } from "@/lib/shared/timing";
import { revealTurn, useScenario } from "@/components/scenario/interaction";
import { seconds } from "@/components/format";

const COLORS = { llm: "bg-violet-500", tts: "bg-emerald-500", other: "bg-amber-400", remainder: "bg-zinc-300 dark:bg-zinc-600" } as const;
const LABEL = { llm: "LLM TTFB", tts: "TTS TTFB", other: "other stage", remainder: "remainder (generation, tools, VAD)" } as const;

export function WaterfallChart({ turns, alignment }: { turns: WaterfallTurn[]; alignment: string }) {
  const { seek } = useScenario();
  const max = Math.max(
    1,
    ...turns.map((t) =>
      Math.max(
        t.gap_s,
        t.parts.reduce((s, p) => s + Math.max(0, p.seconds), 0),
      ),
    ),
  );
  if (!turns.length) return <p className="text-sm text-zinc-600 dark:text-zinc-400">No agent turns.</p>;
  return (
    <div className="space-y-1" data-testid="waterfall">
      <p className="text-xs text-zinc-600 dark:text-zinc-400">Alignment: {alignment}.</p>
      <ul className="flex flex-wrap gap-3 text-xs">
        {(Object.keys(COLORS) as Array<keyof typeof COLORS>).map((k) => (
          <li key={k} className="flex items-center gap-1">
            <span aria-hidden className={`inline-block h-2 w-2 rounded-sm ${COLORS[k]}`} />
            {LABEL[k]}
          </li>
        ))}
      </ul>
      <ol className="space-y-0.5">
        {turns.map((t) => (
          <li key={t.turn}>
            <a
              href={`#turn-${t.turn}`}
              data-testid="waterfall-bar"
              data-turn={t.turn}
              data-llm-calls={t.llm_calls}
              onClick={() => {
                seek(t.start, false);
                revealTurn(t.turn);
              }}
              className="grid grid-cols-[4.5rem_minmax(0,1fr)_5rem] items-center gap-2 rounded px-1 text-xs hover:bg-zinc-100 dark:hover:bg-zinc-800"
              title={`Turn ${t.turn}: gap ${seconds(t.gap_s)}; ${t.parts.map((p) => `${p.processor ?? LABEL[p.kind]} ${seconds(p.seconds)}`).join(", ")}`}
            >
              <span className="font-mono">turn {t.turn}</span>
              <span className="flex h-3 overflow-hidden rounded-sm bg-zinc-50 dark:bg-zinc-900">
                {t.parts.map((p, i) => (
                  <span key={i} className={COLORS[p.kind]} style={{ width: `${(Math.max(0, p.seconds) / max) * 100}%` }} data-kind={p.kind} />
                ))}
              </span>
              <span className="text-right tabular-nums">
                {seconds(t.gap_s)}
                {t.llm_calls > 1 && <span className="ml-1 text-violet-700 dark:text-violet-300">×{t.llm_calls}</span>}
                {t.overrun && (
                  <span className="ml-1 text-amber-700" title="stage TTFBs exceed the gap (barge-in or negative gap)">
                    !
                  </span>
                )}
              </span>
            </a>
          </li>
        ))}
      </ol>
    </div>
  );
}
