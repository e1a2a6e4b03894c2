#!/usr/bin/env node
// The command users type. Plain Node ESM so it runs without a build step; its commands, their flags and
// their help are one table, lib/cli/usage.ts (`voice-eval-dashboard --help` prints it).
import { spawn } from "node:child_process";
import { existsSync, realpathSync, statSync } from "node:fs";
import path from "node:path";
import { constants, userInfo } from "node:os";
import { fileURLToPath, pathToFileURL } from "node:url";
import "./ignore-closed-output.cjs";
import { PRESCAN_FD, startPrescan } from "./prescan.mjs";
import { secretArgs } from "./secret-args.mjs";

// Scans are bound by many small file reads, which go through libuv's thread pool (4 threads by default).
process.env.UV_THREADPOOL_SIZE ??= "16";

const ROOT = fileURLToPath(new URL("..", import.meta.url));
const NEXT_BIN = path.join(ROOT, "node_modules", "next", "dist", "bin", "next");
const EXAMPLE_DIR = path.join(ROOT, "examples", "results");

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

/** The commands' usage table (lib/cli/usage.ts), from a cached bundle: the flags, their help and the parse come from it. */
async function usageTable() {
  const { compiledUsageUrl } = await import("./compile-cli.mjs");
  return import(await compiledUsageUrl());
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

async function serve(argv, usage) {
  // `--help` prints every command's help (0); a bad flag is named (2).
  const parsed = usage.parseCommand("dashboard", argv);
  if (typeof parsed === "number") {
    process.exitCode = parsed;
    return;
  }
  const { values, positionals } = parsed;
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
const usage = await usageTable();
if (argv[0] && usage.SUBCOMMANDS.includes(argv[0])) {
  await runSubcommand(argv);
} else {
  await serve(argv, usage);
}
