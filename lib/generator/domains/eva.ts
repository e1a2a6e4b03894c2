/** eva_airline: irregular-operations airline desk (ids like `1_1_2` or descriptive names). */
import { EVA_WRITE_TOOLS } from "@/lib/core/insights/tool-calls";
import { f, type PyJson } from "../pyjson";
import { spell } from "../names";
import type { DomainKit, Exchange, JsonObject, ScenarioDef, Script, ToolCall } from "../model";
import type { Rng } from "../prng";
import { agentPrompt, baseDef, call, CLOSINGS_AGENT, CLOSINGS_USER, policy, sampledIds, userPrompt } from "./common";

const POLICY = policy("Irregular operations policy", [
  "Verify the confirmation number and the passenger's last name before making changes.",
  "For missed connections caused by the airline, rebook on the next available flight at no charge.",
  "Delays over three hours qualify for a meal voucher; overnight delays qualify for a hotel voucher.",
  "Refunds are only issued for cancelled flights or when the passenger declines all rebooking options.",
  "Read back every change and get an explicit yes before executing it.",
]);

const TOOLS = ["GetReservationTool", "GetFlightStatusTool", "SearchAlternativeFlightsTool", ...EVA_WRITE_TOOLS, "EndConversationTool"];

const DESCRIPTIVE = [
  "missed_connection_rebook",
  "delayed_flight_meal_voucher",
  "overnight_delay_hotel",
  "seat_change_aisle",
  "extra_bag_allowance",
  "cancelled_flight_refund",
  "standby_earlier_flight",
  "compensation_request_denied",
  "vegetarian_meal_request",
  "travel_credit_after_cancel",
];

type Kind = "rebook" | "meal" | "hotel" | "seat" | "bag" | "refund" | "standby" | "refusal" | "mealreq" | "credit";
const KINDS: Kind[] = ["rebook", "meal", "hotel", "seat", "bag", "refund", "standby", "refusal", "mealreq", "credit"];

function gold(t: JsonObject): JsonObject[] {
  const conf = t.confirmation as string;
  const a = (name: string, args: JsonObject, result: PyJson): JsonObject => ({ name, arguments: args, result, side: "agent" });
  switch (t.kind as Kind) {
    case "rebook":
      return [a("RebookFlightTool", { confirmation_number: conf, new_flight_number: t.alt as string }, { status: "rebooked", flight_number: t.alt as string })];
    case "meal":
      return [a("IssueMealVoucherTool", { confirmation_number: conf, amount: f(15) }, { voucher_id: t.voucher as string, amount: f(15) })];
    case "hotel":
      return [a("IssueHotelVoucherTool", { confirmation_number: conf, nights: 1 }, { voucher_id: t.voucher as string, nights: 1 })];
    case "seat":
      return [a("AssignSeatTool", { confirmation_number: conf, seat: t.seat as string }, { seat: t.seat as string, status: "assigned" })];
    case "bag":
      return [a("AddBaggageAllowanceTool", { confirmation_number: conf, bags: 1 }, { total_bags: 2 })];
    case "refund":
      return [
        a("CancelReservationTool", { confirmation_number: conf }, { status: "cancelled" }),
        a("ProcessRefundTool", { confirmation_number: conf }, { refund_id: t.voucher as string, status: "processed" }),
      ];
    case "standby":
      return [a("AddToStandbyTool", { confirmation_number: conf, flight_number: t.alt as string }, { status: "standby", position: 3 })];
    case "mealreq":
      return [a("AddMealRequestTool", { confirmation_number: conf, meal: "vegetarian" }, { status: "requested" })];
    case "credit":
      return [a("IssueTravelCreditTool", { confirmation_number: conf, amount: f(200) }, { credit_id: t.voucher as string, amount: f(200) })];
    default:
      return [];
  }
}

function define(name: string, id: string, rng: Rng): ScenarioDef {
  const def = baseDef(name, "eva_airline", id, rng, ["db_state_match", "clean_exit"]);
  const idx = DESCRIPTIVE.indexOf(id);
  const kind: Kind = idx >= 0 ? (KINDS[idx] as Kind) : rng.pick(KINDS);
  const task: JsonObject = {
    kind,
    confirmation: rng.code(6),
    flight: `EV${rng.digits(3)}`,
    alt: `EV${rng.digits(3)}`,
    seat: `${rng.int(8, 32)}${rng.pick(["A", "C", "D", "F"])}`,
    voucher: `V-${rng.digits(6)}`,
  };
  def.task = task;
  def.refusal = kind === "refusal";
  def.description = idx >= 0 ? id.replace(/_/g, " ") : `Scenario ${id}`;
  def.expectedDbHash = rng.hex(64);
  def.gold = gold(task);
  def.reference = { actions: def.gold.map((a) => ({ name: a.name, arguments: a.arguments })) };
  def.agentTools = TOOLS;
  def.agentPrompt = agentPrompt("an airline irregular-operations agent", POLICY, name);
  def.userPrompt = userPrompt(def.persona.full, def.description ?? "a flight problem", `Your confirmation number is ${task.confirmation as string}.`);
  return def;
}

function script({ def, rng }: { def: ScenarioDef; rng: Rng }): Script {
  const t = def.task;
  const conf = t.confirmation as string;
  const g = gold(t);
  const ask: Record<Kind, string> = {
    rebook: "I missed my connection because my first flight was late. Can you get me on the next one?",
    meal: "My flight is delayed four hours. Do I get anything for food?",
    hotel: "My flight got pushed to tomorrow morning, where am I supposed to sleep?",
    seat: "Can I switch to an aisle seat?",
    bag: "I need to bring an extra suitcase.",
    refund: "My flight was cancelled and I just want my money back.",
    standby: "Is there any way to get on an earlier flight?",
    refusal: "My flight was twenty minutes late, I want compensation.",
    mealreq: "I'd like a vegetarian meal on my flight.",
    credit: "I cancelled my trip, can I get a travel credit?",
  };
  const ex: Exchange[] = [
    { user: ask[t.kind as Kind], agent: "I can look into that. What's your confirmation number and last name?" },
    {
      user: `It's ${spell(conf)}, last name ${def.persona.last}.`,
      heard: `It's ${conf}, last name ${def.persona.last}.`,
      tools: [
        call(
          "GetReservationTool",
          { confirmation_number: conf, last_name: def.persona.last },
          {
            confirmation_number: conf,
            passenger: def.persona.full,
            flights: [{ flight_number: t.flight as string, status: rng.pick(["delayed", "on time", "cancelled"]) }],
          },
        ),
        call("GetFlightStatusTool", { flight_number: t.flight as string }, { flight_number: t.flight as string, delay_minutes: rng.int(20, 300) }),
      ],
      agent: `Thanks. I see flight ${t.flight as string} on your booking.`,
    },
  ];
  if (g.length === 0) {
    ex.push({ user: "So what can you do for me?", agent: "I'm sorry, a delay of under three hours doesn't qualify for compensation under our policy." });
  } else {
    ex.push({ user: "Okay, what are my options?", agent: "Here's what I can do. Shall I go ahead?" });
    ex.push({
      user: "Yes, please.",
      tools: g.map((a) => call(a.name as string, a.arguments as JsonObject, a.result ?? null, { mutating: true })),
      agent: "Done, that's all set on your reservation.",
    });
  }
  ex.push({ user: rng.pick(CLOSINGS_USER), agent: rng.pick(CLOSINGS_AGENT) });
  return { greeting: "Thank you for calling the airline, how can I help?", exchanges: ex, endCall: true };
}

export const evaKit: DomainKit = {
  domain: "eva_airline",
  kind: "db",
  ids(count, rng) {
    const all = [...DESCRIPTIVE];
    for (let a = 1; a <= 4; a++) for (let b = 1; b <= 2; b++) for (let c = 1; c <= 5; c++) all.push(`${a}_${b}_${c}`);
    const ids = sampledIds(all, count, rng, (round) => `_${round}`);
    return count <= all.length ? ids.sort() : ids;
  },
  define,
  script: ({ def, rng }) => script({ def, rng }),
  padding(def, rng, bytes): { call: ToolCall } {
    const flights: JsonObject[] = [];
    for (let size = 0; size < bytes; size += 160)
      flights.push({
        flight_number: `EV${rng.digits(3)}`,
        departure: `${String(rng.int(5, 22)).padStart(2, "0")}:${rng.pick(["05", "20", "35", "50"])}`,
        seats_available: rng.int(0, 40),
        status: rng.pick(["scheduled", "delayed"]),
      });
    return { call: call("SearchAlternativeFlightsTool", { confirmation_number: def.task.confirmation as string }, { flights }) };
  },
  supports: (o, def) => !["dba_fail", "action_mismatch", "summary_not_captured", "nl_fail"].includes(o) && (o !== "db_mismatch" || !def.refusal),
};
