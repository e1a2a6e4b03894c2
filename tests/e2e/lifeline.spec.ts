/**
 * The server lives as long as the command a user typed (lib/server/live/command-lifeline.ts):
 * - the command killed, even by SIGKILL (which it cannot pass on), its `next start` child stops too
 *   instead of holding the port on its own;
 * - a reader gone from the command's output (a closed terminal, `| head`) stops nothing: the
 *   dashboard keeps serving (an EPIPE once made the server log its own error in a loop, at 100% CPU).
 */
import { spawn } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { expect, test } from "@playwright/test";
import { writeGenerated } from "../helpers/generated.ts";
import { startDashboard } from "./helpers/server.ts";
import { ROOT, tempResults, type TempResults } from "./runs-fixtures.ts";

const RUNS = 6;
let dir: TempResults;
test.describe.configure({ timeout: 120_000 });

test.beforeAll(async () => {
  dir = await tempResults("lifeline");
  await writeGenerated(dir.results, {
    seed: 7,
    runs: Array.from({ length: RUNS }, (_, i) => ({
      name: `nightly/eval_202611${String(i + 1).padStart(2, "0")}_020000`,
      scenarios: 4,
      domains: ["qa"],
      lean: true,
      audio: false,
    })),
  });
});
test.afterAll(async () => {
  await dir?.cleanup();
});

/** Whether anything still answers at `url`. */
async function answers(url: string): Promise<boolean> {
  try {
    await fetch(new URL("/api/health", url), { signal: AbortSignal.timeout(2_000) });
    return true;
  } catch {
    return false;
  }
}

test("the command killed with SIGKILL: its server stops too and frees the port", async () => {
  const d = await startDashboard(dir.results);
  try {
    expect(await answers(d.url)).toBe(true);
    process.kill(d.pid, "SIGKILL");
    await expect.poll(() => answers(d.url), { timeout: 20_000, message: "the server to stop once its command is gone" }).toBe(false);
  } finally {
    await d.stop();
    try {
      process.kill(-d.pid, "SIGKILL");
    } catch {
      // the group is gone, as it should be
    }
  }
});

test("a closed terminal stops nothing: the dashboard keeps serving every run", async () => {
  const port = 20_000 + Math.floor(Math.random() * 20_000);
  const url = `http://127.0.0.1:${port}/`;
  const child = spawn(process.execPath, [join(ROOT, "bin/voice-eval-dashboard.mjs"), dir.results, "--port", String(port)], {
    cwd: ROOT,
    detached: true,
    stdio: ["ignore", "pipe", "pipe"],
    env: { ...process.env, NEXT_TELEMETRY_DISABLED: "1", VOICE_EVAL_STATE_DIR: mkdtempSync(join(tmpdir(), "ved-e2e-lifeline-")), VOICE_EVAL_DATABASE: "" },
  });
  // The reader goes away at the first line: every later line of the command and its server meets a closed pipe.
  child.stdout!.once("data", () => {
    child.stdout!.destroy();
    child.stderr!.destroy();
  });
  try {
    await expect
      .poll(
        async () => {
          try {
            const body = (await (await fetch(new URL("/api/runs", url))).json()) as { runs: unknown[]; indexing?: unknown };
            return !body.indexing && body.runs.length;
          } catch {
            return -1;
          }
        },
        { timeout: 90_000, message: "every run listed with the output closed" },
      )
      .toBe(RUNS);
    await expect
      .poll(async () => ((await (await fetch(new URL("/api/health", url))).json()) as { watching: boolean }).watching, { timeout: 30_000 })
      .toBe(true);
  } finally {
    try {
      process.kill(-child.pid!, "SIGKILL");
    } catch {
      // gone
    }
  }
});
