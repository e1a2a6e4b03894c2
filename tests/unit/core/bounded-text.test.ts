/** A row's texts cut where the row is made (issue 54): each cut named with its full length, and the row within `ROW_BYTES` whatever the texts hold. */
import { describe, expect, it } from "vitest";
import { cutText, jsonBytes, ROW_BOUNDS, ROW_BYTES, surelyWithin } from "@/lib/core/bounded-text";
import { scenarioRow } from "@/lib/core/scenario-row";
import { metrics, scenarioRecord } from "../../helpers/run-builder";

describe("bounded row texts", () => {
  it("cuts a text with an ellipsis, never between the halves of a surrogate pair", () => {
    expect(cutText("short")).toBe("short");
    expect(cutText("abcdef", 4)).toBe("abc…");
    const cut = cutText(`ab${"😀".repeat(10)}`, 4);
    expect(cut).toBe("ab…");
    expect(JSON.stringify(cut)).not.toMatch(/\\ud/);
  });

  it("cuts a long stop reason to the usual bound when the row fits", () => {
    const row = scenarioRow(scenarioRecord(metrics("tau2_retail__4", { stop_reason: "y".repeat(10_000) })), 3);
    expect(row.stop_reason).toHaveLength(ROW_BOUNDS.text);
    expect(row.cut).toEqual({ stop_reason: 10_000 });
  });

  it("redacts a key that crosses the stop reason's bound, reading only the start of a long one", () => {
    const key = `sk-${"a1B2".repeat(12)}`;
    const text = `${"x".repeat(ROW_BOUNDS.text - 10)} ${key} ${"y".repeat(100_000)}`;
    const row = scenarioRow(scenarioRecord(metrics("tau2_retail__5", { stop_reason: text })), 3);
    expect(row.stop_reason).not.toContain("sk-a1B2");
    expect(row.stop_reason).toHaveLength(ROW_BOUNDS.text);
    expect(row.cut?.stop_reason).toBe(text.length);
  });

  it("leaves an ordinary row whole, and says nothing was cut", () => {
    const row = scenarioRow(scenarioRecord(metrics("tau2_retail__1", { stop_reason: "[TIMEOUT]" })), 3);
    expect(row.stop_reason).toBe("[TIMEOUT]");
    expect(row.cut).toBeUndefined();
    expect(surelyWithin(row, ROW_BYTES)).toBe(true);
  });

  it("names each cut with its full length: a text by its characters, a list by its items", () => {
    const m = metrics("tau2_retail__2", {
      stop_reason: "x".repeat(50_000),
      auto_retry_count: 25,
      auto_retry_reasons: Array.from({ length: 25 }, (_, i) => `reason ${i} `.repeat(100)),
      success_breakdown: { passed: [], failed: Array.from({ length: 40 }, (_, i) => `signal_${i}`), not_applicable: [], excluded: [] },
    });
    const row = scenarioRow(scenarioRecord(m), 3);
    expect(row.stop_reason!.length).toBeLessThanOrEqual(ROW_BOUNDS.text);
    expect(row.stop_reason).toMatch(/^x+…$/);
    expect(row.cut).toMatchObject({
      stop_reason: 50_000,
      retry_reasons: 25,
      "retry_reasons[0]": "reason 0 ".repeat(100).length,
      "success_breakdown.failed": 40,
    });
    expect(row.retry_reasons.length).toBeLessThanOrEqual(ROW_BOUNDS.items);
    expect(row.retry_reasons[0]!.startsWith("reason 0 reason 0")).toBe(true);
    expect(jsonBytes(row)).toBeLessThanOrEqual(ROW_BYTES);
  });

  it("keeps a row of texts that JSON escapes the most within ROW_BYTES, tighter bounds named the same way", () => {
    const escapes = "\u0001\u0002\u0003".repeat(1000);
    const m = metrics("tau2_retail__3", {
      stop_reason: escapes,
      auto_retry_count: 20,
      auto_retry_reasons: Array.from({ length: 20 }, () => escapes),
      success_breakdown: { passed: Array.from({ length: 20 }, () => escapes), failed: [], not_applicable: [], excluded: [] },
    });
    const row = scenarioRow(scenarioRecord(m), 3);
    expect(jsonBytes(row)).toBeLessThanOrEqual(ROW_BYTES);
    expect(row.cut?.stop_reason).toBe(escapes.length);
    expect(row.cut?.retry_reasons).toBe(20);
  });
});
