/** The discarded-attempt file route (issue 45): a 1-based number and a file path, nothing else. */
import { describe, expect, it } from "vitest";
import { apiAttemptFileHref, parseRunPath } from "@/lib/shared/routes";

const isRun = (id: string) => id === "r";

describe("attempt file routes", () => {
  it("round-trips an attempt's file", () => {
    const href = apiAttemptFileHref("r", "qa__1", 2, "bot_logs_agent/llm_context.json");
    expect(href).toBe("/api/runs/r/scenarios/qa__1/attempts/2/files/bot_logs_agent/llm_context.json");
    const segments = href.replace("/api/runs/", "").split("/").map(decodeURIComponent);
    expect(parseRunPath(segments, isRun)).toEqual({ kind: "attempt-file", run: "r", name: "qa__1", attempt: 2, file: "bot_logs_agent/llm_context.json" });
  });
  it.each([["0"], ["-1"], ["1.5"], ["x"], ["1234567"]])("refuses attempt %s", (n) => {
    expect(parseRunPath(["r", "scenarios", "qa__1", "attempts", n, "files", "bridge_log.txt"], isRun)).toMatchObject({ kind: "error", status: 404 });
  });
  it("needs a file", () => {
    expect(parseRunPath(["r", "scenarios", "qa__1", "attempts", "1", "files"], isRun)).toMatchObject({ kind: "error" });
    expect(parseRunPath(["r", "scenarios", "qa__1", "attempts", "1", "bridge_log.txt"], isRun)).toMatchObject({ kind: "error" });
  });
});
