/** The run's time: one definition for the runs list, the stages tab and `report` (issue 55). */
import { describe, expect, it } from "vitest";
import { betweenScenarioOverhead, runTimeOf, runTimeSentence } from "@/lib/core/run-time";

const session = (startedAt: string | null, lastTime: string | null) => ({ startedAt, lastTime });

describe("the run time", () => {
  it("runs from the first invocation's start to evaluation_log.txt's last line, resumes included", () => {
    const t = runTimeOf({
      invocations: [{ started_at: "2026-11-30T02:00:00" }, { started_at: "2026-11-30T02:10:00" }],
      sessions: [session("2026-11-30 02:00:01", "2026-11-30 02:05:00"), session("2026-11-30 02:10:01", "2026-11-30 02:19:02")],
    });
    expect(t.seconds).toBe(19 * 60 + 2);
    expect(t.startedAt).toBe("2026-11-30T02:00:00");
  });

  it("starts at the log's first Queued line without run_args.json, and is unknown without a last line or backwards", () => {
    expect(runTimeOf({ invocations: [], sessions: [session("2026-11-30 02:00:00", "2026-11-30 02:01:00")] }).seconds).toBe(60);
    expect(runTimeOf({ invocations: [{ started_at: "2026-11-30T02:00:00" }], sessions: [] }).seconds).toBeNull();
    expect(runTimeOf({ invocations: [{ started_at: "2026-11-30T03:00:00" }], sessions: [session(null, "2026-11-30 02:00:00")] }).seconds).toBeNull();
  });

  it("names its source, and the overhead only where both are measured and not negative", () => {
    expect(betweenScenarioOverhead(1142, 466)).toBe(676);
    expect(betweenScenarioOverhead(466, 929.212), "never −463 s").toBeNull();
    expect(betweenScenarioOverhead(null, 466)).toBeNull();
    expect(runTimeSentence({ run_time_s: 1142, scenario_duration_s: 466 })).toBe(
      "Run time 19m 02s (evaluation_log.txt); Σ scenario_duration 7m 46s; between-scenario overhead 11m 16s",
    );
    expect(runTimeSentence({ run_time_s: null, scenario_duration_s: 466 })).toMatch(/^Run time unknown \(evaluation_log\.txt .*overhead unknown$/);
  });
});
