/**
 * A single-session run's log is read from its end (lib/server/ingest/read-run-level.ts): the last
 * 16 KB tell how a finished session ended (and its history still lists what it ran); a session that
 * did not end is read further back, to the scenario it was in, however much it logged since.
 */
import { readdirSync } from "node:fs";
import { rm } from "node:fs/promises";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runHistory, runStatus } from "@/lib/core";
import { listingOf } from "@/lib/server/ingest/list-run";
import { readRunLevel } from "@/lib/server/ingest/read-run-level";
import { logLine, metrics, tempDir, writeRun } from "../../helpers/run-builder";

const QUEUE = Array.from({ length: 12 }, (_, i) => `tau2_retail__${i + 1}`);
/** A scenario's worth of harness chatter: about 3 KB, no event the parser keeps. */
const chatter = (name: string) => Array.from({ length: 30 }, (_, i) => logLine(`  ${name} recap line ${i}: ${"·".repeat(60)}`)).join("");

function logOf(ran: number, end: string): string {
  let text = logLine(`Queued ${QUEUE.length} scenario(s): [${QUEUE.map((n) => `'${n}'`).join(", ")}]`);
  QUEUE.slice(0, ran).forEach((name, i) => {
    text += logLine(`Starting Scenario ${i + 1}/${QUEUE.length}: ${name}`) + chatter(name);
    if (i < ran - 1 || end !== "in flight") text += logLine(`Scenario '${name}' Complete`) + chatter(name);
  });
  if (end === "complete") text += logLine("Evaluation Complete!") + chatter("recap");
  return text;
}

let root: string;
beforeAll(async () => {
  root = await tempDir("ved-log-tail-");
});
afterAll(async () => {
  await rm(root, { recursive: true, force: true });
});

async function levelOf(name: string, log: string) {
  const dir = await writeRun(join(root, name), { queue: QUEUE, log, scenarios: Object.fromEntries(QUEUE.map((n) => [n, { metrics: metrics(n) }])) });
  return readRunLevel(dir, listingOf(readdirSync(dir, { withFileTypes: true })).files);
}

describe("a single-session log read from its end", () => {
  it("finds a finished session's end in the last lines", async () => {
    const log = logOf(QUEUE.length, "complete");
    expect(log.length, "longer than the tail read first").toBeGreaterThan(64 * 1024);
    const level = await levelOf("eval_finished", log);
    expect(level.finished).toBe(true);
    expect(level.inFlight).toBeNull();
    expect(level.sessions).toHaveLength(1);
    expect(level.sessions[0]?.queuedCount).toBe(QUEUE.length);
    // The run's history still says what the session ran: its whole queue.
    const status = runStatus({ sessions: level.sessions, lastActivityMs: null, nowMs: Date.now() });
    expect(runHistory({ invocations: level.invocations, sessions: level.sessions, killedFolders: [], status }).sessions[0]?.ran).toEqual(QUEUE);
  });

  it("reads further back for a session that stopped in a scenario, past 16 KB of its chatter", async () => {
    // The sixth scenario started, then logged 20 KB and stopped without completing.
    const log = logOf(6, "in flight") + chatter("tail").repeat(6);
    const level = await levelOf("eval_killed", log);
    expect(level.finished).toBe(false);
    expect(level.inFlight).toBe("tau2_retail__6");
  });
});
