import type { Logger } from "../logging/logger";

/** Background work a service runs on an interval (releases, relays, reconciliation). */
export interface JobDefinition {
  name: string;
  intervalMs: number;
  run(): Promise<void>;
}

/** Runs each job on its interval, never overlapping itself; stop() waits for runs in progress. */
export function startJobs(jobs: JobDefinition[], logger: Logger): { stop(): Promise<void> } {
  let stopped = false;
  const timers: NodeJS.Timeout[] = [];
  const running = new Set<Promise<void>>();
  for (const job of jobs) {
    const tick = () => {
      if (stopped) return;
      const run = job
        .run()
        .catch((error: unknown) => logger.error({ err: error, job: job.name }, "job failed"))
        .finally(() => {
          running.delete(run);
          if (!stopped) timers.push(setTimeout(tick, job.intervalMs));
        });
      running.add(run);
    };
    timers.push(setTimeout(tick, job.intervalMs));
  }
  return {
    stop: async () => {
      stopped = true;
      timers.forEach(clearTimeout);
      await Promise.all([...running]);
    },
  };
}
