/** The `names` view parameter: only the listed scenarios (the run page's "judge overridden" link). */
import { describe, expect, it } from "vitest";
import { parseScenarioQuery, queryRows, type SearchableRow } from "@/lib/shared/scenario-query";
import { testRow } from "../../helpers/scenario-row";

const items: SearchableRow[] = ["a__one", "b__two", "c__three", "d__four"].map((n, order) => ({ row: testRow(n), order, searchText: "" }));

describe("names filter", () => {
  it("keeps only the listed scenarios, in the sort order, and combines with other filters", () => {
    const q = parseScenarioQuery(new URLSearchParams("names=d__four,b__two,nope"));
    expect(q.success).toBe(true);
    expect(queryRows(items, q.data!).rows.map((r) => r.name)).toEqual(["b__two", "d__four"]);
    const both = parseScenarioQuery(new URLSearchParams("names=d__four,b__two&q=four"));
    expect(queryRows(items, both.data!).rows.map((r) => r.name)).toEqual(["d__four"]);
  });

  it("is absent when empty", () => {
    const q = parseScenarioQuery(new URLSearchParams("names="));
    expect(q.data?.names).toBeUndefined();
    expect(queryRows(items, q.data!).matched).toBe(4);
  });
});
