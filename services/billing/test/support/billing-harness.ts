import type { EventType } from "@rebound/contracts";
import {
  GATEWAY_PRINCIPAL,
  INTERNAL_USER_HEADER,
  signInternalUser,
  startServices,
  type PlatformRuntime,
  type RunningServices,
  type ServiceDefinition,
} from "@rebound/platform";
import { type MailMessage, type Mailer } from "@rebound/providers/mail";
import { createTestRuntime, EventRecorder, FakeClock } from "@rebound/testing";
import { join } from "node:path";
import { createDevPaymentProvider } from "../../src/payment-provider.dev";
import { billingConfigSchema, createBillingService, type BillingConfig, type PaymentProvider } from "../../src/service";
import { FakeIdentity } from "./fake-identity";

/** Keeps what billing sent. */
export class RecordingMailer implements Mailer {
  readonly kind = "mailbox" as const;
  readonly sent: MailMessage[] = [];
  async send(message: MailMessage): Promise<void> {
    this.sent.push(message);
  }
  async close(): Promise<void> {}
  to(address: string): MailMessage[] {
    return this.sent.filter((mail) => mail.to === address);
  }
}

export interface HarnessOptions {
  config?: Partial<BillingConfig>;
  /** Builds the provider (default: createDevPaymentProvider: Stripe when configured, else the payment simulator). */
  provider?: (runtime: PlatformRuntime, config: BillingConfig, url: () => string) => PaymentProvider;
}

const RECORDED: EventType[] = ["SubscriptionChanged"];

/** Billing alone on port 0 over a fresh database, with a clock the test moves, a recording mailer and a fake identity behind it. */
export class BillingHarness {
  runtime!: PlatformRuntime;
  identity!: FakeIdentity;
  service!: ServiceDefinition;
  running!: RunningServices;
  recorder!: EventRecorder;
  provider!: PaymentProvider;
  readonly mailer = new RecordingMailer();
  readonly clock = new FakeClock("2026-03-02T15:00:00Z");

  get url(): string {
    return this.running.url;
  }

  async start(options: HarnessOptions = {}): Promise<this> {
    this.runtime = await createTestRuntime({ migrate: [join(__dirname, "..", "..")], clock: this.clock });
    const config: BillingConfig = {
      ...billingConfigSchema.parse({}),
      BILLING_CYCLE_INTERVAL_MS: 3_600_000,
      ABANDONED_SIGNUP_JOB_INTERVAL_MS: 3_600_000,
      ...options.config,
    };
    const url = () => this.running.url;
    this.provider = options.provider ? options.provider(this.runtime, config, url) : createDevPaymentProvider(this.runtime, config, url);
    this.identity = new FakeIdentity(this.runtime.config.INTERNAL_AUTH_SECRET);
    this.service = createBillingService(this.runtime, {
      provider: this.provider,
      identity: this.identity.router(),
      mailer: this.mailer,
      config,
      publicBaseUrl: url,
    });
    const router = this.service.router!;
    this.running = await startServices(this.runtime, [this.service], { port: 0, mount: (app) => app.use(router) });
    this.recorder = await EventRecorder.start(this.runtime.bus, RECORDED);
    return this;
  }

  async stop(): Promise<void> {
    await this.recorder?.stop();
    await this.running?.stop();
  }

  /** Runs a job of the service now (the billing cycle after moving the clock, abandoned sign-ups). */
  async runJob(name: string): Promise<void> {
    const job = this.service.jobs.find((candidate) => candidate.name === name);
    if (!job) throw new Error(`no job ${name}`);
    await job.run();
  }

  async call<T = Record<string, unknown>>(
    method: string,
    path: string,
    options: { user?: { id: string; email: string }; gateway?: boolean; body?: unknown; raw?: string; headers?: Record<string, string> } = {},
  ): Promise<{ status: number; body: T; headers: Headers }> {
    const principal = options.gateway ? GATEWAY_PRINCIPAL : options.user;
    const res = await fetch(`${this.url}${path}`, {
      method,
      headers: {
        "content-type": "application/json",
        ...(principal ? { [INTERNAL_USER_HEADER]: signInternalUser(principal, this.runtime.config.INTERNAL_AUTH_SECRET) } : {}),
        ...options.headers,
      },
      body: options.raw ?? (options.body === undefined ? undefined : JSON.stringify(options.body)),
    });
    const type = res.headers.get("content-type") ?? "";
    if (!type.includes("json")) return { status: res.status, body: Buffer.from(await res.arrayBuffer()) as unknown as T, headers: res.headers };
    return { status: res.status, body: (await res.json()) as T, headers: res.headers };
  }

  /** A registration as the gateway hands it to billing (contracts' registerSchema). */
  registration(email: string, extra: Record<string, unknown> = {}): Record<string, unknown> {
    return { email, password: "secret-pass", confirmPassword: "secret-pass", firstName: "Ada", lastName: "Owner", ...extra };
  }

  /** The gateway's registration: billing's whole sign-up, identity giving the account `user.id`. */
  async signUp(user: { id: string; email: string }, paymentMethodId = "pm_card_visa", plan = "professional", billingFrequency = "monthly") {
    this.identity.willRegister(user.email, user.id);
    return this.call<{ id?: string; email?: string; message?: string }>("POST", "/internal/billing/signups", {
      gateway: true,
      body: this.registration(user.email, { subscriptionPlan: plan, billingFrequency, paymentMethodId }),
    });
  }

  async query<T>(sql: string, params?: unknown[]): Promise<T[]> {
    return this.runtime.database.query<T>(sql, params);
  }
}
