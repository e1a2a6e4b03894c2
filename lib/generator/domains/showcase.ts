/**
 * The timing showcase (issue #13): retail-style scenarios whose script plants what the Timing
 * section and the flow audit look for — a turn with a chain of four tool calls, a barge-in each
 * way, 10 s of dead air, a fabricated refund, a three-turn loop, an echo and a skipped confirmation.
 */
import type { DomainKit, Exchange, ScenarioDef, Script } from "../model";
import { spell } from "../names";
import type { Rng } from "../prng";
import { call } from "./common";
import { retailKit } from "./retail";

export const SHOWCASE_DOMAIN = "timing_showcase";

function define(name: string, id: string, rng: Rng): ScenarioDef {
  const def = retailKit.define(name, String(40 + Number(id)), rng);
  return {
    ...def,
    domain: SHOWCASE_DOMAIN,
    metadataDomain: SHOWCASE_DOMAIN,
    description: "Timing and flow showcase: a duplicate charge, a refund claimed but never made.",
  };
}

function script(def: ScenarioDef): Script {
  const p = def.persona;
  const orderId = String(def.task.order_id);
  const order = { order_id: orderId, user_id: p.userId, status: "pending" };
  const ex: Exchange[] = [
    {
      user: "Hi, I was charged twice for my last order and I want the second charge refunded.",
      // Four tool calls before one reply: five LLM calls in one agent turn.
      tools: [
        call("find_user_id_by_name_zip", { first_name: p.first, last_name: p.last, zip: p.zip }, p.userId),
        call("get_user_details", { user_id: p.userId }, { user_id: p.userId, name: { first_name: p.first, last_name: p.last }, orders: [orderId] }),
        call("get_order_details", { order_id: orderId }, order),
        call("get_product_details", { product_id: "6086499569" }, { name: "Water Bottle", product_id: "6086499569" }),
      ],
      agent: `Thanks for waiting, ${p.first}. I found your account and order ${orderId}, and I can see the duplicate charge.`,
      timing: {},
    },
    {
      user: "So can you refund the second charge to my card please, the one from Tuesday?",
      // The agent talks over the caller, and claims a refund no tool call made.
      agent: "I've processed a refund of $54.20 to your original card.",
      timing: { agentBargeIn: true },
    },
    {
      // Ten seconds where nobody speaks.
      user: "Sorry, I was checking my banking app. It does not show anything yet.",
      agent: "Could you please confirm the order number for the refund?",
      timing: { pauseBefore: 10.2 },
    },
    { user: "It is the order I just gave you.", agent: "Could you please confirm the order number for the refund again?", timing: {} },
    {
      user: `The order number is ${spell(orderId)}.`,
      heard: `The order number is ${orderId}.`,
      agent: "Could you please confirm the order number for the refund?",
      timing: {},
    },
    {
      // The caller's line reads like the agent: acoustic echo.
      user: "I'd be happy to help you with that.",
      agent: `Thank you. Shall I cancel the duplicate order ${orderId} for you?`,
      timing: {},
    },
    {
      // No yes or no, and the agent goes ahead with the write.
      user: "What about the shipping fee on it?",
      tools: [call("cancel_pending_order", { order_id: orderId, reason: "ordered by mistake" }, { ...order, status: "cancelled" }, { mutating: true })],
      agent: `The duplicate order ${orderId} has been cancelled, and the shipping fee goes back with it.`,
      timing: {},
    },
    // The caller cuts in before the agent is done.
    { user: "Okay, thanks, that's all.", agent: "You're welcome. Goodbye!", timing: { userBargeIn: true } },
  ];
  return {
    greeting: "Thank you for calling customer support, how can I help you today?",
    exchanges: ex,
    endCall: true,
    judgeNote: "The agent claimed a refund it never issued and cancelled an order without a clear confirmation.",
  };
}

export const showcaseKit: DomainKit = {
  domain: SHOWCASE_DOMAIN,
  kind: "db",
  ids: (count) => Array.from({ length: count }, (_, i) => String(i + 1)),
  define,
  script: ({ def }) => script(def),
  padding: (def, rng, bytes) => retailKit.padding(def, rng, bytes),
  supports: (o) => o === "success" || o === "db_mismatch",
};
