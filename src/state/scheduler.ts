/**
 * Timers, injected into the store (`createAppStore`) so that tests drive time by hand
 * (fakes.node.ts `manualScheduler`) and a disposed store leaves no timer behind.
 * One method that returns its own cancel, rather than setTimeout/clearTimeout ids: no handle type
 * to thread through (Node and browsers disagree on it), and a cancel cannot hit another timer.
 */
export interface Scheduler {
  /** Runs `run` once after `ms` milliseconds; the returned function cancels it (a no-op once run). */
  after(ms: number, run: () => void): () => void;
}

/** The host's timers (`setTimeout` in browsers and Node). */
export const hostScheduler: Scheduler = {
  after(ms, run) {
    const id = setTimeout(run, ms);
    return () => clearTimeout(id);
  },
};

/** A scheduler over `base` that can cancel every timer still pending (the store's `dispose`). */
export function trackedScheduler(base: Scheduler): Scheduler & { cancelAll(): void } {
  const pending = new Set<() => void>();
  return {
    after(ms, run) {
      const cancel = base.after(ms, () => {
        pending.delete(cancel);
        run();
      });
      pending.add(cancel);
      return () => {
        pending.delete(cancel);
        cancel();
      };
    },
    cancelAll() {
      for (const cancel of [...pending]) cancel();
      pending.clear();
    },
  };
}
