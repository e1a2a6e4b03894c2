/** Barge-ins and dead air over 3 s, drawn over an audio lane (positions in % of the lanes' total time). */
import type { InteractionMarks } from "@/lib/shared/timing";

export function LaneMarks({ marks, lane, total }: { marks: InteractionMarks; lane: "user" | "agent"; total: number }) {
  const pct = (t: number) => `${Math.min(100, Math.max(0, (t / total) * 100))}%`;
  return (
    <>
      {marks.deadAir.map((d, i) => (
        <span
          key={`d${i}`}
          aria-label={`dead air ${(d.end - d.start).toFixed(1)} s`}
          title={`Dead air ${(d.end - d.start).toFixed(1)} s`}
          data-testid="dead-air-mark"
          className="pointer-events-none absolute inset-y-0 bg-[repeating-linear-gradient(45deg,rgba(245,158,11,0.45)_0_3px,transparent_3px_6px)]"
          style={{ left: pct(d.start), width: pct(d.end - d.start) }}
        />
      ))}
      {marks.bargeIns
        .filter((b) => b.by === lane)
        .map((b, i) => (
          <span
            key={`b${i}`}
            aria-label={`${b.by} barge-in at ${b.at.toFixed(1)} s`}
            title={`${b.by === "agent" ? "Agent talked over the user" : "Caller cut in on the agent"} at ${b.at.toFixed(1)} s`}
            data-testid="barge-in-mark"
            data-by={b.by}
            className="pointer-events-none absolute -inset-y-1 w-1 rounded bg-red-500"
            style={{ left: pct(b.at) }}
          />
        ))}
    </>
  );
}
