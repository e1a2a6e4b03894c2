/**
 * `s3://bucket/prefix` wherever a folder is accepted: the commands read a mirror of it in the state
 * folder (lib/server/source), made before they start; `mcp`, which lives on, keeps it polled.
 */
import { defaultStateDir } from "@/lib/server/ledger/config";
import { isS3Url } from "@/lib/server/source/s3-location";
import type { S3Source } from "@/lib/server/source/s3-source";

type Env = Record<string, string | undefined>;

/** The state folder the commands use: VOICE_EVAL_STATE_DIR, else the user's. */
function stateDirOf(env: Env): string {
  return env.VOICE_EVAL_STATE_DIR || defaultStateDir(env);
}

/**
 * Runs `command` with each `s3://` argument replaced by its mirror's folder. A source that cannot be
 * read is named on stderr (exit 2), never a crash. `follow`: keep the mirrors polled while the command
 * runs; `recordings`: fetch the recordings too (the command analyses them).
 */
export async function withS3Sources(
  name: string,
  args: string[],
  command: (args: string[]) => Promise<number>,
  opts: { follow?: boolean; recordings?: boolean; env?: Env } = {},
): Promise<number> {
  if (!args.some(isS3Url)) return command(args);
  const env = opts.env ?? process.env;
  // Loaded here only: the AWS SDK stays out of a folder's start.
  const { pollSecondsOf, S3Source } = await import("@/lib/server/source/s3-source");
  const sources: S3Source[] = [];
  try {
    const mapped: string[] = [];
    for (const arg of args) {
      if (!isS3Url(arg)) {
        mapped.push(arg);
        continue;
      }
      let source: S3Source;
      try {
        source = S3Source.open(arg, { stateDir: stateDirOf(env), env, recordings: opts.recordings, pollSeconds: pollSecondsOf(env.VOICE_EVAL_POLL_SECONDS) });
      } catch (err) {
        // A malformed address, or a state folder that cannot hold the mirror.
        process.stderr.write(`${name}: ${(err as Error).message}\n`);
        return 2;
      }
      sources.push(source);
      const status = await source.firstPass();
      if (status.problem) {
        process.stderr.write(`${name}: ${source.label}: ${status.problem.message}\n`);
        return 2;
      }
      if (opts.follow) source.follow();
      mapped.push(source.dir);
    }
    return await command(mapped);
  } finally {
    for (const s of sources) await s.close();
  }
}
