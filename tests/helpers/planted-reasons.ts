/** Generated judge-style reasons in planted groups (templates with varied slots), for the theme tests. */

/** mulberry32: a small seeded PRNG. */
export function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const pick = <T>(r: () => number, xs: readonly T[]): T => xs[Math.floor(r() * xs.length)] as T;

const NAMES = ["Maria", "John", "Aiko", "Pedro", "Fatima", "Lars", "Chen", "Olu"];
const ITEMS = ["the blue jacket", "order W123", "a large pizza", "the return label", "flight UA88", "the router", "the refund"];

/** Group name → a reason maker. Shared filler words (agent, caller, call) blur the groups as real reasons do. */
export const GROUPS: Record<string, (r: () => number) => string> = {
  wrong_id: (r) =>
    `${pick(r, ["The agent", "Agent"])} ${pick(r, ["used", "applied", "entered"])} a wrong ${pick(r, ["identifier", "order id", "account id", "id"])} for ${pick(r, ITEMS)}; it misheard the digits ${Math.floor(r() * 9000 + 1000)} and did not read the id back.`,
  no_goodbye: (r) =>
    `${pick(r, ["The agent never ended the call", "The call was never ended by the agent", "No goodbye: the agent never hung up"])} and the conversation ran into the time limit${pick(r, ["", " after the task", " while waiting"])}.`,
  policy_skip: (r) =>
    `${pick(r, ["The agent skipped", "Agent omitted", "The agent left out"])} the ${pick(r, ["cancellation", "refund", "baggage", "warranty"])} policy explanation the caller ${pick(r, ["needed", "was owed", "required"])} before ${pick(r, ["confirming", "processing", "applying"])} the change.`,
  hallucinated_tool: (r) =>
    `${pick(r, ["The agent called", "Agent invoked", "The agent tried"])} a tool that does not exist (${pick(r, ["lookup_user", "refund_all", "get_ticket", "fetch_orders"])}) and ${pick(r, ["claimed", "told"])} ${pick(r, NAMES)} the change was done without a successful tool call.`,
  asr_mishear: (r) =>
    `Speech recognition ${pick(r, ["misheard", "mistranscribed", "garbled"])} the caller's ${pick(r, ["surname", "street name", "postcode", "email address"])} "${pick(r, NAMES)}" so the transcript ${pick(r, ["spelled", "recorded"])} it wrongly.`,
  greeting_stall: (r) =>
    `${pick(r, ["The agent stopped responding", "Agent went silent", "The agent froze"])} right after the greeting; ${pick(r, NAMES)}'s request was never addressed${pick(r, ["", " at all"])}.`,
};

export interface PlantedItem {
  scenario: string;
  group: string;
  text: string;
}

const PREAMBLES = [
  "Overall the agent was polite and the caller stayed calm, but",
  "The conversation flowed naturally and the agent greeted the caller; however,",
  "Although the agent confirmed the caller's details,",
];

/** One-off reasons that belong to no group (vocabulary of their own, plus the shared filler). */
const NOISE = [
  "The agent answered in French although the caller spoke English throughout.",
  "Background music in the recording made several caller turns unintelligible.",
  "The agent quoted a price in euros instead of dollars for the upgrade.",
  "The caller asked for a supervisor and the agent refused without reason.",
  "Two agent turns repeated the same sentence word for word.",
  "The agent offered a discount coupon that the promotion rules forbid.",
];

/**
 * `sizes[group]` reasons for each group, one scenario each, names `<prefix>_<group>_<i>`. With `hard`,
 * a third of the reasons start with a generic preamble and the noise reasons are added as group "noise".
 */
export function plantedReasons(seed: number, sizes: Record<string, number>, prefix = "s", hard = false): PlantedItem[] {
  const r = rng(seed);
  const out: PlantedItem[] = [];
  for (const [group, n] of Object.entries(sizes)) {
    const make = GROUPS[group];
    if (!make) throw new Error(`no such group: ${group}`);
    for (let i = 0; i < n; i++) {
      const text = make(r);
      out.push({
        scenario: `${prefix}_${group}_${i}`,
        group,
        text: hard && r() < 0.35 ? `${pick(r, PREAMBLES)} ${text[0]!.toLowerCase()}${text.slice(1)}` : text,
      });
    }
  }
  if (hard) NOISE.forEach((text, i) => out.push({ scenario: `${prefix}_noise_${i}`, group: `noise_${i}`, text }));
  return out;
}
