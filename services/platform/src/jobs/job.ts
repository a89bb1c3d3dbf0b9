import { isConnectionError } from "../db/connection-errors";
import type { Logger } from "../logging/logger";
import { backoffDelay } from "../retry/retry";

/** Background work a service runs on an interval (releases, relays, reconciliation). */
export interface JobDefinition {
  name: string;
  intervalMs: number;
  run(): Promise<void>;
}

/** The longest pause between runs of a job whose database (or bus) is unreachable. */
export const JOB_OUTAGE_MAX_DELAY_MS = 10_000;

/**
 * Runs each job on its interval, never overlapping itself; stop() waits for runs in progress.
 * A run that fails because the database or another backing service is unreachable logs a
 * warning and the job waits longer before the next (its interval doubling per failure, at
 * most 10 s) until a run succeeds; any other failure is an error and the interval stays.
 */
export function startJobs(jobs: JobDefinition[], logger: Logger, options: { outageMaxDelayMs?: number } = {}): { stop(): Promise<void> } {
  let stopped = false;
  const timers = new Set<NodeJS.Timeout>();
  const running = new Set<Promise<void>>();
  const schedule = (tick: () => void, delayMs: number) => {
    const timer = setTimeout(() => {
      timers.delete(timer);
      tick();
    }, delayMs);
    timers.add(timer);
  };
  for (const job of jobs) {
    let outageFailures = 0;
    const tick = () => {
      if (stopped) return;
      const run = Promise.resolve()
        .then(() => job.run())
        .then(
          () => {
            if (outageFailures > 0) logger.info({ job: job.name, failures: outageFailures }, "job recovered");
            outageFailures = 0;
          },
          (error: unknown) => {
            if (isConnectionError(error)) {
              outageFailures++;
              logger.warn({ err: error, job: job.name, failures: outageFailures }, "job failed: a backing service is unreachable; backing off");
            } else {
              outageFailures = 0;
              logger.error({ err: error, job: job.name }, "job failed");
            }
          },
        )
        .finally(() => {
          running.delete(run);
          const delayMs =
            outageFailures === 0
              ? job.intervalMs
              : backoffDelay(
                  { baseDelayMs: job.intervalMs, maxDelayMs: Math.max(job.intervalMs, options.outageMaxDelayMs ?? JOB_OUTAGE_MAX_DELAY_MS) },
                  outageFailures + 1,
                );
          if (!stopped) schedule(tick, delayMs);
        });
      running.add(run);
    };
    schedule(tick, job.intervalMs);
  }
  return {
    stop: async () => {
      stopped = true;
      timers.forEach(clearTimeout);
      timers.clear();
      await Promise.all([...running]);
    },
  };
}
