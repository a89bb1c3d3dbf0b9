// What telephony's use cases, handlers and jobs receive: built once in service.ts.
import type { Clock, DurableSpool, Logger } from "@rebound/platform";
import type { SecretBox } from "./domain/secret-box";
import type { TelephonyProvider } from "@rebound/providers/telephony";
import type { TextingRegistrationProvider } from "@rebound/providers/telephony";
import type { TelephonyServiceConfig } from "./config";
import type { DirectorySync } from "./read-model/directory-sync";
import type { ForwardingTestWaiters } from "./forwarding-test/forwarding-test-waiters";
import type { BusinessDirectoryRepository } from "./store/business-directory.repository";
import type { CallRepository } from "./store/call.repository";
import type { EntitlementRepository } from "./store/entitlement.repository";
import type { ForwardingTestRepository } from "./store/forwarding-test.repository";
import type { ForwardingWatchdogRepository } from "./store/forwarding-watchdog.repository";
import type { PhoneNumberRepository } from "./store/phone-number.repository";
import type { ReleaseRepository } from "./store/release.repository";
import type { TelephonyDb } from "./store/telephony-db";
import type { TextingAccountRepository } from "./store/texting-account.repository";
import type { TextingRegistrationRepository } from "./store/texting-registration.repository";
import type { VoicemailRepository } from "./store/voicemail.repository";
import type { CallRecorder } from "./voice-webhook/call-recorder";
import type { CallReconciler } from "./reconciliation/reconcile-calls.job";
import type { SpooledWebhook } from "./voice-webhook/call-spool";

export interface TelephonyDeps {
  db: TelephonyDb;
  calls: CallRepository;
  forwardingTests: ForwardingTestRepository;
  /** The forwarding watchdog's table and its reads of calls and tests. */
  watchdog: ForwardingWatchdogRepository;
  phoneNumbers: PhoneNumberRepository;
  releases: ReleaseRepository;
  businesses: BusinessDirectoryRepository;
  entitlements: EntitlementRepository;
  textingAccounts: TextingAccountRepository;
  textingRegistrations: TextingRegistrationRepository;
  voicemails: VoicemailRepository;
  provider: TelephonyProvider;
  /**
   * The provider's texting registration side (subaccounts, brand, campaign): Twilio's, or the carrier
   * simulator's. Undefined: not available here (numbers are bought in the main account, registration answers 503).
   */
  registration: TextingRegistrationProvider | undefined;
  /** Seals the subaccounts' auth tokens and the registrations' private data (TEXTING_SECRET_KEY). */
  secrets: SecretBox;
  /** TEXTING_REGISTRATION_REQUIRED (telephony provider setting): the voice answer promises no text to US callers until approved. */
  textingRegistrationRequired: boolean;
  config: TelephonyServiceConfig;
  /** Our forwarding-test caller (TWILIO_TEST_CALLER_NUMBER, a telephony provider setting). */
  testCallerNumber: string;
  /** Our gateway's public URL (webhook URLs are built from it). */
  publicBaseUrl(): string;
  sync: DirectorySync;
  /** The voice webhook's group-committed writer. */
  recorder: CallRecorder;
  /** Calls (and voicemail callbacks) kept on disk while the database was unreachable (call-spool.ts). */
  callSpool: DurableSpool<SpooledWebhook>;
  waiters: ForwardingTestWaiters;
  /** Reconciliation from the provider: records the calls whose voice webhook failed (its run() is the job's). */
  reconciler: CallReconciler;
  clock: Clock;
  logger: Logger;
}
