/** qa and the legacy simple_qa_N scenarios: one question, judged by the LLM judge. */
import type { DomainKit, ScenarioDef, Script } from "../model";
import type { Rng } from "../prng";
import { agentPrompt, baseDef, CLOSINGS_AGENT, policy, userPrompt } from "./common";
import { catalogIds, promptPadding, pushSupports, summaryCall } from "./push";

const QUESTIONS: Record<string, [string, string]> = {
  capital_france: ["What is the capital of France?", "The capital of France is Paris."],
  largest_ocean: ["Which is the largest ocean on Earth?", "The Pacific Ocean is the largest ocean on Earth."],
  math_addition: ["What is one hundred twenty-seven plus forty-five?", "One hundred twenty-seven plus forty-five is one hundred seventy-two."],
  math_word_problem: ["If a train travels sixty miles an hour for two and a half hours, how far does it go?", "It travels one hundred fifty miles."],
  moon_landing: ["In what year did people first land on the Moon?", "The first crewed Moon landing was in 1969, by Apollo 11."],
  romeo_and_juliet: ["Who wrote Romeo and Juliet?", "Romeo and Juliet was written by William Shakespeare."],
  speed_of_light: ["How fast does light travel?", "Light travels at about 299,792 kilometers per second in a vacuum."],
  trivia_0: ["How many legs does a spider have?", "A spider has eight legs."],
  weather_new_york: [
    "What's the weather usually like in New York in January?",
    "New York is usually cold in January, around zero degrees Celsius, with occasional snow.",
  ],
  weather_san_francisco: ["Is San Francisco foggy in the summer?", "Yes, San Francisco is often foggy on summer mornings."],
};
const LEGACY: Record<string, [string, string]> = {
  simple_qa_1: ["What is the tallest mountain in the world?", "Mount Everest is the tallest mountain above sea level."],
  simple_qa_2: ["What is the chemical symbol for gold?", "The chemical symbol for gold is Au."],
  simple_qa_3: ["How many continents are there?", "There are seven continents."],
};

const XSS_Q: [string, string] = [
  "What does <script>alert(1)</script> do if I paste it into a web page?",
  "A script tag like <script>alert(1)</script> runs JavaScript and shows an alert box, which is why sites must escape user input.",
];

const POLICY = policy("Answering rules", [
  "Answer factual questions briefly and accurately.",
  "Save every question and your final answer with SaveQuestionAnswerTool.",
  "If you do not know the answer, say so.",
]);

function makeKit(domain: string, bare: boolean): DomainKit {
  function qa(def: ScenarioDef): [string, string] {
    return (
      (bare ? LEGACY[domain] : (QUESTIONS[def.id] ?? QUESTIONS[def.id.replace(/_\d+$/, "")])) ?? [
        "What time zone is London in?",
        "London uses Greenwich Mean Time, or British Summer Time in summer.",
      ]
    );
  }
  function define(name: string, id: string, rng: Rng): ScenarioDef {
    const def = baseDef(name, domain, id, rng, ["judge_passed", "clean_exit"]);
    def.metadataDomain = "default";
    def.description = bare ? null : id.replace(/_/g, " ");
    def.maxDuration = 60;
    def.ignoreCapitalization = true;
    def.ignorePunctuation = true;
    def.cleanText = true;
    const [question, answer] = qa(def);
    def.reference = { question, answer };
    def.agentTools = ["SaveQuestionAnswerTool", "EndConversationTool"];
    def.agentPrompt = agentPrompt("a helpful question-answering assistant", POLICY, name);
    def.userPrompt = userPrompt(def.persona.full, def.description ?? "a question", `Ask exactly: "${question}"`);
    return def;
  }
  function script({ def, rng, outcome }: { def: ScenarioDef; rng: Rng; outcome: string }): Script {
    const [question, answer] = outcome === "xss" ? XSS_Q : qa(def);
    return {
      greeting: "Hello, I'm Lisa, what can I help you with?",
      exchanges: [
        { user: question, tools: [summaryCall("SaveQuestionAnswerTool", { question, answer })], agent: answer },
        { user: "Thank you for your answer, goodbye.", agent: rng.pick(CLOSINGS_AGENT) },
      ],
      endCall: true,
    };
  }
  return {
    domain,
    kind: "push",
    ids: (count, rng) => catalogIds(bare ? [domain] : Object.keys(QUESTIONS), count, rng, bare),
    define,
    script: ({ def, rng, outcome }) => script({ def, rng, outcome }),
    padding: (_def, rng, bytes) => promptPadding("Reference facts", rng, bytes, (r, i) => `- Fact ${i + 1}: ${r.pick(Object.values(QUESTIONS))[1]}`),
    supports: (o, def) => pushSupports(o, def) && o !== "action_mismatch",
  };
}

export const qaKit = makeKit("qa", false);
export const simpleQaKits = ["simple_qa_1", "simple_qa_2", "simple_qa_3"].map((d) => makeKit(d, true));
