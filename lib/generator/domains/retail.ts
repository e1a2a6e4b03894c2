/** tau2_retail: an online store's support line (numeric scenario ids). */
import { f, type PyJson } from "../pyjson";
import { spell } from "../names";
import type { DomainKit, Exchange, JsonObject, ScenarioDef, Script, ToolCall } from "../model";
import type { Rng } from "../prng";
import { describeItem, makeItem, PRODUCTS, variantOf, type Item } from "./catalog";
import { agentPrompt, baseDef, call, CLOSINGS_AGENT, CLOSINGS_USER, numberedIds, policy, userPrompt } from "./common";

const POLICY = policy("Retail agent policy", [
  "Authenticate the user by email, or by first name, last name and zip code, before anything else.",
  "You may only help one user per conversation and must deny requests about other users.",
  "Before any action that updates the database (cancel, modify, return, exchange), list the action details and obtain explicit user confirmation (yes) to proceed.",
  "Do not make up information or procedures; only use information from the user or the tools.",
  "Only make one tool call at a time; if you make a tool call, do not respond to the user at the same time.",
  "Transfer the user to a human agent only if the request cannot be handled within the scope of your actions.",
  "An order can only be cancelled if its status is 'pending'; the reason must be either 'no longer needed' or 'ordered by mistake'.",
  "A delivered order can be returned or exchanged; exchanges keep the same product type and are charged or refunded the price difference.",
  "Refunds go to the original payment method, or to an existing gift card; never to a new payment method.",
  "Pending order items can be modified only once; address changes are allowed while the order is pending.",
]);

const TOOLS = [
  "FindUserIdByEmailTool",
  "FindUserIdByNameZipTool",
  "GetUserDetailsTool",
  "GetOrderDetailsTool",
  "GetProductDetailsTool",
  "ListAllProductTypesTool",
  "CancelPendingOrderTool",
  "ModifyPendingOrderAddressTool",
  "ModifyPendingOrderItemsTool",
  "ReturnDeliveredOrderItemsTool",
  "ExchangeDeliveredOrderItemsTool",
  "TransferToHumanAgentsTool",
  "CalculateTool",
  "EndConversationTool",
];

const NL_POOL: Record<string, string[]> = {
  cancel: [
    "The agent confirms the cancellation details with the caller before cancelling.",
    "The agent explains that the refund goes back to the original payment method.",
  ],
  return: [
    "The agent lists the items to be returned and asks for confirmation.",
    "The agent explains that the refund goes to the original payment method.",
    "The agent does not offer to refund to a new payment method.",
  ],
  exchange: ["The agent explains that the exchange keeps the original payment method.", "The agent states the price difference for the exchange."],
  address: ["The agent reads back the new shipping address before updating it."],
  refusal: ["The agent does not cancel an order that has already been delivered.", "The agent offers a return as an alternative to cancellation."],
};

type TaskType = "cancel" | "return" | "exchange" | "address" | "refusal";

function itemJson(i: Item): JsonObject {
  return { name: i.name, product_id: i.product_id, item_id: i.item_id, price: f(i.price), options: i.options };
}

function goldActions(t: JsonObject): JsonObject[] {
  const type = t.type as TaskType;
  const orderId = t.order_id as string;
  const items = t.items as unknown as Item[];
  const chosen = items.slice(0, t.n_chosen as number);
  const pm = t.payment_method_id as string;
  const act = (name: string, args: JsonObject, result: PyJson): JsonObject => ({ action_type: name, name, arguments: args, result, side: "agent" });
  switch (type) {
    case "cancel":
      return [
        act(
          "cancel_pending_order",
          { order_id: orderId, reason: t.reason as string },
          { order_id: orderId, status: "cancelled", refund_payment_method_id: pm },
        ),
      ];
    case "return":
      return [
        act(
          "return_delivered_order_items",
          { order_id: orderId, item_ids: chosen.map((i) => i.item_id), payment_method_id: pm },
          { order_id: orderId, status: "return requested", return_items: chosen.map((i) => i.item_id), return_payment_method_id: pm },
        ),
      ];
    case "exchange": {
      const newIds = (t.new_items as unknown as Item[]).map((i) => i.item_id);
      return [
        act(
          "exchange_delivered_order_items",
          { order_id: orderId, item_ids: chosen.map((i) => i.item_id), new_item_ids: newIds, payment_method_id: pm },
          {
            order_id: orderId,
            status: "exchange requested",
            exchange_items: chosen.map((i) => i.item_id),
            exchange_new_items: newIds,
            exchange_payment_method_id: pm,
          },
        ),
      ];
    }
    case "address": {
      const a = t.new_address as JsonObject;
      return [act("modify_pending_order_address", { order_id: orderId, ...a }, { order_id: orderId, status: "pending", address: a })];
    }
    default:
      return [];
  }
}

function define(name: string, id: string, rng: Rng): ScenarioDef {
  const def = baseDef(name, "tau2_retail", id, rng, ["db_state_match", "clean_exit"]);
  const p = def.persona;
  const type = rng.weighted<TaskType>({ cancel: 3, return: 3, exchange: 2, address: 1.5, refusal: 1.5 });
  const items = Array.from({ length: rng.int(1, 3) }, () => makeItem(rng));
  const status = type === "cancel" || type === "address" ? "pending" : "delivered";
  const task: JsonObject = {
    type,
    order_id: "#W" + rng.digits(7),
    status,
    items: items as unknown as PyJson,
    n_chosen: type === "cancel" || type === "address" ? items.length : rng.int(1, items.length),
    payment_method_id: rng.pick(["credit_card_", "paypal_", "gift_card_"]) + rng.digits(7),
    reason: rng.pick(["no longer needed", "ordered by mistake"]),
    new_items: items.map((i) => variantOf(i, rng)) as unknown as PyJson,
    new_address: {
      address1: `${rng.int(10, 999)} ${rng.pick(["Pine", "Birch", "Willow"])} Street`,
      address2: "",
      city: p.address.city,
      country: "USA",
      state: p.address.state,
      zip: p.zip,
    },
  };
  task.new_items = (task.new_items as unknown as Item[]).slice(0, task.n_chosen as number) as unknown as PyJson;
  def.task = task;
  def.refusal = type === "refusal";
  if (rng.chance(0.4)) {
    const pool = NL_POOL[type] ?? [];
    def.nlAssertions = pool.slice(0, rng.int(1, pool.length));
    def.successSignals = ["db_state_match", "nl_assertion", "clean_exit"];
  }
  def.expectedDbHash = rng.hex(64);
  def.gold = goldActions(task);
  def.reference = { actions: def.gold };
  def.agentTools = TOOLS;
  def.agentPrompt = agentPrompt("an online retail support agent", POLICY, name);
  const about = {
    cancel: "cancelling a pending order",
    return: "returning items",
    exchange: "exchanging an item",
    address: "changing a delivery address",
    refusal: "cancelling a delivered order",
  }[type];
  def.userPrompt = userPrompt(p.full, about, `Your zip code is ${p.zip} and your email is ${p.email}. Your order id is ${task.order_id as string}.`);
  return def;
}

function orderResult(def: ScenarioDef): JsonObject {
  const t = def.task;
  const items = t.items as unknown as Item[];
  const total = items.reduce((s, i) => s + i.price, 0);
  return {
    order_id: t.order_id as string,
    user_id: def.persona.userId,
    address: def.persona.address as unknown as JsonObject,
    items: items.map(itemJson),
    status: t.status as string,
    payment_history: [{ transaction_type: "payment", amount: f(Math.round(total * 100) / 100), payment_method_id: t.payment_method_id as string }],
  };
}

function script({ def, rng }: { def: ScenarioDef; rng: Rng }): Script {
  const t = def.task;
  const p = def.persona;
  const type = t.type as TaskType;
  const orderId = t.order_id as string;
  const items = t.items as unknown as Item[];
  const chosen = items.slice(0, t.n_chosen as number);
  const gold = goldActions(t)[0];
  const opening: Record<TaskType, string> = {
    cancel: "Hi, I'd like to cancel an order I placed a few days ago.",
    return: `Hi, I want to return ${chosen.length > 1 ? "a couple of items" : "an item"} from my last order.`,
    exchange: `Hello, I'd like to exchange the ${chosen[0]?.name.toLowerCase() ?? "item"} I received for a different option.`,
    address: "Hi, I need to change the shipping address on an order that hasn't shipped yet.",
    refusal: "Hi, I want to cancel my order, it was just delivered but I don't need it anymore.",
  };
  const ex: Exchange[] = [];
  ex.push({ user: opening[type], agent: "I can help with that. Can you first confirm your name and zip code?" });
  ex.push({
    user: `My name is ${p.full} and my zip code is ${spell(p.zip)}.`,
    heard: `My name is ${p.full} and my zip code is ${p.zip}.`,
    tools: [call("find_user_id_by_name_zip", { first_name: p.first, last_name: p.last, zip: p.zip }, p.userId)],
    agent: `Thanks, ${p.first}, I've located your account. What's the order number?`,
  });
  const itemsText = items.map(describeItem).join(" and ");
  ex.push({
    user: `The order number is ${spell(orderId)}.`,
    heard: `The order number is ${orderId}.`,
    agentPre: rng.chance(0.5) ? "One moment while I pull that up." : undefined,
    tools: [call("get_order_details", { order_id: orderId }, orderResult(def))],
    agent: `I see order ${orderId} with ${itemsText}. It is currently ${t.status as string}.`,
  });
  if (type === "refusal") {
    ex.push({
      user: "Right, I'd like to cancel it please.",
      agent: "I'm sorry, that order has already been delivered, so it can no longer be cancelled. I can help you start a return instead if you like.",
    });
    ex.push({ user: "No, that's okay, I'll keep it then.", agent: "Understood. Is there anything else I can help you with?" });
  } else {
    const args = (gold?.arguments ?? {}) as JsonObject;
    const confirm: Record<Exclude<TaskType, "refusal">, string> = {
      cancel: `To confirm, you'd like to cancel order ${orderId} because it was ${t.reason as string}. Shall I proceed?`,
      return: `To confirm, I'll return the ${chosen.map((i) => i.name).join(" and ")} from order ${orderId}, refunded to your original payment method. Shall I proceed?`,
      exchange: `To confirm, I'll exchange the ${describeItem(chosen[0] as Item)} for the ${describeItem((t.new_items as unknown as Item[])[0] as Item)}. The price difference goes to your original payment method. Shall I proceed?`,
      address: `To confirm, the new address is ${(t.new_address as JsonObject).address1 as string}, ${p.address.city}, ${p.address.state} ${p.zip}. Shall I update it?`,
    };
    const request: Record<Exclude<TaskType, "refusal">, string> = {
      cancel: `Yes, I want to cancel the whole order. It was ${t.reason as string}.`,
      return: `I want to return the ${chosen.map((i) => i.name.toLowerCase()).join(" and the ")}.`,
      exchange: `I'd like the ${describeItem((t.new_items as unknown as Item[])[0] as Item).toLowerCase()} instead.`,
      address: `The new address is ${(t.new_address as JsonObject).address1 as string}, same city and zip code.`,
    };
    ex.push({ user: request[type], agent: confirm[type] });
    const done: Record<Exclude<TaskType, "refusal">, string> = {
      cancel: `Done. Order ${orderId} is cancelled and the refund will go back to your original payment method.`,
      return: "Your return has been requested. You'll receive an email with the return label shortly.",
      exchange: "The exchange is requested. You'll get an email with instructions for sending the original item back.",
      address: "The shipping address on your order has been updated.",
    };
    ex.push({
      user: rng.pick(["Yes, please go ahead.", "Yes, that's right.", "Yes, proceed."]),
      tools: [call(gold?.name as string, args, gold?.result ?? null, { mutating: true })],
      agent: done[type],
    });
  }
  ex.push({ user: rng.pick(CLOSINGS_USER), agent: rng.pick(CLOSINGS_AGENT) });
  return {
    greeting: rng.pick(["Hi, thanks for contacting the online store. How can I help?", "Thank you for calling customer support, how can I help you today?"]),
    exchanges: ex,
    endCall: true,
  };
}

export const retailKit: DomainKit = {
  domain: "tau2_retail",
  kind: "db",
  ids: (count, rng) => numberedIds(count, rng, 114),
  define,
  script: ({ def, rng }) => script({ def, rng }),
  padding(def, rng, bytes): { call: ToolCall } {
    const product = rng.pick(PRODUCTS);
    const variants: JsonObject = {};
    let size = 0;
    while (size < bytes) {
      const item = makeItem(rng, product);
      variants[item.item_id] = { item_id: item.item_id, options: item.options, available: rng.chance(0.7), price: f(item.price) };
      size += 150;
    }
    return { call: call("get_product_details", { product_id: product.productId }, { name: product.name, product_id: product.productId, variants }) };
  },
  supports: (o, def) => o !== "dba_fail" && o !== "action_mismatch" && o !== "summary_not_captured" && (o !== "nl_fail" || def.nlAssertions.length > 0),
};
