/**
 * The scenario header's "How the call ended" line (issue 57): the end in words from metrics.json, and
 * what the end tool and the simulator reported, said only where metrics.json says it (never a guessed "no").
 */
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { ScenarioHeader } from "@/components/scenario/header";
import { StaticModeProvider } from "@/components/ui/static-mode";

const list = { prev: null, next: null, index: null, total: 0 };
const header = (metrics: Record<string, unknown> | null) =>
  renderToStaticMarkup(
    createElement(
      StaticModeProvider,
      null,
      createElement(ScenarioHeader, {
        name: "tau2_retail__43",
        row: null,
        metrics,
        run: { id: "nightly/eval_20261130_020000", judgeThreshold: null, minAgentTurns: 1, agentTurnCount: null, latencyP95Ms: null },
        nav: { list, failing: list, runHref: "/runs/x", viewQuery: "", filtered: false, error: null },
        problems: [],
        toolCallCount: null,
        stopReasonFromLog: null,
      }),
    ),
  );
const callEnd = (html: string) => /<p id="call-end"[^>]*>(.*?)<\/p>/.exec(html)?.[0] ?? null;

describe("ScenarioHeader: how the call ended", () => {
  it("says the end, and what the end tool and the simulator reported", () => {
    const line = callEnd(header({ stop_reason: "[EXIT]", clean_exit: true, end_conversation_tool_called: true, simulator_end_reported: false }));
    expect(line).toContain('data-agent-at-fault="false"');
    expect(line).toContain("The agent ended the call with its end-conversation tool: a valid end under tool-only.");
    expect(line).toContain("> End tool called: yes.</span>");
    expect(line).toContain("> Simulator reported the end: no.</span>");
  });

  it("blames the agent for a timeout that was not a clean exit", () => {
    expect(callEnd(header({ stop_reason: "[TIMEOUT]", clean_exit: false }))).toContain('data-agent-at-fault="true"');
  });

  it("leaves out what metrics.json does not say (an older harness)", () => {
    const line = callEnd(header({ stop_reason: "[TIMEOUT]" }));
    expect(line).toContain("Ended at the time cap");
    expect(line).not.toContain("End tool called");
    expect(line).not.toContain("Simulator reported");
  });

  it("has no line without metrics.json", () => {
    expect(callEnd(header(null))).toBeNull();
  });
});
