/** What the Triage panel says above the label: the review queue, a change made elsewhere, a save that failed. */
export interface ReviewQueue {
  next: string | null;
  prev: string | null;
  /** Unlabelled failing scenarios left in the run, this one included when it has no label. */
  remaining: number;
}

export function TriageNotices({
  review,
  notice,
  problem,
  onDismiss,
}: {
  review: ReviewQueue | null;
  notice: string | null;
  problem: string | null;
  onDismiss: () => void;
}) {
  return (
    <>
      {review && (
        <p className="rounded-md bg-sky-50 px-3 py-1.5 text-xs text-sky-900 dark:bg-sky-950 dark:text-sky-200" data-testid="review-queue">
          Review queue: {review.remaining} unlabelled failing scenario(s) left. <kbd>j</kbd>/<kbd>k</kbd> next/previous in the queue.
        </p>
      )}
      {notice && (
        <p
          role="status"
          className="flex items-baseline gap-2 rounded-md bg-amber-50 px-3 py-1.5 text-xs text-amber-900 dark:bg-amber-950 dark:text-amber-200"
          data-testid="ledger-notice"
        >
          <span className="min-w-0 flex-1">{notice}</span>
          <button type="button" aria-label="Dismiss" className="rounded px-1 hover:bg-amber-100 dark:hover:bg-amber-900" onClick={onDismiss}>
            ×
          </button>
        </p>
      )}
      {problem && (
        <p role="alert" className="rounded-md bg-red-50 px-3 py-1.5 text-xs text-red-900 dark:bg-red-950 dark:text-red-200" data-testid="ledger-problem">
          Not saved: {problem}
        </p>
      )}
    </>
  );
}
