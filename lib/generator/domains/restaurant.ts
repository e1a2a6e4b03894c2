/** restaurant (and the legacy `fastbite`): phone ordering with a pushed order summary. */
import { spell } from "../names";
import type { DomainKit, Exchange, JsonObject, ScenarioDef, Script } from "../model";
import type { Rng } from "../prng";
import { agentPrompt, baseDef, call, CLOSINGS_AGENT, NOISE_CONFIG, policy, userPrompt } from "./common";
import { catalogIds, promptPadding, pushSupports, summaryCall } from "./push";

const MENU: Array<[string, number]> = [
  ["Pepperoni Pizza", 14.5],
  ["Margherita Pizza", 12.0],
  ["Spicy Feast Burger", 11.25],
  ["Classic Burger", 9.5],
  ["Italian Sub", 10.75],
  ["Caesar Salad", 8.0],
  ["French Fries", 3.5],
  ["Onion Rings", 4.25],
  ["Milkshake", 4.25],
  ["Iced Tea", 1.99],
  ["Lemonade", 2.5],
  ["Extra Cheese", 1.5],
  ["Chocolate Brownie", 3.75],
  ["Garlic Bread", 4.0],
];
const NUM_WORDS = ["zero", "one", "two", "three", "four"];

const NAMES = [
  "burger_classic_combo",
  "burger_spicy_feast",
  "breakfast_pancakes",
  "deli_italian_sub_lunch",
  "dessert_milkshakes",
  "pizza_margherita_family",
  "pizza_pepperoni",
  "salad_lunch_special",
  "sushi_dinner_for_two",
  "taco_tuesday",
  "vegan_bowl",
];

const POLICY = policy("Ordering rules", [
  "Take the caller's order item by item and repeat each item back.",
  "Only offer items from the menu; look up prices with GetMenuTool.",
  "Ask for the caller's name and phone number before placing the order.",
  "Read back the full order and total before calling PlaceOrderTool.",
]);

function makeKit(domain: string, bare: boolean): DomainKit {
  function define(name: string, id: string, rng: Rng): ScenarioDef {
    const def = baseDef(name, domain, id, rng, ["is_action_match", "clean_exit"]);
    def.metadataDomain = "default";
    def.description = bare ? null : id.replace(/_/g, " ");
    def.maxDuration = 180;
    def.noiseConfig = rng.chance(0.5) ? NOISE_CONFIG : null;
    def.ignoreCapitalization = true;
    def.ignorePunctuation = true;
    const picks = rng.shuffle(MENU).slice(0, rng.int(2, 4));
    const items = picks.map(([n, price]) => ({ name: n, unit_price: price.toFixed(2), quantity: String(rng.int(1, 3)) }));
    const total = picks.reduce((s, [, price], i) => s + price * Number(items[i]?.quantity), 0);
    const reference: JsonObject = { items, customer_name: def.persona.first, customer_phone: def.persona.phone, total_price: total.toFixed(2) };
    def.reference = reference;
    def.task = { order: reference };
    def.agentTools = ["GetMenuTool", "PlaceOrderTool", "EndConversationTool"];
    def.agentPrompt = agentPrompt("a friendly order taker at Joe's Diner", POLICY, name);
    def.userPrompt = userPrompt(
      def.persona.full,
      def.description ?? "placing a food order",
      `Order exactly: ${items.map((i) => `${i.quantity} x ${i.name}`).join(", ")}. Your phone number is ${def.persona.phone}.`,
    );
    return def;
  }

  function script({ def, rng, outcome }: { def: ScenarioDef; rng: Rng; outcome: string }): Script {
    const order = def.task.order as JsonObject;
    const items = order.items as Array<{ name: string; unit_price: string; quantity: string }>;
    const p = def.persona;
    const pushed: JsonObject = JSON.parse(JSON.stringify(order)) as JsonObject;
    let wrongQty = -1;
    if (outcome === "action_mismatch") {
      wrongQty = rng.int(0, items.length - 1);
      const it = (pushed.items as JsonObject[])[wrongQty] as JsonObject;
      it.quantity = it.quantity === "2" ? "1" : "2";
      const total = (pushed.items as JsonObject[]).reduce((s, i) => s + Number(i.unit_price) * Number(i.quantity), 0);
      pushed.total_price = total.toFixed(2);
    }
    const ex: Exchange[] = [];
    items.forEach((it, i) => {
      const said = `${i === 0 ? "I'd like" : "And"} ${NUM_WORDS[Number(it.quantity)] ?? it.quantity} ${it.name.toLowerCase()}${Number(it.quantity) > 1 ? "s" : ""}.`;
      const heardQty = i === wrongQty ? (((pushed.items as JsonObject[])[i] as JsonObject).quantity as string) : it.quantity;
      const heard = i === wrongQty ? said.replace(NUM_WORDS[Number(it.quantity)] ?? "", heardQty === "1" ? "one" : "to") : undefined;
      ex.push({
        user: said,
        heard,
        tools: i === 0 ? [call("GetMenuTool", {}, { items: items.map((x) => ({ name: x.name, price: x.unit_price })) })] : undefined,
        agent: `${heardQty === "1" ? "One" : heardQty === "2" ? "Two" : "Three"} ${it.name}, got it. Anything else?`,
      });
    });
    ex.push({ user: "That's everything.", agent: "Can I have a name and phone number for the order?" });
    ex.push({
      user: `It's ${p.first}, ${spell(p.phone.replace(/-/g, ""))}.`,
      heard: `It's ${p.first}, ${p.phone}.`,
      agent: `Thanks ${p.first}. Your total is ${pushed.total_price as string} dollars. Shall I place the order?`,
    });
    const orderId = `${rng.digits(6)}-X`;
    ex.push({
      user: "Yes, please.",
      tools: [summaryCall("PlaceOrderTool", pushed, "order_id", orderId)],
      agent: `Your order is placed. The order number is ${orderId}.`,
    });
    ex.push({ user: "Great, thank you. Bye!", agent: rng.pick(CLOSINGS_AGENT) });
    return { greeting: "Hi, welcome to Joe's Diner! What can I get for you today?", exchanges: ex, endCall: true };
  }

  return {
    domain,
    kind: "push",
    ids: (count, rng) => catalogIds(bare ? [domain] : NAMES, count, rng, bare),
    define,
    script: ({ def, rng, outcome }) => script({ def, rng, outcome }),
    padding: (_def, rng, bytes) =>
      promptPadding(
        "Full menu and allergen information",
        rng,
        bytes,
        (r, i) =>
          `- Item ${i + 1}: ${r.pick(MENU)[0]} — contains ${r.pick(["gluten", "dairy", "nuts", "soy", "egg"])}; ${r.pick(["available all day", "lunch only", "weekends only"])}; prep time ${r.int(4, 20)} minutes.`,
      ),
    supports: pushSupports,
  };
}

export const restaurantKit = makeKit("restaurant", false);
export const fastbiteKit = makeKit("fastbite", true);
