/** Starts the index, watcher and ledger when the server boots, so indexing progress shows in the terminal at once. */
export async function register() {
  if (process.env.NEXT_RUNTIME !== "nodejs" || process.env.NEXT_PHASE === "phase-production-build") return;
  if (!process.env.RESULTS_DIR) return;
  const { getStore } = await import("@/lib/server/live/store");
  getStore();
  // The triage ledger (its SQLite file or PostgreSQL schema) is created and migrated at start.
  const { getLedger } = await import("@/lib/server/ledger/instance");
  void getLedger().catch(() => {});
}
