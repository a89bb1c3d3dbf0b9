// A text's sms_logs row is leased to the process sending it, so another replica's recovery
// leaves it alone. The lease is short and renewed while the send is in flight: a replica
// that dies stops renewing, and its texts are taken over once the lease lapses, instead of
// waiting out a lease long enough to cover the slowest send with all its retries.
import type { Clock } from "@rebound/platform";
import type { MessagingDb } from "../store/messaging-db";
import type { SmsLogRepository } from "../store/sms-log.repository";
import type { SmsSender } from "./sms-sender";

export interface RenewSendLeasesDeps {
  db: MessagingDb;
  smsLogs: SmsLogRepository;
  sender: SmsSender;
  clock: Clock;
  leaseMs: number;
}

export class RenewSendLeases {
  constructor(private readonly deps: RenewSendLeasesDeps) {}

  /** Extends the lease of every text this process is still sending; returns how many rows were extended. */
  async run(): Promise<number> {
    const { db, smsLogs, sender, clock, leaseMs } = this.deps;
    const ids = sender.inFlightIds();
    if (ids.length === 0) return 0;
    return smsLogs.renewLeases(db.client, ids, new Date(clock.now().getTime() + leaseMs));
  }
}
