import { type billingV1, timestampFromDate, type EventPayloadInit, type EventType } from "@rebound/contracts";
import type { TextingRegistrationView } from "@rebound/contracts/domain";
import {
  createPendingEvent,
  INTERNAL_USER_HEADER,
  signInternalUser,
  startServices,
  toBusRecord,
  type PlatformRuntime,
  type RunningServices,
} from "@rebound/platform";
import { CarrierSimulator, MemoryJournal } from "@rebound/carrier-simulator";
import { createTestRuntime, EventRecorder, type FakeClock } from "@rebound/testing";
import type { TelephonyProvider } from "@rebound/providers/telephony";
import type { TextingRegistrationProvider } from "@rebound/providers/telephony";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pino from "pino";
import type { TelephonyServiceConfig } from "../src/config";
import { createTelephonyService, type TelephonyService, type TelephonyServiceDeps } from "../src/service";
import { advanceTextingRegistrations } from "../src/texting-registration/advance-texting-registrations.job";

/** What a test may swap: the providers (default: the carrier simulator for both), the clock, the provider settings. */
export interface HarnessOptions {
  provider?: TelephonyProvider;
  registration?: TextingRegistrationProvider;
  clock?: FakeClock;
  telephony?: TelephonyServiceDeps["telephony"];
}

export const AUTH_TOKEN = "dev-auth-token";
export const RECORDED_TYPES: EventType[] = [
  "PhoneNumberPurchased",
  "PhoneNumberReleased",
  "CallReceived",
  "CallMissed",
  "ForwardingTestCompleted",
  "TextingRegistrationChanged",
  "VoicemailRecorded",
  "VoicemailTranscribed",
  "VoicemailDeleted",
];

/** Test settings: short forwarding waits, background jobs out of the way. */
export const FAST_CONFIG: Partial<TelephonyServiceConfig> = {
  FORWARDING_TEST_WINDOW_SECONDS: 3,
  FORWARDING_TEST_GRACE_MS: 50,
  RELEASE_JOB_INTERVAL_MS: 3_600_000,
  DIRECTORY_REFRESH_MS: 3_600_000,
  // Tests advance registrations by hand (advanceTextingRegistrations).
  TEXTING_REGISTRATION_TICK_MS: 600_000,
};

/** A standard brand's answers to the texting registration form (POST /api/texting-registration). */
export const STANDARD_REGISTRATION = {
  kind: "standard",
  legalName: "Acme Plumbing LLC",
  ein: "12-3456789",
  businessType: "Limited Liability Corporation",
  industry: "CONSTRUCTION",
  website: "https://acme-plumbing.example",
  street: "1 Main St",
  city: "Austin",
  region: "tx",
  postalCode: "78701",
  country: "US",
  contactFirstName: "Dana",
  contactLastName: "Reyes",
  contactEmail: "dana@acme-plumbing.example",
  contactPhone: "(512) 555-0142",
};

/** Telephony alone on port 0 with the carrier simulator, posting its webhooks straight to the service (no gateway). */
export class TelephonyHarness {
  readonly logs: Record<string, unknown>[] = [];
  runtime!: PlatformRuntime;
  /** Where calls wait while the database is unreachable (a folder of this harness's own). */
  readonly spoolDir = mkdtempSync(join(tmpdir(), "telephony-spool-"));
  simulator!: CarrierSimulator;
  service!: TelephonyService;
  running!: RunningServices;
  recorder!: EventRecorder;

  get url(): string {
    return this.running.url;
  }

  async start(config: Partial<TelephonyServiceConfig> = {}, options: HarnessOptions = {}): Promise<this> {
    const logger = pino({ level: "info" }, { write: (line: string) => void this.logs.push(JSON.parse(line) as Record<string, unknown>) });
    this.runtime = await createTestRuntime({ migrate: [join(__dirname, "..")], logger, ...(options.clock ? { clock: options.clock } : {}) });
    this.simulator = new CarrierSimulator({
      authToken: AUTH_TOKEN,
      publicBaseUrl: () => this.url,
      journal: new MemoryJournal(),
      logger,
      deliveryStepMs: 1,
      // The carriers' verdicts on a brand and a campaign come at once: registerTexting needs no waiting.
      a2pBrandApprovalMs: 0,
      a2pCampaignApprovalMs: 0,
    });
    this.service = createTelephonyService(this.runtime, {
      provider: options.provider ?? this.simulator,
      ...(options.registration ? { registration: options.registration } : {}),
      ...(options.telephony ? { telephony: options.telephony } : {}),
      config: { ...FAST_CONFIG, ...config },
      publicBaseUrl: () => this.url,
      spoolDir: this.spoolDir,
    });
    const router = this.service.router;
    if (!router) throw new Error("telephony has a router");
    this.running = await startServices(this.runtime, [this.service], { port: 0, mount: (app) => app.use(router) });
    this.recorder = await EventRecorder.start(this.runtime.bus, RECORDED_TYPES);
    return this;
  }

  async stop(): Promise<void> {
    await this.recorder.stop();
    await this.running.stop();
    await this.simulator.close();
    rmSync(this.spoolDir, { recursive: true, force: true });
  }

  userHeader(userId: string): Record<string, string> {
    return { [INTERNAL_USER_HEADER]: signInternalUser({ id: userId, email: `${userId}@example.com` }, this.runtime.config.INTERNAL_AUTH_SECRET) };
  }

  /** Publishes an event on the bus as its owning service would. */
  async publish<T extends EventType>(type: T, key: string, payload: EventPayloadInit<T>, id?: string): Promise<string> {
    const event = createPendingEvent(type, key, payload, new Date());
    const record = toBusRecord(id ? { ...event, id } : event);
    await this.runtime.bus.publish([record]);
    return id ?? event.id;
  }

  /**
   * UserRegistered (with a card unless `withoutCard`: trialing) and BusinessCreated, then waits until
   * telephony's directory knows the owner and their subscription.
   */
  async createBusiness(
    businessId: string,
    userId: string,
    options: { businessPhone?: string; answerCalls?: boolean; withoutCard?: boolean; voicemailEnabled?: boolean } = {},
  ): Promise<void> {
    await this.publish("UserRegistered", userId, {
      userId,
      email: `${userId}@example.com`,
      paymentMethodId: options.withoutCard ? "" : "pm_card_visa",
      registeredAt: timestampFromDate(new Date()),
    });
    await this.publish("BusinessCreated", businessId, {
      businessId,
      userId,
      profile: { businessName: "Acme Plumbing", businessPhone: options.businessPhone ?? "+12129870001" },
      // voicemailEnabled absent unless given: a business whose events predate voicemail (off).
      settings: {
        autoReplyEnabled: options.answerCalls ?? true,
        isActive: true,
        ...(options.voicemailEnabled !== undefined ? { voicemailEnabled: options.voicemailEnabled } : {}),
      },
      createdAt: timestampFromDate(new Date()),
    });
    await this.until(
      () => this.service.deps.sync.directory.businessIdOfUser(userId) === businessId && this.service.deps.sync.directory.entitlementOf(userId) !== undefined,
    );
  }

  /** A provider webhook posted straight to the service (form-encoded; the gateway's signature check is not in the way here). */
  async postWebhook(path: string, params: Record<string, string>): Promise<Response> {
    return fetch(`${this.url}${path}`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams(params),
    });
  }

  async purchase(userId: string, phoneNumber: string): Promise<Response> {
    return fetch(`${this.url}/api/phone-numbers/purchase`, {
      method: "POST",
      headers: { "content-type": "application/json", ...this.userHeader(userId) },
      body: JSON.stringify({ phoneNumber }),
    });
  }

  /**
   * The owner's US texting registration (A2P 10DLC), as the product does it: the standard form submitted
   * through the API, then advanced by the registration job, one step per run, until approved by the
   * carrier simulator. The business needs its number first.
   */
  async registerTexting(userId: string): Promise<void> {
    const path = `${this.url}/api/texting-registration`;
    const headers = { "content-type": "application/json", ...this.userHeader(userId) };
    const submitted = await fetch(path, { method: "POST", headers, body: JSON.stringify(STANDARD_REGISTRATION) });
    if (submitted.status !== 202) throw new Error(`texting registration refused: ${submitted.status} ${await submitted.text()}`);
    for (let run = 0; run < 20; run++) {
      await advanceTextingRegistrations(this.service.deps);
      const view = (await (await fetch(path, { headers })).json()) as TextingRegistrationView;
      if (view.status === "approved") return;
      if (view.status === "failed") throw new Error(`texting registration failed: ${view.failureReason}`);
    }
    throw new Error("texting registration not approved after 20 job runs");
  }

  async subscriptionChanged(userId: string, status: billingV1.SubscriptionStatus, changedAt: Date): Promise<string> {
    return this.publish("SubscriptionChanged", userId, { userId, status, changedAt: timestampFromDate(changedAt) });
  }

  async until(condition: () => boolean | Promise<boolean>, timeoutMs = 5_000): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    while (!(await condition())) {
      if (Date.now() > deadline) throw new Error("condition not met in time");
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  }
}
