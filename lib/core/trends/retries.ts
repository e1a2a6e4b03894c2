/** What the trends page keeps of a run's automatic retries (issue 45): a few numbers per run. */
import type { RunRetries } from "../retries";

export interface RetryTrend {
  provenance: RunRetries["provenance"];
  retried: number;
  /** The success rate without retries, as counts. */
  without: { k: number; n: number } | null;
}

export function retryTrend(r: RunRetries): RetryTrend {
  return {
    provenance: r.provenance,
    retried: r.retried.length,
    without: r.withoutRetries ? { k: r.withoutRetries.numerator, n: r.withoutRetries.denominator } : null,
  };
}
