// A business owner without a browser, against a running gateway: signs up through the public API
// and keeps every cookie the gateway sets (the session's among them) between calls.
import { registerUsTexting } from "./texting-registration";

/** The `name=value` pairs a response sets, merged into `jar` (a cleared cookie is dropped). */
export function keepCookies(jar: Map<string, string>, res: Response): void {
  for (const line of res.headers.getSetCookie()) {
    const pair = line.split(";")[0] ?? "";
    const at = pair.indexOf("=");
    if (at <= 0) continue;
    const name = pair.slice(0, at).trim();
    const value = pair.slice(at + 1);
    if (value === "" || /expires=Thu, 01 Jan 1970/i.test(line)) jar.delete(name);
    else jar.set(name, value);
  }
}

export const cookieHeader = (jar: Map<string, string>): string => [...jar].map(([name, value]) => `${name}=${value}`).join("; ");

/** Polls `check` every 50 ms until it holds; fails naming `what` after `timeoutMs`. */
export async function waitUntil(check: () => Promise<boolean>, what: string, timeoutMs = 15_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/**
 * The business is created from UserRegistered, a bus hop after the sign-up answers: well under a
 * second on a quiet machine, but with three jest workers and other work on two cores it has taken
 * over 15 s. A slow hop is not what these tests are about (read-after-sign-up.test.ts is).
 */
const BUSINESS_CREATED_TIMEOUT_MS = 60_000;

export class OwnerClient {
  private readonly cookies = new Map<string, string>();
  private email = "";

  /** The Cookie header this owner sends. */
  get cookie(): string {
    return cookieHeader(this.cookies);
  }

  constructor(private readonly baseUrl: string) {}

  async call<T = Record<string, unknown>>(method: string, path: string, body?: unknown): Promise<{ status: number; body: T }> {
    const res = await fetch(`${this.baseUrl}${path}`, {
      method,
      headers: { "content-type": "application/json", ...(this.cookie ? { cookie: this.cookie } : {}) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    keepCookies(this.cookies, res);
    const text = await res.text();
    return { status: res.status, body: (text ? JSON.parse(text) : {}) as T };
  }

  /**
   * Registers (professional plan, monthly; with Stripe's test card unless `withoutCard`, so the trial
   * starts) and waits until the business exists (it is created from UserRegistered).
   */
  async signUp(email: string, options: { withoutCard?: boolean } = {}): Promise<void> {
    this.email = email;
    const res = await this.call("POST", "/api/register", {
      email,
      password: "secret-password",
      confirmPassword: "secret-password",
      firstName: "Ada",
      lastName: "Owner",
      subscriptionPlan: "professional",
      billingFrequency: "monthly",
      ...(options.withoutCard ? {} : { paymentMethodId: "pm_card_visa" }),
    });
    if (res.status !== 200 && res.status !== 201) throw new Error(`register failed: ${JSON.stringify(res)}`);
    await waitUntil(async () => (await this.call("GET", "/api/business")).status === 200, "the business to be created", BUSINESS_CREATED_TIMEOUT_MS);
  }

  /** Registers US texting (standard brand) once the business has its number; returns when US callers are texted. */
  async registerUsTexting(timeoutMs?: number): Promise<void> {
    await registerUsTexting((method, path, body) => this.call(method, path, body), this.baseUrl, this.email, timeoutMs);
  }
}
