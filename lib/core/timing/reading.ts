/** The triage guide's reading of LLM calls per turn (ARTIFACTS.md §7.8), in plain words. */

export const TOOL_CHAIN_GAP_S = 5;
const SLOW_TURN_S = 3;

export function callsPerTurnReading(ratio: number | null, perTurnMean: number | null, perCallMean: number | null, gap: number | null): string {
  if (ratio === null) return "No LLM time-to-first-byte lines for this side (or no answered turns): calls per turn cannot be computed.";
  const r = ratio.toFixed(2);
  if (ratio > 1.5 && gap !== null && gap > TOOL_CHAIN_GAP_S) {
    return `${r} LLM calls per turn, and a turn takes ${gap.toFixed(1)} s longer than one call's time to first byte: tool-call chains dominate the latency callers feel.`;
  }
  if (ratio > 1.5)
    return `${r} LLM calls per turn (tool calls), but a turn takes only ${(gap ?? 0).toFixed(1)} s more than one call's time to first byte: the chains cost little.`;
  if (ratio >= 0.8 && ratio <= 1.2) {
    if (perTurnMean !== null && perTurnMean > SLOW_TURN_S) {
      return `About one LLM call per turn (${r}) and turns are slow (${perTurnMean.toFixed(1)} s on average, ${(perCallMean ?? 0).toFixed(2)} s to first byte per call): the LLM service itself is slow.`;
    }
    return `About one LLM call per turn (${r}): the per-call time to first byte is what callers feel.`;
  }
  if (ratio < 0.8) return `Fewer LLM calls than answered turns (${r}): some turns were answered without a logged LLM call, or the log is incomplete.`;
  return `${r} LLM calls per turn: some turns chain a tool call; the per-call time to first byte still explains most of the wait.`;
}
