/** `/compare?runs=`: ids split in linear time, commas inside known ids kept. */
import { describe, expect, it } from "vitest";
import { splitRunIds, widestId } from "@/components/compare/labels";

describe("splitRunIds", () => {
  it("keeps a known id that holds a comma, and splits the rest", () => {
    const known = new Set(["a", "team,x/eval_1", "b"]);
    const widest = widestId(known);
    expect(widest).toBe(2);
    expect(splitRunIds(["a,team,x/eval_1,b"], (id) => known.has(id), widest)).toEqual(["a", "team,x/eval_1", "b"]);
    expect(splitRunIds(["a,,a , b"], (id) => known.has(id), widest)).toEqual(["a", "b"]);
  });

  it("looks each piece up a bounded number of times, however many unknown ids there are", () => {
    const ids = Array.from({ length: 2500 }, (_, i) => `nope_${i}`);
    let lookups = 0;
    const out = splitRunIds([ids.join(",")], (id) => (lookups++, id === "x,y,z"), 3);
    expect(out).toHaveLength(2500);
    // At most widest − 1 joined look-ups per piece (the cubic splitter made about n²/2).
    expect(lookups).toBeLessThanOrEqual(2 * ids.length);
  });
});
