import type { Clock, JobDefinition, Logger } from "@rebound/platform";
import type { SessionRepository } from "../store/session.repository";

export function pruneSessionsJob(sessions: SessionRepository, clock: Clock, logger: Logger, intervalMs = 10 * 60_000): JobDefinition {
  return {
    name: "gateway:prune-sessions",
    intervalMs,
    run: async () => {
      const pruned = await sessions.deleteExpired(clock.now());
      if (pruned > 0) logger.info({ pruned }, "expired sessions pruned");
    },
  };
}
