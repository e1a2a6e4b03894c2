/**
 * Debounced tasks by key: a burst of events for one key runs its task once, and a key's task never
 * runs twice at the same time (an event during a run schedules one more run after it). With
 * `quiet`, each new event pushes the run back until the key has been quiet that long, but never
 * later than `maxDelay` after the first event.
 */
import "server-only";

interface Slot {
  timer: NodeJS.Timeout | null;
  running: Promise<void> | null;
  again: boolean;
  task: () => Promise<void> | void;
  delay: number;
  quiet: boolean;
  firstAt: number;
  maxDelay: number;
}

export interface ScheduleOptions {
  delayMs?: number;
  /** Wait for `delayMs` without a new event (up to `maxDelayMs` after the first). */
  quiet?: boolean;
  maxDelayMs?: number;
}

export class KeyedScheduler {
  private readonly slots = new Map<string, Slot>();
  private closed = false;

  constructor(private readonly defaultDelayMs: number) {}

  schedule(key: string, task: () => Promise<void> | void, options: ScheduleOptions = {}): void {
    if (this.closed) return;
    const slot = this.slots.get(key);
    if (slot) {
      slot.task = task;
      if (slot.running) slot.again = true;
      else if (slot.quiet && slot.timer) {
        clearTimeout(slot.timer);
        const wait = Math.max(0, Math.min(slot.delay, slot.firstAt + slot.maxDelay - Date.now()));
        slot.timer = setTimeout(() => this.run(key, slot), wait);
      }
      return;
    }
    const delay = options.delayMs ?? this.defaultDelayMs;
    const fresh: Slot = {
      timer: null,
      running: null,
      again: false,
      task,
      delay,
      quiet: options.quiet ?? false,
      firstAt: Date.now(),
      maxDelay: options.maxDelayMs ?? delay * 5,
    };
    this.slots.set(key, fresh);
    fresh.timer = setTimeout(() => this.run(key, fresh), delay);
  }

  private run(key: string, slot: Slot): void {
    slot.timer = null;
    slot.running = (async () => {
      try {
        await slot.task();
      } catch (error) {
        console.error(`[index] ${key}: ${error instanceof Error ? error.message : String(error)}`);
      }
    })().then(() => {
      slot.running = null;
      if (slot.again && !this.closed) {
        slot.again = false;
        slot.firstAt = Date.now();
        slot.timer = setTimeout(() => this.run(key, slot), slot.delay);
      } else {
        this.slots.delete(key);
      }
    });
  }

  get size(): number {
    return this.slots.size;
  }

  /** Resolves when no task is pending or running. */
  async idle(): Promise<void> {
    while (this.slots.size > 0) {
      await new Promise((r) => setTimeout(r, 5));
    }
  }

  close(): void {
    this.closed = true;
    for (const slot of this.slots.values()) if (slot.timer) clearTimeout(slot.timer);
    this.slots.clear();
  }
}
