/** tau2_telecom (and tau2_telecom_workflow): mobile carrier tech support with a simulated phone. */
import { f, type PyJson } from "../pyjson";
import { spell } from "../names";
import type { DbAssertion, DomainKit, Exchange, JsonObject, ScenarioDef, Script, ToolCall } from "../model";
import type { Rng } from "../prng";
import { agentPrompt, baseDef, call, CLOSINGS_AGENT, CLOSINGS_USER, policy, sampledIds, userPrompt } from "./common";

const POLICY = policy("Telecom technical support policy", [
  "Identify the customer by phone number or customer id before discussing account details.",
  "You can only act on the customer's lines; you cannot see or change the phone's settings yourself — guide the user to check and change them step by step.",
  "Always ask the user to perform one action at a time and report the result before continuing.",
  "A suspended line can only be resumed after any overdue bill has been paid.",
  "Data refuels are limited to 2 GB per request and are charged to the account.",
  "Roaming must be enabled on the line and on the device when the user is abroad.",
  "Transfer to a human agent only if the issue cannot be resolved with the available tools and troubleshooting steps.",
]);

const AGENT_TOOLS = [
  "GetCustomerByPhoneTool",
  "GetCustomerByIdTool",
  "GetDetailsByIdTool",
  "SuspendLineTool",
  "ResumeLineTool",
  "EnableRoamingTool",
  "DisableRoamingTool",
  "RefuelDataTool",
  "SendPaymentRequestTool",
  "TransferToHumanAgentsTool",
  "EndConversationTool",
];
const USER_TOOLS = [
  "CheckStatusBarTool",
  "CheckNetworkStatusTool",
  "ToggleAirplaneModeTool",
  "ToggleDataTool",
  "ToggleRoamingTool",
  "ToggleDataSaverModeTool",
  "CheckApnSettingsTool",
  "ResetApnSettingsTool",
  "RebootDeviceTool",
  "CanSendMmsTool",
  "RunSpeedTestTool",
];

interface Cause {
  id: string;
  symptom: string;
  statusBar: string;
  init: string;
  instruction: string;
  userFix?: { name: string; result: PyJson; said: string };
  agentFix?: (cid: string, line: string) => { name: string; args: JsonObject; result: PyJson; said: string };
}

const CAUSES: Cause[] = [
  {
    id: "airplane_mode_on",
    symptom: "airplane icon",
    statusBar: "Airplane mode: ON | Signal: none | Mobile data: ON",
    init: "turn_airplane_mode_on",
    instruction: "Airplane mode is on, which turns off all cellular connections. Please switch airplane mode off.",
    userFix: { name: "toggle_airplane_mode", result: { airplane_mode: false }, said: "Okay, I switched airplane mode off." },
  },
  {
    id: "data_mode_off",
    symptom: "no data indicator",
    statusBar: "Airplane mode: OFF | Signal: 4 bars | Mobile data: OFF",
    init: "turn_data_off",
    instruction: "Your mobile data switch is off. Please turn mobile data on in your settings.",
    userFix: { name: "toggle_data", result: { mobile_data: true }, said: "Done, mobile data is on now." },
  },
  {
    id: "data_saver_mode_on",
    symptom: "a data saver icon",
    statusBar: "Airplane mode: OFF | Signal: 3 bars | Mobile data: ON | Data saver: ON",
    init: "turn_data_saver_mode_on",
    instruction: "Data saver mode is restricting your connection. Please turn data saver off.",
    userFix: { name: "toggle_data_saver_mode", result: { data_saver_mode: false }, said: "Okay, data saver is off." },
  },
  {
    id: "bad_apn_settings",
    symptom: "full signal but nothing loads",
    statusBar: "Airplane mode: OFF | Signal: 4 bars | Mobile data: ON",
    init: "break_apn_settings",
    instruction: "Your APN settings look wrong. Please reset the APN settings to default and then restart the phone.",
    userFix: { name: "reset_apn_settings", result: { apn_settings: "default", reboot_required: true }, said: "I reset them and restarted the phone." },
  },
  {
    id: "roaming_disabled",
    symptom: "a roaming warning",
    statusBar: "Airplane mode: OFF | Signal: 2 bars (roaming) | Mobile data: ON | Data roaming: OFF",
    init: "turn_roaming_off",
    instruction: "I've enabled roaming on your line. Please also turn on data roaming on your phone.",
    userFix: { name: "toggle_roaming", result: { data_roaming: true }, said: "Data roaming is on now." },
    agentFix: (cid, line) => ({
      name: "enable_roaming",
      args: { customer_id: cid, line_id: line },
      result: { line_id: line, roaming_enabled: true },
      said: "Let me enable roaming on your line first.",
    }),
  },
  {
    id: "data_usage_exceeded",
    symptom: "a data limit message",
    statusBar: "Airplane mode: OFF | Signal: 4 bars | Mobile data: ON",
    init: "exhaust_data_plan",
    instruction: "You've used all the data in your plan. I've added 2 gigabytes to your line; please toggle mobile data off and on.",
    userFix: { name: "toggle_data", result: { mobile_data: true }, said: "Okay, I toggled it and it reconnected." },
    agentFix: (cid, line) => ({
      name: "refuel_data",
      args: { customer_id: cid, line_id: line, gb_amount: f(2) },
      result: { line_id: line, data_refueling_gb: f(2), charge: f(20) },
      said: "I can add 2 gigabytes of data for 20 dollars. Shall I do that?",
    }),
  },
  {
    id: "line_suspended",
    symptom: "no service",
    statusBar: "Airplane mode: OFF | Signal: No service | Mobile data: ON",
    init: "suspend_line_unpaid",
    instruction: "Your line was suspended for an unpaid bill. Now that it's paid, I've resumed the line; please restart your phone.",
    userFix: { name: "reboot_device", result: { rebooted: true }, said: "I restarted it and I have signal again." },
    agentFix: (cid, line) => ({
      name: "resume_line",
      args: { customer_id: cid, line_id: line },
      result: { line_id: line, status: "Active" },
      said: "I can resume your line now that the bill is paid. Shall I proceed?",
    }),
  },
];

const FAMILIES: Array<{ id: string; about: string; opening: string; assertion: DbAssertion; causes: string[] }> = [
  {
    id: "mobile_data_issue",
    about: "mobile data not working",
    opening: "Hi, my mobile data stopped working on my phone.",
    assertion: { side: "user", func_name: "assert_mobile_data_status", arguments: { expected_status: true }, assert_value: true, message: null },
    causes: ["airplane_mode_on", "data_mode_off", "data_saver_mode_on", "roaming_disabled", "data_usage_exceeded"],
  },
  {
    id: "mms_issue",
    about: "picture messages failing",
    opening: "Hello, I can't send picture messages anymore.",
    assertion: { side: "user", func_name: "assert_can_send_mms", arguments: { expected_status: true }, assert_value: true, message: null },
    causes: ["bad_apn_settings", "data_mode_off", "airplane_mode_on"],
  },
  {
    id: "service_issue",
    about: "no service on the phone",
    opening: "Hi, my phone says no service and I can't make calls.",
    assertion: { side: "user", func_name: "assert_service_status", arguments: { expected_status: "connected" }, assert_value: "connected", message: null },
    causes: ["line_suspended", "airplane_mode_on"],
  },
];

const PERSONAS = ["none", "easy", "hard"];

function catalog(): string[] {
  const ids: string[] = [];
  for (const fam of FAMILIES) {
    for (const c1 of fam.causes) {
      for (const p of PERSONAS) ids.push(`${fam.id}__${c1}__persona_${p}`);
      for (const c2 of fam.causes) if (c2 > c1) ids.push(`${fam.id}__${c1}__${c2}__persona_none`);
    }
  }
  return ids.sort();
}

const NL = [
  "The agent guides the user to check the status bar before suggesting changes.",
  "The agent asks the user to perform one step at a time.",
  "The agent confirms the issue is resolved before ending the call.",
];

function parseId(id: string) {
  const parts = id.split("__");
  const fam = FAMILIES.find((f) => f.id === parts[0]) ?? (FAMILIES[0] as (typeof FAMILIES)[number]);
  const causes = parts
    .slice(1)
    .filter((p) => !p.startsWith("persona_") && !/^v\d+$/.test(p))
    .map((c) => CAUSES.find((x) => x.id === c) ?? (CAUSES[0] as Cause));
  return { fam, causes };
}

function makeKit(domain: string): DomainKit {
  function define(name: string, id: string, rng: Rng): ScenarioDef {
    const def = baseDef(name, domain, id, rng, ["db_state_assertion", "clean_exit"]);
    const { fam, causes } = parseId(id);
    def.description = null;
    def.dbAssertions = [fam.assertion];
    if (rng.chance(0.35))
      def.dbAssertions.push({
        side: "user",
        func_name: "assert_internet_speed",
        arguments: { expected_desc: "excellent" },
        assert_value: true,
        message: "Speed test reports excellent",
      });
    def.initializationActions = causes.map((c) => ({ side: "user", func_name: c.init, arguments: {} }));
    if (rng.chance(0.45)) {
      def.nlAssertions = NL.slice(0, rng.int(1, 3));
      def.successSignals = ["db_state_assertion", "nl_assertion", "clean_exit"];
    }
    const cid = "C" + rng.digits(7);
    const line = "L" + rng.digits(7);
    def.task = { customer_id: cid, line_id: line, bill_id: "B" + rng.digits(7) };
    const actions: JsonObject[] = [];
    for (const c of causes) {
      const a = c.agentFix?.(cid, line);
      if (a) actions.push({ action_type: a.name, name: a.name, arguments: a.args, result: a.result, side: "agent" });
    }
    for (const c of causes)
      if (c.userFix) actions.push({ action_type: c.userFix.name, name: c.userFix.name, arguments: {}, result: c.userFix.result, side: "user" });
    def.gold = actions;
    def.reference = rng.chance(0.8) ? { actions } : null;
    def.expectedDbHash = rng.hex(64);
    def.expectedUserDbHash = rng.hex(64);
    def.agentTools = AGENT_TOOLS;
    def.userTools = USER_TOOLS;
    def.agentPrompt = agentPrompt("a technical support agent for a mobile carrier", POLICY, name);
    def.userPrompt = userPrompt(
      def.persona.full,
      fam.about,
      `Your phone number is ${def.persona.phone}. You can check and change your phone's settings with your tools, but only when the agent asks you to.`,
    );
    return def;
  }

  function script({ def, rng, outcome }: { def: ScenarioDef; rng: Rng; outcome: string }): Script {
    const { fam, causes } = parseId(def.id);
    const p = def.persona;
    const cid = def.task.customer_id as string;
    const line = def.task.line_id as string;
    const ex: Exchange[] = [
      { user: fam.opening, agent: "I'm sorry to hear that. Can I have the phone number on the account?" },
      {
        user: `Sure, it's ${spell(p.phone.replace(/-/g, ""))}.`,
        heard: `Sure, it's ${p.phone}.`,
        tools: [
          call("get_customer_by_phone", { phone_number: p.phone }, { customer_id: cid, full_name: p.full, line_ids: [line], account_status: "Active" }),
          call(
            "get_details_by_id",
            { id: line },
            {
              line_id: line,
              phone_number: p.phone,
              status: causes.some((c) => c.id === "line_suspended") ? "Suspended" : "Active",
              plan_id: "P" + rng.digits(4),
              data_used_gb: f(Math.round(rng.float(0.5, 15) * 100) / 100),
              roaming_enabled: false,
            },
          ),
        ],
        agent: `Thanks, ${p.first}. Your line is on file. Could you check the status bar at the top of your phone and tell me what you see?`,
      },
    ];
    const failing = outcome === "dba_fail" ? causes.length - 1 : -1;
    ex.push({
      userTools: [call("check_status_bar", {}, causes[0]?.statusBar ?? "", { side: "user" })],
      user: `I see ${causes[0]?.symptom ?? "nothing unusual"}.`,
      agent: causes[0]?.agentFix ? causes[0].agentFix(cid, line).said : (causes[0]?.instruction ?? ""),
    });
    causes.forEach((c, i) => {
      const a = c.agentFix?.(cid, line);
      if (a) {
        ex.push({ user: "Yes, please do that.", tools: [call(a.name, a.args, a.result, { mutating: true })], agent: c.instruction });
      } else if (i > 0) {
        ex.push({ user: "Okay, what should I check next?", agent: c.instruction });
      }
      const fix = c.userFix;
      if (!fix) return;
      if (i === failing) {
        ex.push({
          userTools: [call("check_apn_settings", {}, { apn: "unknown", mmsc: null }, { side: "user" })],
          user: "Hmm, I can't find that setting anywhere on my phone.",
          agent: "No problem. If the issue continues, you can visit a store and they can check the device for you.",
        });
      } else {
        ex.push({
          userTools: [call(fix.name, {}, fix.result, { side: "user", mutating: true })],
          user: fix.said,
          agent: i === causes.length - 1 ? "Great. Could you run a speed test to make sure everything works?" : "Thanks. Let's check one more thing.",
        });
      }
    });
    if (failing < 0) {
      ex.push({
        userTools: [
          call("run_speed_test", {}, `Download: ${rng.float(30, 90).toFixed(1)} Mbps, Upload: ${rng.float(5, 20).toFixed(1)} Mbps (excellent)`, {
            side: "user",
          }),
        ],
        user: "The speed test says excellent.",
        agent: "Your connection is working again.",
      });
    }
    ex.push({ user: rng.pick(CLOSINGS_USER), agent: rng.pick(CLOSINGS_AGENT) });
    if (outcome !== "dba_fail") return { greeting: "Thank you for calling mobile support. How can I help you today?", exchanges: ex, endCall: true };
    const results = def.dbAssertions.map((a, i) => {
      if (i === 0 && rng.chance(0.4)) {
        return {
          actual: null,
          error:
            "No user DB available \u2014 scenario declared side='user' but the bridge didn't pull a user_db dict back. Check that the bot returned include_db=True payload.",
        };
      }
      return { actual: i === 0 ? (typeof a.assert_value === "boolean" ? false : "no_service") : a.assert_value, error: null };
    });
    return { greeting: "Thank you for calling mobile support. How can I help you today?", exchanges: ex, endCall: true, dbAssertionResults: results };
  }

  return {
    domain,
    kind: "telecom",
    ids(count, rng) {
      return sampledIds(catalog(), count, rng, (round) => `__v${round}`);
    },
    define,
    script: ({ def, rng, outcome }) => script({ def, rng, outcome }),
    padding(def, rng, bytes): { call: ToolCall } {
      const bills: JsonObject[] = [];
      let size = 0;
      while (size < bytes) {
        bills.push({
          bill_id: "B" + rng.digits(7),
          period_start: `2025-${String(rng.int(1, 12)).padStart(2, "0")}-01`,
          total_due: f(Math.round(rng.float(20, 180) * 100) / 100),
          status: rng.pick(["Paid", "Paid", "Overdue"]),
          line_items: [
            { description: "Plan charge", amount: f(rng.int(25, 90)) },
            { description: "Taxes and fees", amount: f(Math.round(rng.float(2, 12) * 100) / 100) },
          ],
        });
        size += 290;
      }
      return { call: call("get_bills_for_customer", { customer_id: def.task.customer_id as string, limit: bills.length }, bills) };
    },
    supports(o, def) {
      if (o === "action_mismatch" || o === "summary_not_captured" || o === "inaction") return false;
      if (o === "nl_fail") return def.nlAssertions.length > 0;
      if (o === "db_mismatch") return parseId(def.id).causes.some((c) => c.agentFix);
      return true;
    },
  };
}

export const telecomKit = makeKit("tau2_telecom");
export const telecomWorkflowKit = makeKit("tau2_telecom_workflow");
