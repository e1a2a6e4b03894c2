/** `/compare?runs=`: ids split with work bounded by the runs asked for, commas inside known ids kept. */
import { describe, expect, it } from "vitest";
import { commaIds, splitRunIds } from "@/components/compare/labels";

describe("splitRunIds", () => {
  it("keeps a known id that holds a comma, longest first, and splits the rest", () => {
    const known = commaIds(["a", "team,x/eval_1", "team,x", "b"]);
    expect(splitRunIds(["a,team,x/eval_1,b"], known)).toEqual(["a", "team,x/eval_1", "b"]);
    expect(splitRunIds(["team,x,b"], known)).toEqual(["team,x", "b"]);
    expect(splitRunIds(["a,,a , b"], known)).toEqual(["a", "b"]);
    // A prefix of a known id that ends inside a piece is not that id.
    expect(splitRunIds(["team,x/eval_10"], known)).toEqual(["team", "x/eval_10"]);
  });

  it("stops at the limit of runs asked for", () => {
    const ids = Array.from({ length: 2500 }, (_, i) => `nope_${i}`);
    expect(splitRunIds([ids.join(",")], commaIds([]), 21)).toEqual(ids.slice(0, 21));
  });

  it("does work bounded by the runs, not by the widest id: 1,750 commas in an id and a 14 KB list", () => {
    // Ids of many comma-joined folders that all start like the list, and never match it whole.
    const wide = Array.from({ length: 8 }, (_, k) => `${Array.from({ length: 1750 }, () => "a").join(",")},end${k}`);
    const known = commaIds(wide);
    const list = Array.from({ length: 7000 }, () => "a").join(",");
    expect(list.length).toBeGreaterThan(13_000);
    let compared = 0;
    const counting = new Map([...known].map(([k, v]) => [k, v.map((id) => id)]));
    const probe = new Proxy(counting, {
      get(target, prop) {
        if (prop === "get") return (k: string) => (compared++, target.get(k));
        const v = Reflect.get(target, prop, target) as unknown;
        return typeof v === "function" ? (v as (...a: unknown[]) => unknown).bind(target) : v;
      },
    });
    expect(splitRunIds([list], probe, 21)).toEqual(["a"]);
    // Each piece looked at once, and at most limit × 50 of them (the cubic splitter re-joined up to 1,751 pieces at each of 7,000).
    expect(compared).toBeLessThanOrEqual(21 * 50);
    // The same list with the wide id in it whole is found.
    expect(splitRunIds([`${wide[3]},b`], known, 21)).toEqual([wide[3], "b"]);
  });
});
