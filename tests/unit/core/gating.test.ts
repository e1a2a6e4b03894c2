import { describe, expect, it } from "vitest";
import { gatesOn, neededBy, signalMetric } from "@/lib/core/gating";

describe("gating", () => {
  it("says whether a signal gates, or that the whitelist is unknown", () => {
    expect(gatesOn(["judge_passed"], "judge_passed")).toBe(true);
    expect(gatesOn(["judge_passed"], "db_state_match")).toBe(false);
    expect(gatesOn(null, "judge_passed")).toBeNull();
  });
  it("reads the assertion signals from their pass rates", () => {
    expect(signalMetric({ nl_assertion_pass_rate: 0.5, nl_assertion: "x" }, "nl_assertion")).toBe(0.5);
    expect(signalMetric({ clean_exit: true }, "clean_exit")).toBe(true);
  });
  it("names the files a whitelist needs", () => {
    expect(neededBy("metrics.json", null).needed).toBe(true);
    expect(neededBy("judge_result.json", ["nl_assertion"])).toEqual({ needed: true, why: "nl_assertion gates" });
    expect(neededBy("final_scenario_db_hash.txt", [])).toEqual({ needed: false, why: "db_state_match does not gate" });
    expect(neededBy("judge_result.json", null).needed).toBeNull();
    expect(neededBy("constructor", ["judge_passed"])).toEqual({ needed: null, why: "" });
  });
});
