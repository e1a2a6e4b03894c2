import { describe, expect, it } from "vitest";
import { csvCell, parseCsv, toCsvText } from "@/lib/shared/csv";
import { compareCsv } from "@/components/compare/csv";
import { toCsv } from "@/components/scenarios/scenario-export";
import { testRow } from "../../helpers/scenario-row";

describe("the one CSV writer", () => {
  it("neutralises every formula start in text, and leaves numbers as numbers", () => {
    for (const s of ["=1+1", "+1", "-1", "@SUM(A1)", "\tx", "\rx"]) expect(csvCell(s)).toBe(`"'${s}"`);
    expect(csvCell(-1)).toBe("-1");
    expect(csvCell(2.5)).toBe("2.5");
    expect(csvCell(true)).toBe("true");
    expect(csvCell(null)).toBe("");
    expect(csvCell('a "b", c')).toBe('"a ""b"", c"');
    expect(csvCell("plain")).toBe("plain");
  });

  it("reads back exactly what it wrote, a text starting with a quote mark included", () => {
    const rows = [
      ['=HYPERLINK("http://x","y")', "'quoted", "''twice", 'line\nbreak, and "quotes"'],
      ["-5", "@me", "", "ok"],
    ];
    const text = toCsvText(["a", "b", "c", "d"], rows, { bom: true });
    expect(text.startsWith("\uFEFFa,b,c,d\r\n")).toBe(true);
    expect(parseCsv(text)).toEqual([["a", "b", "c", "d"], ...rows]);
  });

  it("throws on an unterminated quote", () => {
    expect(() => parseCsv('a,b\r\n"open,x\r\n')).toThrow();
  });

  it("is what the scenario and compare exports write", () => {
    const row = testRow("=cmd|' /C calc'!A0", {
      domain: "@d",
      verdict: false,
      stop_reason: "+x",
      judge_score: -1,
      turns: 1,
      duration_seconds: 1,
      tokens: { agent: 1, user: 2 },
      retries: null,
    });
    const csv = toCsv([row]);
    const [, body] = parseCsv(csv);
    expect(csv).toContain(`"'=cmd|' /C calc'!A0"`);
    expect(csv).toContain(`"'@d"`);
    expect(body![0]).toBe(row.name);
    expect(body).toContain("-1");
    const cmp = compareCsv([], "a", "b");
    expect(cmp.startsWith("\uFEFFscenario,domain,change")).toBe(true);
  });
});
