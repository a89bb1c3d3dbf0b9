// A text's sms_logs row is leased to the process sending it, so another replica's recovery
// leaves it alone. The lease is short and renewed while the send is in flight: a replica
// that dies stops renewing, and its texts are taken over once the lease lapses, instead of
// waiting out a lease long enough to cover the slowest send with all its retries.
import type { MessagingDeps } from "../messaging-deps";

/** Extends the lease of every text this process is still sending; returns how many rows were extended. */
export async function renewSendLeases(deps: MessagingDeps): Promise<number> {
  const ids = deps.sender.inFlightIds();
  if (ids.length === 0) return 0;
  return deps.smsLogs.renewLeases(ids, new Date(deps.clock.now().getTime() + deps.settings.leaseMs));
}
