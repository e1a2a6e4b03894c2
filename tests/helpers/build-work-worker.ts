/** Vitest global setup: the work pool's worker bundle (lib/server/work), up to date, for the views that run jobs off the main thread. */
export default async function setup(): Promise<void> {
  // @ts-expect-error: a plain .mjs module of the CLI, without types
  const { compiledWorkWorker } = (await import("../../bin/compile-cli.mjs")) as { compiledWorkWorker: () => Promise<string> };
  process.env.VOICE_EVAL_WORK_SCRIPT = await compiledWorkWorker();
}
