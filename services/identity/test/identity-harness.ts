import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import {
  BILLING_PRINCIPAL,
  GATEWAY_PRINCIPAL,
  INTERNAL_USER_HEADER,
  signInternalUser,
  startServices,
  type PlatformConfig,
  type PlatformRuntime,
  type RunningServices,
} from "@rebound/platform";
import { type Mailer, type StoredMail } from "@rebound/providers/mail";
import { MailboxMailer } from "@rebound/providers/mail";
import { createTestRuntime, EventRecorder, FakeClock } from "@rebound/testing";
import { createIdentityService } from "../src/service";
import { createIdentityDb, type IdentityDb } from "../src/store/identity-db";

export const PUBLIC_BASE_URL = "https://rebound.test";

export interface IdentityHarness {
  runtime: PlatformRuntime;
  running: RunningServices;
  clock: FakeClock;
  mailbox: MailboxMailer;
  recorder: EventRecorder;
  db: IdentityDb;
  /** A call to the internal API as its caller makes it: billing's sign-up for /register, the gateway for the rest. */
  internal(path: string, body: unknown): Promise<Response>;
  /** A public /api call, signed in as `user` when given (the gateway's signed header). */
  api(method: string, path: string, body?: unknown, user?: { id: string; email: string }): Promise<Response>;
  /** Waits for the n-th e-mail to `to` and returns it. */
  mailTo(to: string, count?: number): Promise<StoredMail>;
  stop(): Promise<void>;
}

export async function startIdentity(options: { mailer?: Mailer; config?: Partial<PlatformConfig> } = {}): Promise<IdentityHarness> {
  const clock = new FakeClock(new Date());
  const dir = await mkdtemp(join(tmpdir(), "rebound-identity-"));
  const mailbox = new MailboxMailer(join(dir, "mailbox"), "Rebound <no-reply@rebound.test>");
  const runtime = await createTestRuntime({
    migrate: [join(__dirname, "..")],
    clock,
    config: { PUBLIC_BASE_URL, ...options.config },
  });
  const service = createIdentityService(runtime, { mailer: options.mailer ?? mailbox });
  const running = await startServices(runtime, [service], { port: 0, mount: (app) => app.use(service.router!) });
  const recorder = await EventRecorder.start(runtime.bus, ["UserRegistered", "EmailVerified", "UserProfileChanged"]);
  const secret = runtime.config.INTERNAL_AUTH_SECRET;
  const db = createIdentityDb(runtime);

  const request = (method: string, path: string, body: unknown, principal?: { id: string; email: string }) =>
    fetch(`${running.url}${path}`, {
      method,
      headers: {
        ...(body === undefined ? {} : { "content-type": "application/json" }),
        ...(principal ? { [INTERNAL_USER_HEADER]: signInternalUser(principal, secret) } : {}),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });

  return {
    runtime,
    running,
    clock,
    mailbox,
    recorder,
    db,
    internal: (path, body) => request("POST", `/internal/identity${path}`, body, path === "/register" ? BILLING_PRINCIPAL : GATEWAY_PRINCIPAL),
    api: (method, path, body, user) => request(method, path, body, user),
    mailTo: async (to, count = 1) => {
      const deadline = Date.now() + 5_000;
      for (;;) {
        const mails = (await mailbox.list()).filter((mail) => mail.to === to).reverse();
        const mail = mails[count - 1];
        if (mail) return mail;
        if (Date.now() > deadline) throw new Error(`expected ${count} e-mail(s) to ${to}, got ${mails.length}`);
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
    },
    stop: async () => {
      await recorder.stop();
      await running.stop();
      await rm(dir, { recursive: true, force: true });
    },
  };
}

let counter = 0;
/** A unique, valid sign-up. */
export function signUp(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  counter += 1;
  return {
    email: `owner${counter}-${Date.now()}@example.com`,
    password: "secret-pass",
    confirmPassword: "secret-pass",
    firstName: "Dana",
    lastName: "Reyes",
    subscriptionPlan: "professional",
    billingFrequency: "monthly",
    paymentMethodId: "pm_card_visa",
    ...overrides,
  };
}

/** The token of the link in an e-mail (`?token=`). */
export function tokenIn(mail: StoredMail): string {
  const match = /[?&]token=([\w-]+)/.exec(mail.text);
  if (!match?.[1]) throw new Error(`no token link in "${mail.subject}"`);
  return match[1];
}

export async function json<T = Record<string, unknown>>(response: Response): Promise<T> {
  return (await response.json()) as T;
}
