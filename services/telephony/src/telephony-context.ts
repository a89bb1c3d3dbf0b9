import type { Clock, Logger, TelephonyProvider } from "@rebound/platform";
import type { TelephonyServiceConfig } from "./config";
import type { DirectorySync } from "./directory/directory-sync";
import type { ForwardingTestWaiters } from "./forwarding-test/forwarding-test-waiters";
import type { TelephonyDb } from "./store/telephony-db";

/** What telephony's use cases share; built once in service.ts. */
export interface TelephonyContext {
  db: TelephonyDb;
  provider: TelephonyProvider;
  config: TelephonyServiceConfig;
  /** Our gateway's public URL (webhook URLs are built from it). */
  publicBaseUrl(): string;
  sync: DirectorySync;
  waiters: ForwardingTestWaiters;
  clock: Clock;
  logger: Logger;
}
