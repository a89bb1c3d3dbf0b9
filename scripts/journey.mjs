// `npm run journey -- <baseUrl>` (default http://localhost:8080): the owner's journey end to end
// against a running Rebound with the carrier simulator and the local payment provider (standalone
// `npm start` or `npm run start:distributed`): register with pm_card_visa, buy a number,
// configure the business, a missed call through /dev/simulator/calls, the text at
// /dev/simulator/messages, and the call and the text in GET /api/analytics/stats.
// Prints each step's time; exits 1 on the first failure.
import { setTimeout as sleep } from "node:timers/promises";

const baseUrl = (process.argv.slice(2).find((arg) => !arg.startsWith("-")) ?? "http://localhost:8080").replace(/\/$/, "");
const WAIT_MS = Number(process.env.JOURNEY_WAIT_MS ?? 30_000);
const started = Date.now();
let stepStarted = started;
let cookie = "";
const cookies = new Map();

const seconds = (ms) => `${(ms / 1000).toFixed(2)} s`;
function step(name) {
  const now = Date.now();
  console.log(`ok  ${name.padEnd(72)} ${seconds(now - stepStarted).padStart(8)}`);
  stepStarted = now;
}
function fail(message) {
  console.error(`FAIL ${message} (after ${seconds(Date.now() - started)})`);
  process.exit(1);
}

async function call(method, path, body) {
  const response = await fetch(`${baseUrl}${path}`, {
    method,
    headers: { "content-type": "application/json", origin: baseUrl, ...(cookie ? { cookie } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
    signal: AbortSignal.timeout(30_000),
  });
  // Every cookie the gateway sets (the session and the signed-in hint), as a browser keeps them.
  for (const setCookie of response.headers.getSetCookie()) {
    const [pair] = setCookie.split(";");
    const name = pair.split("=")[0];
    cookies.set(name, pair);
  }
  cookie = [...cookies.values()].join("; ");
  const text = await response.text();
  let json;
  try {
    json = text ? JSON.parse(text) : {};
  } catch {
    json = { text };
  }
  return { status: response.status, body: json };
}

async function expectOk(what, method, path, body, statuses = [200, 201]) {
  const response = await call(method, path, body);
  if (!statuses.includes(response.status)) fail(`${what}: ${method} ${path} answered ${response.status} ${JSON.stringify(response.body)}`);
  return response.body;
}

/** Polls `check` until it returns a truthy value or WAIT_MS passes. */
async function waitFor(what, check) {
  const deadline = Date.now() + WAIT_MS;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > deadline) fail(`timed out after ${seconds(WAIT_MS)} waiting for ${what}`);
    await sleep(100);
  }
}

/** A US mobile-looking caller, new per run (the journey does not depend on duplicate suppression). */
function newCaller() {
  const line = String(Math.floor(Math.random() * 10_000)).padStart(4, "0");
  const exchange = 200 + Math.floor(Math.random() * 700);
  return `+1415${exchange}${line}`;
}

async function main() {
  console.log(`journey against ${baseUrl}`);
  const ready = await fetch(`${baseUrl}/readyz`).catch(() => undefined);
  if (!ready?.ok) fail(`${baseUrl}/readyz is not ready (${ready?.status ?? "no answer"})`);
  step("ready");

  const email = `journey-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;
  const password = "journey-password-1";
  await expectOk("payment intent", "POST", "/api/create-payment-intent", { amount: 49, plan: "professional", billing: "monthly" });
  await expectOk("register", "POST", "/api/register", {
    email,
    password,
    confirmPassword: password,
    firstName: "Journey",
    lastName: "Owner",
    subscriptionPlan: "professional",
    billingFrequency: "monthly",
    paymentMethodId: "pm_card_visa",
  });
  await waitFor("the session user", async () => (await call("GET", "/api/auth/user")).status === 200);
  step(`register ${email} with pm_card_visa`);

  const search = await expectOk("number search", "GET", "/api/phone-numbers/search/415");
  const number = search.numbers?.[0]?.phoneNumber;
  if (!number) fail(`no number offered: ${JSON.stringify(search)}`);
  await expectOk("purchase", "POST", "/api/phone-numbers/purchase", { phoneNumber: number });
  step(`buy ${number}`);

  const customMessage = `Sorry we missed your call (journey ${Date.now()}). How can we help?`;
  await expectOk("configure", "POST", "/api/business", { customMessage, timeZone: "America/Los_Angeles", isActive: true, autoReplyEnabled: true });
  const business = await expectOk("read business", "GET", "/api/business");
  if (business?.smsMessage !== customMessage) {
    fail(`GET /api/business does not show the message: ${JSON.stringify(business)}`);
  }
  step("configure the business (message, automation on)");

  // The number and the settings reach telephony and messaging by events (distributed: through
  // Kafka): a call placed before they arrive may go untexted or get the previous message, so a
  // new caller tries again; every attempt is reported.
  let caller;
  let text;
  for (let attempt = 1; attempt <= 5 && !text; attempt++) {
    caller = newCaller();
    const callStarted = Date.now();
    await expectOk("simulated call", "POST", "/dev/simulator/calls", { from: caller, to: number });
    const deadline = Date.now() + WAIT_MS / 3;
    let got;
    while (Date.now() < deadline && !got) {
      const messages = await expectOk("simulator messages", "GET", `/dev/simulator/messages?to=${encodeURIComponent(caller)}`);
      got = (messages.messages ?? []).find((message) => message.to === caller && message.from === number);
      if (!got) await sleep(50);
    }
    if (got?.body === customMessage) {
      text = got;
      step(`missed call from ${caller} -> text in ${seconds(Date.now() - callStarted)} (attempt ${attempt})`);
    } else if (got) {
      console.log(`..  ${caller} got "${got.body}", not the configured message yet (attempt ${attempt})`);
      await sleep(1_000);
    } else {
      console.log(`..  no text for ${caller} within ${seconds(WAIT_MS / 3)} (attempt ${attempt})`);
    }
  }
  if (!text) fail("the configured text did not reach the callers at /dev/simulator/messages");

  const stats = await waitFor("the call and the text in GET /api/analytics/stats", async () => {
    const answer = await expectOk("analytics", "GET", "/api/analytics/stats");
    const called = answer.recentCalls?.some((recent) => recent.number === caller);
    const texted = answer.recentSms?.some((recent) => recent.number === caller);
    return called && texted && answer.stats?.missedCalls >= 1 && answer.stats?.totalSms >= 1 ? answer : undefined;
  });
  step(`analytics: ${stats.stats.totalCalls} calls, ${stats.stats.missedCalls} missed, ${stats.stats.totalSms} texts`);

  console.log(`journey passed in ${seconds(Date.now() - started)}`);
}

main().catch((error) => fail(error instanceof Error ? error.message : String(error)));
