import { describe, expect, it } from "vitest";
import { agreement } from "@/lib/core/kappa";

const rep = (pair: readonly [boolean, boolean], times: number) => Array.from({ length: times }, () => pair);

describe("agreement and Cohen's kappa", () => {
  it("is empty for no items", () => {
    expect(agreement([])).toEqual({ n: 0, agree: 0, rate: null, kappa: null });
  });

  it("matches a hand-computed 2x2 table", () => {
    // a=yes,b=yes 20; a=yes,b=no 5; a=no,b=yes 10; a=no,b=no 15 (n=50)
    // po = 35/50 = 0.7; pA(yes)=25/50=0.5, pB(yes)=30/50=0.6; pe = 0.5*0.6 + 0.5*0.4 = 0.5
    // kappa = (0.7-0.5)/(1-0.5) = 0.4
    const pairs = [...rep([true, true], 20), ...rep([true, false], 5), ...rep([false, true], 10), ...rep([false, false], 15)];
    const a = agreement(pairs);
    expect(a.n).toBe(50);
    expect(a.agree).toBe(35);
    expect(a.rate).toBeCloseTo(0.7, 12);
    expect(a.kappa).toBeCloseTo(0.4, 12);
  });

  it("is 1 on perfect agreement with both classes present", () => {
    const a = agreement([
      [true, true],
      [false, false],
      [true, true],
    ]);
    expect(a.rate).toBe(1);
    expect(a.kappa).toBeCloseTo(1, 12);
  });

  it("is negative when the raters always disagree", () => {
    // po = 0; pA(yes)=0.5, pB(yes)=0.5 -> pe = 0.5; kappa = -1
    const a = agreement([
      [true, false],
      [false, true],
    ]);
    expect(a.rate).toBe(0);
    expect(a.kappa).toBeCloseTo(-1, 12);
  });

  it("can be 0 with high raw agreement (chance level)", () => {
    // 9 yes/yes, 1 yes/no: po=0.9, pA=1, pB=0.9, pe = 1*0.9 + 0*0.1 = 0.9 -> kappa 0
    const a = agreement([...rep([true, true], 9), [true, false]]);
    expect(a.rate).toBeCloseTo(0.9, 12);
    expect(a.kappa).toBeCloseTo(0, 12);
  });

  it("is undefined when both raters are constant and equal", () => {
    const a = agreement(rep([false, false], 4));
    expect(a.rate).toBe(1);
    expect(a.kappa).toBeNull();
  });
});
