// Starts the business service on port 0 over a fresh database (PGlite, or PostgreSQL when
// DATABASE_URL is set) and offers what the component tests need: signed requests as a user,
// events published onto the bus as another service would, and an event recorder.

import {
  decodeEvent,
  encodeEvent,
  envelopeHeaders,
  topicOf,
  type EventEnvelope,
  type EventPayload,
  type EventPayloadInit,
  type EventType,
} from "@rebound/contracts";
import { signInternalUser, startServices, type PlatformRuntime, type RunningServices } from "@rebound/platform";
import { createTestRuntime, EventRecorder, FakeClock } from "@rebound/testing";
import { randomUUID } from "node:crypto";
import { join } from "node:path";
import { PrismaClient } from "../../src/generated/prisma/client";
import { createBusinessService } from "../../src/service";

type BusinessEventType = "BusinessCreated" | "BusinessSettingsUpdated" | "BusinessProfileUpdated";

export interface ApiResponse<T = Record<string, unknown>> {
  status: number;
  body: T;
}

export interface TestUser {
  id: string;
  email: string;
}

export class BusinessHarness {
  private constructor(
    readonly runtime: PlatformRuntime,
    readonly running: RunningServices,
    readonly recorder: EventRecorder,
    readonly clock: FakeClock,
    /** A client of the test's own on the service's tables, to check what was committed. */
    readonly db: PrismaClient,
  ) {}

  static async start(): Promise<BusinessHarness> {
    const clock = new FakeClock("2026-01-05T15:00:00Z");
    const runtime = await createTestRuntime({ migrate: [join(__dirname, "..", "..")], clock });
    const service = createBusinessService(runtime);
    const running = await startServices(runtime, [service], { port: 0, mount: (app) => app.use(service.router!) });
    const recorder = await EventRecorder.start(runtime.bus, ["BusinessCreated", "BusinessSettingsUpdated", "BusinessProfileUpdated"]);
    const db = new PrismaClient({ adapter: runtime.database.adapterFactory() });
    return new BusinessHarness(runtime, running, recorder, clock, db);
  }

  async stop(): Promise<void> {
    await this.recorder.stop();
    await this.db.$disconnect();
    await this.running.stop();
  }

  /** Publishes an event the way its producing service's outbox does; returns the event id. */
  async publish<T extends EventType>(type: T, key: string, payload: EventPayloadInit<T>, id: string = randomUUID()): Promise<string> {
    const headers = envelopeHeaders({ id, type, key, occurredAt: this.clock.now() });
    await this.runtime.bus.publish([{ topic: topicOf(type), key, value: encodeEvent(type, payload), headers }]);
    return id;
  }

  /** A new user whose business exists: UserRegistered published and BusinessCreated seen. */
  async registerUser(): Promise<TestUser & { businessId: string }> {
    const user = { id: randomUUID(), email: `owner-${randomUUID().slice(0, 8)}@example.com` };
    await this.publish("UserRegistered", user.id, { userId: user.id, email: user.email, firstName: "Dana", lastName: "Owner" });
    const created = await this.waitForEvent("BusinessCreated", (event) => event.payload.userId === user.id);
    return { ...user, businessId: created.payload.businessId };
  }

  events<T extends BusinessEventType>(type: T, businessId?: string): EventEnvelope<T>[] {
    return this.recorder.of(type).filter((event) => businessId === undefined || event.key === businessId);
  }

  waitForEvent<T extends BusinessEventType>(type: T, match: (event: EventEnvelope<T>) => boolean = () => true): Promise<EventEnvelope<T>> {
    return eventually(() => {
      const found = this.events(type).find(match);
      if (!found) throw new Error(`no matching ${type} yet`);
      return found;
    });
  }

  /** Payloads of the events this service committed to its outbox (event_log), oldest first, decoded from the stored bytes. */
  async logged<T extends BusinessEventType>(type: T, key: string): Promise<EventPayload<T>[]> {
    const rows = await this.db.eventLog.findMany({ where: { type, key }, orderBy: { seq: "asc" } });
    return rows.map((row) => decodeEvent(type, row.payload));
  }

  /** Whether the consumer group recorded these event ids as processed. */
  async processed(consumer: string, eventIds: string[]): Promise<number> {
    return this.db.processedEvent.count({ where: { consumer, eventId: { in: eventIds } } });
  }

  signedHeader(user: TestUser): string {
    return signInternalUser(user, this.runtime.config.INTERNAL_AUTH_SECRET);
  }

  async request<T = Record<string, unknown>>(method: string, path: string, user?: TestUser, body?: unknown): Promise<ApiResponse<T>> {
    const headers: Record<string, string> = {};
    if (user) headers["x-rebound-user"] = this.signedHeader(user);
    if (body !== undefined) headers["content-type"] = "application/json";
    const res = await fetch(`${this.running.url}${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
    return { status: res.status, body: (await res.json()) as T };
  }
}

/** Retries `check` until it stops throwing or the timeout passes (then rethrows its last error). */
export async function eventually<T>(check: () => T | Promise<T>, timeoutMs = 20_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      return await check();
    } catch (error) {
      if (Date.now() > deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
  }
}
