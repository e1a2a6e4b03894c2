/**
 * `npm start -- s3://bucket/prefix`: the command (bin/voice-eval-dashboard.mjs) makes the mirror
 * before the first scan and keeps it in step while the server runs (polling the store, or following
 * the replicas' shared table with `--database`); the server reads the mirror's folder as any other.
 */
import { defaultStateDir } from "@/lib/server/ledger/config";
import type { SourceStatus } from "@/lib/server/source/status";

export interface ServeSource {
  /** The mirror's folder: the server's RESULTS_DIR. */
  dir: string;
  /** `s3://bucket/prefix`, what the banner and pages show. */
  label: string;
  /** The mirror's own folder (its manifest): the server fetches a recording the mirror lists but lacks on its first request. */
  root: string;
  /** Where the source's status is written after each pass, for /api/health and the runs list. */
  statusFile: string;
  status: SourceStatus;
  close(): Promise<void>;
}

export async function openServeSource(
  url: string,
  opts: { stateDir?: string; database?: string | null; pollSeconds?: string; log: (line: string) => void },
): Promise<ServeSource> {
  // Loaded here only: the AWS SDK stays out of a folder's start.
  const { pollSecondsOf, S3Source } = await import("@/lib/server/source/s3-source");
  const source = S3Source.open(url, {
    stateDir: opts.stateDir || defaultStateDir(),
    database: opts.database,
    pollSeconds: pollSecondsOf(opts.pollSeconds),
    log: opts.log,
  });
  const status = await source.firstPass();
  source.follow();
  return { dir: source.dir, label: source.label, root: source.mirror.root, statusFile: source.statusFile, status, close: () => source.close() };
}
