/**
 * An `s3://bucket/prefix` results source: a mirror in the state folder kept in step with the store,
 * by polling it (`--poll-seconds`, default 15) or, with `--database`, by following the replicas'
 * shared table (`pg-share.ts`). The dashboard reads `dir`, an ordinary folder; what the source is and
 * its last problem are written to `statusFile`, which the server shows in /api/health and the runs list.
 */
import "server-only";
import type { S3Client } from "@aws-sdk/client-s3";
import { closeSync, mkdirSync, openSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { Mirror } from "./mirror";
import { PgShare } from "./pg-share";
import { databaseProblem, isTransient, makeS3Client, s3Endpoint, sourceProblemOf } from "./s3-client";
import type { SourceStatus } from "./status";
import { parseS3Url, s3Label, sourceId, type S3Location } from "./s3-location";
import { syncFromS3 } from "./s3-sync";

type Env = Record<string, string | undefined>;

export const DEFAULT_POLL_SECONDS = 15;
const MIN_POLL_SECONDS = 1;
const MAX_POLL_SECONDS = 3600;
/** Tries of the first pass before the server starts anyway, showing the problem (1 s, 2 s, 4 s apart). */
const FIRST_PASS_TRIES = 4;
/** How long a replica waits at its start for another replica's first ingest to finish. */
const WAIT_FOR_INGESTER_MS = 120_000;

/** A poll interval within bounds, or an error naming the bounds. */
export function pollSecondsOf(raw: string | undefined): number {
  if (raw === undefined || raw === "") return DEFAULT_POLL_SECONDS;
  const n = Number(raw);
  if (!Number.isFinite(n) || n < MIN_POLL_SECONDS || n > MAX_POLL_SECONDS)
    throw new Error(`--poll-seconds must be between ${MIN_POLL_SECONDS} and ${MAX_POLL_SECONDS}`);
  return n;
}

export interface S3SourceOptions {
  stateDir: string;
  database?: string | null;
  pollSeconds?: number;
  env?: Env;
  /** Fetch the recordings too (a command that analyses them: `report`, `export --audio`); the server never does. */
  recordings?: boolean;
  /** Where progress and problems are told (the command's stderr); never a credential. */
  log?: (line: string) => void;
}

/**
 * A folder of its own in `<state-dir>/sources/`, named by the source, taken by one process at a time
 * (`owner.pid`): a second process on the same source and state folder takes the next slot.
 */
function claimMirrorRoot(stateDir: string, id: string): { root: string; release: () => void } {
  mkdirSync(stateDir, { recursive: true, mode: 0o700 });
  mkdirSync(join(stateDir, "sources"), { recursive: true, mode: 0o700 });
  for (let slot = 0; slot < 16; slot++) {
    const root = join(stateDir, "sources", slot ? `${id}-${slot}` : id);
    mkdirSync(root, { recursive: true, mode: 0o700 });
    const owner = join(root, "owner.pid");
    try {
      const other = Number(readFileSync(owner, "utf8"));
      if (Number.isInteger(other) && other > 0 && other !== process.pid && alive(other)) continue;
      rmSync(owner, { force: true });
    } catch {}
    try {
      closeSync(openSync(owner, "wx", 0o600));
    } catch {
      continue; // another process took it just now
    }
    writeFileSync(owner, String(process.pid));
    return { root, release: () => rmSync(owner, { force: true }) };
  }
  throw new Error("sixteen processes already mirror this source in this state folder");
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === "EPERM";
  }
}

const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

export class S3Source {
  readonly label: string;
  readonly mirror: Mirror;
  readonly statusFile: string;
  private clientMade: Promise<S3Client> | null = null;
  private share: PgShare | null = null;
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;
  private again = false;
  private closed = false;
  private readonly status: SourceStatus;

  private constructor(
    readonly loc: S3Location,
    private readonly id: string,
    root: string,
    private readonly release: () => void,
    private readonly opts: S3SourceOptions,
  ) {
    this.label = s3Label(loc);
    this.mirror = new Mirror(root, loc.prefix.split("/").filter(Boolean).pop() ?? loc.bucket);
    this.statusFile = join(root, "status.json");
    this.status = {
      source: this.label,
      role: opts.database ? "follower" : "direct",
      pollSeconds: opts.pollSeconds ?? DEFAULT_POLL_SECONDS,
      problem: null,
      lastPollAt: null,
      lastOkAt: null,
      objects: this.mirror.size,
      fetched: 0,
      fromDatabase: 0,
      skipped: { count: 0, first: [] },
    };
  }

  /** The folder every reader reads: the mirror of the prefix. */
  get dir(): string {
    return this.mirror.filesDir;
  }

  static open(url: string, opts: S3SourceOptions): S3Source {
    const loc = parseS3Url(url);
    const id = sourceId(loc, s3Endpoint(opts.env ?? process.env));
    const { root, release } = claimMirrorRoot(opts.stateDir, id);
    return new S3Source(loc, id, root, release, opts);
  }

  /**
   * The first pass, retried a few times with backoff; a source that still fails is not an error here:
   * the server starts, and its problem is named in /api/health and the runs list until a poll succeeds.
   * With a database, a replica that does not ingest waits (bounded) for the ingester's first pass.
   */
  async firstPass(): Promise<SourceStatus> {
    for (let attempt = 1; attempt <= FIRST_PASS_TRIES; attempt++) {
      await this.pass();
      if (!this.status.problem || !isTransient(this.status.problem)) break;
      if (attempt < FIRST_PASS_TRIES) await sleep(1000 * 2 ** (attempt - 1));
    }
    if (this.share && !this.share.ingester && !this.status.problem) {
      const until = Date.now() + WAIT_FOR_INGESTER_MS;
      while ((await this.share.passes().catch(() => 1)) === 0 && Date.now() < until && !this.closed) {
        await sleep(500);
        await this.pass();
      }
      await this.pass();
    }
    return this.snapshot();
  }

  /** Polls from now on; with a database, also follows the table as soon as the ingester notifies. */
  follow(): void {
    if (this.timer || this.closed) return;
    this.timer = setInterval(() => void this.pass(), this.status.pollSeconds * 1000);
    this.timer.unref();
  }

  snapshot(): SourceStatus {
    return { ...this.status, skipped: { ...this.status.skipped } };
  }

  /** One pass; passes never overlap (a notification during one runs another after it). */
  pass(): Promise<void> {
    if (this.running) {
      this.again = true;
      return this.running;
    }
    this.running = this.passOnce().finally(() => {
      this.running = null;
      if (this.again && !this.closed) {
        this.again = false;
        void this.pass();
      }
    });
    return this.running;
  }

  private async passOnce(): Promise<void> {
    if (this.closed) return;
    const before = this.mirror.counts.fetched;
    this.status.lastPollAt = Date.now();
    try {
      this.clientMade ??= makeS3Client(this.opts.env ?? process.env);
      const client = await this.clientMade;
      if (this.opts.database) await this.sharedPass(client);
      else await syncFromS3(client, this.loc, this.mirror, this.opts.recordings);
      this.status.problem = null;
      this.status.lastOkAt = Date.now();
    } catch (err) {
      const problem = this.opts.database && isDatabaseError(err) ? databaseProblem(err) : sourceProblemOf(err);
      if (problem.message !== this.status.problem?.message) this.opts.log?.(`${this.label}: ${problem.message}`);
      this.status.problem = problem;
      if (this.share && isDatabaseError(err)) await this.dropShare();
    }
    this.status.fetched += this.mirror.counts.fetched - before;
    this.status.objects = this.mirror.size;
    this.status.skipped = { count: this.mirror.skipped.length, first: this.mirror.skipped.slice(0, 10) };
    this.writeStatus();
  }

  private async sharedPass(client: S3Client): Promise<void> {
    this.share ??= await PgShare.open(
      this.id,
      this.opts.database as string,
      () => void this.pass(),
      () => void this.dropShare(),
    );
    const share = this.share;
    if (await share.tryIngest()) {
      this.status.role = "ingester";
      await share.ingest(client, this.loc, this.mirror);
    } else this.status.role = "follower";
    const before = this.mirror.counts.fetched;
    await share.follow(client, this.loc, this.mirror);
    if (!share.ingester) this.status.fromDatabase += this.mirror.counts.fetched - before;
  }

  /** A lost database session: the next pass opens another (and may take the ingest over). */
  private async dropShare(): Promise<void> {
    const share = this.share;
    this.share = null;
    await share?.close();
  }

  private writeStatus(): void {
    try {
      const tmp = `${this.statusFile}.${process.pid}.tmp`;
      writeFileSync(tmp, JSON.stringify(this.status), { mode: 0o600 });
      renameSync(tmp, this.statusFile);
    } catch {}
  }

  async close(): Promise<void> {
    this.closed = true;
    if (this.timer) clearInterval(this.timer);
    await this.running?.catch(() => {});
    await this.dropShare();
    if (this.clientMade) (await this.clientMade.catch(() => null))?.destroy();
    this.release();
  }
}

/** Errors of node-postgres carry a SQLSTATE `code` of five characters, or are connection failures without a `$metadata`. */
function isDatabaseError(err: unknown): boolean {
  const e = err as { code?: unknown; $metadata?: unknown };
  return !e?.$metadata && (typeof e?.code === "string" ? /^[0-9A-Z]{5}$/.test(e.code) || /^E[A-Z]+$/.test(e.code) : true);
}
