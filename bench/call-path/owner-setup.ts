// The module alone, not @rebound/testing's index (which loads PGlite and kafkajs into the bench).
import { registerUsTexting, STANDARD_TEXTING_REGISTRATION } from "../../tools/testing/src/texting-registration";

/** The business's name: the legal name it registers for US texting under, without "LLC" (carriers refuse texts that do not name the brand). */
const BUSINESS_NAME = STANDARD_TEXTING_REGISTRATION.legalName.replace(/ LLC$/, "");

export interface Owner {
  dedicatedNumber: string;
  cookie: string;
  email: string;
  /** The owner's headers for the public API (JSON, session cookie, X-Forwarded-For). */
  headers: Record<string, string>;
}

/**
 * Signs up an owner through the public API, buys a number, sets the message and registers for US texting
 * (registerForUsTexting, below): what a real owner does first. `registerForUsTexting: false` leaves the
 * registration to the caller (several owners registered at once, targets.ts).
 */
export async function setUpOwner(baseUrl: string, message: string, clientIp?: string, options: { registerForUsTexting?: boolean } = {}): Promise<Owner> {
  // Several owners from one bench: each from its own address (the gateway trusts X-Forwarded-For from loopback), as sign-ups are limited per IP.
  const json = { "content-type": "application/json", ...(clientIp ? { "x-forwarded-for": clientIp } : {}) };
  const email = `bench-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;
  const register = await fetch(`${baseUrl}/api/register`, {
    method: "POST",
    headers: json,
    body: JSON.stringify({
      email,
      password: "bench-password",
      confirmPassword: "bench-password",
      firstName: "Bench",
      lastName: "Owner",
      subscriptionPlan: "custom",
      billingFrequency: "monthly",
      paymentMethodId: "pm_card_visa",
    }),
  });
  if (!register.ok) throw new Error(`register: ${register.status} ${await register.text()}`);
  // Every cookie the gateway set (the session and the signed-in hint), as a browser sends them back.
  const cookie = register.headers
    .getSetCookie()
    .map((setCookie) => setCookie.split(";")[0])
    .join("; ");
  const headers = { ...json, cookie };
  const call = async (method: string, path: string, body?: unknown) => ownerCall(baseUrl, headers, method, path, body);
  // The business is created from the UserRegistered event: wait for it.
  for (let attempt = 0; ; attempt++) {
    const res = await fetch(`${baseUrl}/api/business`, { headers });
    if (res.ok) break;
    if (attempt > 100) throw new Error("business was never created");
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const search = (await call("GET", "/api/phone-numbers/search/415")) as { numbers: { phoneNumber: string }[] };
  const dedicatedNumber = search.numbers[0]?.phoneNumber as string;
  await call("POST", "/api/phone-numbers/purchase", { phoneNumber: dedicatedNumber });
  await call("PATCH", "/api/business/profile", { businessName: BUSINESS_NAME, businessPhone: "+12125550123" });
  await call("POST", "/api/business", {
    customMessage: message,
    afterHoursEnabled: false,
    afterHoursMessage: "",
    smsAutoReplyEnabled: false,
    smsAutoReplyMessage: "",
    timeZone: "America/New_York",
    isActive: true,
    ownerAlertsEnabled: false,
  });
  const owner = { dedicatedNumber, cookie, email, headers };
  if (options.registerForUsTexting ?? true) await registerForUsTexting(baseUrl, owner);
  return owner;
}

/**
 * Registers the owner's business for US texting (A2P 10DLC, standard brand) as an owner does in Setup and
 * waits until US callers are texted (@rebound/testing's registerUsTexting: `approved`, then the owner's
 * "Texting is live" e-mail, which messaging sends once the read model its decisions come from knows it).
 * Until then US callers are not texted (TEXTING_REGISTRATION_REQUIRED, on by default). Needs a provider
 * that approves (the carrier simulator, or the fake Twilio API with `registrationReviewMs`) and the dev mailbox.
 */
export async function registerForUsTexting(baseUrl: string, owner: Owner, timeoutMs = 120_000): Promise<void> {
  const call = async (method: string, path: string, body?: unknown) => {
    const res = await fetch(`${baseUrl}${path}`, { method, headers: owner.headers, body: body === undefined ? undefined : JSON.stringify(body) });
    const text = await res.text();
    return { status: res.status, body: text ? (JSON.parse(text) as unknown) : undefined };
  };
  await registerUsTexting(call, baseUrl, owner.email, timeoutMs);
}

async function ownerCall(baseUrl: string, headers: Record<string, string>, method: string, path: string, body?: unknown): Promise<Record<string, unknown>> {
  const res = await fetch(`${baseUrl}${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
  return res.json() as Promise<Record<string, unknown>>;
}
