/** The latency sections shared by the run and the scenario report (same figures as the timing API). */
import { mdInline } from "../../markdown";
import type { TimingFigures } from "../figures";
import { fig, num, STAT_HEADER, statCells, table } from "./md";

export function latencySections(f: TimingFigures, level: "###" | "####" = "###"): string {
  const out: string[] = [];
  out.push(`${level} TTFB per side and stage\n\n`);
  out.push(table(["Side", "Processor", ...STAT_HEADER], f.ttfb.map((g) => [g.side, mdInline(g.processor), ...statCells(g)])));
  out.push(`\n${level} Per-turn response latency (s)\n\n`);
  out.push(table(["Side", ...STAT_HEADER], (["agent", "user"] as const).map((s) => [s, ...statCells(f.turns[s])])));
  out.push(`\n${level} LLM calls per turn\n\n`);
  out.push(
    table(
      ["Side", "LLM calls", "Turns", "Ratio", "Per-turn mean s", "Per-call mean s", "Gap s"],
      (["agent", "user"] as const).map((s) => {
        const c = f.calls_per_turn[s];
        return [s, String(c.llm_calls), String(c.turns), num(c.ratio), num(c.per_turn_mean_s), num(c.per_call_mean_s), num(c.gap_s)];
      }),
    ),
  );
  for (const s of ["agent", "user"] as const) out.push(`- ${s}: ${f.calls_per_turn[s].reading}\n`);
  const b = f.budget;
  out.push(`\n${level} Conversation budget (s)\n\n`);
  out.push(
    table(
      ["Duration", "Agent playback", "User playback", "Agent latency", "User latency", "Other"],
      [[num(b.duration_s), num(b.agent_playback_s), num(b.user_playback_s), num(b.agent_latency_s), num(b.user_latency_s), num(b.other_s)]],
    ),
  );
  out.push(`\nOverlap (both sides at once, counted in both playbacks): ${num(b.overlap_s)} s. Duration = playback of both sides − overlap + latencies + other.\n`);
  out.push(`\n${level} Tokens per call\n\n`);
  out.push(
    table(
      ["Side", "Calls", "Prompt sum", "Prompt mean", "Prompt p90", "Prompt max", "Completion sum", "Completion mean", "Completion p90", "Completion max", "Total", "Flags"],
      (["agent", "user"] as const).map((s) => {
        const t = f.tokens[s];
        const flags = [t.context_bloat ? "context bloat (prompt > 15,000)" : "", t.long_completions ? `${t.long_completions} completion(s) > 1,500` : ""].filter(Boolean).join("; ") || "—";
        return [s, String(t.calls), num(t.prompt?.sum, 0), num(t.prompt?.mean, 1), num(t.prompt?.p90, 0), num(t.prompt?.max, 0), num(t.completion?.sum, 0), num(t.completion?.mean, 1), num(t.completion?.p90, 0), num(t.completion?.max, 0), String(t.total), flags];
      }),
    ),
  );
  const i = f.interaction;
  out.push(`\n${level} Turn-taking\n\n`);
  out.push(
    table(
      ["Fact", "Value"],
      [
        ["Response rate", fig(i.response_rate, true)],
        ["Agent interruptions", `${i.agent_interruptions.count}; per user turn ${fig(i.agent_interruptions.per_user_turn)}`],
        ["Caller interruptions", `${i.caller_interruptions.count}; per user turn ${fig(i.caller_interruptions.per_user_turn)}`],
        ["Overlap s", `${fig(i.overlap.total_s)} over ${i.overlap.count} overlap(s)`],
        ["Yield latency s", i.yield_latency.stats ? `mean ${num(i.yield_latency.stats.mean)}, max ${num(i.yield_latency.stats.max)} (n=${i.yield_latency.n})` : `N/A (${i.yield_latency.na})`],
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
