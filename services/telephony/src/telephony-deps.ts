// What telephony's use cases, handlers and jobs receive: built once in service.ts.
import type { Clock, Logger, TelephonyProvider } from "@rebound/platform";
import type { TelephonyServiceConfig } from "./config";
import type { DirectorySync } from "./read-model/directory-sync";
import type { ForwardingTestWaiters } from "./forwarding-test/forwarding-test-waiters";
import type { BusinessDirectoryRepository } from "./store/business-directory.repository";
import type { CallRepository } from "./store/call.repository";
import type { EntitlementRepository } from "./store/entitlement.repository";
import type { ForwardingTestRepository } from "./store/forwarding-test.repository";
import type { PhoneNumberRepository } from "./store/phone-number.repository";
import type { ReleaseRepository } from "./store/release.repository";
import type { TelephonyDb } from "./store/telephony-db";
import type { CallRecorder } from "./voice-webhook/call-recorder";

export interface TelephonyDeps {
  db: TelephonyDb;
  calls: CallRepository;
  forwardingTests: ForwardingTestRepository;
  phoneNumbers: PhoneNumberRepository;
  releases: ReleaseRepository;
  businesses: BusinessDirectoryRepository;
  entitlements: EntitlementRepository;
  provider: TelephonyProvider;
  config: TelephonyServiceConfig;
  /** Our forwarding-test caller (TWILIO_TEST_CALLER_NUMBER, a telephony provider setting). */
  testCallerNumber: string;
  /** Our gateway's public URL (webhook URLs are built from it). */
  publicBaseUrl(): string;
  sync: DirectorySync;
  /** The voice webhook's group-committed writer. */
  recorder: CallRecorder;
  waiters: ForwardingTestWaiters;
  clock: Clock;
  logger: Logger;
}
