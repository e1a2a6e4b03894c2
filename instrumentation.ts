/** Starts the index, watcher and ledger when the server boots, so indexing progress shows in the terminal at once. */
export async function register() {
  if (process.env.NEXT_RUNTIME !== "nodejs" || process.env.NEXT_PHASE === "phase-production-build") return;
  // It ends with the command that started it.
  const { commandPidFromEnv, endWithCommand } = await import("@/lib/server/live/command-lifeline");
  const commandPid = commandPidFromEnv();
  if (commandPid !== null) endWithCommand(commandPid);
  if (!process.env.RESULTS_DIR) return;
  const { getStore } = await import("@/lib/server/live/store");
  const store = getStore();
  // The triage ledger (its SQLite file or PostgreSQL schema) is created and migrated at start.
  const { getLedger } = await import("@/lib/server/ledger/instance");
  void getLedger().catch(() => {});
  // Timing rollups read every scenario's logs in the background, once the watcher is live and has
  // caught up (reading earlier delays its catch-up pass into the first page views).
  const { timingService } = await import("@/lib/server/timing/service");
  void store.watching.then(() => timingService(store.index));
}
