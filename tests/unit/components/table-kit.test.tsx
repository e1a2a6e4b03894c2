/**
 * Issue 55: the table kit is the one component code that writes a number, through lib/core/format.ts
 * and the figure registry; an unknown value reads as they say, never 0. Rendered to HTML as a page is.
 */
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { cellText, num, pair, Table, Value, type Column } from "@/components/ui/table-kit";
import { FIGURES, RATE_FIGURES } from "@/lib/core/figures";
import { decimal, deltaText, pValue, relativeChange, seconds, signed } from "@/lib/core/format";

const text = (html: string) => html.replace(/<[^>]+>/g, "").replace(/&gt;/g, ">");

describe("lib/core/format.ts, the writers the kit calls", () => {
  it("writes signs, seconds, decimals, p-values and relative changes, and an unknown as a dash", () => {
    expect(signed(-1204.4, (a) => `${Math.round(a)} ms`)).toBe("−1204 ms");
    expect(signed(0, String)).toBe("±0");
    expect(signed(null, String)).toBe("–");
    expect(deltaText(0.0125, false, 1)).toBe("+1.2 pp");
    expect(deltaText(Number.NaN)).toBe("–");
    expect(seconds(2.145, 2)).toBe("2.15 s");
    expect(seconds(undefined)).toBe("–");
    expect(decimal(0.5, 3)).toBe("0.500");
    expect(decimal(Number.POSITIVE_INFINITY)).toBe("–");
    expect(pValue(0.0004)).toBe("< 0.001");
    expect(pValue(0.0421)).toBe("0.042");
    expect(relativeChange(200, 250)).toBe("(+25.0%)");
    expect(relativeChange(0, 3)).toBe("(new)");
    expect(relativeChange(0, 0)).toBe("");
  });
});

describe("a typed cell", () => {
  it("writes a rate as the harness's figure does, and an empty rate as N/A", () => {
    expect(cellText(num.rate("success_rate", { numerator: 9, denominator: 24, value: 9 / 24 }))).toBe("37.50%");
    expect(cellText(num.rate("judge_score_mean", { numerator: 0, denominator: 3, value: 0.79 }))).toBe("0.790");
    expect(cellText(num.rate("success_rate", { numerator: 0, denominator: 0, value: null }))).toBe("N/A");
    expect(RATE_FIGURES.success_rate.label).toBe("Overall Success Rate");
  });

  it("writes a figure by its registry entry: an unknown count is unknown, never 0", () => {
    expect(cellText(num.figure("agent_llm_calls", null))).toBe("unknown");
    expect(cellText(num.figure("agent_llm_calls", 12345))).toBe(FIGURES.agent_llm_calls.format(12345));
    expect(cellText(num.figure("latency_p50", 4150.4))).toBe("4,150 ms");
  });

  it("reads an unknown value as the core's writers say, never 0", () => {
    for (const c of [num.ms(null), num.seconds(undefined), num.decimal(Number.NaN), num.count(null), num.duration(null), num.delta(null, "ms")])
      expect(cellText(c)).toBe("–");
    expect(cellText(num.percent(null))).toBe("N/A");
    expect(cellText(num.ms(-3))).toBe("–");
  });

  it("writes deltas by unit, with a tone only where the table says which way is better", () => {
    expect(cellText(num.delta(-1204, "ms"))).toBe("−1,204 ms");
    expect(cellText(num.delta(0.03, "pp"))).toBe("+3.00 pp");
    expect(cellText(num.delta(0, "count"))).toBe("±0");
    const better = renderToStaticMarkup(<Value c={num.delta(-40, "ms", { better: "lower" })} />);
    expect(better).toContain("text-emerald-700");
    const worse = renderToStaticMarkup(<Value c={num.delta(-40, "ms", { better: "higher" })} />);
    expect(worse).toContain("text-red-700");
    const plain = renderToStaticMarkup(<Value c={num.delta(-40, "ms")} />);
    expect(plain).not.toMatch(/emerald|red-700/);
    expect(text(renderToStaticMarkup(<Value c={num.delta(50, "count", { relativeTo: 200 })} />))).toBe("+50 (+25.0%)");
  });

  it("reads a pair as 'a to b' and shows an arrow", () => {
    const html = renderToStaticMarkup(<Value c={pair(num.ms(4150), num.ms(null))} />);
    expect(text(html)).toBe("4,150 ms→ to –");
    expect(html).toContain('aria-hidden="true"');
  });
});

interface Row {
  name: string;
  group: string;
  first: boolean;
  p50: number | null;
}

const rows: Row[] = [
  { name: "restaurant", group: "A", first: true, p50: 4150 },
  { name: "qa", group: "A", first: false, p50: null },
];

describe("the table", () => {
  const columns: Array<Column<Row> | false> = [
    { head: "Group", rowHeader: true, span: (r) => (r.first ? { rows: 2 } : 0), cell: (r) => r.group },
    { head: "Scope", cell: (r) => r.name, data: (r) => ({ "data-scope": r.name }) },
    false,
    { head: "p50", hint: "median", align: "right", cell: (r) => num.ms(r.p50) },
  ];

  it("renders its header, row headers, spans, data attributes and typed cells", () => {
    const html = renderToStaticMarkup(
      <Table columns={columns} rows={rows} rowKey={(r) => r.name} row={(r) => ({ "data-row": r.name })} testId="t" caption="Latency" />,
    );
    expect(html).toContain('data-testid="t"');
    expect(html).toContain('<caption class="sr-only">Latency</caption>');
    expect([...html.matchAll(/<th scope="col"/g)]).toHaveLength(3);
    expect(html).toContain('title="median"');
    expect(html).toMatch(/<th scope="rowgroup" rowSpan="2"[^>]*>A<\/th>/);
    // The second row's group cell is spanned by the first's: two cells, not three.
    const second = html.slice(html.indexOf('data-row="qa"'));
    expect([...second.slice(0, second.indexOf("</tr>")).matchAll(/<t[dh][ >]/g)]).toHaveLength(2);
    expect(html).toContain('data-scope="qa"');
    expect(text(html)).toContain("4,150 ms");
    expect(text(second)).toContain("–");
    expect(text(second)).not.toMatch(/\b0 ms/);
  });

  it("says what it is told when there are no rows, across every column", () => {
    const html = renderToStaticMarkup(<Table columns={columns} rows={[]} rowKey={(r) => r.name} empty="No run matches." />);
    expect(html).toMatch(/<td colSpan="3"[^>]*>No run matches.<\/td>/);
  });

  it("refuses a bare number as a cell (the kit writes numbers)", () => {
    // @ts-expect-error a number is not content: it must be a typed cell.
    const bad: Column<Row> = { head: "n", cell: () => 5 };
    expect(bad.head).toBe("n");
  });
});
