import { describe, expect, it } from "vitest";
import { runSuites } from "@/lib/shared/run-suites";

describe("runSuites", () => {
  it("names a suite by its runs' domains, not by what its newest (killed) run finished", () => {
    const runs = [
      // Newest first, as the runs list orders them: a killed run that finished only two domains.
      { id: "eval_killed", queueKey: "q", intendedCount: 24, domains: ["tau2_retail", "tau2_telecom"] },
      { id: "eval_full", queueKey: "q", intendedCount: 24, domains: ["qa", "restaurant", "tau2_airline", "tau2_retail", "tau2_telecom"] },
    ];
    const [suite] = runSuites(runs);
    expect(suite?.label).toBe("24 scenarios · qa, restaurant, tau2_airline, …");
    expect(suite?.newest).toBe("eval_killed");
    // A shared folder still names it first.
    expect(runSuites(runs.map((r) => ({ ...r, id: `nightly/${r.id}` })))[0]?.label).toBe("nightly");
  });
});
