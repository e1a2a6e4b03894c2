/** What the user simulator meant against what the agent heard (§7.7): a word diff per utterance with its WER. */
import { percent } from "@/components/format";
import { Badge } from "@/components/ui/badge";
import { ASR_FLAG_WER, type AsrDiff, type WordOp } from "@/lib/core";

const MAX_PAIRS = 500;

function Op({ op }: { op: WordOp }) {
  switch (op.op) {
    case "same":
      return <span data-op="same">{op.meant}</span>;
    case "sub":
      return (
        <span data-op="sub" className="whitespace-nowrap" title={`meant “${op.meant}”, heard “${op.heard}”`}>
          <del className="rounded-sm bg-red-100 px-0.5 text-red-800 decoration-red-500 dark:bg-red-950 dark:text-red-300">{op.meant}</del>
          <span aria-hidden className="text-zinc-400">
            →
          </span>
          <ins className="rounded-sm bg-emerald-100 px-0.5 text-emerald-900 no-underline dark:bg-emerald-950 dark:text-emerald-300">{op.heard}</ins>
        </span>
      );
    case "del":
      return (
        <del
          data-op="del"
          className="rounded-sm bg-red-100 px-0.5 text-red-800 decoration-red-500 dark:bg-red-950 dark:text-red-300"
          title="meant but not heard"
        >
          {op.meant}
        </del>
      );
    case "ins":
      return (
        <ins
          data-op="ins"
          className="rounded-sm bg-sky-100 px-0.5 text-sky-900 underline decoration-dotted dark:bg-sky-950 dark:text-sky-300"
          title="heard but not meant"
        >
          {op.heard}
        </ins>
      );
  }
}

/** `turns`: each pair's transcript turn (the page's one numbering), `null` where no turn says it. */
export function HeardVsMeant({ asr, why, turns = [] }: { asr: AsrDiff | null; why: string; turns?: ReadonlyArray<number | null> }) {
  if (!asr) return <p className="text-sm text-zinc-600 dark:text-zinc-400">{why}</p>;
  if (asr.pairs.length === 0) {
    const empty =
      asr.meantCount === 0 && asr.heardCount === 0
        ? "both LLM contexts hold no utterances"
        : asr.meantCount === 0
          ? "the user simulator's context holds no utterances"
          : "the agent's context holds no heard utterances";
    return (
      <p className="text-sm text-zinc-600 dark:text-zinc-400" data-testid="asr-summary">
        Nothing to compare: {empty} ({asr.meantCount} meant · {asr.heardCount} heard). A context saved as [] is common and not evidence of silence (§1.14).
      </p>
    );
  }
  const flagged = asr.pairs.filter((p) => p.wer >= ASR_FLAG_WER).length;
  const pairs = asr.pairs.slice(0, MAX_PAIRS);
  return (
    <div className="space-y-3 text-sm">
      <p className="flex flex-wrap items-center gap-x-3 gap-y-1 text-xs text-zinc-600 dark:text-zinc-400" data-testid="asr-summary">
        <span>
          overall WER <strong className="text-zinc-900 tabular-nums dark:text-zinc-100">{percent(asr.wer, 1)}</strong>
        </span>
        <span>
          {asr.meantCount} meant · {asr.heardCount} heard
        </span>
        {asr.meantCount !== asr.heardCount && (
          <Badge tone="warn" title="Interruptions, dropped utterances or echo (§7.7)">
            count mismatch
          </Badge>
        )}
        <span>
          {flagged} utterance{flagged === 1 ? "" : "s"} at WER ≥ {percent(ASR_FLAG_WER, 0)}
        </span>
        <span>case, punctuation and number formatting are ignored</span>
      </p>
      <p className="flex flex-wrap gap-2 text-xs text-zinc-600 dark:text-zinc-400" aria-label="Legend">
        <del className="rounded-sm bg-red-100 px-0.5 text-red-800 dark:bg-red-950 dark:text-red-300">meant</del>
        <span>→</span>
        <ins className="rounded-sm bg-emerald-100 px-0.5 text-emerald-900 no-underline dark:bg-emerald-950 dark:text-emerald-300">heard instead</ins>
        <ins className="rounded-sm bg-sky-100 px-0.5 text-sky-900 underline decoration-dotted dark:bg-sky-950 dark:text-sky-300">heard, not meant</ins>
      </p>
      {pairs.length === 0 ? (
        <p className="text-zinc-600 dark:text-zinc-400">No utterance pairs to compare.</p>
      ) : (
        <ol className="space-y-2" data-testid="asr-pairs">
          {pairs.map((p) => {
            const bad = p.wer >= ASR_FLAG_WER;
            return (
              <li
                key={p.index}
                id={`asr-${p.index}`}
                data-wer={p.wer}
                className={`scroll-mt-24 rounded-md border px-3 py-2 target:ring-2 target:ring-amber-400 ${bad ? "border-amber-300 dark:border-amber-800" : "border-zinc-200 dark:border-zinc-800"}`}
              >
                <div className="mb-1 flex items-center gap-2 text-xs text-zinc-600 dark:text-zinc-400">
                  {typeof turns[p.index] === "number" ? (
                    <a href={`#turn-${turns[p.index]}`} className="font-mono text-sky-700 hover:underline dark:text-sky-400" data-testid="asr-turn">
                      turn {turns[p.index]}
                    </a>
                  ) : (
                    <span className="font-mono" title="No transcript turn says these words">
                      utterance {p.index + 1}
                    </span>
                  )}
                  <Badge tone={p.wer === 0 ? "good" : bad ? "warn" : "neutral"}>WER {percent(p.wer, 1)}</Badge>
                </div>
                <p className="flex flex-wrap gap-x-1.5 gap-y-0.5 break-words" data-testid="asr-diff">
                  {p.ops.map((op, i) => (
                    <Op key={i} op={op} />
                  ))}
                </p>
                {p.wer > 0 && (
                  <dl className="mt-1 grid grid-cols-[3.5rem_minmax(0,1fr)] gap-x-2 text-xs text-zinc-600 dark:text-zinc-400">
                    <dt>meant</dt>
                    <dd className="break-words">{p.meant}</dd>
                    <dt>heard</dt>
                    <dd className="break-words">{p.heard}</dd>
                  </dl>
                )}
              </li>
            );
          })}
        </ol>
      )}
      {asr.pairs.length > MAX_PAIRS && (
        <p className="text-xs text-zinc-500">
          First {MAX_PAIRS} of {asr.pairs.length} pairs shown.
        </p>
      )}
    </div>
  );
}
