// Starts messaging alone on a test database, fed with events like the other services would.
import { type EventPayload, type EventPayloadInit, type EventType } from "@rebound/contracts";
import {
  createPendingEvent,
  createPlatformRuntime,
  platformConfigSchema,
  startServices,
  toBusRecord,
  type Clock,
  type Database,
  type PendingEvent,
  type PlatformRuntime,
  type RunningServices,
  type ServiceDefinition,
} from "@rebound/platform";
import { deployMigrations, migrationFactoryFor } from "@rebound/migrate";
import { createSilentLogger } from "@rebound/platform";
import { telephonyConfigSchema, type TelephonyConfig } from "@rebound/providers/telephony";
import { CarrierSimulator, MemoryJournal } from "@rebound/carrier-simulator";
import { createTestDatabase, EventRecorder } from "@rebound/testing";
import { join } from "node:path";
import type { MessagingConfig } from "../../src/config";
import { createMessagingService } from "../../src/service";
import { createMessagingDb, type MessagingDb } from "../../src/store/messaging-db";
import { businessCreated, type TestBusiness } from "./events";
import { FakeMailer } from "./fake-mailer";
import { FakeTelephonyProvider } from "./fake-telephony-provider";

const MESSAGING_EVENTS: EventType[] = ["SmsQueued", "SmsSent", "SmsStatusChanged", "SmsSuppressed", "CallerOptedOut", "CallerOptedIn", "InboundSmsReceived"];

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

export interface HarnessOptions {
  clock?: Clock;
  provider?: FakeTelephonyProvider;
  mailer?: FakeMailer;
  config?: Partial<MessagingConfig>;
  /** Telephony settings messaging reads (TEXTING_REGISTRATION_REQUIRED ...) over their defaults. */
  telephony?: Partial<TelephonyConfig>;
  /** Reuse a database (restart tests); a fresh one otherwise. */
  database?: Database;
  /** Use the real carrier simulator instead of the fake provider (it calls our status webhook back). */
  simulator?: boolean;
  /** Runs after the service is created and before it starts (rows a crash left behind ...). */
  beforeStart?: (db: MessagingDb) => Promise<void>;
}

export interface Harness {
  runtime: PlatformRuntime;
  service: ServiceDefinition;
  running: RunningServices;
  recorder: EventRecorder;
  provider: FakeTelephonyProvider;
  simulator?: CarrierSimulator;
  mailer: FakeMailer;
  db: MessagingDb;
  database: Database;
  publish<T extends EventType>(type: T, key: string, payload: EventPayloadInit<T>): Promise<PendingEvent>;
  republish(event: PendingEvent): Promise<void>;
  seedBusiness(business: TestBusiness, dedicatedNumber?: string): Promise<void>;
  missedCall(input: { businessId: string; callId: string; from: string; to?: string }): Promise<PendingEvent>;
  post(path: string, form: Record<string, string>): Promise<Response>;
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
    ? new CarrierSimulator({ authToken: "dev-auth-token", publicBaseUrl: () => url, journal: new MemoryJournal(), logger: runtime.logger })
    : undefined;
  const service = createMessagingService(runtime, {
    provider: simulator ?? provider,
    mailer,
    publicBaseUrl: () => url,
    ...(options.telephony ? { telephony: { ...telephonyConfigSchema.parse({}), ...options.telephony } } : {}),
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
    seedBusiness: async (business, dedicatedNumber = DEDICATED) => {
      await harness.publish("BusinessCreated", business.businessId, businessCreated(business));
      await harness.publish("PhoneNumberPurchased", business.businessId, {
        businessId: business.businessId,
        userId: business.userId,
        phoneNumber: dedicatedNumber,
        providerSid: "PN1",
        country: "US",
      });
      await waitUntil(async () => {
        const row = await db.client.businessConfig.findUnique({ where: { businessId: business.businessId } });
        return row?.dedicatedNumber === dedicatedNumber && row.settings !== null;
      });
    },
    missedCall: ({ businessId, callId, from, to = DEDICATED }) =>
      harness.publish("CallMissed", businessId, {
        callId,
        businessId,
        callSid: `CA${callId}`,
        callerNumber: from,
        dedicatedNumber: to,
      }),
    post: (path, form) =>
      fetch(`${running.url}${path}`, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams(form).toString(),
      }),
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
