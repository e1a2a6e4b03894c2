/**
 * `--notify` (issue 44) against a real HTTP receiver on 127.0.0.1: a run that finishes while the
 * dashboard watches is posted once with its summary; runs finished at the start never are; a failing
 * receiver gets three tries; a restart does not send again; the URL's secrets never reach the log.
 */
import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { NotifyPayload } from "@/lib/core/notify-text";
import { closeStore, createStore, type Store } from "@/lib/server/live/store";
import { Notifier } from "@/lib/server/notify/notifier";
import { runHref } from "@/lib/shared/routes";
import { nightName, REGRESSED, scenarioAt, writeNightlySuite } from "../../helpers/nightly-suite";
import { retimeText } from "../../helpers/retime-log";
import { tempDir } from "../../helpers/run-builder";
import { waitFor } from "../../helpers/wait";

interface Received {
  path: string;
  body: NotifyPayload;
}

let root: string;
let stateDir: string;
let server: Server;
let base: string;
const received: Received[] = [];
/** Answers with these statuses first (then 200). */
let failFirst: number[] = [];
let store: Store;
const logs: string[] = [];
let fullLog = "";

async function body(req: IncomingMessage): Promise<string> {
  let s = "";
  for await (const chunk of req) s += String(chunk);
  return s;
}

beforeAll(async () => {
  root = await tempDir("ved-notify-");
  stateDir = await tempDir("ved-notify-state-");
  await writeNightlySuite(root, "regression");
  // Night 6 is still going when the dashboard starts: its log stops before its closing line, now.
  const logPath = join(root, nightName(6), "evaluation_log.txt");
  fullLog = retimeText(await readFile(logPath, "utf8"), Date.now());
  const lines = fullLog.trimEnd().split("\n");
  await writeFile(
    logPath,
    lines
      .slice(
        0,
        lines.findIndex((l) => l.includes("Evaluation Complete!")),
      )
      .join("\n") + "\n",
  );
  server = createServer((req, res) => {
    void body(req).then((text) => {
      const status = failFirst.shift() ?? 200;
      if (status === 200) received.push({ path: req.url ?? "", body: JSON.parse(text) as NotifyPayload });
      res.writeHead(status).end();
    });
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  store = createStore(root);
  await store.watching;
}, 120_000);

afterAll(async () => {
  await closeStore(store);
  await new Promise<void>((r) => server.close(() => r()));
});

const notifier = (urls: string[]) =>
  new Notifier(store.index, {
    urls,
    stateFile: join(stateDir, "notify.sqlite"),
    baseUrl: "http://dash.example:3210",
    backoffMs: [50, 100],
    settleMs: 100,
    startedAtMs: Date.now() - 5_000,
    log: (l) => logs.push(l),
  });

describe("--notify", () => {
  it("posts once when a run finishes, never for runs finished at the start, three tries when the receiver fails", async () => {
    const url = `${base}/hooks/T000/B000/s3cr3tpath?token=tok-123`;
    const n = notifier([url]);
    n.start();
    expect(store.index.runs.get(nightName(6))!.finished).toBe(false);
    failFirst = [503, 502];
    // The run finishes: its closing lines appear.
    await writeFile(join(root, nightName(6), "evaluation_log.txt"), fullLog);
    await waitFor(() => n.status.sent === 1, 30_000, "the finished run posted");
    await n.idle();
    expect(received).toHaveLength(1);
    const got = received[0]!;
    expect(got.path).toBe("/hooks/T000/B000/s3cr3tpath?token=tok-123");
    const p = got.body;
    expect(p.run).toBe(nightName(6));
    expect(p.previous).toBe(nightName(5));
    expect(p.suite).toBe("nightly");
    expect(p.success).toEqual({ k: 10, n: 12 });
    expect(p.new_failures.map((s) => s.scenario)).toEqual([scenarioAt(root, 6, REGRESSED)]);
    expect(p.new_failures[0]!.signals.length).toBeGreaterThan(0);
    expect(typeof p.new_failures[0]!.reason).toBe("string");
    expect(p.flaky).toEqual([]);
    expect(p.anomaly).toBe(false);
    expect(p.url).toBe(`http://dash.example:3210${runHref(nightName(6))}`);
    expect(p.text).toContain("*Run finished: <http://dash.example:3210");
    expect(p.text).toContain("New failures (1)");
    expect(p.text).toContain(scenarioAt(root, 6, REGRESSED));

    // Another change to the finished run: nothing more is sent.
    await writeFile(join(root, nightName(6), "evaluation_log.txt"), fullLog + "\n");
    await new Promise((r) => setTimeout(r, 1500));
    await n.idle();
    expect(received).toHaveLength(1);
    expect(n.status).toMatchObject({ sent: 1, failed: 0, pending: 0, lastError: null });
    n.close();
    // The URL's path, query and token never reach the log.
    expect(logs.join("\n")).toContain(`sent ${nightName(6)} to http://127.0.0.1:`);
    expect(logs.join("\n")).not.toMatch(/s3cr3tpath|tok-123/);
  }, 90_000);

  it("names a receiver that keeps failing, after three tries, and never resends after a restart", async () => {
    const before = received.length;
    const n = notifier([`${base}/hooks/T000/B000/s3cr3tpath?token=tok-123`, `${base}/down`]);
    n.start();
    // A run of the suite finishing now: a copy of night 6 under a new name, its log's clock now.
    const { cp } = await import("node:fs/promises");
    const seven = "nightly/eval_20261127_020000";
    await cp(join(root, nightName(6)), join(root, seven), { recursive: true });
    failFirst = [500, 500, 500];
    await writeFile(join(root, seven, "evaluation_log.txt"), retimeText(fullLog, Date.now()));
    await waitFor(() => n.status.sent + n.status.failed === 2, 30_000, "both URLs tried");
    await n.idle();
    // The first URL (tried first) failed its three tries; the second got it.
    expect(n.status.failed).toBe(1);
    expect(n.status.lastError).toMatchObject({ run: seven, url: `${base}/<redacted>` });
    expect(n.status.lastError!.error).toMatch(/3 tries failed, the last with HTTP 500/);
    expect(received.slice(before).map((r) => r.path)).toEqual(["/down"]);
    expect(received.slice(before)[0]!.body.run).toBe(seven);
    n.close();

    // A restart with the same state while the run is resumed (unfinished again), then finishes again:
    // the state database says it was sent to that URL, so it is not sent twice.
    const open = retimeText(fullLog, Date.now()).trimEnd().split("\n");
    await writeFile(
      join(root, seven, "evaluation_log.txt"),
      open
        .slice(
          0,
          open.findIndex((l) => l.includes("Evaluation Complete!")),
        )
        .join("\n") + "\n",
    );
    await waitFor(() => !store.index.runs.get(seven)?.finished, 30_000, "the run unfinished again");
    const again = notifier([`${base}/down`]);
    again.start();
    await writeFile(join(root, seven, "evaluation_log.txt"), retimeText(fullLog, Date.now()));
    await waitFor(() => store.index.runs.get(seven)?.finished, 30_000, "the run finished again");
    await new Promise((r) => setTimeout(r, 1000));
    await again.idle();
    expect(received.length).toBe(before + 1);
    expect(again.status).toMatchObject({ sent: 0, failed: 0 });
    again.close();
  }, 90_000);
});
