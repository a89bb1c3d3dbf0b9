import { registerUsTexting } from "@rebound/testing";
import { setTimeout as sleep } from "node:timers/promises";

export interface Answer<T> {
  status: number;
  body: T;
  headers: Headers;
}

/** A browser-less owner: keeps the session cookie between calls. */
export class OwnerClient {
  private cookie = "";

  constructor(
    private readonly baseUrl: string,
    readonly email: string,
    readonly password = "secret-password",
  ) {}

  async call<T = Record<string, unknown>>(method: string, path: string, body?: unknown): Promise<Answer<T>> {
    const res = await fetch(`${this.baseUrl}${path}`, {
      method,
      headers: { "content-type": "application/json", origin: this.baseUrl, ...(this.cookie ? { cookie: this.cookie } : {}) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const setCookie = res.headers.get("set-cookie");
    if (setCookie) this.cookie = setCookie.split(";")[0] as string;
    const type = res.headers.get("content-type") ?? "";
    if (!type.includes("json")) return { status: res.status, body: Buffer.from(await res.arrayBuffer()) as unknown as T, headers: res.headers };
    const text = await res.text();
    return { status: res.status, body: (text ? JSON.parse(text) : {}) as T, headers: res.headers };
  }

  register(paymentMethodId: string | undefined, extra: Record<string, unknown> = {}): Promise<Answer<Record<string, unknown>>> {
    return this.call("POST", "/api/register", {
      email: this.email,
      password: this.password,
      confirmPassword: this.password,
      firstName: "Ada",
      lastName: "Owner",
      subscriptionPlan: "professional",
      billingFrequency: "monthly",
      ...(paymentMethodId ? { paymentMethodId } : {}),
      ...extra,
    });
  }

  /** Registers US texting once the business has its number; returns when US callers are texted. */
  registerUsTexting(): Promise<void> {
    return registerUsTexting((method, path, body) => this.call(method, path, body), this.baseUrl, this.email);
  }

  async login(): Promise<void> {
    const res = await this.call("POST", "/api/login", { email: this.email, password: this.password });
    if (res.status !== 200) throw new Error(`login failed: ${JSON.stringify(res.body)}`);
  }
}

export async function waitUntil(check: () => Promise<boolean>, what: string, timeoutMs = 15_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(50);
  }
}
