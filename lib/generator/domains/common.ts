/** Text and helpers shared by the domain kits. */
import { makePersona } from "../names";
import { f } from "../pyjson";
import type { Rng } from "../prng";
import type { JsonObject, ScenarioDef, ToolCall } from "../model";
import type { SignalName } from "../types";

export const VOICE_RULES =
  "Speak in short, natural sentences; never read out markdown, lists or JSON. Spell identifiers one character at a time when you read them back.\n\n" +
  "Only claim an action is done after the corresponding tool call has succeeded. Confirm any change with the caller before executing it.";

export function agentPrompt(role: string, policy: string, name: string): string {
  return (
    `You are ${role} speaking with a caller over a voice line.\n\n${VOICE_RULES}\n\n${policy}\n\n` +
    `Scenario: ${name}. When the caller says goodbye, say goodbye and call EndConversationTool.`
  );
}

export function userPrompt(full: string, about: string, instructions: string): string {
  return (
    `You are ${full}, calling about: ${about}.\n` +
    "Speak naturally and briefly, one request at a time. Only share details when asked. When your request is handled, thank the agent and say goodbye." +
    (instructions ? `\n\n${instructions}` : "")
  );
}

/** `count` task ids of a catalogue numbered 0 … size−1: a sorted random sample, or every number past its size. */
export function numberedIds(count: number, rng: Rng, size: number): string[] {
  if (count > size) return Array.from({ length: count }, (_, i) => String(i));
  return rng
    .shuffle(Array.from({ length: size }, (_, i) => i))
    .slice(0, count)
    .sort((a, b) => a - b)
    .map(String);
}

/** `count` names of a catalogue: a random sample in catalogue order, or the catalogue again with a suffix per round past its size. */
export function sampledIds(all: string[], count: number, rng: Rng, suffix: (round: number) => string): string[] {
  if (count <= all.length) {
    const chosen = new Set(rng.shuffle(all).slice(0, count));
    return all.filter((x) => chosen.has(x));
  }
  return Array.from({ length: count }, (_, i) =>
    i < all.length ? (all[i] as string) : `${all[i % all.length] as string}${suffix(Math.floor(i / all.length))}`,
  );
}

/** A plausible default ScenarioDef; kits override what they need. */
export function baseDef(name: string, domain: string, id: string, rng: Rng, signals: SignalName[]): ScenarioDef {
  return {
    name,
    domain,
    id,
    metadataDomain: domain,
    description: id,
    maxDuration: 900,
    noiseConfig: null,
    ignoreCapitalization: false,
    ignorePunctuation: false,
    cleanText: false,
    disallowExtraItems: false,
    successSignals: signals,
    nlAssertions: [],
    dbAssertions: [],
    initializationActions: [],
    expectedDbHash: null,
    expectedUserDbHash: null,
    gold: [],
    reference: null,
    agentPrompt: "",
    userPrompt: "",
    agentTools: [],
    userTools: [],
    persona: makePersona(rng),
    refusal: false,
    task: {},
    seed: Math.floor(rng.next() * 2 ** 31),
  };
}

export const NOISE_CONFIG: JsonObject = {
  noise_files: null,
  gain_db: f(0),
  max_noise_duration: f(600),
  random_offset: true,
  random_white_noise: true,
  white_noise_db: f(-20),
};

/** Tool call helper. */
export function call(name: string, args: JsonObject, result: ToolCall["result"], extra: Partial<ToolCall> = {}): ToolCall {
  return { name, args, result, side: "agent", ...extra };
}

export const END_TOOL = "EndConversationTool";

export const CLOSINGS_USER = [
  "That's all, thanks for your help.",
  "Great, that's everything. Thank you, goodbye.",
  "Perfect, thanks. Bye!",
  "No, that's it. Have a good day.",
];

export const CLOSINGS_AGENT = [
  "You're welcome. Have a great day, goodbye!",
  "Thanks for calling. Goodbye!",
  "Happy to help. Take care, goodbye!",
  "Thank you for calling, have a nice day. Goodbye!",
];

/** Numbered policy paragraphs, so prompts have realistic length. */
export function policy(title: string, rules: readonly string[]): string {
  return `# ${title}\n\n` + rules.map((r, i) => `${i + 1}. ${r}`).join("\n");
}

/** Id-looking strings an ASR error can hit. */
export function isIdLike(s: string): boolean {
  return /[0-9]/.test(s) && /^[#A-Za-z0-9_-]{5,}$/.test(s);
}
