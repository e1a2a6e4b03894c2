/**
 * The CLI's one usage table (lib/cli/usage.ts): docs/cli.md lists the same flags per command, each
 * real command parses with it (an unknown flag is named, exit 2) and prints it with --help, and no
 * flag that worked before the table is lost (the CLI is public: extend, never rename).
 */
import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { beforeAll, describe, expect, it } from "vitest";
import { COMMANDS, optionsOf, SUBCOMMANDS, type CommandName } from "@/lib/cli/usage";
import { withUsage } from "@/scripts/cli-doc";

const BIN = fileURLToPath(new URL("../../../bin/voice-eval-dashboard.mjs", import.meta.url));
const DOC = readFileSync(fileURLToPath(new URL("../../../docs/cli.md", import.meta.url)), "utf8");
const NAMES = Object.keys(COMMANDS) as CommandName[];

/** Every flag each command took before the table (docs/cli.md and the commands' own parsers then). */
const PUBLIC_FLAGS: Record<CommandName, string[]> = {
  dashboard: [
    "port",
    "host",
    "token",
    "token-file",
    "allow-host",
    "state-dir",
    "database",
    "database-file",
    "user",
    "notify",
    "notify-file",
    "public-url",
    "allow-writes",
    "poll-seconds",
    "help",
  ],
  summary: ["json", "min-agent-turns"],
  check: ["baseline", "stable-runs", "history", "max-regressed", "min-success-rate", "alpha", "without-retries", "json"],
  export: ["out", "compare", "filter", "audio"],
  ledger: ["format", "run", "out", "database", "state-dir"],
  report: ["scenario", "out"],
  mcp: ["state-dir", "database", "allow-writes", "user", "help"],
};

/** The flags docs/cli.md lists under `### \`voice-eval-dashboard <command>\``, read from its tables' first column. */
function docFlags(): Map<string, string[]> {
  const sections = new Map<string, string[]>();
  let current: string[] | null = null;
  for (const line of DOC.split("\n")) {
    const heading = /^### `voice-eval-dashboard( [a-z]+)?`/.exec(line);
    if (heading) sections.set(heading[1]?.trim() ?? "dashboard", (current = []));
    else if (line.startsWith("## ")) current = null;
    else if (current && line.startsWith("| ")) current.push(...[...(line.split(" | ")[0] ?? "").matchAll(/--([a-z][a-z-]*)/g)].map((m) => m[1]!));
  }
  return sections;
}

function cli(...args: string[]) {
  const r = spawnSync(process.execPath, [BIN, ...args], { encoding: "utf8", env: { ...process.env, NEXT_TELEMETRY_DISABLED: "1" } });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

const argvOf = (name: CommandName, ...rest: string[]) => (name === "dashboard" ? rest : [name, ...rest]);

describe("the CLI's usage table", () => {
  beforeAll(() => {
    // The first command after a change of lib/ bundles the CLI (bin/compile-cli.mjs).
    cli("summary", "--help");
  }, 180_000);

  it("keeps every flag that worked before it", () => {
    for (const name of NAMES) expect(Object.keys(optionsOf(name)), name).toEqual(expect.arrayContaining(PUBLIC_FLAGS[name]));
    expect([...SUBCOMMANDS].sort()).toEqual(["check", "export", "ledger", "mcp", "report", "summary"]);
  });

  it("is what docs/cli.md lists, flag for flag per command", () => {
    expect(withUsage(DOC), "docs/cli.md differs from lib/cli/usage.ts: run npx tsx scripts/cli-doc.ts").toBe(DOC);
    const doc = docFlags();
    expect([...doc.keys()].sort()).toEqual([...NAMES].sort());
    for (const name of NAMES) expect([...(doc.get(name) ?? [])].sort(), name).toEqual(Object.keys(optionsOf(name)).sort());
  });

  it.each(NAMES)("%s refuses an unknown flag by name, pointing to --help, exit 2", (name) => {
    const r = cli(...argvOf(name, "--no-such-flag"));
    expect(r.code).toBe(2);
    expect(r.stderr).toContain("unknown option --no-such-flag");
    expect(r.stderr).toContain(`${["voice-eval-dashboard", ...argvOf(name)].join(" ")} --help`);
    expect(r.stdout).toBe("");
  });

  it.each(NAMES)("%s --help lists every flag of the table, exit 0", (name) => {
    const r = cli(...argvOf(name, "--help"));
    expect(r.code).toBe(0);
    // The MCP server's stdout is its protocol: its help goes to stderr.
    const help = name === "mcp" ? r.stderr : r.stdout;
    for (const flag of Object.keys(optionsOf(name))) expect(help, `${name} --${flag}`).toContain(`--${flag}`);
  });

  it("lists every command in the top-level help, and names a flag missing its value", () => {
    const top = cli("--help");
    for (const name of SUBCOMMANDS) expect(top.stdout).toContain(`voice-eval-dashboard ${name} `);
    const missing = cli("check", "--baseline");
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain("--baseline");
  });
});
