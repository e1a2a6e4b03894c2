/**
 * Differential cases: seeded random result sets rendered by an independent Python implementation written
 * only from ARTIFACTS.md §2–§4 (differential/spec_reference.py, which regenerates differential/cases.json).
 * Covers mixes the hand-written tests do not: missing keys, N/A verdicts, stalls via n_calls or the context
 * fallback, rounding ties, several domains including the empty one and non-BMP names.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { parseJson, renderSummary } from "@/lib/core";

interface Case {
  M: number;
  Q: number;
  records: Record<string, unknown>[];
  names: string[];
  nl: (boolean[] | null)[];
  ctx: (number | null)[];
  expected: string;
}

const parsed = parseJson(readFileSync(join(__dirname, "differential", "cases.json"), "utf8"));
if (!parsed.ok) throw new Error(parsed.error);
const cases = (parsed.value as Case[]).map((c, i) => ({ ...c, title: `case ${i}: ${c.records.length} record(s), M = ${c.M}, Q = ${c.Q}` }));

describe("differential cases against the spec-only Python renderer", () => {
  it("has the cases", () => {
    expect(cases.length).toBeGreaterThanOrEqual(30);
  });

  it.each(cases)("$title", (c) => {
    const records = c.records.map((metrics, i) => ({
      name: c.names[i] as string,
      metrics,
      nlPassed: c.nl[i] ?? null,
      agentContextAssistantCount: c.ctx[i] ?? null,
    }));
    expect(renderSummary({ records, queueLength: c.Q, minAgentTurns: c.M })).toBe(c.expected);
  });
});
