/**
 * A write made once a burst of changes is over: `delayMs` after the last `soon()`, or when the process
 * exits before that (`writeAtExit`, synchronous: nothing asynchronous runs at exit). The index cache's
 * savers (runs, runs-list items, trend facts) share it.
 */
import "server-only";

export class DelayedWrite {
  #timer: NodeJS.Timeout | null = null;

  constructor(
    private readonly delayMs: number,
    private readonly write: () => void,
    private readonly writeAtExit: () => void = write,
  ) {}

  /** Something changed: written once the burst is over. */
  soon(): void {
    if (this.#timer) clearTimeout(this.#timer);
    else process.once("exit", this.#atExit);
    this.#timer = setTimeout(() => {
      this.cancel();
      this.write();
    }, this.delayMs);
    this.#timer.unref?.();
  }

  /** A write is waiting for the burst to end. */
  get pending(): boolean {
    return this.#timer !== null;
  }

  /** Nothing waits any more (the caller writes now, or has nothing to write). */
  cancel(): void {
    if (this.#timer) clearTimeout(this.#timer);
    this.#timer = null;
    process.removeListener("exit", this.#atExit);
  }

  // The write sees the change still pending (a flush writes only then), and cancels it itself.
  readonly #atExit = (): void => {
    this.writeAtExit();
    this.cancel();
  };
}
