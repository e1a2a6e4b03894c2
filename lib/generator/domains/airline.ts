/** tau2_airline: airline reservations desk (numeric scenario ids). */
import { f, type PyJson } from "../pyjson";
import { spell } from "../names";
import type { DomainKit, Exchange, JsonObject, ScenarioDef, Script, ToolCall } from "../model";
import type { Rng } from "../prng";
import { agentPrompt, baseDef, call, CLOSINGS_AGENT, CLOSINGS_USER, numberedIds, policy, userPrompt } from "./common";

const POLICY = policy("Airline agent policy", [
  "Before taking any action that updates the booking database, list the action details and obtain explicit user confirmation (yes) to proceed.",
  "You should deny user requests that are against this policy, and transfer to a human agent only if the request cannot be handled within the scope of your actions.",
  "Each reservation has a cabin class: basic economy, economy or business; all flights of a reservation share the same cabin.",
  "A reservation can be cancelled if it was booked within the last 24 hours, if the airline cancelled the flight, if it is business class, or if the user has travel insurance and the reason is covered.",
  "Basic economy flights cannot be modified. Other reservations can change flights without changing origin, destination or trip type.",
  "Checked bags: the free allowance depends on membership tier and cabin; each extra bag costs 50 dollars.",
  "Payments for changes must use a payment method already on the user profile; refunds go back to the original payment methods.",
  "Do not proactively offer compensation unless the user explicitly asks for it.",
]);

const TOOLS = [
  "GetUserDetailsTool",
  "GetReservationDetailsTool",
  "SearchDirectFlightTool",
  "SearchOnestopFlightTool",
  "ListAllAirportsTool",
  "BookReservationTool",
  "UpdateReservationFlightsTool",
  "UpdateReservationBaggagesTool",
  "UpdateReservationPassengersTool",
  "CancelReservationTool",
  "SendCertificateTool",
  "CalculateTool",
  "TransferToHumanAgentsTool",
  "EndConversationTool",
];

const AIRPORTS = ["SFO", "JFK", "ORD", "MIA", "SEA", "ATL", "DFW", "BOS", "LAX", "DEN", "PHX", "EWR"];

type TaskType = "cancel" | "bags" | "cabin" | "refusal";

const NL: Record<TaskType, string[]> = {
  cancel: ["The agent confirms the reservation id before cancelling.", "The agent explains how the refund will be issued."],
  bags: ["The agent states the cost of the extra bag before adding it."],
  cabin: ["The agent states the fare difference and asks for confirmation."],
  refusal: ["The agent does not cancel a basic economy reservation without insurance.", "The agent explains why the reservation cannot be cancelled."],
};

function gold(t: JsonObject): JsonObject[] {
  const rid = t.reservation_id as string;
  const act = (name: string, args: JsonObject, result: PyJson): JsonObject => ({ action_type: name, name, arguments: args, result, side: "agent" });
  switch (t.type as TaskType) {
    case "cancel":
      return [act("cancel_reservation", { reservation_id: rid }, { reservation_id: rid, status: "cancelled" })];
    case "bags":
      return [
        act(
          "update_reservation_baggages",
          { reservation_id: rid, total_baggages: t.bags as number, nonfree_baggages: 1, payment_id: t.payment_id as string },
          { reservation_id: rid, total_baggages: t.bags as number, nonfree_baggages: 1 },
        ),
      ];
    case "cabin":
      return [
        act(
          "update_reservation_flights",
          { reservation_id: rid, cabin: "business", flights: t.flights as PyJson, payment_id: t.payment_id as string },
          { reservation_id: rid, cabin: "business", flights: t.flights as PyJson },
        ),
      ];
    default:
      return [];
  }
}

function define(name: string, id: string, rng: Rng): ScenarioDef {
  const def = baseDef(name, "tau2_airline", id, rng, ["db_state_match", "clean_exit"]);
  const type = rng.weighted<TaskType>({ cancel: 3, bags: 2, cabin: 2, refusal: 1.5 });
  const [origin, destination] = rng.shuffle(AIRPORTS) as [string, string];
  const date = `2024-05-${String(rng.int(10, 28)).padStart(2, "0")}`;
  const task: JsonObject = {
    type,
    reservation_id: rng.code(6),
    origin,
    destination,
    date,
    cabin: type === "refusal" ? "basic_economy" : rng.pick(["economy", "economy", "basic_economy"]),
    bags: rng.int(2, 4),
    payment_id: rng.pick(["credit_card_", "gift_card_", "certificate_"]) + rng.digits(7),
    flights: [{ flight_number: `HAT${rng.digits(3)}`, date }],
    fare_difference: rng.int(80, 640),
  };
  if (type === "cabin" || type === "cancel") task.cabin = "economy";
  def.task = task;
  def.refusal = type === "refusal";
  def.description = id;
  if (rng.chance(0.25)) {
    def.nlAssertions = NL[type].slice(0, rng.int(1, NL[type].length));
  }
  def.expectedDbHash = rng.hex(64);
  def.gold = gold(task);
  def.reference = { actions: def.gold };
  def.agentTools = TOOLS;
  def.agentPrompt = agentPrompt("an airline reservations agent", POLICY, name);
  def.userPrompt = userPrompt(def.persona.full, `reservation ${task.reservation_id as string}`, `Your user id is ${def.persona.userId}.`);
  return def;
}

function script({ def, rng }: { def: ScenarioDef; rng: Rng }): Script {
  const t = def.task;
  const p = def.persona;
  const rid = t.reservation_id as string;
  const type = t.type as TaskType;
  const g = gold(t)[0];
  const resv: JsonObject = {
    reservation_id: rid,
    user_id: p.userId,
    origin: t.origin as string,
    destination: t.destination as string,
    flight_type: "one_way",
    cabin: t.cabin as string,
    flights: [{ ...((t.flights as JsonObject[])[0] ?? {}), origin: t.origin as string, destination: t.destination as string, price: f(rng.int(90, 900)) }],
    passengers: [{ first_name: p.first, last_name: p.last, dob: `19${rng.int(50, 99)}-0${rng.int(1, 9)}-1${rng.int(0, 9)}` }],
    payment_history: [{ payment_id: t.payment_id as string, amount: rng.int(120, 1400) }],
    total_baggages: 1,
    nonfree_baggages: 0,
    insurance: "no",
  };
  const opening: Record<TaskType, string> = {
    cancel: "Hi, I need to cancel my upcoming flight.",
    bags: "Hello, I'd like to add checked bags to my reservation.",
    cabin: "Hi, I want to upgrade my flight to business class.",
    refusal: "Hi, I need to cancel my trip, something came up.",
  };
  const ex: Exchange[] = [
    { user: opening[type], agent: "Sure, I can help. Could you give me your user id?" },
    {
      user: `It's ${spell(p.userId)}.`,
      heard: `It's ${p.userId.replace(/_/g, " underscore ")}.`,
      tools: [
        call(
          "get_user_details",
          { user_id: p.userId },
          { user_id: p.userId, name: { first_name: p.first, last_name: p.last }, membership: rng.pick(["regular", "silver", "gold"]), reservations: [rid] },
        ),
      ],
      agent: "Thank you. And the reservation code?",
    },
    {
      user: `My reservation code is ${spell(rid)}.`,
      heard: `My reservation code is ${rid}.`,
      tools: [call("get_reservation_details", { reservation_id: rid }, resv)],
      agent: `I found reservation ${rid}, ${t.origin as string} to ${t.destination as string} on ${t.date as string}, in ${(t.cabin as string).replace("_", " ")}.`,
    },
  ];
  if (type === "refusal") {
    ex.push({
      user: "Yes, please cancel the whole thing and refund me.",
      agent: "I'm sorry, basic economy reservations without travel insurance can't be cancelled for a refund under our policy.",
    });
    ex.push({ user: "Oh, okay. I understand.", agent: "Is there anything else I can help you with?" });
  } else {
    const confirm: Record<Exclude<TaskType, "refusal">, string> = {
      cancel: `To confirm, you want to cancel reservation ${rid}. The refund goes back to your original payment method. Shall I proceed?`,
      bags: `You'll have ${t.bags as number} checked bags; one extra bag costs 50 dollars on your card on file. Shall I proceed?`,
      cabin: `The fare difference to business is ${t.fare_difference as number} dollars, charged to your payment method on file. Shall I proceed?`,
    };
    ex.push({ user: type === "bags" ? `I'd like ${t.bags as number} bags in total.` : "Yes, that's the one.", agent: confirm[type] });
    ex.push({
      user: "Yes, please go ahead.",
      tools: [call(g?.name as string, (g?.arguments ?? {}) as JsonObject, g?.result ?? null, { mutating: true })],
      agent: type === "cancel" ? "Your reservation has been cancelled." : "Done, your reservation has been updated.",
    });
  }
  ex.push({ user: rng.pick(CLOSINGS_USER), agent: rng.pick(CLOSINGS_AGENT) });
  return {
    greeting: rng.pick(["Thanks for calling the airline help desk, this is Ava. How can I help you today?", "Airline reservations, how can I help?"]),
    exchanges: ex,
    endCall: true,
  };
}

export const airlineKit: DomainKit = {
  domain: "tau2_airline",
  kind: "db",
  ids: (count, rng) => numberedIds(count, rng, 50),
  define,
  script: ({ def, rng }) => script({ def, rng }),
  padding(def, rng, bytes): { call: ToolCall } {
    const t = def.task;
    const flights: JsonObject[] = [];
    let size = 0;
    while (size < bytes) {
      flights.push({
        flight_number: `HAT${rng.digits(3)}`,
        origin: t.origin as string,
        destination: t.destination as string,
        scheduled_departure_time_est: `${String(rng.int(5, 22)).padStart(2, "0")}:${rng.pick(["00", "15", "30", "45"])}:00`,
        status: "available",
        available_seats: { basic_economy: rng.int(0, 20), economy: rng.int(0, 20), business: rng.int(0, 8) },
        prices: { basic_economy: rng.int(50, 200), economy: rng.int(100, 400), business: rng.int(300, 2000) },
      });
      size += 330;
    }
    return { call: call("search_direct_flight", { origin: t.origin as string, destination: t.destination as string, date: t.date as string }, flights) };
  },
  supports: (o, def) =>
    !["dba_fail", "action_mismatch", "summary_not_captured"].includes(o) &&
    (o !== "nl_fail" || def.nlAssertions.length > 0) &&
    (o !== "db_mismatch" || !def.refusal),
};
