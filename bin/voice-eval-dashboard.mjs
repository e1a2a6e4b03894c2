#!/usr/bin/env node
// The command users type. Plain Node ESM so it runs without a build step.
//   voice-eval-dashboard [results-folder | s3://bucket/prefix] [--port N] [--host H] [--token T] [--poll-seconds S]
//   voice-eval-dashboard summary <run-folder> [--json] [--min-agent-turns N]
//   voice-eval-dashboard check <run-folder> --baseline <run-folder> [...]
//   voice-eval-dashboard export <run-folder> --out <dir> [...]
//   voice-eval-dashboard ledger export|import [--format jsonl|csv] [--database URL] [--state-dir DIR]
//   voice-eval-dashboard mcp [results-folder] [--state-dir DIR | --database URL] [--allow-writes]
import { spawn } from "node:child_process";
import { existsSync, realpathSync, statSync } from "node:fs";
import path from "node:path";
import { constants, userInfo } from "node:os";
import { fileURLToPath, pathToFileURL } from "node:url";
import { parseArgs } from "node:util";
import "./ignore-closed-output.cjs";
import { PRESCAN_FD, startPrescan } from "./prescan.mjs";
import { secretArgs } from "./secret-args.mjs";

// Scans are bound by many small file reads, which go through libuv's thread pool (4 threads by default).
process.env.UV_THREADPOOL_SIZE ??= "16";

const ROOT = fileURLToPath(new URL("..", import.meta.url));
const NEXT_BIN = path.join(ROOT, "node_modules", "next", "dist", "bin", "next");
const EXAMPLE_DIR = path.join(ROOT, "examples", "results");
const SUBCOMMANDS = new Set(["summary", "check", "export", "ledger", "report", "mcp"]);

const HELP = `Usage:
  voice-eval-dashboard [results-folder | s3://bucket/prefix] [options]
      Serve the dashboard for a folder of evaluation results.
      Without a folder, the bundled example (examples/results) is shown.
      An s3:// address reads object storage (read-only), through a mirror
      in the state folder kept in step by polling; credentials and the
      endpoint come from the standard AWS_* environment (AWS_ENDPOINT_URL_S3
      for an S3-compatible store). Every command below takes s3:// too.

      --port <n>      port to listen on (default 3210)
      --host <addr>   address to bind (default 127.0.0.1; other hosts expose
                      your results to the network, so set a --token too)
      --token <t>     access token required by the server (or --token-file <f>, or env
                      VOICE_EVAL_TOKEN: other local users can read a --token in the process list)
      --allow-host <name>
                      a host name the dashboard may be reached by besides the
                      bound address, IP literals and localhost (a reverse proxy's
                      name); repeatable. Other Host headers are refused, so a
                      DNS-rebinding page cannot read your results.
      --state-dir <d> folder of the triage ledger's SQLite file and of the persisted index
                      that lets a restart skip unchanged folders (or env VOICE_EVAL_STATE_DIR;
                      default $XDG_STATE_HOME/voice-eval-dashboard, else ~/.local/state/voice-eval-dashboard)
      --database <u>  keep the ledger in PostgreSQL instead, shared by a team
                      (postgres://user:pass@host/db; or --database-file <f>, or env
                      VOICE_EVAL_DATABASE, to keep its password out of the process list)
                      With an s3:// source, replicas on one database share what
                      they read: one ingests from the store, the others follow.
      --poll-seconds <s>
                      how often an s3:// source is listed again (default 15,
                      1 to 3600; or env VOICE_EVAL_POLL_SECONDS)
      --user <name>   triager name shown in the ledger's history (default: the OS user)
      --notify <url>  POST a JSON summary to this URL when a run finishes (repeatable;
                      Slack-compatible: its "text" is Markdown). Runs finished before
                      the start are never announced, a run never twice (state folder).
                      A webhook URL is a secret: --notify-file <f> (one URL a line,
                      repeatable) or env VOICE_EVAL_NOTIFY_URLS keep it out of the
                      process list. A URL with user:password@ is refused.
      --public-url <u> the dashboard's address in those pings (default http://host:port)
      --allow-writes  let the MCP endpoint (/mcp) write triage labels to the ledger
                      (its label_scenario tool); without it /mcp only reads

  voice-eval-dashboard summary <run-folder> [--json] [--min-agent-turns N]
      Print a run's scores in the terminal.

  voice-eval-dashboard check <run-folder> --baseline <run-folder>
          [--stable-runs 3] [--history <results-folder>]
          [--max-regressed N] [--min-success-rate X] [--alpha 0.05] [--json]
      CI gate: compare a run with a baseline by the compare page's paired test
      (McNemar exact), and fail on a new failure of a scenario that passed in
      each of its last --stable-runs runs of the suite (read from the folder
      holding the baseline, or --history); flaky scenarios never fail it alone.
      Prints a Markdown pull-request comment. Exit 0 pass, 1 fail (a significant
      drop, a stable scenario's new failure, a threshold crossed, or a run that
      did not finish), 2 bad input.

  voice-eval-dashboard export <run-folder> --out <dir>
          [--compare <run-folder>] [--filter <query>] [--audio]
      Write a self-contained folder (HTML + JSON) that opens from disk with no
      server: the run overview, the scenarios the filter selects (a query
      string as on the run page, e.g. "quick=failed&domain=qa") with their
      transcripts and judge evidence, and the comparison with --compare.
      Recordings are copied only with --audio.

  voice-eval-dashboard ledger export [--format jsonl|csv] [--run <id>] [--out <file>]
  voice-eval-dashboard ledger import <file|-> [--format jsonl|csv]
      Export or import the triage ledger (labels, judge overrides); takes
      --database / --state-dir like the server.

  voice-eval-dashboard report <run-folder> [--scenario NAME] [--out FILE]
      Print the triage report (Markdown): aggregate signals, per-scenario
      status, patterns, latency by stage, turn-taking, next steps; with
      --scenario, one scenario's report. --out writes it to FILE instead.

  voice-eval-dashboard mcp [results-folder] [--state-dir <d> | --database <u>]
          [--allow-writes] [--user <name>]
      A Model Context Protocol server on stdio over the same index as the pages,
      for a coding agent: tools list_runs, get_run, list_scenarios, get_scenario,
      compare_runs, get_trends, get_file, label_scenario; a resource per run and
      scenario; the prompt triage_run. Read-only unless --allow-writes, which lets
      label_scenario write the triage ledger (never the results folder).

  -h, --help        show this help
`;

function fail(message) {
  process.stderr.write(`voice-eval-dashboard: ${message}\n`);
  process.exit(2);
}

async function runSubcommand(args) {
  // React's production build: the export renders thousands of pages with it.
  process.env.NODE_ENV ??= "production";
  const entry = new URL("../lib/cli/main.ts", import.meta.url);
  // `mcp` without a folder serves the bundled example, as the dashboard does.
  process.env.VOICE_EVAL_EXAMPLE_DIR ??= EXAMPLE_DIR;
  if (!existsSync(entry)) fail(`the '${args[0]}' command is not available in this build`);
  // A cached esbuild bundle: starts much faster than a TypeScript loader.
  const { compiledCli, compiledWorkWorker } = await import("./compile-cli.mjs");
  await setWorkWorker(compiledWorkWorker, process.env);
  const mod = await import(pathToFileURL(await compiledCli()).href);
  // main() receives the whole argv, subcommand first, and returns the exit code.
  process.exitCode = await mod.main(args);
}

/** Expensive views run in worker threads of this bundle (lib/server/work), built here once per change of lib/. */
async function setWorkWorker(compiledWorkWorker, env) {
  try {
    env.VOICE_EVAL_WORK_SCRIPT = await compiledWorkWorker();
  } catch (err) {
    // Still correct without it: those views are then computed on the main thread.
    console.error(`voice-eval-dashboard: the work pool's worker could not be built (${err.message}); expensive views run on the main thread`);
  }
}

/** The first scan on a worker thread of this command (see bin/prescan.mjs), or `null` (the server then reads the folder itself). */
async function startPrescanOf(compiledPrescanWorker, resultsDir, env) {
  try {
    return startPrescan(await compiledPrescanWorker(), resultsDir, env);
  } catch (err) {
    console.error(`voice-eval-dashboard: the first scan's worker could not be built (${err.message}); the server reads the folder itself`);
    return null;
  }
}

function parseServeArgs(argv) {
  try {
    return parseArgs({
      args: argv,
      allowPositionals: true,
      options: {
        port: { type: "string", default: "3210" },
        host: { type: "string", default: "127.0.0.1" },
        token: { type: "string" },
        "token-file": { type: "string" },
        "allow-host": { type: "string", multiple: true },
        "state-dir": { type: "string" },
        database: { type: "string" },
        "database-file": { type: "string" },
        user: { type: "string" },
        notify: { type: "string", multiple: true },
        "notify-file": { type: "string", multiple: true },
        "public-url": { type: "string" },
        "allow-writes": { type: "boolean" },
        "poll-seconds": { type: "string" },
        help: { type: "boolean", short: "h" },
      },
    });
  } catch (err) {
    fail(`${err.message}\nRun with --help for usage.`);
  }
}

function resolveResultsDir(arg) {
  const given = arg ?? EXAMPLE_DIR;
  let real;
  try {
    real = realpathSync(path.resolve(given));
  } catch {
    fail(`results folder not found: ${given}`);
  }
  if (!statSync(real).isDirectory()) fail(`not a directory: ${given}`);
  return real;
}

function osUser() {
  try {
    return userInfo().username || "unknown";
  } catch {
    return process.env.USER || "unknown";
  }
}

/** Loopback addresses need no token; any other bind does. */
function isLoopback(host) {
  return host === "localhost" || host === "::1" || /^127\.\d+\.\d+\.\d+$/.test(host);
}

/** Builds again when the build is missing or not the checkout's (a `git pull`), saying why. */
async function ensureBuild(env) {
  const { ensureBuild: build } = await import("../scripts/ensure-build.mjs");
  if (!build({ root: ROOT, env, nextBin: NEXT_BIN })) fail("`next build` failed; see the output above.");
}

async function serve(argv) {
  const { values, positionals } = parseServeArgs(argv);
  if (values.help) {
    process.stdout.write(HELP);
    return;
  }
  if (positionals.length > 1) fail(`expected one results folder, got ${positionals.length}`);
  const port = Number(values.port);
  if (!Number.isInteger(port) || port < 0 || port > 65535) fail(`invalid --port: ${values.port}`);
  const host = values.host;
  const s3 = positionals[0] && /^s3:\/\//i.test(positionals[0]) ? positionals[0] : null;
  let resultsDir = s3 ? null : resolveResultsDir(positionals[0]);

  const env = { ...process.env, NEXT_TELEMETRY_DISABLED: "1" };
  let secrets;
  try {
    secrets = secretArgs(values, process.env, (warning) => console.error(`voice-eval-dashboard: warning: ${warning}`));
  } catch (err) {
    fail(err.message);
  }
  const { token, database, notify } = secrets;
  if (!isLoopback(host) && !token) {
    fail(`binding ${host} exposes your results to the network: set an access token with --token, --token-file or VOICE_EVAL_TOKEN`);
  }
  const childEnv = { ...env, RESULTS_DIR: resultsDir ?? "", NODE_ENV: "production" };
  if (token) childEnv.VOICE_EVAL_TOKEN = token;
  childEnv.VOICE_EVAL_ALLOWED_HOSTS = [host, ...(values["allow-host"] ?? [])].join(",");
  // The triage ledger: where it lives, who writes, and the address ledger writes must name.
  if (database && !/^postgres(ql)?:\/\//.test(database)) fail("--database must be a postgres:// or postgresql:// URL");
  if (database) childEnv.VOICE_EVAL_DATABASE = database;
  const stateDir = values["state-dir"] ?? process.env.VOICE_EVAL_STATE_DIR;
  if (stateDir) childEnv.VOICE_EVAL_STATE_DIR = path.resolve(stateDir);
  childEnv.VOICE_EVAL_USER = values.user ?? process.env.VOICE_EVAL_USER ?? osUser();
  childEnv.VOICE_EVAL_BIND = `${host}:${port}`;
  // The server stops once this process is gone, however it ended (lib/server/live/command-lifeline.ts).
  childEnv.VOICE_EVAL_COMMAND_PID = String(process.pid);
  // `--notify URL` (repeatable): a POST of each run's summary when it finishes.
  for (const url of notify) {
    let u = null;
    try {
      u = new URL(url);
    } catch {}
    if (!u || !/^https?:$/.test(u.protocol)) fail("--notify needs an http:// or https:// URL");
    // Credentials in a URL never work (fetch refuses them); the message names the host only.
    if (u.username || u.password)
      fail(`--notify ${u.protocol}//${u.host}/…: a URL with credentials (user:password@) cannot be used; put a token in its path or query`);
  }
  if (notify.length) childEnv.VOICE_EVAL_NOTIFY = notify.join("\n");
  if (values["public-url"]) childEnv.VOICE_EVAL_PUBLIC_URL = values["public-url"];
  const { compiledCli, compiledWorkWorker, compiledPrescanWorker } = await import("./compile-cli.mjs");
  // An s3:// source: its mirror is made before the first scan, then kept in step by this process (lib/cli/serve-source.ts).
  let source = null;
  if (s3) {
    const cli = await import(pathToFileURL(await compiledCli()).href);
    try {
      source = await cli.openServeSource(s3, {
        stateDir: childEnv.VOICE_EVAL_STATE_DIR,
        database,
        pollSeconds: values["poll-seconds"] ?? process.env.VOICE_EVAL_POLL_SECONDS,
        log: (line) => console.error(`voice-eval-dashboard: ${line}`),
      });
    } catch (err) {
      fail(err.message);
    }
    resultsDir = source.dir;
    childEnv.RESULTS_DIR = resultsDir;
    childEnv.VOICE_EVAL_SOURCE_STATUS = source.statusFile;
    // Recordings are fetched by the server on their first request (lib/server/source/lazy-recordings.ts).
    childEnv.VOICE_EVAL_SOURCE_MIRROR = source.root;
    childEnv.VOICE_EVAL_SOURCE_URL = source.label;
  } else {
    for (const name of ["VOICE_EVAL_SOURCE_STATUS", "VOICE_EVAL_SOURCE_MIRROR", "VOICE_EVAL_SOURCE_URL"]) delete childEnv[name];
  }
  // /mcp's label_scenario writes the ledger only when asked for.
  if (values["allow-writes"]) childEnv.VOICE_EVAL_MCP_WRITES = "1";
  else delete childEnv.VOICE_EVAL_MCP_WRITES;
  // The first scan runs here, on a worker thread, while the build is checked and Next boots (see bin/prescan.mjs).
  const prescan = await startPrescanOf(compiledPrescanWorker, resultsDir, childEnv);
  if (prescan) childEnv.VOICE_EVAL_PRESCAN_FD = String(PRESCAN_FD);
  else delete childEnv.VOICE_EVAL_PRESCAN_FD;
  await setWorkWorker(compiledWorkWorker, childEnv);
  await ensureBuild({ ...env, NODE_ENV: "production" });

  const urlHost = host.includes(":") ? `[${host}]` : host;
  console.log(`voice-eval-dashboard: serving ${source ? `${source.label} (mirrored in ${resultsDir})` : resultsDir}`);
  console.log(`voice-eval-dashboard: http://${urlHost}:${port}/`);

  const child = spawn(process.execPath, ["--require", path.join(ROOT, "bin", "ignore-closed-output.cjs"), NEXT_BIN, "start", "-p", String(port), "-H", host], {
    cwd: ROOT,
    stdio: ["inherit", "inherit", "inherit", prescan ? "pipe" : "ignore"],
    env: childEnv,
  });
  if (prescan) prescan.attach(child.stdio[PRESCAN_FD]);
  for (const sig of ["SIGINT", "SIGTERM"]) {
    process.on(sig, () => child.kill(sig));
  }
  child.on("exit", (code, signal) => {
    prescan?.stop();
    process.exit(code ?? 128 + (constants.signals[signal] ?? 0));
  });
}

const argv = process.argv.slice(2);
if (argv[0] && SUBCOMMANDS.has(argv[0])) {
  await runSubcommand(argv);
} else {
  await serve(argv);
}
