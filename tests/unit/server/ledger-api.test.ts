/**
 * The ledger API, called as route functions against an index of real harness runs, once on SQLite
 * and once on a real PostgreSQL server (VOICE_EVAL_TEST_PG_URL; missing, the suite fails).
 */
import { createHash } from "node:crypto";
import { cp, lstat, readdir, readFile, writeFile } from "node:fs/promises";
import { join, relative } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { exportRoute, labelsRoute, ledgerEvents, overridesRoute, type LedgerDeps } from "@/lib/server/ledger/api";
import { runFacts } from "@/lib/server/ledger/facts";
import { migrate } from "@/lib/server/ledger/migrations";
import { parseTransfer } from "@/lib/server/ledger/transfer";
import { closeStore, createStore, type Store } from "@/lib/server/live/store";
import type { Label, Override, RunLedgerSummary, ScenarioLedger, WriteResult } from "@/lib/shared/ledger";
import { BACKENDS } from "../../helpers/ledger-backends";
import { tempDir } from "../../helpers/run-builder";
import { waitFor } from "../../helpers/wait";

const SOURCE = join(__dirname, "../../fixtures/harness/stalls/run/eval_20260804_144300");
const RUN_A = "eval_20260804_144300";
const RUN_B = "eval_20260805_090000";
/** The same scenario failing on other signals. */
const RUN_C = "eval_20260806_090000";
const SCENARIO = "qa__largest_ocean";
const ORIGIN = "http://127.0.0.1:3999";
const HOST = "127.0.0.1:3999";
const CSRF = "csrf-for-tests";

async function checksum(root: string): Promise<string> {
  const hash = createHash("sha256");
  const walk = async (dir: string) => {
    for (const e of (await readdir(dir, { withFileTypes: true })).sort((a, b) => a.name.localeCompare(b.name))) {
      const p = join(dir, e.name);
      const info = await lstat(p);
      hash.update(`${relative(root, p)}\0${info.mode}\0${info.mtimeMs}\0`);
      if (e.isDirectory()) await walk(p);
      else hash.update(await readFile(p));
    }
  };
  await walk(root);
  return hash.digest("hex");
}

let store: Store;
let root: string;
let before: string;

beforeAll(async () => {
  root = await tempDir("ved-ledger-results-");
  for (const id of [RUN_A, RUN_B, RUN_C]) await cp(SOURCE, join(root, id), { recursive: true });
  const metricsPath = join(root, RUN_C, SCENARIO, "metrics.json");
  const m = JSON.parse(await readFile(metricsPath, "utf8")) as { success_breakdown: { failed: string[] } };
  m.success_breakdown.failed = ["judge_passed"];
  await writeFile(metricsPath, JSON.stringify(m));
  store = createStore(root, { watch: false });
  await store.scanned;
  before = await checksum(root);
});
afterAll(async () => {
  // Every write of every backend went to the ledger, none into the results folder.
  expect(await checksum(root)).toBe(before);
  await closeStore(store);
});

function write(path: string, method: string, body: unknown, headers: Record<string, string> = {}): Request {
  return new Request(`http://${HOST}${path}`, {
    method,
    headers: { "content-type": "application/json", host: HOST, origin: ORIGIN, "x-ledger-csrf": CSRF, ...headers },
    body: JSON.stringify(body),
  });
}

const label = (over: Record<string, unknown> = {}) => ({
  run: RUN_A,
  scenario: SCENARIO,
  cause: "asr",
  status: "known-issue",
  ref: "123",
  note: "misheard the ocean",
  ...over,
});

describe.each(BACKENDS)("ledger API on $name", (backend) => {
  let env: Awaited<ReturnType<typeof backend.create>>;
  let deps: LedgerDeps;
  const labels = (req: Request, d: LedgerDeps = deps) => labelsRoute(store.index, req, d);
  const overrides = (req: Request, d: LedgerDeps = deps) => overridesRoute(store.index, req, d);
  const getScenario = async (run = RUN_A, scenario = SCENARIO) =>
    (await (
      await labels(new Request(`http://${HOST}/api/ledger/labels?run=${encodeURIComponent(run)}&scenario=${encodeURIComponent(scenario)}`))
    ).json()) as ScenarioLedger;
  const getRun = async (run = RUN_A) =>
    (await (await labels(new Request(`http://${HOST}/api/ledger/labels?run=${run}`))).json()) as {
      labels: Label[];
      overrides: Override[];
      summary: RunLedgerSummary;
    };
  const dump = async () => (await exportRoute(new Request(`http://${HOST}/api/ledger/export?format=jsonl`), deps)).text();

  beforeAll(async () => {
    env = await backend.create();
    deps = { ledger: env.ledger, csrf: CSRF, user: "alice", token: null, bind: HOST };
  });
  afterAll(async () => env.dispose());

  it("applies every migration once and records it", async () => {
    expect(await migrate(env.db)).toEqual([]);
    const rows = await env.db.all<{ version: number }>("SELECT version FROM schema_migrations ORDER BY version");
    expect(rows.map((r) => Number(r.version))).toEqual([1, 2]);
  });

  it("stores a label with revision 1 and a history entry naming the triager", async () => {
    const res = await labels(write("/api/ledger/labels", "POST", label({ baseRevision: 0 })));
    expect(res.status).toBe(200);
    const out = (await res.json()) as WriteResult<Label>;
    expect(out.conflict).toBeNull();
    expect(out.value).toMatchObject({ cause: "asr", status: "known-issue", ref: "123", revision: 1, updatedBy: "alice", signalKey: "clean_exit,judge_passed" });
    const view = await getScenario();
    expect(view.label?.cause).toBe("asr");
    expect(view.history).toHaveLength(1);
    expect(view.history[0]).toMatchObject({ kind: "label", action: "set", author: "alice", old: null });
    expect(view.history[0]?.new).toMatchObject({ cause: "asr" });
  });

  it("lets the latest write win and tells a stale writer someone else changed it", async () => {
    const bob = { ...deps, user: "bob" };
    const second = (await (await labels(write("/api/ledger/labels", "POST", label({ cause: "agent", baseRevision: 1 })), bob)).json()) as WriteResult<Label>;
    expect(second.value.revision).toBe(2);
    expect(second.conflict).toBeNull();
    // Alice still holds revision 1.
    const stale = (await (await labels(write("/api/ledger/labels", "POST", label({ cause: "framework", baseRevision: 1 })))).json()) as WriteResult<Label>;
    expect(stale.value).toMatchObject({ cause: "framework", revision: 3, updatedBy: "alice" });
    expect(stale.conflict).toMatchObject({ previousBy: "bob", previousRevision: 2 });
    const view = await getScenario();
    expect(view.label?.cause).toBe("framework");
    expect(view.history.map((h) => [h.author, h.old?.cause ?? null, h.new?.cause ?? null])).toEqual([
      ["alice", null, "asr"],
      ["bob", "asr", "agent"],
      ["alice", "agent", "framework"],
    ]);
  });

  it("rejects invalid bodies and unknown scenarios without writing", async () => {
    const was = await dump();
    expect((await labels(write("/api/ledger/labels", "POST", label({ cause: "weather" })))).status).toBe(400);
    expect((await labels(write("/api/ledger/labels", "POST", label({ status: "maybe" })))).status).toBe(400);
    expect((await labels(write("/api/ledger/labels", "POST", label({ secondary: "framework", cause: "framework" })))).status).toBe(400);
    expect((await labels(write("/api/ledger/labels", "POST", { ...label(), extra: 1 }))).status).toBe(400);
    expect((await labels(write("/api/ledger/labels", "POST", label({ scenario: "nope__nothing" })))).status).toBe(404);
    expect((await labels(write("/api/ledger/labels", "POST", label({ run: "eval_missing" })))).status).toBe(404);
    const notJson = new Request(`http://${HOST}/api/ledger/labels`, {
      method: "POST",
      headers: { "content-type": "application/json", host: HOST, origin: ORIGIN, "x-ledger-csrf": CSRF },
      body: "{",
    });
    expect((await labels(notJson)).status).toBe(400);
    expect(await dump()).toBe(was);
  });

  it("refuses writes from another origin, without the CSRF header, to another host, or without the token, and changes nothing", async () => {
    const was = await dump();
    const rev = await env.ledger.revision();
    const body = label({ cause: "judge" });
    const cases: Array<[string, Request, LedgerDeps, number]> = [
      ["another origin", write("/api/ledger/labels", "POST", body, { origin: "http://evil.example" }), deps, 403],
      ["another port", write("/api/ledger/labels", "POST", body, { origin: "http://127.0.0.1:4000" }), deps, 403],
      [
        "no origin",
        new Request(`http://${HOST}/api/ledger/labels`, {
          method: "POST",
          headers: { "content-type": "application/json", host: HOST, "x-ledger-csrf": CSRF },
          body: JSON.stringify(body),
        }),
        deps,
        403,
      ],
      [
        "no CSRF header",
        new Request(`http://${HOST}/api/ledger/labels`, {
          method: "POST",
          headers: { "content-type": "application/json", host: HOST, origin: ORIGIN },
          body: JSON.stringify(body),
        }),
        deps,
        403,
      ],
      ["a wrong CSRF token", write("/api/ledger/labels", "POST", body, { "x-ledger-csrf": "guess" }), deps, 403],
      [
        "a host it is not bound to (DNS rebinding)",
        write("/api/ledger/labels", "POST", body, { host: "evil.example:3999", origin: "http://evil.example:3999" }),
        deps,
        403,
      ],
      ["no access token when one is set", write("/api/ledger/labels", "POST", body), { ...deps, token: "s3cret" }, 401],
      ["a wrong access token", write("/api/ledger/labels", "POST", body, { cookie: "ved_token=nope" }), { ...deps, token: "s3cret" }, 401],
      [
        "an override from another origin",
        write("/api/ledger/overrides", "POST", { run: RUN_A, scenario: SCENARIO, target: "overall", reason: "x" }, { origin: "http://evil.example" }),
        deps,
        403,
      ],
      [
        "a delete without CSRF",
        new Request(`http://${HOST}/api/ledger/labels`, {
          method: "DELETE",
          headers: { "content-type": "application/json", host: HOST, origin: ORIGIN },
          body: JSON.stringify({ run: RUN_A, scenario: SCENARIO }),
        }),
        deps,
        403,
      ],
    ];
    for (const [what, req, d, status] of cases) {
      const route = new URL(req.url).pathname.endsWith("overrides") ? overrides : labels;
      expect((await route(req, d)).status, what).toBe(status);
    }
    expect(await env.ledger.revision()).toBe(rev);
    expect(await dump()).toBe(was);
    // The token, when given, lets the same write through.
    const ok = await labels(write("/api/ledger/labels", "POST", label({ cause: "framework" }), { cookie: "ved_token=s3cret" }), { ...deps, token: "s3cret" });
    expect(ok.status).toBe(200);
    const bearer = await labels(write("/api/ledger/labels", "POST", label({ cause: "framework" }), { authorization: "Bearer s3cret" }), {
      ...deps,
      token: "s3cret",
    });
    expect(bearer.status).toBe(200);
  });

  it("suggests the label in a later run of the same scenario failing the same way, and not otherwise", async () => {
    const later = await getScenario(RUN_B);
    expect(later.label).toBeNull();
    expect(later.suggestion?.from).toMatchObject({ run: RUN_A, cause: "framework" });
    expect(later.suggestion?.text).toContain(`labelled Framework in ${RUN_A}`);
    expect(later.suggestion?.text).toContain("known issue #123");
    const otherSignals = await getScenario(RUN_C);
    expect(otherSignals.signalKey).toBe("judge_passed");
    expect(otherSignals.suggestion).toBeNull();
    // A passing scenario gets no suggestion even when labelled elsewhere.
    const passing = runFacts(store.index.runs.get(RUN_A)!).find((f) => !f.failing)!;
    await labels(write("/api/ledger/labels", "POST", label({ scenario: passing.name, cause: "judge", status: "confirmed" })));
    expect((await getScenario(RUN_B, passing.name)).suggestion).toBeNull();
    await labels(write("/api/ledger/labels", "DELETE", { run: RUN_A, scenario: passing.name }));
  });

  it("counts reviewed / failing and causes, and a judge override changes the agreement", async () => {
    const facts = runFacts(store.index.runs.get(RUN_A)!);
    const failing = facts.filter((f) => f.failing);
    let s = (await getRun()).summary;
    expect(s.failing).toBe(failing.length);
    expect(s.reviewed).toBe(1);
    expect(s.byCause.framework).toBe(1);
    expect(s.unreviewed).toEqual(failing.map((f) => f.name).filter((n) => n !== SCENARIO));
    expect(s.agreement).toMatchObject({ n: 1, agree: 1, rate: 1 });
    const res = await overrides(write("/api/ledger/overrides", "POST", { run: RUN_A, scenario: SCENARIO, target: "overall", reason: "the agent did answer" }));
    expect(res.status).toBe(200);
    s = (await getRun()).summary;
    expect(s.agreement).toMatchObject({ n: 1, agree: 0, rate: 0 });
    expect(s.overridden).toEqual([SCENARIO]);
    // An NL assertion override alone reviews the scenario but does not flip the overall verdict.
    const other = failing.find((f) => f.name !== SCENARIO && f.judgePassed !== null)!;
    await overrides(write("/api/ledger/overrides", "POST", { run: RUN_A, scenario: other.name, target: "nl:0", reason: "assertion misread" }));
    s = (await getRun()).summary;
    expect(s.agreement).toMatchObject({ n: 2, agree: 1, rate: 0.5 });
    expect((await overrides(write("/api/ledger/overrides", "POST", { run: RUN_A, scenario: other.name, target: "first", reason: "x" }))).status).toBe(400);
    // An NL assertion the judge never gave cannot be overridden, and nothing is written.
    const ghost = await overrides(write("/api/ledger/overrides", "POST", { run: RUN_A, scenario: other.name, target: "nl:9999", reason: "x" }));
    expect(ghost.status).toBe(400);
    expect(((await ghost.json()) as { error: string }).error).toContain("names no NL assertion");
    expect((await getRun()).summary.agreement.n).toBe(2);
    expect((await overrides(write("/api/ledger/overrides", "POST", { run: RUN_A, scenario: other.name, target: "overall", reason: "  " }))).status).toBe(400);
    const del = await overrides(write("/api/ledger/overrides", "DELETE", { run: RUN_A, scenario: other.name, target: "nl:0" }));
    expect(await del.json()).toEqual({ deleted: true });
    expect((await getRun()).summary.agreement.n).toBe(1);
  });

  it("exports JSON lines and CSV that parse back to the same records", async () => {
    const jsonl = await (await exportRoute(new Request(`http://${HOST}/api/ledger/export?run=${RUN_A}&format=jsonl`), deps)).text();
    const csvRes = await exportRoute(new Request(`http://${HOST}/api/ledger/export?run=${RUN_A}&format=csv`), deps);
    expect(csvRes.headers.get("content-type")).toContain("text/csv");
    const csv = await csvRes.text();
    const a = parseTransfer(jsonl, "jsonl");
    const b = parseTransfer(csv, "csv");
    expect(a.errors).toEqual([]);
    expect(b.errors).toEqual([]);
    expect(a.records.map((r) => [r.type, r.scenario])).toEqual([
      ["label", SCENARIO],
      ["override", SCENARIO],
    ]);
    expect(b.records).toEqual(a.records);
    expect((await exportRoute(new Request(`http://${HOST}/api/ledger/export?format=xml`), deps)).status).toBe(400);
  });

  it("deletes a label and keeps the deletion in the history", async () => {
    const res = await labels(write("/api/ledger/labels", "DELETE", { run: RUN_A, scenario: SCENARIO }));
    expect(await res.json()).toEqual({ deleted: true });
    const view = await getScenario();
    expect(view.label).toBeNull();
    expect(view.history.at(-1)).toMatchObject({ action: "delete", author: "alice", new: null });
    expect(view.history.at(-1)?.old).toMatchObject({ cause: "framework" });
    expect(await (await labels(write("/api/ledger/labels", "DELETE", { run: RUN_A, scenario: SCENARIO }))).json()).toEqual({ deleted: false });
  });

  it("keeps the history append-only", async () => {
    await expect(env.db.all("UPDATE history SET author = 'mallory'")).rejects.toThrow(/append-only/);
    await expect(env.db.all("DELETE FROM history")).rejects.toThrow(/append-only/);
  });

  /** The ledger's event stream on `d`, read into a growing text; `close()` aborts it. */
  async function openStream(d: LedgerDeps): Promise<{ text: () => string; close: () => Promise<void> }> {
    const abort = new AbortController();
    const res = await ledgerEvents(new Request(`http://${HOST}/api/ledger/events`, { signal: abort.signal }), d);
    const reader = res.body!.getReader();
    const decoder = new TextDecoder();
    let text = "";
    const pump = (async () => {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) return;
        text += decoder.decode(value);
      }
    })();
    await waitFor(() => text.includes("event: hello"), 5000, "the hello event");
    return {
      text: () => text,
      close: async () => {
        abort.abort();
        await pump.catch(() => {});
      },
    };
  }

  it("streams a change made by another instance sharing the database", async () => {
    const other = await env.connect();
    const stream = await openStream(deps);
    await other.ledger.setLabel(
      { run: RUN_B, scenario: SCENARIO, signalKey: "clean_exit,judge_passed" },
      { cause: "agent", secondary: null, status: "confirmed", ref: null, note: null },
      { author: "carol" },
    );
    const rev = await env.ledger.revision();
    await waitFor(() => stream.text().includes(`event: ledger\ndata: {"revision":${rev}}`), 8000, "the ledger event for the other instance's write");
    await stream.close();
    expect((await getScenario(RUN_B)).label).toMatchObject({ cause: "agent", updatedBy: "carol" });
  });

  it("streams a write made right after the hello, before the poller's first reading", async () => {
    // A connection no stream listened on yet: its watch starts with this subscriber.
    const fresh = await env.connect();
    const other = await env.connect();
    const stream = await openStream({ ...deps, ledger: fresh.ledger });
    await other.ledger.setLabel(
      { run: RUN_B, scenario: SCENARIO, signalKey: "clean_exit,judge_passed" },
      { cause: "asr", secondary: null, status: "confirmed", ref: null, note: null },
      { author: "dave" },
    );
    const rev = await env.ledger.revision();
    await waitFor(() => stream.text().includes(`event: ledger\ndata: {"revision":${rev}}`), 8000, "the ledger event for a write before the first poll");
    await stream.close();
  });
});
