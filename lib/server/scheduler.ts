/**
 * Debounced tasks by key: a burst of events for one key runs its task once, and a key's task never
 * runs twice at the same time (an event during a run schedules one more run after it).
 */
interface Slot {
  timer: NodeJS.Timeout | null;
  running: Promise<void> | null;
  again: boolean;
  task: () => Promise<void> | void;
  delay: number;
}

export class KeyedScheduler {
  private readonly slots = new Map<string, Slot>();
  private closed = false;

  constructor(private readonly defaultDelayMs: number) {}

  schedule(key: string, task: () => Promise<void> | void, delayMs = this.defaultDelayMs): void {
    if (this.closed) return;
    const slot = this.slots.get(key);
    if (slot) {
      slot.task = task;
      if (slot.running) slot.again = true;
      return;
    }
    const fresh: Slot = { timer: null, running: null, again: false, task, delay: delayMs };
    this.slots.set(key, fresh);
    fresh.timer = setTimeout(() => this.run(key, fresh), delayMs);
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
        slot.timer = setTimeout(() => this.run(key, slot), slot.delay);
      } else {
        this.slots.delete(key);
      }
    });
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
