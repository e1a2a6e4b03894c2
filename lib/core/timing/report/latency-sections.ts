/** The latency sections shared by the run and the scenario report (same figures as the timing API). */
import { count } from "../../format";
import { mdInline } from "../../markdown";
import type { TimingFigures } from "../figures";
import { fig, num, STAT_HEADER, statCells, table } from "./md";

/** What a figure that was not measured reads (issue 43): never 0, none or 0.000. */
export const NO_LOGS = "unknown (no logs)";

/** Token counts of one side as metrics.json's token_usage sums them. */
export interface SideTokens {
  n_calls: number;
  prompt: number;
  completion: number;
}

/** metrics.json's token_usage, summed: the totals when the LLM logs are absent. */
export interface MetricsTokens {
  agent: SideTokens;
  user: SideTokens;
}

/** "agent 11 calls, 59,451 prompt + 708 completion; user …; total 63,377 (metrics.json token_usage)". */
export function metricsTokensLine(t: MetricsTokens): string {
  const side = (name: string, s: SideTokens) => `${name} ${count(s.n_calls)} calls, ${count(s.prompt)} prompt + ${count(s.completion)} completion`;
  const total = t.agent.prompt + t.agent.completion + t.user.prompt + t.user.completion;
  return `${side("agent", t.agent)}; ${side("user", t.user)}; total ${count(total)} (metrics.json token_usage)`;
}

/**
 * `metricsTokens`: the token totals from metrics.json, said where the logs give none. A section
 * whose figures come only from logs that were not there says NO_LOGS instead of zeros.
 */
export function latencySections(f: TimingFigures, level: "###" | "####" = "###", metricsTokens: MetricsTokens | null = null): string {
  const out: string[] = [];
  const noLog = `_${NO_LOGS}: no conversation_log.txt, segLST or bridge_log.txt was read._\n`;
  out.push(`${level} TTFB per side and stage\n\n`);
  out.push(
    f.ttfb.length
      ? table(
          ["Side", "Processor", ...STAT_HEADER],
          f.ttfb.map((g) => [g.side, mdInline(g.processor), ...statCells(g)]),
        )
      : `_${NO_LOGS}: no TTFB lines (bridge_log.txt)._\n`,
  );
  out.push(`\n${level} Per-turn response latency (s)\n\n`);
  out.push(
    f.turns.agent || f.turns.user
      ? table(
          ["Side", ...STAT_HEADER],
          (["agent", "user"] as const).map((s) => [s, ...statCells(f.turns[s])]),
        )
      : noLog,
  );
  const calls = f.calls_per_turn.agent.llm_calls + f.calls_per_turn.user.llm_calls + f.calls_per_turn.agent.turns + f.calls_per_turn.user.turns;
  const budgetMeasured = f.budget.duration_s > 0;
  const tokensMeasured = f.tokens.agent.calls + f.tokens.user.calls > 0;
  const spoken = f.interaction.response_rate.value !== null || f.interaction.dead_air.total_s.value !== null;
  out.push(`\n${level} LLM calls per turn\n\n`);
  if (calls === 0) out.push(noLog);
  else
    out.push(
      table(
        ["Side", "LLM calls", "Turns", "Ratio", "Per-turn mean s", "Per-call mean s", "Gap s"],
        (["agent", "user"] as const).map((s) => {
          const c = f.calls_per_turn[s];
          return [s, String(c.llm_calls), String(c.turns), num(c.ratio), num(c.per_turn_mean_s), num(c.per_call_mean_s), num(c.gap_s)];
        }),
      ),
    );
  if (calls > 0) for (const s of ["agent", "user"] as const) out.push(`- ${s}: ${f.calls_per_turn[s].reading}\n`);
  const b = f.budget;
  out.push(`\n${level} Conversation budget (s)\n\n`);
  if (!budgetMeasured) out.push(noLog);
  else
    out.push(
      table(
        ["Duration", "Agent playback", "User playback", "Agent latency", "User latency", "Other"],
        [[num(b.duration_s), num(b.agent_playback_s), num(b.user_playback_s), num(b.agent_latency_s), num(b.user_latency_s), num(b.other_s)]],
      ),
    );
  if (budgetMeasured)
    out.push(
      `\nOverlap (both sides at once, counted in both playbacks): ${num(b.overlap_s)} s. Duration = playback of both sides − overlap + latencies + other.\n`,
    );
  out.push(`\n${level} Tokens per call\n\n`);
  if (!tokensMeasured) out.push(`_Per call: ${NO_LOGS} (no LLM logs were read)._${metricsTokens ? ` Totals: ${metricsTokensLine(metricsTokens)}.` : ""}\n`);
  else
    out.push(
      table(
        [
          "Side",
          "Calls",
          "Prompt sum",
          "Prompt mean",
          "Prompt p90",
          "Prompt max",
          "Completion sum",
          "Completion mean",
          "Completion p90",
          "Completion max",
          "Total",
          "Flags",
        ],
        (["agent", "user"] as const).map((s) => {
          const t = f.tokens[s];
          const flags =
            [t.context_bloat ? "context bloat (prompt > 15,000)" : "", t.long_completions ? `${t.long_completions} completion(s) > 1,500` : ""]
              .filter(Boolean)
              .join("; ") || "—";
          return [
            s,
            String(t.calls),
            num(t.prompt?.sum, 0),
            num(t.prompt?.mean, 1),
            num(t.prompt?.p90, 0),
            num(t.prompt?.max, 0),
            num(t.completion?.sum, 0),
            num(t.completion?.mean, 1),
            num(t.completion?.p90, 0),
            num(t.completion?.max, 0),
            String(t.total),
            flags,
          ];
        }),
      ),
    );
  if (tokensMeasured && metricsTokens) out.push(`\nTotals: ${metricsTokensLine(metricsTokens)}.\n`);
  const i = f.interaction;
  out.push(`\n${level} Turn-taking\n\n`);
  if (!spoken) out.push(`_${NO_LOGS}: no speech segments (conversation_log.txt or its segLST)._\n`);
  else
    out.push(
      table(
        ["Fact", "Value"],
        [
          ["Response rate", fig(i.response_rate, true)],
          ["Agent interruptions", `${i.agent_interruptions.count}; per user turn ${fig(i.agent_interruptions.per_user_turn)}`],
          ["Caller interruptions", `${i.caller_interruptions.count}; per user turn ${fig(i.caller_interruptions.per_user_turn)}`],
          ["Overlap s", `${fig(i.overlap.total_s)} over ${i.overlap.count} overlap(s)`],
          [
            "Yield latency s",
            i.yield_latency.stats
              ? `mean ${num(i.yield_latency.stats.mean)}, max ${num(i.yield_latency.stats.max)} (n=${i.yield_latency.n})`
              : `N/A (${i.yield_latency.na})`,
          ],
          ["Dead air s", fig(i.dead_air.total_s)],
          ["Dead air fraction", fig(i.dead_air.fraction, true)],
          ["Longest gap s", fig(i.dead_air.longest_s)],
          ["Gaps over 3 s", `${i.dead_air.over_3s} (${num(i.dead_air.over_3s_total_s)} s)`],
          ["Dead air beyond response gaps s", fig(i.dead_air.excluding_response_s)],
          ["Talk share agent", fig(i.talk_share.agent, true)],
          ["Talk share user", fig(i.talk_share.user, true)],
        ],
      ),
    );
  return out.join("");
}
