/** The run page's URL parameters come from one list, shared by the schema and the browser. */
import { describe, expect, it } from "vitest";
import { SORTABLE, viewParams } from "@/components/scenarios/view-params";
import { PAGE_KEYS, SORT_KEYS, VIEW_KEYS } from "@/lib/shared/scenario-keys";
import { parseScenarioQuery, ScenarioQuerySchema } from "@/lib/shared/scenario-query";

describe("view keys", () => {
  it("are the schema's parameters, in the schema's order, followed by paging", () => {
    // The scenario page derives its view keys from the schema; the table from the list. Same order, same URLs.
    expect(Object.keys(ScenarioQuerySchema.shape)).toEqual([...VIEW_KEYS, ...PAGE_KEYS]);
  });

  it("normalise a query string as before: known view keys only, in a fixed order, empty values and paging dropped", () => {
    const source = new URLSearchParams(
      "dir=desc&offset=200&sort=judge_score&foo=1&latencyMax=2000&q=air line&quick=failed,stalled&domain=&limit=5&judgeMin=0.5&bucket=judge:failed&signal=clean_exit&t=12",
    );
    expect(viewParams(source).toString()).toBe(
      "q=air+line&quick=failed%2Cstalled&signal=clean_exit&bucket=judge%3Afailed&judgeMin=0.5&latencyMax=2000&sort=judge_score&dir=desc",
    );
  });

  it("a normalised view parses with the server's schema", () => {
    const view = viewParams(new URLSearchParams("sort=failed_signals&dir=desc&quick=stalled&judgeMax=0.9"));
    const parsed = parseScenarioQuery(view);
    expect(parsed.success).toBe(true);
    expect(parsed.data).toMatchObject({ sort: "failed_signals", dir: "desc", quick: ["stalled"], judgeMax: 0.9 });
  });

  it("let the table sort by every server key except the default order", () => {
    expect([...SORTABLE].sort()).toEqual(SORT_KEYS.filter((k) => k !== "order").sort());
  });
});
