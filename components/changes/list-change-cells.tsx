/** The runs list's "Failed" and "Δ vs previous" cells (the change against the previous run of the suite: views/run-changes). */
import { rateLabel } from "@/lib/core/figures";
import Link from "next/link";
import { deltaText, group } from "@/components/format";
import { likeForLikeText } from "@/lib/core/run-changes";
import { compareHref, runHref } from "@/lib/shared/routes";
import type { Rate } from "@/lib/shared/dto";
import type { ListChange } from "@/lib/shared/run-changes";

export function FailedCell({ runId, success }: { runId: string; success: Rate }) {
  const failed = success.denominator - success.numerator;
  if (success.denominator === 0) return <span className="text-zinc-500">–</span>;
  return failed > 0 ? (
    <Link href={runHref(runId, "quick=failed")} className="font-medium text-red-700 hover:underline dark:text-red-400" title={`${failed} scenario(s) failed`}>
      {group(failed)}
    </Link>
  ) : (
    <span className="text-zinc-500">0</span>
  );
}

export function DeltaCell({ runId, change }: { runId: string; change: ListChange | undefined }) {
  if (!change)
    return (
      <span className="text-zinc-500" title="The first run of its suite">
        –
      </span>
    );
  const d = change.delta;
  const tone =
    d === null || Math.abs(d) < 1e-9 ? "text-zinc-600 dark:text-zinc-400" : d < 0 ? "text-red-700 dark:text-red-400" : "text-emerald-700 dark:text-emerald-400";
  return (
    <div className="space-y-0.5 text-right">
      <div
        className={`font-medium tabular-nums ${tone}`}
        data-part="delta"
        title={`${rateLabel("success_rate")} against ${change.previous}${change.likeForLike === null ? "" : `, ${likeForLikeText(change.likeForLike)}`}`}
      >
        {d === null ? "unknown" : deltaText(d)}
      </div>
      {change.likeForLike !== null && (
        <div className="text-xs text-zinc-500" data-part="like-for-like">
          {likeForLikeText(change.likeForLike)}
        </div>
      )}
      {change.newFailures !== null && change.newFailures > 0 && (
        <Link
          href={`${runHref(runId, "quick=new")}#scenarios`}
          className="block text-xs font-medium text-red-700 hover:underline dark:text-red-400"
          data-part="new-failures"
        >
          {change.newFailures} new failure{change.newFailures === 1 ? "" : "s"}
        </Link>
      )}
      <Link
        href={compareHref(change.previous, [runId])}
        className="block text-xs whitespace-nowrap text-sky-700 hover:underline dark:text-sky-400"
        data-part="compare-previous"
        title={`Compare with ${change.previous}`}
      >
        vs previous →
      </Link>
    </div>
  );
}

/** The change in one line under the run's name at phone width, where the table's change column is off-screen. */
export function DeltaInline({ runId, change }: { runId: string; change: ListChange | undefined }) {
  if (!change) return null;
  const d = change.delta;
  const tone =
    d === null || Math.abs(d) < 1e-9 ? "text-zinc-600 dark:text-zinc-400" : d < 0 ? "text-red-700 dark:text-red-400" : "text-emerald-700 dark:text-emerald-400";
  return (
    <div className="mt-1 flex flex-wrap gap-x-2 text-xs sm:hidden" data-testid="vs-previous-inline">
      <span className={`tabular-nums ${tone}`}>
        {d === null ? "Δ unknown" : deltaText(d)}
        {change.likeForLike !== null && ` (${likeForLikeText(change.likeForLike)})`}
      </span>
      {change.newFailures !== null && change.newFailures > 0 && (
        <Link href={`${runHref(runId, "quick=new")}#scenarios`} className="text-red-700 hover:underline dark:text-red-400">
          {change.newFailures} new
        </Link>
      )}
      <Link href={compareHref(change.previous, [runId])} className="text-sky-700 hover:underline dark:text-sky-400">
        vs previous →
      </Link>
    </div>
  );
}
