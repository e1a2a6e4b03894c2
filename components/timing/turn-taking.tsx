/** Turn-taking facts after tau2-bench: each with the count it rests on; N/A carries its reason. */
import type { InteractionFigures } from "@/lib/shared/timing";
import { FigureCell } from "./figure-cell";
import { seconds } from "@/components/format";

/** `marked`: turns the harness wrote as [INTERRUPTED] (audio without text), said apart so no one reads them as interruptions. */
export function TurnTaking({ i, marked = null }: { i: InteractionFigures; marked?: number | null }) {
  const rows: Array<[string, React.ReactNode, string]> = [
    ["Response rate", <FigureCell key="r" f={i.response_rate} kind="pct" />, "response-rate"],
    [
      "Agent interruptions (agent starts while the user speaks)",
      <span key="a">
        {i.agent_interruptions.count} · per user turn <FigureCell f={i.agent_interruptions.per_user_turn} />
      </span>,
      "agent-interruptions",
    ],
    [
      "Caller interruptions (user starts while the agent speaks)",
      <span key="c">
        {i.caller_interruptions.count} · per user turn <FigureCell f={i.caller_interruptions.per_user_turn} />
      </span>,
      "caller-interruptions",
    ],
    ...(marked
      ? ([
          [
            "Turns the harness marked [INTERRUPTED]",
            `${marked}: audio without text, not an interruption (one side starting while the other speaks, counted above)`,
            "marked-interrupted",
          ],
        ] as Array<[string, React.ReactNode, string]>)
      : []),
    [
      "Overlap",
      <span key="o">
        <FigureCell f={i.overlap.total_s} kind="s" /> over {i.overlap.count}
      </span>,
      "overlap",
    ],
    [
      "Yield latency (agent kept talking after being cut in on)",
      i.yield_latency.stats
        ? `mean ${seconds(i.yield_latency.stats.mean)}, max ${seconds(i.yield_latency.stats.max)} · n=${i.yield_latency.n}`
        : `N/A (${i.yield_latency.na})`,
      "yield",
    ],
    ["Dead air", <FigureCell key="d" f={i.dead_air.total_s} kind="s" />, "dead-air"],
    ["Dead air, fraction of the call", <FigureCell key="f" f={i.dead_air.fraction} kind="pct" />, "dead-air-fraction"],
    ["Longest gap", <FigureCell key="l" f={i.dead_air.longest_s} kind="s" />, "longest-gap"],
    ["Gaps over 3 s", `${i.dead_air.over_3s} (${seconds(i.dead_air.over_3s_total_s)})`, "gaps-over-3s"],
    ["Dead air beyond response gaps", <FigureCell key="x" f={i.dead_air.excluding_response_s} kind="s" />, "dead-air-unanswered"],
    [
      "Talk share agent / user",
      <span key="t">
        <FigureCell f={i.talk_share.agent} kind="pct" /> / <FigureCell f={i.talk_share.user} kind="pct" />
      </span>,
      "talk-share",
    ],
  ];
  return (
    <table className="w-full text-xs max-sm:relative max-sm:block max-sm:overflow-x-auto" data-testid="turn-taking">
      <tbody>
        {rows.map(([label, value, id]) => (
          <tr key={id} data-fact={id} className="border-b border-zinc-100 dark:border-zinc-800">
            <th className="px-2 py-1 text-left font-normal text-zinc-700 dark:text-zinc-300">{label}</th>
            <td className="px-2 py-1">{value}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
