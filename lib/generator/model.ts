/** Internal model shared by the domain kits and the artifact writers. */
import type { Persona } from "./names";
import type { Rng } from "./prng";
import type { PyJson } from "./pyjson";
import type { OutcomeKind, SignalName } from "./types";

export type JsonObject = { [key: string]: PyJson | undefined };

/** One tool call made by a bot (agent or, in telecom, the user simulator). */
export interface ToolCall {
  /** Function name as it appears in the LLM context and in recorded actions. */
  name: string;
  args: JsonObject;
  /** Tool result: an object (JSON-encoded into the `tool` message) or a raw string. */
  result: PyJson;
  side: "agent" | "user";
  /** A write: recorded in final_agent_response.json when it succeeds. */
  mutating?: boolean;
  /** The call failed (error text as result); nothing recorded. */
  failed?: boolean;
  /** The call emits a `<final_response>` summary (push domains). */
  push?: PyJson;
}

/** One caller utterance, the agent's tool calls, and the agent's reply. */
export interface Exchange {
  /** What the simulator meant to say (its LLM output, spoken by TTS). */
  user: string;
  /** What the agent's speech recognizer delivered, when it differs. */
  heard?: string;
  /** Simulator tool calls made before speaking (telecom phone controls). */
  userTools?: ToolCall[];
  /** Short filler the agent speaks before calling tools ("One moment..."). */
  agentPre?: string;
  tools?: ToolCall[];
  /** The agent's reply; empty string = the agent said nothing (stall). */
  agent: string;
  /**
   * Planted timing (the timing showcase): the caller waits `pauseBefore` seconds, or starts while
   * the agent still speaks; the agent starts before the caller is done. An exchange with `timing`
   * is never randomly cut off.
   */
  timing?: { pauseBefore?: number; userBargeIn?: boolean; agentBargeIn?: boolean };
}

export interface Script {
  greeting: string;
  exchanges: Exchange[];
  /** The agent calls EndConversationTool after its last reply. */
  endCall: boolean;
  /** Extra caller nudges after the last exchange with no answer (stall / timeout). */
  trailingUser?: string[];
  /** The caller (the user simulator) ends the call after the last exchange; the agent never calls its end tool. */
  callerEnds?: boolean;
  /** Telecom: predicate results on the pulled user DB (actual value, or error). */
  dbAssertionResults?: Array<{ actual: PyJson; error: string | null }>;
  /** Judge hints: what went wrong, in words. */
  judgeNote?: string;
}

export interface DbAssertion {
  side: "agent" | "user";
  func_name: string;
  arguments: JsonObject;
  assert_value: PyJson;
  message: string | null;
}

/** A scenario definition: identical in every run of the same suite. */
export interface ScenarioDef {
  name: string;
  domain: string;
  id: string;
  /** `domain` as written in metadata.json (`default` for in-repo scenarios). */
  metadataDomain: string;
  description: string | null;
  maxDuration: number;
  noiseConfig: JsonObject | null;
  ignoreCapitalization: boolean;
  ignorePunctuation: boolean;
  cleanText: boolean;
  disallowExtraItems: boolean;
  successSignals: SignalName[];
  nlAssertions: string[];
  dbAssertions: DbAssertion[];
  initializationActions: JsonObject[];
  expectedDbHash: string | null;
  expectedUserDbHash: string | null;
  /** The writes a perfect agent makes (recorded-action shape); decides the DB hashes. */
  gold: JsonObject[];
  /** reference_answer.json content; null = no file. */
  reference: PyJson | null;
  agentPrompt: string;
  userPrompt: string;
  agentTools: string[];
  userTools: string[];
  persona: Persona;
  /** A policy-refusal task: nothing should change. */
  refusal: boolean;
  /** Kit-specific task data. */
  task: JsonObject;
  seed: number;
}

export interface KitContext {
  def: ScenarioDef;
  outcome: OutcomeKind;
  rng: Rng;
}

export interface DomainKit {
  domain: string;
  /** Writes (DB) domains compare hashes; push domains compare summaries. */
  kind: "db" | "push" | "telecom";
  /** Scenario ids of this domain, in queue order; `count` may exceed the real catalog. */
  ids(count: number, rng: Rng): string[];
  define(name: string, id: string, rng: Rng): ScenarioDef;
  script(ctx: KitContext): Script;
  /** A bulky read-only result used to grow the agent context to a target size. */
  padding(def: ScenarioDef, rng: Rng, bytes: number): { call: ToolCall } | { prompt: string };
  /** Outcomes that make sense for this domain. */
  supports(outcome: OutcomeKind, def: ScenarioDef): boolean;
}
