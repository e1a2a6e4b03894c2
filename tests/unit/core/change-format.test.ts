/** One format for a change in percentage points (issue 55): the run page, compare, `check`, its comment and MCP. */
import { describe, expect, it } from "vitest";
import { pairedTest } from "@/lib/core/compare";
import { deltaText } from "@/lib/core/format";
import { describeTest } from "@/lib/core/gate";

describe("a change in percentage points", () => {
  it("has 2 digits, as all_summary.txt's percentages, with a sign; a mean's change 3 digits", () => {
    expect(deltaText(1 / 9)).toBe("+11.11 pp");
    expect(deltaText(-1 / 12)).toBe("−8.33 pp");
    expect(deltaText(0)).toBe("±0.00 pp");
    expect(deltaText(null)).toBe("–");
    expect(deltaText(0.05, true)).toBe("+0.050");
  });

  it("rounds half as Python does, not as toFixed", () => {
    // 0.00125 × 100 = 0.125 exactly: Python's "%.2f" gives 0.12 (half to even), toFixed(2) 0.13.
    expect(deltaText(0.00125)).toBe("+0.12 pp");
  });

  it("writes check's paired test and its interval bounds the same way", () => {
    const pairs: Array<[boolean, boolean]> = [...Array(6)].map((_, i) => [true, i >= 2]);
    const text = describeTest(pairedTest([...pairs, [false, false], [false, false], [true, true]]));
    expect(text).toMatch(/^77\.78% → 55\.56% over 9 paired scenarios \(−22\.22 pp, 95% CI [+−]\d+\.\d\d pp to [+−]\d+\.\d\d pp;/);
  });
});
