/**
 * The runs list's items as last made, kept in the index cache (`cache/index-cache`, in the state
 * folder): after a restart, a finished run whose files are all as they were is listed from its saved
 * item, and its states stay in the cache until a page needs them (see `cache/saved-runs`).
 *
 * An item is used only under the key it was made under: the code that made it (`CODE_HASH`), and a hash of the run's
 * run-level files, listing, last activity, `all_metrics.json` order (read or not) and every
 * scenario's signature, which are everything a finished run's list item is made from. A run that is
 * not finished is saved only once its state no longer moves with the clock (`settled`).
 */
import "server-only";
import { createHash } from "node:crypto";
import { STALLED_WINDOW_MS } from "@/lib/core/run-state";
import { RunListItemSchema, type RunListItem } from "@/lib/shared/dto";
import { DelayedWrite } from "../cache/delayed-write";
import { CODE_HASH } from "../cache/code-identity";
import { buildKeyPrefix, type IndexCache } from "../cache/index-cache";
import type { ResultsIndex, SavedItems } from "../model/results-index";
import { processCaches } from "../process-caches";
import type { RunModel } from "../model/run-model";

/** Items made in a burst (the first runs list) are written once, this long after the last. */
const SAVE_DELAY_MS = 1000;

interface Saved {
  key: string;
  item: RunListItem;
  /**
   * The runs list's new failures against the suite's runs before it (`views/run-changes`), under the
   * key of the list items they were counted from: a restart lists them without any run's trend facts.
   */
  changes?: { key: string; newFailures: number };
}

/** A run's key, kept for its revision: about 0.3 ms per 2,000 scenarios, 15 ms a runs list at 100,000 if made every time. */
const keys = () => processCaches().weak<RunModel, { revision: number; key: string }>("list-item-keys");

export function listItemKey(run: RunModel): string {
  const known = keys().get(run);
  if (known && known.revision === run.revision) return known.key;
  const hash = createHash("sha1").update(
    JSON.stringify([
      run.id,
      run.levelSignature,
      run.killedFolders,
      run.linked,
      run.lastActivityMs,
      run.allMetricsOrder === undefined ? "unread" : run.allMetricsOrder,
    ]),
  );
  // One string, one update: half the time of 4,000 small updates (0.3 against 0.6 ms for 2,000 scenarios).
  const parts: string[] = [];
  for (const name of run.scenarioNames()) parts.push(name, run.signatureOf(name) as string);
  hash.update(parts.join("\0"));
  // The code that made the item first: another build's items are not used, and counted (`IndexCache.otherBuild`).
  const key = buildKeyPrefix(CODE_HASH) + hash.digest("hex");
  keys().set(run, { revision: run.revision, key });
  return key;
}

export class SavedListItems implements SavedItems {
  readonly #byDir: Map<string, Saved>;
  /** Made or changed since the last save. */
  readonly #dirty = new Set<string>();
  readonly #write = new DelayedWrite(SAVE_DELAY_MS, () => this.save());
  constructor(
    private readonly index: ResultsIndex,
    private readonly cache: IndexCache,
  ) {
    this.#byDir = new Map();
    for (const [dir, saved] of cache.listItems<unknown>()) {
      if (isSaved(saved)) this.#byDir.set(dir, saved);
      else cache.reject("list_items", dir, "not a runs list item");
    }
  }

  /** Why the cache could not be read or written, if so (the list still works, from the runs' states). */
  get problem(): string | null {
    return this.cache.problem;
  }

  get(run: RunModel): RunListItem | null {
    const saved = settled(run) ? this.#byDir.get(run.dir) : undefined;
    return saved && saved.item.id === run.id && saved.key === listItemKey(run) ? saved.item : null;
  }

  newFailures(run: RunModel, key: string): number | null {
    const saved = this.#byDir.get(run.dir);
    return saved?.changes?.key === key && saved.key === listItemKey(run) ? saved.changes.newFailures : null;
  }

  putNewFailures(run: RunModel, key: string, newFailures: number): void {
    const saved = this.#byDir.get(run.dir);
    if (!saved || saved.key !== listItemKey(run) || (saved.changes?.key === key && saved.changes.newFailures === newFailures)) return;
    saved.changes = { key, newFailures };
    this.#dirty.add(run.dir);
    this.#write.soon();
  }

  put(run: RunModel, item: RunListItem): void {
    if (!settled(run) || (!run.finished && item.state !== "killed" && item.state !== "aborted")) return;
    const key = listItemKey(run);
    if (this.#byDir.get(run.dir)?.key === key) return;
    this.#byDir.set(run.dir, { key, item });
    this.#dirty.add(run.dir);
    this.#write.soon();
  }

  /** Writes the items of the runs still in the index, and forgets the others, in one transaction. */
  save(): void {
    this.#write.cancel();
    for (const dir of this.#byDir.keys()) if (!this.index.runAt(dir)) this.#byDir.delete(dir);
    const changed = [...this.#dirty].flatMap((dir) => {
      const saved = this.#byDir.get(dir);
      return saved ? [[dir, saved] as [string, Saved]] : [];
    });
    if (this.cache.saveListItems(changed, (dir) => this.#byDir.has(dir))) this.#dirty.clear();
  }
}

/**
 * Whether a run's list item no longer moves with the clock: finished, or quiet past the stalled
 * window (killed, or aborted, until its files change, which changes its key). A stalled run of
 * 10,000 scenarios was otherwise analysed again from its states at every restart.
 */
function settled(run: RunModel, nowMs = Date.now()): boolean {
  return run.finished || (run.lastActivityMs !== null && nowMs - run.lastActivityMs >= STALLED_WINDOW_MS);
}

/** A row is never trusted past its shape and its key: what the runs list and its page read of an item. */
function isSaved(x: unknown): x is Saved {
  const saved = x as { key?: unknown; item?: unknown; changes?: { key?: unknown; newFailures?: unknown } } | null;
  if (!saved || typeof saved.key !== "string" || !saved.item || typeof saved.item !== "object") return false;
  if (saved.changes !== undefined && (typeof saved.changes?.key !== "string" || !Number.isInteger(saved.changes.newFailures))) return false;
  // The item's one contract, as the API sends it (kept as JSON: a NaN in a mean's sum comes back as null, which the schema takes).
  return RunListItemSchema.safeParse(saved.item).success;
}
