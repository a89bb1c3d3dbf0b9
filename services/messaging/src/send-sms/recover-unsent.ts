// Crash safety: texts whose sms_logs row committed but whose send was never recorded
// (the process died in between, or gave up) are sent again, after asking the provider
// whether it already has them. The hot path does not spend a transaction on marking a row
// `sending` before the provider call, so `queued` rows are checked with the provider too.
import type { Clock, Logger } from "@rebound/platform";
import type { MessagingDb } from "../store/messaging-db";
import type { SmsLogRepository } from "../store/sms-log.repository";
import type { SmsSender } from "./sms-sender";

const BATCH = 200;

export interface RecoverUnsentDeps {
  db: MessagingDb;
  smsLogs: SmsLogRepository;
  sender: SmsSender;
  clock: Clock;
  logger: Logger;
  leaseMs: number;
}

export class RecoverUnsent {
  constructor(private readonly deps: RecoverUnsentDeps) {}

  /**
   * Claims unfinished rows and queues them. `ignoreLease` is for start-up on a database only
   * this process can open (PGlite): no other process can own a lease then.
   */
  async run(ignoreLease: boolean): Promise<number> {
    const { db, smsLogs, sender, clock, logger, leaseMs } = this.deps;
    let recovered = 0;
    const now = clock.now();
    // One lease end for the whole run: rows claimed by an earlier batch carry it and are not taken again.
    const leaseUntil = new Date(now.getTime() + leaseMs);
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
}
