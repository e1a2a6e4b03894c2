/**
 * Failing scenarios at scale for the themes (issue 36): each scenario fails in one of the planted
 * paraphrase groups (or in one of the unrelated noise reasons), and its judge reason is one of the
 * group's phrasings with fresh figures and a made-up name of the scenario's own, so nearly every text
 * is distinct. Two runs of one suite share scenario names; a scenario failing in both is described
 * anew (another phrasing, other figures, the same name) in each. `blur` adds what the themes do not
 * yet handle (the README says how far they get): a product named in many scenarios of every group
 * and, in three reasons out of ten, a generic preamble.
 */
import type { ThemeItem } from "@/lib/core/themes";
import { CANCEL_WITHOUT_CONFIRMING, IDENTITY_NOT_VERIFIED, NOISE, WRONG_REFUND_AMOUNT } from "../unit/core/themes/paraphrase-sets";
import { rng } from "./planted-reasons";

export const THEME_GROUPS = { cancel: CANCEL_WITHOUT_CONFIRMING, refund: WRONG_REFUND_AMOUNT, identity: IDENTITY_NOT_VERIFIED } as const;
export type ThemeGroup = keyof typeof THEME_GROUPS | "noise";

const PRODUCTS = [
  "the blue jacket",
  "the router",
  "a large pizza",
  "the return label",
  "the gift card",
  "the annual plan",
  "the sofa",
  "the headphones",
  "the train ticket",
  "the hotel room",
  "the laptop bag",
  "the coffee machine",
  "the yoga mat",
  "the phone case",
  "the winter tyres",
  "the desk lamp",
  "the premium subscription",
  "the running shoes",
  "the printer ink",
  "the garden hose",
];
const PREAMBLES = [
  "Overall the agent was polite and the caller stayed calm, but",
  "The conversation flowed naturally; however,",
  "Although the agent greeted the caller warmly,",
  "Apart from a short pause at the start,",
];

const pick = <T>(r: () => number, xs: readonly T[]): T => xs[Math.floor(r() * xs.length)] as T;

/** Scenario `i`'s group: a tenth noise, the rest spread over the three groups in turn. */
export function themeGroupOf(i: number, seed = 36): ThemeGroup {
  const r = rng(seed * 7919 + i);
  if (r() < 0.1) return "noise";
  return (["cancel", "refund", "identity"] as const)[i % 3] as ThemeGroup;
}

/** Scenario `i`'s judge reason in run `run` (another run describes the same failure anew). */
function reasonOf(i: number, group: ThemeGroup, seed: number, run: number, blur: Blur): string {
  const own = rng(seed * 7919 + i);
  own();
  // The scenario's own made-up name (a product or place found nowhere else), the same in every run.
  const name = Array.from({ length: 7 }, () => String.fromCharCode(97 + Math.floor(own() * 26))).join("");
  const r = rng(seed * 104_729 + i * 31 + run * 1_000_003);
  const base = pick(r, group === "noise" ? NOISE : THEME_GROUPS[group]);
  const text = base.replace(/\d+(\.\d+)?/g, () => String(Math.floor(r() * 9000) + 100));
  const preamble = (blur === true || blur === "preambles") && r() < 0.3 ? `${pick(r, PREAMBLES)} ` : "";
  const body = preamble ? `${preamble}${text[0]!.toLowerCase()}${text.slice(1)}` : text;
  return blur === true || blur === "products" ? `${body} (${pick(r, PRODUCTS)}, the ${name})` : `${body} (the ${name})`;
}

export interface GeneratedItem extends ThemeItem {
  group: ThemeGroup;
}

export type Blur = boolean | "products" | "preambles";

export interface ThemeItemsOptions {
  /** Which run of the suite (each run describes a failure anew); 0 by default. */
  run?: number;
  /** Only the scenarios failing in these groups. */
  groups?: readonly ThemeGroup[];
  /** Products shared across groups and generic preambles (see above), or only one of them. */
  blur?: Blur;
}

/** `n` failing scenarios `s_<i>`, one judge reason each. */
export function themeItems(n: number, seed = 36, { run = 0, groups, blur = false }: ThemeItemsOptions = {}): GeneratedItem[] {
  const out: GeneratedItem[] = [];
  for (let i = 0; out.length < n; i++) {
    const group = themeGroupOf(i, seed);
    if (groups && !groups.includes(group)) continue;
    out.push({ scenario: `s_${i}`, source: "judge", text: reasonOf(i, group, seed, run, blur), group });
  }
  return out;
}
