// Crash safety: texts whose sms_logs row committed but whose send was never recorded
// (the process died in between, or gave up) are sent again, after asking the provider
// whether it already has them. The hot path does not spend a transaction on marking a row
// `sending` before the provider call, so `queued` rows are checked with the provider too.
import type { MessagingDeps } from "../messaging-deps";

const BATCH = 200;

/**
 * Claims unfinished rows and queues them. `ignoreLease` is for start-up on a database only
 * this process can open (PGlite): no other process can own a lease then.
 */
export async function recoverUnsent(deps: MessagingDeps, ignoreLease: boolean): Promise<number> {
  const { db, smsLogs, sender, clock, logger } = deps;
  let recovered = 0;
  const now = clock.now();
  // One lease end for the whole run: rows claimed by an earlier batch carry it and are not taken again.
  const leaseUntil = new Date(now.getTime() + deps.settings.leaseMs);
  for (;;) {
    const rows = await db.transaction((tx) => smsLogs.claimUnfinished(tx, { now, leaseUntil, ignoreLease, limit: BATCH }));
    for (const row of rows) {
      if (sender.isInFlight(row.id)) continue;
      sender.enqueue(row, true);
      recovered++;
    }
    if (rows.length < BATCH) break;
  }
  if (recovered > 0) logger.info({ recovered }, "resuming sms sends left unfinished");
  return recovered;
}
