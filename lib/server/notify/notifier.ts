/**
 * `--notify URL` (repeatable): when a run finishes (its log's closing line), POST its summary
 * (`payload.ts`) to each URL. Off the indexing path: a change event only queues the run, and the
 * sending happens later, a settle delay after the event, in its own promise chain. Each URL gets at
 * most 3 tries with backoff; a run is claimed in the state database before the first try, so it is
 * never sent twice to a URL, across restarts too. A claim left unfinished by a process that is gone
 * (Ctrl-C during a backoff, a crash) is tried again at the next start. Runs finished when the
 * dashboard started, and runs that appear already finished with a log that ended before it started
 * (a copy), are never announced otherwise. URLs are never logged or shown whole (`notifyUrlForLog`),
 * nor their path or query in an error; a URL with credentials, and a missing state folder, are named
 * at the start and in `/api/health` (`problem`), never dropped silently.
 */
import "server-only";
import { createHash } from "node:crypto";
import { notifyUrlForLog } from "@/lib/core/notify-text";
import { redactProse } from "@/lib/core/redact";
import { logTimeMs } from "@/lib/core/run-state";
import type { ChangeEvent } from "@/lib/shared/dto";
import type { ResultsIndex } from "../model/results-index";
import type { RunModel } from "../model/run-model";
import { NotifyState } from "./notify-state";
import { notifyPayload } from "./payload";

export interface NotifierOptions {
  urls: readonly string[];
  /** The state database (`notify.sqlite` in the state folder); `null` when there is no usable state folder (nothing is sent, and that is said). */
  stateFile: string | null;
  /** The dashboard's address, for the run's link in the ping. */
  baseUrl: string;
  /** Waits between the tries (two: three tries in all). */
  backoffMs?: readonly number[];
  /** How long after a run's finishing change it is read and sent (its last files settle). */
  settleMs?: number;
  timeoutMs?: number;
  log?: (line: string) => void;
  /** When the dashboard started (epoch ms). */
  startedAtMs?: number;
}

export interface NotifyStatus {
  /** The URLs, scheme and host only. */
  urls: string[];
  sent: number;
  failed: number;
  /** Runs queued or being sent. */
  pending: number;
  /** The last failure (after its tries), named; `null` while all is well. */
  lastError: { run: string; url: string; error: string; at: number } | null;
  /** A fault of the notifier itself (its state database), or `null`. */
  problem: string | null;
}

const DEFAULT_BACKOFF = [1000, 5000] as const;

/** A URL's key in the state database: the URL itself (a secret) is never stored. */
export const keyOf = (url: string) => createHash("sha256").update(url).digest("hex").slice(0, 24);

/** Why a URL cannot be used, or `null`: credentials in a URL can never work (fetch refuses them) and would sit in the process list. */
export function notifyUrlProblem(url: string): string | null {
  let u: URL;
  try {
    u = new URL(url);
  } catch {
    return "not a URL";
  }
  if (!/^https?:$/.test(u.protocol)) return "not an http:// or https:// URL";
  if (u.username || u.password) return "it carries credentials (user:password@); put a token in the path or query instead";
  return null;
}

/** `text` without any form of the URL's path or query (fetch's messages quote the URL as it normalised it). */
export function withoutUrl(text: string, url: string): string {
  const shown = notifyUrlForLog(url);
  let out = text.split(url).join(shown);
  try {
    const u = new URL(url);
    out = out.split(u.href).join(shown);
    for (const part of [u.pathname + u.search, u.search, u.pathname].filter((p) => p.length > 1)) out = out.split(part).join("/<redacted>");
  } catch {}
  return out;
}

const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms).unref?.());

export class Notifier {
  readonly status: NotifyStatus;
  readonly #state: NotifyState | null;
  readonly #known = new Set<RunModel>();
  readonly #queued = new Set<RunModel>();
  readonly #urls: readonly string[];
  #unsubscribe: (() => void) | null = null;
  #work: Promise<void> = Promise.resolve();
  #closed = false;

  constructor(
    private readonly index: ResultsIndex,
    private readonly options: NotifierOptions,
  ) {
    const refused = options.urls.flatMap((u) => {
      const why = notifyUrlProblem(u);
      return why ? [`${notifyUrlForLog(u)}: ${why}`] : [];
    });
    this.#urls = options.urls.filter((u) => notifyUrlProblem(u) === null);
    this.status = { urls: this.#urls.map(notifyUrlForLog), sent: 0, failed: 0, pending: 0, lastError: null, problem: null };
    const problems: string[] = refused.map((r) => `refused ${r}`);
    let state: NotifyState | null = null;
    if (options.stateFile === null)
      problems.push("no usable state folder (see --state-dir): nothing will be sent, since what was sent could not be remembered");
    else if (this.#urls.length)
      try {
        state = new NotifyState(options.stateFile, index.root);
      } catch (error) {
        problems.push(`cannot open its state database ${options.stateFile}, nothing will be sent: ${error instanceof Error ? error.message : String(error)}`);
      }
    this.#state = state;
    if (problems.length) {
      this.status.problem = problems.join("; ");
      for (const p of problems) this.#log(p);
    }
  }

  /** Call once the first scan is done: what is finished now is never announced. */
  start(): void {
    if (!this.#state || this.#unsubscribe) return;
    for (const run of this.index.runs.values()) if (run.finished) this.#known.add(run);
    this.#unsubscribe = this.index.subscribe((event) => this.#onChange(event));
    this.#log(`notifying ${this.status.urls.join(", ")} when a run finishes`);
    // Claims a process that is gone left unfinished: tried again, to those URLs only.
    for (const [id, keys] of this.#state.abandoned()) {
      const run = this.index.runs.get(id);
      const urls = this.#urls.filter((u) => keys.has(keyOf(u)));
      if (!run || !run.finished || !urls.length || this.#queued.has(run)) continue;
      this.#log(`trying again ${id}, left unsent by a process that stopped`);
      this.#queue(run, urls);
    }
  }

  /** Resolves when everything queued so far has been sent or given up (tests). */
  idle(): Promise<void> {
    return this.#work;
  }

  close(): void {
    this.#closed = true;
    this.#unsubscribe?.();
    this.#unsubscribe = null;
    void this.#work.finally(() => this.#state?.close());
  }

  #onChange(event: ChangeEvent): void {
    for (const id of event.runs) {
      const run = this.index.runs.get(id);
      if (!run || !run.finished || this.#known.has(run) || this.#queued.has(run)) continue;
      this.#known.add(run);
      if (this.#endedBeforeStart(run)) continue;
      this.#queue(run, this.#urls);
    }
  }

  #queue(run: RunModel, urls: readonly string[]): void {
    this.#queued.add(run);
    this.status.pending++;
    // Chained: one run at a time, never on the event's own stack.
    this.#work = this.#work.then(() => this.#send(run, urls)).catch(() => {});
  }

  /** A run that appears finished with a log that ended before the dashboard started was not seen finishing (a copy). */
  #endedBeforeStart(run: RunModel): boolean {
    const sessions = run.runLevel.sessions;
    const ended = logTimeMs(sessions[sessions.length - 1]?.lastTime);
    const started = this.options.startedAtMs ?? Date.now();
    return ended !== null && ended < started - 60_000;
  }

  async #send(run: RunModel, urls: readonly string[]): Promise<void> {
    try {
      await sleep(this.options.settleMs ?? 2000);
      if (this.#closed || this.index.runs.get(run.id) !== run) return;
      const payload = JSON.stringify(await notifyPayload(this.index, run, this.options.baseUrl));
      for (const url of urls) await this.#post(run.id, url, payload);
    } catch (error) {
      this.#fail(run.id, "(all)", `could not build the summary: ${error instanceof Error ? error.message : String(error)}`);
    } finally {
      this.#queued.delete(run);
      this.status.pending--;
    }
  }

  async #post(runId: string, url: string, body: string): Promise<void> {
    const state = this.#state!;
    const key = keyOf(url);
    if (!state.claim(runId, key)) return;
    const backoff = this.options.backoffMs ?? DEFAULT_BACKOFF;
    let last = "";
    for (let attempt = 0; attempt <= backoff.length; attempt++) {
      if (attempt > 0) await sleep(backoff[attempt - 1]!);
      try {
        const res = await fetch(url, {
          method: "POST",
          headers: { "content-type": "application/json" },
          body,
          signal: AbortSignal.timeout(this.options.timeoutMs ?? 10_000),
          redirect: "error",
        });
        await res.arrayBuffer().catch(() => null);
        if (res.ok) {
          state.record(runId, key, "sent", attempt + 1, null);
          this.status.sent++;
          this.#log(`sent ${runId} to ${notifyUrlForLog(url)}`);
          return;
        }
        last = `HTTP ${res.status}`;
      } catch (error) {
        const cause = error instanceof Error && error.cause instanceof Error ? `: ${error.cause.message}` : "";
        last = `${error instanceof Error ? error.message : String(error)}${cause}`;
      }
    }
    state.record(runId, key, "failed", backoff.length + 1, redactProse(withoutUrl(last, url)));
    this.#fail(runId, notifyUrlForLog(url), `${backoff.length + 1} tries failed, the last with ${last}`);
  }

  #fail(run: string, url: string, error: string): void {
    let safe = redactProse(error);
    for (const u of this.#urls) safe = withoutUrl(safe, u);
    this.status.failed++;
    this.status.lastError = { run, url, error: safe, at: Date.now() };
    this.#log(`could not notify ${url} of ${run}: ${safe}`);
  }

  #log(line: string): void {
    this.options.log?.(`notify: ${line}`);
  }
}

/** The `--notify` URLs from the environment the CLI sets (one per line); only http(s) URLs. */
export function notifyUrlsFromEnv(env: NodeJS.ProcessEnv = process.env): string[] {
  return (env.VOICE_EVAL_NOTIFY ?? "")
    .split("\n")
    .map((s) => s.trim())
    .filter((s) => /^https?:\/\//i.test(s));
}
