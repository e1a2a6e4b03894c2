/** Generic changes to a kit's "everything went right" script for each outcome. */
import { mishear } from "./names";
import type { Exchange, JsonObject, Script, ToolCall } from "./model";
import type { Rng } from "./prng";
import { PyFloat, type PyJson } from "./pyjson";
import type { OutcomeKind } from "./types";

export const XSS_SCRIPT = "<script>alert(1)</script>";
export const XSS_IMG = "<img src=x onerror=alert(1)>";

const HOMOPHONES: Array<[RegExp, string]> = [
  [/\bfor\b/, "four"],
  [/\bto\b/, "two"],
  [/\bthere\b/, "their"],
  [/\bright\b/, "write"],
  [/\bno\b/, "know"],
  [/\bweek\b/, "weak"],
  [/\bmy\b/, "I"],
  [/\bplease\b/, "pleas"],
];

/** A random, usually benign, recognizer slip on an utterance (none most of the time). */
export function asrNoise(text: string, rng: Rng): string | undefined {
  if (!rng.chance(0.1)) return undefined;
  const candidates = HOMOPHONES.filter(([re]) => re.test(text));
  if (candidates.length && rng.chance(0.7)) {
    const [re, to] = rng.pick(candidates);
    return text.replace(re, to);
  }
  const words = text.split(" ");
  if (words.length > 4) {
    words.splice(rng.int(1, words.length - 2), 1);
    return words.join(" ");
  }
  return text.toLowerCase().replace(/[.,!?]/g, "");
}

function badToolName(name: string): string {
  if (/Tool$/.test(name)) return name.replace(/^(Place|Save|Rebook|Issue|Assign|Add|Cancel|Process)/, "Submit").replace(/^Submit(?=Tool$)/, "SubmitRequest");
  const parts = name.split("_");
  if (parts.length > 2) return `${parts[0]}_${parts[parts.length - 1]}`;
  return `${name}_request`;
}

function deepReplace(v: PyJson, from: string, to: string): PyJson {
  if (typeof v === "string") return v.split(from).join(to);
  if (Array.isArray(v)) return v.map((x) => deepReplace(x, from, to));
  if (v instanceof PyFloat) return v;
  if (v !== null && typeof v === "object") {
    const out: JsonObject = {};
    for (const [k, x] of Object.entries(v)) out[k] = x === undefined ? undefined : deepReplace(x, from, to);
    return out;
  }
  return v;
}

function findIdArg(args: JsonObject): string | undefined {
  for (const v of Object.values(args)) {
    if (typeof v === "string" && /\d/.test(v) && /^[#A-Za-z0-9_-]{5,}$/.test(v)) return v;
    if (Array.isArray(v)) for (const x of v) if (typeof x === "string" && /\d{4,}/.test(x)) return x;
  }
  return undefined;
}

function firstMutating(ex: Exchange[]): { e: Exchange; i: number; call: ToolCall } | undefined {
  for (const e of ex) {
    const i = (e.tools ?? []).findIndex((t) => t.mutating || t.push !== undefined);
    if (i >= 0) return { e, i, call: (e.tools as ToolCall[])[i] as ToolCall };
  }
  return undefined;
}

export function applyOutcome(script: Script, outcome: OutcomeKind, rng: Rng): Script {
  const s: Script = { ...script, exchanges: script.exchanges.map((e) => ({ ...e, tools: e.tools?.map((t) => ({ ...t })) })) };
  const ex = s.exchanges;
  switch (outcome) {
    case "stall": {
      const first = ex[0];
      s.exchanges = first ? [{ user: first.user, heard: first.heard, agent: "" }] : [];
      s.endCall = false;
      s.trailingUser = ["Hello? Are you still there?", "Hello? Can you hear me?"].slice(0, rng.int(1, 2));
      break;
    }
    case "timeout": {
      s.endCall = false;
      s.exchanges.push({
        user: "Hello? Is there anything else you need from me?",
        agent: "No, you're all set. Is there anything else I can help you with today?",
      });
      s.trailingUser = ["Okay... hello?"];
      break;
    }
    case "caller_ends": {
      // The caller says goodbye; the agent answers but never calls its end tool, and the simulator reports the end.
      s.endCall = false;
      s.callerEnds = true;
      s.exchanges.push({ user: "That's everything, thank you. Goodbye!", agent: "You're welcome, have a great day!" });
      break;
    }
    case "inaction": {
      const first = ex[0];
      const last = ex[ex.length - 1];
      s.exchanges = [];
      if (first)
        s.exchanges.push({ user: first.user, heard: first.heard, agent: "I'm sorry, I'm not able to help with that over the phone. Is there anything else?" });
      if (last) s.exchanges.push({ ...last, tools: undefined });
      break;
    }
    case "tool_error": {
      const m = firstMutating(ex);
      if (m) {
        const bad = badToolName(m.call.name);
        (m.e.tools as ToolCall[])[m.i] = { name: bad, args: m.call.args, result: `There is no tool named ${bad}`, side: "agent", failed: true };
      } else {
        const e = ex.find((x) => x.tools?.length);
        if (e)
          e.tools = [{ name: "lookup_account", args: {}, result: "There is no tool named lookup_account", side: "agent", failed: true }, ...(e.tools ?? [])];
      }
      s.judgeNote = "tool";
      break;
    }
    case "db_mismatch": {
      const m = firstMutating(ex);
      if (!m) break;
      const id = findIdArg(m.call.args);
      if (id) {
        // The recognizer garbles the id where the caller speaks it; from then on the agent works with the wrong one.
        const wrong = mishear(id, rng);
        const bare = id.replace(/^#/, "");
        const wrongBare = wrong.replace(/^#/, "");
        const j = ex.findIndex((e) => (e.heard ?? e.user).includes(bare));
        if (j < 0) {
          (m.e.tools as ToolCall[])[m.i] = {
            ...m.call,
            args: deepReplace(m.call.args, id, wrong) as JsonObject,
            result: deepReplace(m.call.result, id, wrong),
          };
        } else {
          for (let k = j; k < ex.length; k++) {
            const e = ex[k] as Exchange;
            if (k === j) e.heard = (e.heard ?? e.user).split(bare).join(wrongBare);
            e.tools = e.tools?.map((t) => ({ ...t, args: deepReplace(t.args, bare, wrongBare) as JsonObject, result: deepReplace(t.result, bare, wrongBare) }));
            e.agent = e.agent.split(bare).join(wrongBare);
            if (e.agentPre) e.agentPre = e.agentPre.split(bare).join(wrongBare);
          }
        }
      } else {
        const [k, v] = Object.entries(m.call.args).find(([, x]) => typeof x === "string" || typeof x === "number") ?? [];
        if (k !== undefined) {
          const args = {
            ...m.call.args,
            [k]:
              typeof v === "number"
                ? v + 1
                : v === "no longer needed"
                  ? "ordered by mistake"
                  : v === "ordered by mistake"
                    ? "no longer needed"
                    : `${String(v)} `,
          };
          (m.e.tools as ToolCall[])[m.i] = { ...m.call, args };
        }
      }
      break;
    }
    case "xss": {
      const first = ex[0];
      if (first && !first.user.includes(XSS_SCRIPT)) {
        first.user = `${first.user} My account nickname is ${XSS_IMG} and my note says ${XSS_SCRIPT}.`;
        first.heard = first.user;
      }
      break;
    }
    default:
      break;
  }
  return s;
}
