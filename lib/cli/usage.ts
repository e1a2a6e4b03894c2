/**
 * Every command's argument, flags and one-line description, in one table. Each command's `--help`,
 * the top-level help, the options each command parses with `node:util` parseArgs and the flag list
 * of docs/cli.md are made from it (tests/unit/cli/usage.test.ts holds the doc and the commands to it).
 * The CLI is public: a flag may be added here, never renamed or given another meaning.
 */
import { parseArgs, type ParseArgsConfig } from "node:util";

interface FlagSpec {
  type: "string" | "boolean";
  /** The value's name in the help: `<run-folder>`. Only for `type: "string"`. */
  value?: string;
  multiple?: boolean;
  short?: string;
  default?: string;
  /** Shown without brackets in the usage line; checked by `parseCommand`. */
  required?: boolean;
  /** One sentence; wrapped when printed. */
  help: string;
}

interface CommandSpec {
  /** The positional arguments as the usage line shows them; those in brackets are optional. */
  args: readonly string[];
  /** One line: what the command does. */
  summary: string;
  /** More of it, printed under the summary by `--help`. */
  details?: string;
  flags: Readonly<Record<string, FlagSpec>>;
}

const STATE_DIR_HELP =
  "folder of the triage ledger's SQLite file and of the persisted index that lets a restart skip unchanged folders (or env VOICE_EVAL_STATE_DIR; default $XDG_STATE_HOME/voice-eval-dashboard, else ~/.local/state/voice-eval-dashboard)";
const DATABASE_HELP = "keep the triage ledger in PostgreSQL instead, shared by a team (postgres://user:pass@host/db)";

export const COMMANDS = {
  dashboard: {
    args: ["[results-folder | s3://bucket/prefix]"],
    summary: "Serve the dashboard for a folder of evaluation results.",
    details:
      "Without a folder, the bundled example (examples/results) is shown. An s3:// address reads object storage (read-only), through a mirror in the state folder kept in step by polling; credentials and the endpoint come from the standard AWS_* environment (AWS_ENDPOINT_URL_S3 for an S3-compatible store). Every command below takes s3:// too.",
    flags: {
      port: { type: "string", value: "<n>", default: "3210", help: "port to listen on (default 3210)" },
      host: {
        type: "string",
        value: "<addr>",
        default: "127.0.0.1",
        help: "address to bind (default 127.0.0.1; other hosts expose your results to the network, so set a --token too)",
      },
      token: {
        type: "string",
        value: "<t>",
        help: "access token required by the server (or --token-file <f>, or env VOICE_EVAL_TOKEN: other local users can read a --token in the process list)",
      },
      "token-file": { type: "string", value: "<f>", help: "read the access token from this file, out of the process list" },
      "allow-host": {
        type: "string",
        value: "<name>",
        multiple: true,
        help: "a host name the dashboard may be reached by besides the bound address, IP literals and localhost (a reverse proxy's name); repeatable. Other Host headers are refused, so a DNS-rebinding page cannot read your results.",
      },
      "state-dir": { type: "string", value: "<dir>", help: STATE_DIR_HELP },
      database: {
        type: "string",
        value: "<url>",
        help: `${DATABASE_HELP}; or --database-file <f>, or env VOICE_EVAL_DATABASE, to keep its password out of the process list. With an s3:// source, replicas on one database share what they read: one ingests from the store, the others follow.`,
      },
      "database-file": { type: "string", value: "<f>", help: "read the --database URL from this file, out of the process list" },
      "poll-seconds": {
        type: "string",
        value: "<s>",
        help: "how often an s3:// source is listed again (default 15, 1 to 3600; or env VOICE_EVAL_POLL_SECONDS)",
      },
      user: { type: "string", value: "<name>", help: "triager name shown in the ledger's history (default: the OS user)" },
      notify: {
        type: "string",
        value: "<url>",
        multiple: true,
        help: 'POST a JSON summary to this URL when a run finishes (repeatable; Slack-compatible: its "text" is Markdown). Runs finished before the start are never announced, a run never twice (state folder). A URL with user:password@ is refused.',
      },
      "notify-file": {
        type: "string",
        value: "<f>",
        multiple: true,
        help: "webhook URLs from this file, one a line (repeatable); it or env VOICE_EVAL_NOTIFY_URLS keeps a webhook URL, a secret, out of the process list",
      },
      "public-url": { type: "string", value: "<url>", help: "the dashboard's address in those pings (default http://host:port)" },
      "allow-writes": {
        type: "boolean",
        help: "let the MCP endpoint (/mcp) write triage labels to the ledger (its label_scenario tool); without it /mcp only reads",
      },
    },
  },
  summary: {
    args: ["<run-folder>"],
    summary: "Print a run's scores in the terminal: the all_summary.txt the harness would write.",
    flags: {
      json: { type: "boolean", help: "print the aggregates and every scenario's row as JSON" },
      "min-agent-turns": { type: "string", value: "<n>", help: "the stall floor M to score with, instead of the run's own min_agent_turns" },
    },
  },
  check: {
    args: ["<run-folder>"],
    summary: "CI gate: compare a run with a baseline and print a Markdown pull-request comment.",
    details:
      "Compares by the compare page's paired test (McNemar exact), and fails on a new failure of a scenario that passed in each of its last --stable-runs runs of the suite (read from the folder holding the baseline, or --history); flaky scenarios never fail it alone. Exit 0 pass, 1 fail (a significant drop, a stable scenario's new failure, a threshold crossed, a run that did not finish, or nothing to compare), 2 bad input.",
    flags: {
      baseline: { type: "string", value: "<run-folder>", required: true, help: "the run to compare with" },
      "stable-runs": { type: "string", value: "<k>", help: "a scenario that passed in each of its last K runs of the suite is stable (default 3)" },
      history: { type: "string", value: "<results-folder>", help: "where the suite's earlier runs are (default: the folder holding the baseline)" },
      "max-regressed": { type: "string", value: "<n>", help: "fail when more than N scenarios regressed" },
      "min-success-rate": { type: "string", value: "<x>", help: "fail when the success rate is under X (a fraction, or a percentage such as 80%)" },
      alpha: { type: "string", value: "<p>", help: "the paired test's significance level (default 0.05)" },
      "without-retries": { type: "boolean", help: "gate on first attempts: a retried scenario counts as failed" },
      json: { type: "boolean", help: "print the result as JSON instead of the comment" },
    },
  },
  export: {
    args: ["<run-folder>"],
    summary: "Write a self-contained folder (HTML + JSON) that opens from disk with no server.",
    details:
      "The run overview, the scenarios the filter selects with their transcripts and judge evidence, and the comparison with --compare. Recordings are copied only with --audio.",
    flags: {
      out: { type: "string", value: "<dir>", required: true, help: "the folder to write (never inside a run folder, nor through a symbolic link)" },
      compare: { type: "string", value: "<run-folder>", help: "say what changed against this run, and write compare.html" },
      filter: { type: "string", value: "<query>", help: 'the scenarios to keep, a query string as on the run page (e.g. "quick=failed&domain=qa")' },
      audio: { type: "boolean", help: "copy the recordings too" },
    },
  },
  ledger: {
    args: ["export|import", "[<file>|-]"],
    summary: "Export or import the triage ledger (labels, judge overrides) as JSON lines or CSV.",
    details: "import reads <file>, or standard input for -; export writes standard output unless --out.",
    flags: {
      format: { type: "string", value: "jsonl|csv", help: "the file's format (default: csv for a .csv file, else jsonl)" },
      run: { type: "string", value: "<id>", help: "export: only this run's labels and overrides" },
      out: { type: "string", value: "<file>", help: "export: write to this file instead of standard output" },
      database: { type: "string", value: "<url>", help: DATABASE_HELP },
      "state-dir": { type: "string", value: "<dir>", help: STATE_DIR_HELP },
    },
  },
  report: {
    args: ["<run-folder>"],
    summary: "Print the triage report (Markdown) of a run, or of one scenario.",
    details: "Aggregate signals, per-scenario status, patterns, latency by stage, turn-taking, next steps.",
    flags: {
      scenario: { type: "string", value: "<name>", help: "one scenario's report" },
      out: { type: "string", value: "<file>", help: "write the report to this file (never inside the results folder) instead of standard output" },
    },
  },
  mcp: {
    args: ["[results-folder]"],
    summary: "A Model Context Protocol server on stdio over the same index as the pages, for a coding agent.",
    details:
      "Tools list_runs, get_run, list_scenarios, get_scenario, compare_runs, get_trends, get_file, label_scenario; a resource per run and scenario; the prompt triage_run. Read-only unless --allow-writes. Without a folder, the bundled example.",
    flags: {
      "state-dir": { type: "string", value: "<dir>", help: STATE_DIR_HELP },
      database: { type: "string", value: "<url>", help: DATABASE_HELP },
      "allow-writes": { type: "boolean", help: "let label_scenario write the triage ledger (never the results folder)" },
      user: { type: "string", value: "<name>", help: "triager name in the ledger's history (default: the OS user)" },
    },
  },
} as const satisfies Record<string, CommandSpec>;

export type CommandName = keyof typeof COMMANDS;
/** The commands typed after the program's name (`dashboard` is the program itself). */
export const SUBCOMMANDS = Object.keys(COMMANDS).filter((n) => n !== "dashboard") as Exclude<CommandName, "dashboard">[];

const HELP_FLAG = { help: { type: "boolean", short: "h" } } as const;

type Flags<N extends CommandName> = (typeof COMMANDS)[N]["flags"];
type ValueOf<F> = F extends { type: "boolean" } ? boolean : F extends { multiple: true } ? string[] : string;

/** A command's parsed flags (`values`, by their names in the table) and positional arguments. */
export interface ParsedCommand<N extends CommandName> {
  values: { [K in keyof Flags<N>]?: ValueOf<Flags<N>[K]> } & { help?: boolean };
  positionals: string[];
}

const PROGRAM = "voice-eval-dashboard";

/** The parseArgs options of a command: its flags and `-h, --help`. */
export function optionsOf(name: CommandName): NonNullable<ParseArgsConfig["options"]> {
  // The table's own keys (`value`, `help`, `required`) are not parseArgs's, which ignores them.
  return { ...COMMANDS[name].flags, ...HELP_FLAG };
}

const invocation = (name: CommandName) => (name === "dashboard" ? PROGRAM : `${PROGRAM} ${name}`);
const flagsOf = (name: CommandName): [string, FlagSpec][] => Object.entries(COMMANDS[name].flags);
const flagLabel = (flag: string, spec: FlagSpec) => `--${flag}${spec.type === "string" ? ` ${spec.value}` : ""}`;

/** The usage line's parts: `voice-eval-dashboard check`, `<run-folder>`, `--baseline <run-folder>`, `[--stable-runs <k>]` … */
function usageParts(name: CommandName): string[] {
  const flags = flagsOf(name).map(([flag, spec]) => (spec.required ? flagLabel(flag, spec) : `[${flagLabel(flag, spec)}]`));
  return [invocation(name), ...COMMANDS[name].args, ...flags];
}

/** The usage line: `voice-eval-dashboard check <run-folder> --baseline <run-folder> [--stable-runs <k>] …`. */
export const usageLine = (name: CommandName) => usageParts(name).join(" ");

/** Words (or whole parts) in lines of at most `width` characters (a longer part stands alone), each after `indent`. */
function wrap(text: string | string[], indent: number, width = 80): string[] {
  const lines: string[] = [];
  let line = "";
  for (const word of typeof text === "string" ? text.split(/\s+/).filter(Boolean) : text) {
    if (line && indent + line.length + 1 + word.length > width) {
      lines.push(line);
      line = word;
    } else line = line ? `${line} ${word}` : word;
  }
  if (line) lines.push(line);
  return lines.map((l) => " ".repeat(indent) + l);
}

const FLAG_COLUMN = 24;

/** A flag's lines: its label, then its help in a column (on the next line when the label is too long). */
function flagLines(label: string, help: string, indent: number): string[] {
  const text = wrap(help, indent + FLAG_COLUMN);
  const head = " ".repeat(indent) + label;
  if (head.length < indent + FLAG_COLUMN - 1) return [head.padEnd(indent + FLAG_COLUMN) + text[0]!.trimStart(), ...text.slice(1)];
  return [head, ...text];
}

/** One command's block of the help: its usage, what it does, its flags. */
function commandBlock(name: CommandName): string[] {
  const spec: CommandSpec = COMMANDS[name];
  return [
    ...wrap(usageParts(name), 2).map((l, i) => (i === 0 ? l : `      ${l.trimStart()}`)),
    ...wrap(spec.summary, 6),
    ...(spec.details ? wrap(spec.details, 6) : []),
    "",
    ...flagsOf(name).flatMap(([flag, s]) => flagLines(flagLabel(flag, s) + (s.required ? " (required)" : ""), s.help, 6)),
    ...flagLines("-h, --help", "show this help", 6),
  ];
}

/** `voice-eval-dashboard <name> --help`. */
export function commandHelp(name: CommandName): string {
  return `Usage:\n${commandBlock(name).join("\n")}\n`;
}

/** `voice-eval-dashboard --help`: every command. */
export function topLevelHelp(): string {
  const blocks = (Object.keys(COMMANDS) as CommandName[]).map((n) => commandBlock(n).join("\n"));
  return `Usage:\n${blocks.join("\n\n")}\n\nEach command's own help: ${PROGRAM} <command> --help\n`;
}

/** What `voice-eval-dashboard` prints for an unknown subcommand: every usage line. */
export function shortUsage(): string {
  return `${SUBCOMMANDS.map((n) => usageLine(n)).join("\n")}\nA folder may be s3://bucket/prefix. Run ${PROGRAM} --help for every flag.\n`;
}

/** The commands and their flags as docs/cli.md lists them (written there by `npx tsx scripts/cli-doc.ts`). */
export function usageMarkdown(): string {
  // A cell's text is Markdown: `|` would end the cell, `<f>` would be read as a tag.
  const cell = (text: string) => text.replaceAll("|", "\\|").replaceAll("<", "&lt;").replaceAll(">", "&gt;");
  const sections = (Object.keys(COMMANDS) as CommandName[]).map((name) => {
    const spec: CommandSpec = COMMANDS[name];
    const rows = flagsOf(name).map(([flag, s]) => `| \`${flagLabel(flag, s).replaceAll("|", "\\|")}\`${s.required ? " (required)" : ""} | ${cell(s.help)} |`);
    return [`### \`${invocation(name)}\``, "", spec.summary, "", "| Flag | Meaning |", "| --- | --- |", ...rows, "| `-h`, `--help` | show this help |"].join(
      "\n",
    );
  });
  const lines = (Object.keys(COMMANDS) as CommandName[]).map(usageLine);
  return ["```sh", ...lines, "```", "", ...sections.flatMap((s) => [s, ""])].join("\n");
}

/** The prefix of a command's messages on stderr. */
const prefixOf = (name: CommandName) => (name === "dashboard" ? PROGRAM : name);

/** A bad command line, named, and where the help is: exit 2. */
export function usageError(name: CommandName, message: string, err: { write(s: string): unknown } = process.stderr): 2 {
  err.write(`${prefixOf(name)}: ${message}\nRun '${invocation(name)} --help' for usage.\n`);
  return 2;
}

function parseError(err: unknown): string {
  const e = err as Error & { code?: string };
  const unknown = e.code === "ERR_PARSE_ARGS_UNKNOWN_OPTION" ? /Unknown option '([^']+)'/.exec(e.message) : null;
  // Node's own sentence goes on about `--`; the flag is what matters.
  return unknown ? `unknown option ${unknown[1]}` : e.message.split("\n")[0]!;
}

const isOptional = (arg: string) => arg.startsWith("[");

/**
 * A command's flags and positional arguments, parsed strictly from the table (an unknown flag is an
 * error naming it); or the exit code once `--help` was printed (0) or an error was (2).
 */
export function parseCommand<N extends CommandName>(
  name: N,
  argv: string[],
  io: { out?: { write(s: string): unknown }; err?: { write(s: string): unknown } } = {},
): ParsedCommand<N> | 0 | 2 {
  const out = io.out ?? process.stdout;
  const err = io.err ?? process.stderr;
  let parsed;
  try {
    parsed = parseArgs({ args: argv, options: optionsOf(name), allowPositionals: true, strict: true });
  } catch (e) {
    return usageError(name, parseError(e), err);
  }
  if (parsed.values.help) {
    // The program's own help is every command's.
    out.write(name === "dashboard" ? topLevelHelp() : commandHelp(name));
    return 0;
  }
  const args = COMMANDS[name].args;
  const required = args.filter((a) => !isOptional(a));
  if (parsed.positionals.length > args.length) return usageError(name, `unexpected argument: ${parsed.positionals[args.length]}`, err);
  if (parsed.positionals.length < required.length) return usageError(name, `missing ${required[parsed.positionals.length]}`, err);
  const values = parsed.values as Record<string, unknown>;
  for (const [flag, spec] of flagsOf(name)) if (spec.required && values[flag] === undefined) return usageError(name, `missing ${flagLabel(flag, spec)}`, err);
  return parsed as unknown as ParsedCommand<N>;
}
