// Starts messaging alone on a test database, fed with events like the other services would.
import { telephonyV1, timestampFromDate, type EventPayload, type EventPayloadInit, type EventType } from "@rebound/contracts";
import {
  createPendingEvent,
  createPlatformRuntime,
  INTERNAL_USER_HEADER,
  signInternalUser,
  platformConfigSchema,
  startServices,
  toBusRecord,
  type Clock,
  type Database,
  type PendingEvent,
  type PlatformRuntime,
  type RunningServices,
} from "@rebound/platform";
import { deployMigrations, migrationFactoryFor } from "@rebound/migrate";
import { createSilentLogger } from "@rebound/platform";
import { telephonyConfigSchema, type TelephonyConfig } from "@rebound/providers/telephony";
import { CarrierSimulator, MemoryJournal } from "@rebound/carrier-simulator";
import { createTestDatabase, EventRecorder } from "@rebound/testing";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { MessagingConfig } from "../../src/config";
import { createMessagingService, type MessagingService, type MessagingServiceDeps } from "../../src/service";
import { createMessagingDb, type MessagingDb } from "../../src/store/messaging-db";
import { businessCreated, type TestBusiness } from "./events";
import { FakeMailer } from "./fake-mailer";
import { FakeTelephonyProvider } from "./fake-telephony-provider";

const MESSAGING_EVENTS: EventType[] = [
  "SmsQueued",
  "SmsSent",
  "SmsStatusChanged",
  "SmsSuppressed",
  "CallerOptedOut",
  "CallerOptedIn",
  "InboundSmsReceived",
  "ConversationRead",
  "ConversationOutcomeSet",
];

export const DEDICATED = "+15557770001";

type EventPayloadOf<T extends EventType> = EventPayload<T>;

let unique = 0;
/** A business of its own for one test: ids and dedicated number nobody else uses. */
export function newBusiness(overrides: Partial<TestBusiness> = {}): TestBusiness & { dedicated: string } {
  unique += 1;
  return {
    businessId: `biz-${unique}`,
    userId: `user-${unique}`,
    name: "Acme Plumbing",
    dedicated: `+1555888${String(unique).padStart(4, "0")}`,
    ...overrides,
  };
}

/** How seedBusiness leaves the business's US texting registration (A2P 10DLC). */
export interface SeedOptions {
  /**
   * true (default): registered, as most businesses are: telephony bought its number in a subaccount
   * of its own, and its registration was approved (its number in a messaging service with a verified
   * campaign), so its texts to US callers go out. false: no registration (texts to US callers wait for
   * it, TEXTING_REGISTRATION_REQUIRED).
   */
  registered?: boolean;
  /**
   * The subaccount its number is in (default: one of its own when registered, the main account when
   * not). With the simulator, a registered business's subaccount is the one the simulator creates.
   */
  accountSid?: string;
}

export interface HarnessOptions {
  clock?: Clock;
  provider?: FakeTelephonyProvider;
  mailer?: FakeMailer;
  config?: Partial<MessagingConfig>;
  /** Telephony settings messaging reads (TEXTING_REGISTRATION_REQUIRED ...) over their defaults (never this machine's environment). */
  telephony?: Partial<TelephonyConfig>;
  /** Reuse a database (restart tests); a fresh one otherwise. */
  database?: Database;
  /**
   * Use the real carrier simulator instead of the fake provider (it calls our status webhook back). It
   * blocks unregistered US texts (30034) as carriers do: seedBusiness registers a business in it for real.
   */
  simulator?: boolean;
  /** Runs after the service is created and before it starts (rows a crash left behind ...). */
  beforeStart?: (db: MessagingDb) => Promise<void>;
  /** The inbox stream's poll and keepalive periods. */
  conversationStream?: MessagingServiceDeps["conversationStream"];
}

export interface Harness {
  runtime: PlatformRuntime;
  service: MessagingService;
  running: RunningServices;
  recorder: EventRecorder;
  provider: FakeTelephonyProvider;
  simulator?: CarrierSimulator;
  mailer: FakeMailer;
  db: MessagingDb;
  database: Database;
  publish<T extends EventType>(type: T, key: string, payload: EventPayloadInit<T>): Promise<PendingEvent>;
  republish(event: PendingEvent): Promise<void>;
  /** The business, its dedicated number and (by default) its approved texting registration, as the other services publish them. */
  seedBusiness(business: TestBusiness, dedicatedNumber?: string, options?: SeedOptions): Promise<void>;
  /** `occurredAt`: when the call came in, if not absent (a call recorded late). */
  missedCall(input: { businessId: string; callId: string; from: string; to?: string; occurredAt?: Date }): Promise<PendingEvent>;
  post(path: string, form: Record<string, string>): Promise<Response>;
  /** A signed-in owner's request (the gateway's signed user header), JSON in and out. */
  api<T = Record<string, unknown>>(userId: string, method: string, path: string, body?: unknown): Promise<{ status: number; body: T }>;
  job(name: string): () => Promise<void>;
  /** Waits for an event of `type` matching `match`, returns it. */
  eventOf<T extends EventType>(type: T, match: (payload: EventPayloadOf<T>) => boolean): Promise<EventPayloadOf<T>>;
  stop(): Promise<void>;
}

const messagingDir = join(__dirname, "..", "..");
const platformDir = join(messagingDir, "..", "platform");

export async function openTestDatabase(): Promise<Database> {
  const database = await createTestDatabase();
  const factory = migrationFactoryFor(database);
  for (const dir of [platformDir, messagingDir]) await deployMigrations(dir, factory);
  return database;
}

export async function startMessaging(options: HarnessOptions = {}): Promise<Harness> {
  const ownsDatabase = !options.database;
  const database = options.database ?? (await openTestDatabase());
  const config = platformConfigSchema.parse({ NODE_ENV: "test", BUS_MAX_ATTEMPTS: "3" });
  const runtime = await createPlatformRuntime({
    config: { ...config, DATABASE_URL: database.databaseUrl },
    logger: createSilentLogger(),
    clock: options.clock,
    database,
  });
  const provider = options.provider ?? new FakeTelephonyProvider();
  const mailer = options.mailer ?? new FakeMailer();
  let url = "";
  const simulator = options.simulator
    ? new CarrierSimulator({
        authToken: "dev-auth-token",
        publicBaseUrl: () => url,
        journal: new MemoryJournal(),
        logger: runtime.logger,
        // Registrations are approved at once: the vetting's delays are the simulator's own tests' concern.
        a2pBrandApprovalMs: 0,
        a2pCampaignApprovalMs: 0,
      })
    : undefined;
  const service = createMessagingService(runtime, {
    provider: simulator ?? provider,
    mailer,
    publicBaseUrl: () => url,
    telephony: { ...telephonyConfigSchema.parse({}), ...options.telephony },
    conversationStream: options.conversationStream,
    spoolDir: mkdtempSync(join(tmpdir(), "messaging-spool-")),
    config: {
      MESSAGING_UNKNOWN_BUSINESS_WAIT_MS: 100,
      MESSAGING_SEND_BACKOFF_MS: 5,
      MESSAGING_SEND_BACKOFF_MAX_MS: 20,
      MESSAGING_OWNER_ALERT_INTERVAL_MS: 3_600_000,
      MESSAGING_RECOVERY_INTERVAL_MS: 3_600_000,
      ...options.config,
    },
  });
  const db = createMessagingDb(runtime);
  await options.beforeStart?.(db);
  const running = await startServices(runtime, [service], { port: 0, mount: (app) => app.use(service.router ?? []) });
  url = running.url;
  const recorder = await EventRecorder.start(runtime.bus, MESSAGING_EVENTS);
  const clockNow = () => (options.clock ?? runtime.clock).now();

  const harness: Harness = {
    runtime,
    service,
    running,
    recorder,
    provider,
    simulator,
    mailer,
    db,
    database,
    publish: async (type, key, payload) => {
      const event = createPendingEvent(type, key, payload, clockNow());
      await runtime.bus.publish([toBusRecord(event)]);
      return event;
    },
    republish: async (event) => runtime.bus.publish([toBusRecord(event)]),
    seedBusiness: async (business, dedicatedNumber = DEDICATED, { registered = true, accountSid: account }: SeedOptions = {}) => {
      const { businessId, userId } = business;
      const registration = !registered
        ? undefined
        : simulator
          ? await registerInSimulator(simulator, business, dedicatedNumber, url)
          : { accountSid: account ?? testSid("AC"), messagingServiceSid: testSid("MG"), numberSid: testSid("PN") };
      const accountSid = registration?.accountSid ?? account ?? "";
      await harness.publish("BusinessCreated", businessId, businessCreated(business));
      await harness.publish("PhoneNumberPurchased", businessId, {
        businessId,
        userId,
        phoneNumber: dedicatedNumber,
        providerSid: registration?.numberSid ?? "PN1",
        country: "US",
        accountSid,
      });
      if (registration) {
        const approvedAt = clockNow();
        const approval = approvedRegistration(business, registration, approvedAt);
        // Approved before the test began: the owner had its "texting is live" e-mail back then.
        await db.client.registrationEmail.create({
          data: { registrationId: approval.registrationId, status: "approved", businessId, createdAt: approvedAt, emailedAt: approvedAt },
        });
        await harness.publish("TextingRegistrationChanged", businessId, approval);
      }
      await waitUntil(async () => {
        const row = await db.client.businessConfig.findUnique({ where: { businessId } });
        return (
          row?.dedicatedNumber === dedicatedNumber &&
          row.settings !== null &&
          (row.accountSid ?? "") === accountSid &&
          row.usTextingAllowed === registered &&
          (row.messagingServiceSid ?? undefined) === registration?.messagingServiceSid
        );
      });
    },
    missedCall: ({ businessId, callId, from, to = DEDICATED, occurredAt }) =>
      harness.publish("CallMissed", businessId, {
        callId,
        businessId,
        callSid: `CA${callId}`,
        callerNumber: from,
        dedicatedNumber: to,
        ...(occurredAt ? { occurredAt: timestampFromDate(occurredAt) } : {}),
      }),
    post: (path, form) =>
      fetch(`${running.url}${path}`, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams(form).toString(),
      }),
    api: async <T>(userId: string, method: string, path: string, body?: unknown) => {
      const response = await fetch(`${running.url}${path}`, {
        method,
        headers: {
          "content-type": "application/json",
          [INTERNAL_USER_HEADER]: signInternalUser({ id: userId, email: `${userId}@example.com` }, runtime.config.INTERNAL_AUTH_SECRET),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      const text = await response.text();
      return { status: response.status, body: (text ? JSON.parse(text) : {}) as T };
    },
    eventOf: async (type, match) => {
      let found: EventPayloadOf<typeof type> | undefined;
      await waitUntil(() => {
        found = recorder.of(type).find((event) => match(event.payload))?.payload;
        return found !== undefined;
      });
      return found as EventPayloadOf<typeof type>;
    },
    job: (name) => {
      const job = service.jobs.find((candidate) => candidate.name === name);
      if (!job) throw new Error(`no job ${name}`);
      return () => job.run();
    },
    stop: async () => {
      await recorder.stop();
      await running.stop();
      await simulator?.close();
      if (ownsDatabase) await database.close();
    },
  };
  return harness;
}

let sids = 0;
/** A provider sid for the fake provider (AC..., MG..., PN...): 34 characters, unique in the run. */
const testSid = (prefix: string) => `${prefix}${String(++sids).padStart(32, "0")}`;

/** Where an approved business's texts go out: its subaccount, its messaging service, its number in it. */
interface ApprovedSender {
  accountSid: string;
  messagingServiceSid: string;
  numberSid: string;
}

/** What telephony publishes when a business's registration is approved (docs/texting-registration.md C5). */
function approvedRegistration(
  business: TestBusiness,
  sender: ApprovedSender,
  at: Date,
): EventPayloadInit<"TextingRegistrationChanged"> & { registrationId: string } {
  return {
    businessId: business.businessId,
    userId: business.userId,
    registrationId: `reg-${business.businessId}`,
    status: telephonyV1.TextingRegistrationStatus.APPROVED,
    kind: telephonyV1.TextingRegistrationKind.STANDARD,
    accountSid: sender.accountSid,
    messagingServiceSid: sender.messagingServiceSid,
    usTextingAllowed: true,
    changedAt: timestampFromDate(at),
  };
}

/**
 * Registers the business with the carrier simulator the way telephony does (docs/texting-registration.md
 * A3): a subaccount, the dedicated number bought in it, the business profile and a standard brand, a
 * messaging service holding the number, and a campaign. The harness's simulator approves at once.
 */
async function registerInSimulator(simulator: CarrierSimulator, business: TestBusiness, phoneNumber: string, baseUrl: string): Promise<ApprovedSender> {
  const name = business.name ?? "Acme Plumbing";
  const account = await simulator.createSubaccount(`rebound:${business.businessId}`);
  const number = await simulator.purchaseNumber(
    phoneNumber,
    { voiceUrl: `${baseUrl}/webhooks/twilio/voice`, smsUrl: `${baseUrl}/webhooks/twilio/sms`, statusCallbackUrl: `${baseUrl}/webhooks/twilio/call-status` },
    { accountSid: account.accountSid },
  );
  const profile = await simulator.submitBusinessProfile(
    account,
    {
      kind: "standard",
      legalName: name,
      ein: "123456789",
      businessType: "Limited Liability Corporation",
      industry: "CONSTRUCTION",
      website: "https://acme.example",
      contactFirstName: "Ada",
      contactLastName: "Owner",
      contactEmail: "owner@acme.example",
      contactPhone: "+14155550100",
      street: "1 Main St",
      city: "San Francisco",
      region: "CA",
      postalCode: "94107",
      country: "US",
    },
    { friendlyName: `rebound:${business.businessId}:1:profile`, notificationEmail: "texting@rebound.example" },
  );
  const brand = await simulator.createBrand(account, { kind: "standard", profile });
  const service = await simulator.createMessagingService(account, {
    friendlyName: `rebound:${business.businessId}:1:service`,
    inboundRequestUrl: `${baseUrl}/webhooks/twilio/sms`,
    statusCallbackUrl: `${baseUrl}/webhooks/twilio/status`,
  });
  await simulator.addNumberToService(account, service.sid, number.sid);
  const campaign = await simulator.createCampaign(account, {
    messagingServiceSid: service.sid,
    brandSid: brand.sid,
    usecase: "LOW_VOLUME",
    description: `${name} texts people who called the business and whose call was missed, once per missed call.`,
    messageFlow: `A person phones ${name}; when nobody answers, they get one text back. Reply STOP to opt out.`,
    messageSamples: [
      `${name}: sorry we missed your call! We will call you back shortly. Reply STOP to opt out.`,
      `${name} is closed now and will call you back.`,
    ],
    hasEmbeddedLinks: false,
    hasEmbeddedPhone: false,
    optOutKeywords: ["STOP"],
    optOutMessage: `You are unsubscribed from ${name} texts. No more messages will be sent.`,
    helpKeywords: ["HELP"],
    helpMessage: `${name}: reply STOP to opt out. Msg & data rates may apply.`,
    privacyPolicyUrl: `${baseUrl}/texting/${business.businessId}`,
    termsAndConditionsUrl: `${baseUrl}/texting/${business.businessId}`,
  });
  if (campaign.campaignStatus !== "VERIFIED") throw new Error(`the simulator did not verify the campaign: ${JSON.stringify(campaign)}`);
  return { accountSid: account.accountSid, messagingServiceSid: service.sid, numberSid: number.sid };
}

/** Polls until `condition` holds; fails after `timeoutMs`. */
export async function waitUntil(condition: () => Promise<boolean> | boolean, timeoutMs = 5_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error("condition not met in time");
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** Waits a moment for anything that would still happen (used before asserting that nothing did). */
export const settle = (ms = 300) => new Promise((resolve) => setTimeout(resolve, ms));
