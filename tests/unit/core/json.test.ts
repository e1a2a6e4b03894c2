/**
 * Tolerant JSON like Python's json.load (ARTIFACTS.md §0, §6): the harness writes non-finite floats as the
 * bare tokens NaN, Infinity, -Infinity; everything else must be rejected as Python would.
 */
import { describe, expect, it } from "vitest";
import { parseJson } from "@/lib/core";

describe("parseJson", () => {
  it.each<[string, unknown]>([
    ['{"a": NaN, "b": Infinity, "c": -Infinity}', { a: NaN, b: Infinity, c: -Infinity }],
    ["[NaN, Infinity, -Infinity, 1.5]", [NaN, Infinity, -Infinity, 1.5]],
    ["NaN", NaN],
    ["-Infinity", -Infinity],
    ['["NaN", "Infinity", "-Infinity", NaN]', ["NaN", "Infinity", "-Infinity", NaN]], // strings stay strings
    ['{"NaN": NaN, "Infinity": {"-Infinity": Infinity}}', { NaN: NaN, Infinity: { "-Infinity": Infinity } }], // keys stay keys
    ['{"s": "he said \\"NaN\\" and Infinity", "v": NaN}', { s: 'he said "NaN" and Infinity', v: NaN }],
    ['{"s": "ends in a backslash \\\\", "v": -Infinity}', { s: "ends in a backslash \\", v: -Infinity }],
    ['{"s": "\\u0001NaN", "v": NaN}', { s: "\u0001NaN", v: NaN }], // a string that looks like an internal placeholder
    ['{"s": "\\u0001Infinity"}', { s: "\u0001Infinity" }],
    ['{"judge_score":NaN,"latency_ms":[Infinity,-Infinity]}', { judge_score: NaN, latency_ms: [Infinity, -Infinity] }],
    ["null", null],
    ["1e-05", 1e-5],
    ["620.0", 620],
    ['{"a": 1, "a": 2}', { a: 2 }], // the later duplicate wins, as in a Python dict
    ['"caf\\u00e9 \\ud83d\\ude00"', "caf\u00e9 \u{1F600}"],
    ["\n  [1, 2]  \n", [1, 2]],
  ])("%s", (text, want) => {
    const r = parseJson(text);
    expect(r.ok).toBe(true);
    if (r.ok) expect(r.value).toEqual(want);
  });

  it.each([
    ["", "file is empty"],
    ["   \n", "file is empty"],
    ['{"judge_score": NaN', "invalid JSON"], // truncated mid-write
    ['{"total_turns": 4, "turns": [', "invalid JSON"],
    ['{"a": nan}', "invalid JSON"], // Python's tokens are case-sensitive
    ['{"a": Nan}', "invalid JSON"],
    ['{"a": -NaN}', "invalid JSON"],
    ['{"a": +Infinity}', "invalid JSON"],
    ['{"a": Infinityx}', "invalid JSON"],
    ['{"a": inf}', "invalid JSON"],
    ["[1Infinity]", "invalid JSON"],
    ["[Infinity5]", "invalid JSON"],
    ["[1NaN]", "invalid JSON"],
    ["[NaN1]", "invalid JSON"],
    ["[2-Infinity]", "invalid JSON"],
    ["{'a': 1}", "invalid JSON"],
    ['{"a": 1,}', "invalid JSON"],
    ["[1] [2]", "invalid JSON"],
  ])("rejects %j", (text, error) => {
    const r = parseJson(text);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error).toContain(error);
  });
});

describe("parseJson: keys that could reach a prototype", () => {
  it.each([
    ['{"__proto__": {"polluted": true}, "a": 1}', "__proto__"],
    ['{"\\u005f_proto__": {"polluted": true}, "a": 1}', "__proto__"],
    ['{"a": 1, "nested": {"constructo\\u0072": {"prototype": 1}}}', "constructor"],
    ['{"a": 1, "\\u0070rototype": 2}', "prototype"],
  ])("%s is dropped and named, however it is spelled", (text, key) => {
    const r = parseJson(text);
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.dropped).toContain(key);
    expect(JSON.stringify(r.value)).not.toMatch(/proto|constructor/);
    expect((r.value as { a?: number }).a).toBe(1);
    expect(({} as { polluted?: unknown }).polluted).toBeUndefined();
  });

  it("an ordinary escape (a non-ASCII or control character) does not count as hostile", () => {
    const r = parseJson('{"caf\\u00e9": "\\u0001x", "a": 1}');
    expect(r.ok && r.dropped).toEqual([]);
  });
});
