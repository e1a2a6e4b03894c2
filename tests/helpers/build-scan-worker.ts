/** Vitest global setup: the scan worker bundle the index's first scan runs in its threads, up to date. */
export default async function setup(): Promise<void> {
  // @ts-expect-error: a plain .mjs module of the CLI, without types
  const { compiledScanWorker } = (await import("../../bin/compile-cli.mjs")) as { compiledScanWorker: () => Promise<string> };
  process.env.VOICE_EVAL_SCAN_WORKER = await compiledScanWorker();
}
