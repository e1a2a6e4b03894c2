/**
 * Issue 54: `--notify` loses nothing silently. A claim left `sending` by a process that is gone
 * (Ctrl-C during a backoff, a crash) is sent at the next start, once; a claim of a live process is
 * left to it; a URL with credentials is refused by name (host only); a missing state folder is said;
 * an error never shows the webhook's path or query. The state is its owner's only (0600) in an
 * existing 0755 folder, whatever the umask.
 */
import Database from "better-sqlite3";
import { spawnSync } from "node:child_process";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { mkdir, stat, writeFile, chmod } from "node:fs/promises";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { closeStore, createStore, type Store } from "@/lib/server/live/store";
import { keyOf, Notifier, withoutUrl } from "@/lib/server/notify/notifier";
import { NotifyState } from "@/lib/server/notify/notify-state";
import { saveTiming } from "@/lib/server/timing/saved-timing";
import { nightName, writeNightlySuite } from "../../helpers/nightly-suite";
import { tempDir } from "../../helpers/run-builder";
import { waitFor } from "../../helpers/wait";

let root: string;
let server: Server;
let base: string;
const received: string[] = [];
let store: Store;

beforeAll(async () => {
  root = await tempDir("ved-notify-claims-");
  await writeNightlySuite(root, "regression");
  server = createServer((req, res) => {
    req.resume();
    req.on("end", () => {
      received.push(req.url ?? "");
      res.writeHead(200).end();
    });
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  store = createStore(root, { watch: false });
  await store.scanned;
}, 120_000);

afterAll(async () => {
  await closeStore(store);
  await new Promise<void>((r) => server.close(() => r()));
});

const notifier = (stateFile: string | null, urls: string[], logs: string[] = []) =>
  new Notifier(store.index, { urls, stateFile, baseUrl: "http://dash.example:3210", backoffMs: [20, 20], settleMs: 10, log: (l) => logs.push(l) });

/** Leaves a claim `sending` under `owner`, as a process stopped during its backoff would. */
function leaveClaim(file: string, run: string, url: string, owner: string): void {
  const state = new NotifyState(file, root);
  expect(state.claim(run, keyOf(url))).toBe(true);
  state.close();
  const db = new Database(file);
  db.prepare("UPDATE notified SET owner = ?").run(owner);
  db.close();
}

function statusIn(file: string, run: string, url: string): string | undefined {
  const db = new Database(file, { readonly: true });
  try {
    return (db.prepare("SELECT status FROM notified WHERE run_id = ? AND url_key = ?").get(run, keyOf(url)) as { status: string } | undefined)?.status;
  } finally {
    db.close();
  }
}

describe("--notify claims (issue 54)", () => {
  it("sends at the next start a claim a stopped process left unfinished, once, and only to its URL", async () => {
    const file = join(await tempDir("ved-notify-claims-state-"), "notify.sqlite");
    const url = `${base}/hooks/left`;
    const other = `${base}/hooks/other`;
    // A process that has exited: its pid is free.
    const dead = spawnSync(process.execPath, ["-e", ""]).pid;
    leaveClaim(file, nightName(3), url, `${dead}:gone`);
    const before = received.length;
    const n = notifier(file, [url, other]);
    n.start();
    await waitFor(() => n.status.sent === 1, 20_000, "the abandoned claim sent");
    await n.idle();
    n.close();
    // Sent to the URL it was claimed for; never announced to the other (the run was finished at the start).
    expect(received.slice(before)).toEqual(["/hooks/left"]);
    expect(statusIn(file, nightName(3), url)).toBe("sent");
    expect(statusIn(file, nightName(3), other)).toBeUndefined();
    // The next start has nothing to send.
    const again = notifier(file, [url, other]);
    again.start();
    await new Promise((r) => setTimeout(r, 200));
    await again.idle();
    again.close();
    expect(received.length).toBe(before + 1);
    expect(again.status).toMatchObject({ sent: 0, failed: 0, pending: 0 });
  });

  it("leaves a claim of a live process to it", async () => {
    const file = join(await tempDir("ved-notify-claims-state-"), "notify.sqlite");
    const url = `${base}/hooks/live`;
    leaveClaim(file, nightName(4), url, `${process.ppid}:alive`);
    const before = received.length;
    const n = notifier(file, [url]);
    n.start();
    await new Promise((r) => setTimeout(r, 200));
    await n.idle();
    n.close();
    expect(received.length).toBe(before);
    expect(statusIn(file, nightName(4), url)).toBe("sending");
  });

  it("refuses a URL with credentials, naming its host only, and says when there is no state folder", async () => {
    const logs: string[] = [];
    const file = join(await tempDir("ved-notify-claims-state-"), "notify.sqlite");
    const n = notifier(file, [`${base.replace("http://", "http://bob:pw-Qz1@")}/hooks/s3cr3tpath?token=tokQz`, `${base}/ok`], logs);
    expect(n.status.urls).toEqual([`${base}/<redacted>`]);
    expect(n.status.problem).toMatch(/refused http:\/\/127\.0\.0\.1:\d+\/<redacted>: it carries credentials/);
    const said = `${n.status.problem} ${logs.join("\n")}`;
    for (const secret of ["bob", "pw-Qz1", "s3cr3tpath", "tokQz"]) expect(said).not.toContain(secret);
    n.close();
    const none: string[] = [];
    const without = notifier(null, [`${base}/ok`], none);
    expect(without.status.problem).toMatch(/no usable state folder/);
    expect(none.join("\n")).toMatch(/no usable state folder/);
    without.close();
  });

  it("an error never shows the webhook's path or query, in any form fetch quotes it", () => {
    const url = "HTTP://Example.COM:443/services/T0/B0/s3cr3t?token=tokQz";
    const message = `Failed to parse URL from ${url}; also http://example.com:443/services/T0/B0/s3cr3t?token=tokQz; path /services/T0/B0/s3cr3t`;
    const out = withoutUrl(message, url);
    expect(out).not.toMatch(/s3cr3t|tokQz/);
    expect(out).toContain("http://example.com:443/<redacted>");
  });
});

describe("owner-only state (issue 54)", () => {
  it("notify state, its WAL and shared memory, and saved timing are 0600 in an existing 0755 folder, whatever the umask", async () => {
    const dir = join(await tempDir("ved-owner-only-"), "state");
    await mkdir(dir, { mode: 0o755 });
    await chmod(dir, 0o755);
    // An older build's files, readable by all.
    await writeFile(join(dir, "notify.sqlite-wal"), "");
    await chmod(join(dir, "notify.sqlite-wal"), 0o644);
    const umask = process.umask(0);
    try {
      const state = new NotifyState(join(dir, "notify.sqlite"), root);
      state.claim("run", "key");
      for (const f of ["notify.sqlite", "notify.sqlite-wal", "notify.sqlite-shm"]) expect(((await stat(join(dir, f))).mode & 0o777).toString(8), f).toBe("600");
      state.close();
      saveTiming(join(dir, "timing"), "/some/run", new Map());
      saveTiming(dir, "/some/run", new Map());
      const timing = (await import("node:fs")).readdirSync(dir).filter((f) => !f.startsWith("notify"));
      expect(timing.length).toBeGreaterThan(0);
      for (const f of timing) {
        const s = await stat(join(dir, f));
        expect((s.mode & 0o777).toString(8), f).toBe(s.isDirectory() ? "700" : "600");
      }
      expect(((await stat(join(dir, "timing"))).mode & 0o777).toString(8)).toBe("700");
    } finally {
      process.umask(umask);
    }
    // The existing folder is the user's: left as it was.
    expect(((await stat(dir)).mode & 0o777).toString(8)).toBe("755");
  });
});
