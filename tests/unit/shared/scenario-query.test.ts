/** The scenario table's server-side sort on the keys without a plain column value: failed signals, stalled. */
import { describe, expect, it } from "vitest";
import type { ScenarioRow } from "@/lib/core/scenario-row";
import { parseScenarioQuery, queryRows, type SearchableRow } from "@/lib/shared/scenario-query";
import { testRow } from "../../helpers/scenario-row";

function row(name: string, failed: string[], stalled = false): ScenarioRow {
  const verdict = failed.length === 0 && !stalled;
  return testRow(name, { verdict, task_verdict: verdict, success_breakdown: { passed: [], failed, not_applicable: [], excluded: [] }, stalled, turns: 4 });
}

/** Summary order is the order given here; names are chosen so that name order differs from it. */
const items: SearchableRow[] = [
  row("z__one_judge", ["judge"]),
  row("y__clean", []),
  row("x__two", ["judge", "nl_assertion"]),
  row("w__one_action", ["action_match"], true),
  row("v__clean_stalled", [], true),
  row("u__one_judge_again", ["judge"]),
  row("t__clean_again", []),
  row("s__two_again", ["judge", "nl_assertion"], true),
].map((r, order) => ({ row: r, order, searchText: "" }));

function sorted(query: string): string[] {
  const parsed = parseScenarioQuery(new URLSearchParams(query));
  if (!parsed.success) throw new Error(parsed.error.message);
  return queryRows(items, { ...parsed.data, limit: 1000 }).rows.map((r) => r.name);
}

describe("sort=failed_signals", () => {
  it("ascending: by how many signals failed, then which, ties in summary order", () => {
    expect(sorted("sort=failed_signals&dir=asc")).toEqual([
      // none failed, in summary order
      "y__clean",
      "v__clean_stalled",
      "t__clean_again",
      // one failed: "action_match" before "judge"; the two judge rows in summary order
      "w__one_action",
      "z__one_judge",
      "u__one_judge_again",
      // two failed, same set, summary order
      "x__two",
      "s__two_again",
    ]);
  });

  it("descending reverses the groups but keeps ties in summary order", () => {
    expect(sorted("sort=failed_signals&dir=desc")).toEqual([
      "x__two",
      "s__two_again",
      "z__one_judge",
      "u__one_judge_again",
      "w__one_action",
      "y__clean",
      "v__clean_stalled",
      "t__clean_again",
    ]);
  });

  it("sorts after filtering and pages the sorted list", () => {
    const parsed = parseScenarioQuery(new URLSearchParams("sort=failed_signals&dir=desc&quick=stalled&offset=1&limit=2"));
    expect(parsed.success).toBe(true);
    const page = queryRows(items, parsed.data!);
    expect(page.matched).toBe(3);
    expect(page.rows.map((r) => r.name)).toEqual(["w__one_action", "v__clean_stalled"]);
  });
});

describe("sort=stalled", () => {
  it("ascending puts stalled rows last, each group in summary order", () => {
    expect(sorted("sort=stalled&dir=asc")).toEqual([
      "z__one_judge",
      "y__clean",
      "x__two",
      "u__one_judge_again",
      "t__clean_again",
      "w__one_action",
      "v__clean_stalled",
      "s__two_again",
    ]);
  });

  it("descending puts stalled rows first, each group still in summary order", () => {
    expect(sorted("sort=stalled&dir=desc")).toEqual([
      "w__one_action",
      "v__clean_stalled",
      "s__two_again",
      "z__one_judge",
      "y__clean",
      "x__two",
      "u__one_judge_again",
      "t__clean_again",
    ]);
  });
});

describe("sort keys", () => {
  it("are accepted by the query schema", () => {
    expect(parseScenarioQuery(new URLSearchParams("sort=failed_signals")).success).toBe(true);
    expect(parseScenarioQuery(new URLSearchParams("sort=stalled&dir=desc")).success).toBe(true);
    expect(parseScenarioQuery(new URLSearchParams("sort=failed")).success).toBe(false);
  });

  it("an existing key still breaks ties in summary order (name, then order)", () => {
    expect(sorted("sort=name&dir=asc")).toEqual([
      "s__two_again",
      "t__clean_again",
      "u__one_judge_again",
      "v__clean_stalled",
      "w__one_action",
      "x__two",
      "y__clean",
      "z__one_judge",
    ]);
    expect(sorted("sort=turns&dir=desc")).toEqual(items.map((i) => i.row.name));
  });
});
