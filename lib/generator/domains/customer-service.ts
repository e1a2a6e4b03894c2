/** customer_service: support tickets with a pushed ticket summary. */
import { spell } from "../names";
import type { DomainKit, Exchange, JsonObject, ScenarioDef, Script } from "../model";
import type { Rng } from "../prng";
import { agentPrompt, baseDef, CLOSINGS_AGENT, CLOSINGS_USER, policy, userPrompt } from "./common";
import { catalogIds, promptPadding, pushSupports, summaryCall } from "./push";

const CASES: Record<string, [string, string, string]> = {
  account_access: ["account_access", "password_reset", "I can't log into my account anymore."],
  address_change: ["account_update", "address_updated", "I moved and need to update my billing address."],
  billing_dispute: ["billing_dispute", "credit_issued", "I was charged twice on my last bill."],
  defective_refund: ["defective_product", "refund_issued", "The blender I bought stopped working after two days, I want a refund."],
  defective_replacement: ["defective_product", "replacement_sent", "My headphones arrived broken, can you send a replacement?"],
  password_reset: ["account_access", "password_reset", "I forgot my password and the reset email never arrives."],
  plan_upgrade: ["plan_change", "plan_changed", "I'd like to upgrade to the premium plan."],
  shipping_delay: ["shipping", "expedited_shipping", "My package is a week late."],
  subscription_cancel: ["subscription", "subscription_cancelled", "I want to cancel my subscription."],
  warranty_claim: ["warranty", "warranty_claim_filed", "My laptop screen flickers and it's still under warranty."],
};

const POLICY = policy("Support desk rules", [
  "Verify the caller's account id and full name before discussing the account.",
  "Resolve the issue with one of the standard resolutions; never promise anything outside policy.",
  "Summarize the ticket with SaveTicketSummaryTool before ending the call.",
]);

function define(name: string, id: string, rng: Rng): ScenarioDef {
  const def = baseDef(name, "customer_service", id, rng, ["is_action_match", "clean_exit"]);
  def.metadataDomain = "default";
  def.description = id.replace(/_/g, " ");
  def.maxDuration = 120;
  def.ignoreCapitalization = true;
  def.ignorePunctuation = true;
  const [issue, resolution] = CASES[id.replace(/_\d+$/, "")] ?? ["general", "resolved", ""];
  const reference: JsonObject = {
    issue_type: issue,
    resolution,
    account_id: `ACC-${rng.digits(6)}`,
    customer_name: def.persona.full,
    amount: `${rng.int(10, 199)}.00`,
  };
  def.reference = reference;
  def.task = { ticket: reference };
  def.agentTools = ["SaveTicketSummaryTool", "EndConversationTool"];
  def.agentPrompt = agentPrompt("a customer care representative", POLICY, name);
  def.userPrompt = userPrompt(
    def.persona.full,
    def.description,
    `Your account id is ${reference.account_id as string}. The amount involved is ${reference.amount as string} dollars.`,
  );
  return def;
}

function script({ def, rng, outcome }: { def: ScenarioDef; rng: Rng; outcome: string }): Script {
  const ticket = def.task.ticket as JsonObject;
  const complaint = (CASES[def.id.replace(/_\d+$/, "")] ?? ["", "", "I have a problem with my account."])[2];
  const pushed: JsonObject = { ...ticket };
  if (outcome === "action_mismatch") pushed.customer_name = rng.pick(["Unknown Caller", def.persona.first]);
  const ex: Exchange[] = [
    { user: `Hi. ${complaint}`, agent: "I'm sorry about that. Can I have your account id and full name?" },
    {
      user: `Sure, it's ${spell(ticket.account_id as string)}, and my name is ${def.persona.full}.`,
      heard: `Sure, it's ${ticket.account_id as string}, and my name is ${pushed.customer_name === "Unknown Caller" ? "" : def.persona.full}.`,
      agent: `Thank you. I can see the ${ticket.amount as string} dollar charge. I'll take care of it: ${(ticket.resolution as string).replace(/_/g, " ")}. Is that okay?`,
    },
    {
      user: "Yes, that works.",
      tools: [summaryCall("SaveTicketSummaryTool", pushed, "ticket_id", `${rng.digits(6)}-X`)],
      agent: "All set, I've logged the ticket and you'll get a confirmation email.",
    },
    { user: rng.pick(CLOSINGS_USER), agent: rng.pick(CLOSINGS_AGENT) },
  ];
  return { greeting: "Thanks for calling customer care, my name is Sam. How can I help you?", exchanges: ex, endCall: true };
}

export const customerServiceKit: DomainKit = {
  domain: "customer_service",
  kind: "push",
  ids: (count, rng) => catalogIds(Object.keys(CASES), count, rng),
  define,
  script: ({ def, rng, outcome }) => script({ def, rng, outcome }),
  padding: (_def, rng, bytes) =>
    promptPadding(
      "Knowledge base",
      rng,
      bytes,
      (r, i) =>
        `- KB-${1000 + i}: ${r.pick(Object.keys(CASES)).replace(/_/g, " ")} — ${r.pick(["verify identity first", "offer a callback", "escalate after two failed attempts", "credit up to 50 dollars without approval"])}.`,
    ),
  supports: pushSupports,
};
