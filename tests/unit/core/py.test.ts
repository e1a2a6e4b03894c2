import { describe, expect, it } from "vitest";
import { fixed, fixed6, floatRepr, gcount, group, pysum, pyval } from "@/lib/core/py";

describe("Python-compatible formatting (ARTIFACTS.md §2.2 vectors)", () => {
  it.each([
    [731.25, 1, "731.2"],
    [1804.75, 1, "1804.8"],
    [60.25, 1, "60.2"],
    [0.125, 2, "0.12"],
    [(5 / 32) * 100, 2, "15.62"],
    [0.375, 2, "0.38"],
    [2.5, 0, "2"],
    [3.5, 0, "4"],
    [-0.125, 2, "-0.12"],
    [1804.55, 1, "1804.5"],
    [-1, 1, "-1.0"],
    [0, 1, "0.0"],
    [NaN, 1, "nan"],
    [Infinity, 2, "inf"],
    [-Infinity, 2, "-inf"],
  ])("fixed(%s, %s) = %s", (x, d, want) => {
    expect(fixed(x, d)).toBe(want);
  });

  it("sums with Neumaier compensation like CPython 3.12", () => {
    expect(fixed(pysum([0.75, 0.875]) / 2, 3)).toBe("0.812");
    expect(fixed(pysum([1922.27, 2486.88, 2919.7]) / 3, 1)).toBe("2443.0");
    // naive left-to-right addition gives 2442.9 here
    expect(fixed((1922.27 + 2486.88 + 2919.7) / 3, 1)).toBe("2442.9");
    expect(pysum([0.1, 0.2, 0.3])).toBe(0.6);
    expect(pysum([1e100, 1.0, -1e100, 1.0])).toBe(2.0);
    expect(pysum([])).toBe(0);
  });

  it("pads, groups and formats counts", () => {
    expect(fixed6((2 / 3) * 100)).toBe(" 66.67");
    expect(fixed6(100)).toBe("100.00");
    expect(fixed6(0)).toBe("  0.00");
    expect(group(1234567)).toBe("1,234,567");
    expect(group(0)).toBe("0");
    expect(group(263456)).toBe("263,456");
    expect(gcount(1234567)).toBe("1.23457e+06");
    expect(gcount(1000000)).toBe("1e+06");
    expect(gcount(999999)).toBe("999999");
  });

  it("renders values as Python str()", () => {
    expect(pyval(true)).toBe("True");
    expect(pyval(false)).toBe("False");
    expect(pyval(null)).toBe("None");
    expect(pyval("N/A")).toBe("N/A");
    expect(floatRepr(620)).toBe("620.0");
    expect(floatRepr(1e-5)).toBe("1e-05");
    expect(floatRepr(0.0001)).toBe("0.0001");
    expect(floatRepr(1e16)).toBe("1e+16");
    expect(floatRepr(1234.5)).toBe("1234.5");
    expect(floatRepr(1e-7)).toBe("1e-07");
  });
});
