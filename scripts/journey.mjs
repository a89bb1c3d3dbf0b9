// `npm run journey -- <baseUrl>` (default http://localhost:8080): the owner's journey end to end
// against a running Rebound with the carrier simulator and the local payment provider (standalone
// `npm start` or `npm run start:distributed`), as a new owner meets it:
//   register with pm_card_visa, buy a US number, configure the business;
//   a Canadian caller's missed call is texted at once (US texting registration does not apply);
//   a US caller's missed call before the business registered for US texting (A2P 10DLC) is not
//   texted: the caller hears no promise of a text and Your Results counts it as registration_pending;
//   the owner registers (standard brand) and waits for `approved` and the "Texting is live" e-mail;
//   the next US caller is texted, through the business's messaging service, and the text delivered;
//   the calls and the texts show in GET /api/analytics/stats and /summary.
// A server with TEXTING_REGISTRATION_REQUIRED=false (the US caller hears the same answer as the
// Canadian one) texts the US caller before registering; the journey says so and expects that text.
// Registration takes SIMULATOR_A2P_BRAND_APPROVAL_MS + SIMULATOR_A2P_CAMPAIGN_APPROVAL_MS plus a few
// of telephony's TEXTING_REGISTRATION_TICK_MS (about 10 s with `npm start`'s defaults;
// `start:distributed --journey` shortens them). JOURNEY_WAIT_MS (30 s) bounds each wait for a text or
// a count, JOURNEY_REGISTRATION_WAIT_MS (90 s) the wait for approval.
// Prints each step's time; exits 1 on the first failure.
import { setTimeout as sleep } from "node:timers/promises";

const baseUrl = (process.argv.slice(2).find((arg) => !arg.startsWith("-")) ?? "http://localhost:8080").replace(/\/$/, "");
const WAIT_MS = Number(process.env.JOURNEY_WAIT_MS ?? 30_000);
const REGISTRATION_WAIT_MS = Number(process.env.JOURNEY_REGISTRATION_WAIT_MS ?? 90_000);
const started = Date.now();
let stepStarted = started;
let cookie = "";
const cookies = new Map();

/** The standard registration (a business with an EIN), as the owner fills the form in Setup. */
const STANDARD_REGISTRATION = {
  kind: "standard",
  legalName: "Journey Plumbing LLC",
  ein: "12-3456789",
  businessType: "Limited Liability Corporation",
  industry: "CONSTRUCTION",
  website: "https://journey-plumbing.example",
  street: "1 Main St",
  city: "San Francisco",
  region: "CA",
  postalCode: "94103",
  country: "US",
  contactFirstName: "Journey",
  contactLastName: "Owner",
  contactEmail: "owner@journey-plumbing.example",
  contactPhone: "(415) 555-0142",
};
/** The owner's e-mail messaging sends once it learned the approval (after updating what decides the texts). */
const APPROVED_EMAIL_SUBJECT = "Texting is live for US callers";

const seconds = (ms) => `${(ms / 1000).toFixed(2)} s`;
function step(name) {
  const now = Date.now();
  console.log(`ok  ${name.padEnd(80)} ${seconds(now - stepStarted).padStart(8)}`);
  stepStarted = now;
}
const note = (message) => console.log(`..  ${message}`);
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

/** Polls `check` until it returns a truthy value (that value) or `waitMs` passes (undefined). */
async function poll(check, waitMs) {
  const deadline = Date.now() + waitMs;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > deadline) return undefined;
    await sleep(100);
  }
}

/** As poll, but a timeout fails the journey; `last` describes the last state seen. */
async function waitFor(what, check, { waitMs = WAIT_MS, last } = {}) {
  const value = await poll(check, waitMs);
  if (!value) fail(`timed out after ${seconds(waitMs)} waiting for ${what}${last ? `; last: ${JSON.stringify(last())}` : ""}`);
  return value;
}

/** A caller in `areaCode`, new per run: a valid exchange (not N11, not 555), so no screening rule applies to it. */
function newCaller(areaCode) {
  let exchange;
  do exchange = 200 + Math.floor(Math.random() * 700);
  while (exchange % 100 === 11 || exchange === 555);
  const line = String(Math.floor(Math.random() * 10_000)).padStart(4, "0");
  return `+1${areaCode}${exchange}${line}`;
}

/** A missed call from `from` to the dedicated number at the simulator; the TwiML the caller heard. */
async function missedCall(from, to) {
  const answer = await expectOk("simulated call", "POST", "/dev/simulator/calls", { from, to });
  return String(answer.twiml ?? "");
}
/** What the caller heard, for the log: the words of <Say>, or the verb. */
function heard(twiml) {
  const said = twiml.match(/<Say[^>]*>([^<]*)<\/Say>/)?.[1];
  if (said) return `"${said}"`;
  return twiml.includes("<Reject") ? "a reject" : "silence";
}

async function textsTo(caller, from) {
  const messages = await expectOk("simulator messages", "GET", `/dev/simulator/messages?to=${encodeURIComponent(caller)}`);
  return (messages.messages ?? []).filter((message) => message.to === caller && message.from === from);
}

async function summary() {
  return expectOk("analytics summary", "GET", "/api/analytics/summary");
}
const registrationPendingCount = (answer) => answer.textBack?.notTexted?.suppressed?.registration_pending ?? 0;

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
  // new caller tries again; every attempt is reported. A Canadian caller: texted whatever the
  // business's US texting registration (Canadian recipients are not in the US carriers' rule).
  let canadianHeard;
  let canadianText;
  for (let attempt = 1; attempt <= 5 && !canadianText; attempt++) {
    const caller = newCaller("416");
    const callStarted = Date.now();
    const twiml = await missedCall(caller, number);
    const deadline = Date.now() + WAIT_MS / 3;
    let got;
    while (Date.now() < deadline && !got) {
      [got] = await textsTo(caller, number);
      if (!got) await sleep(50);
    }
    if (got?.body.includes(customMessage)) {
      canadianText = got;
      canadianHeard = twiml;
      step(`Canadian caller ${caller} -> text in ${seconds(Date.now() - callStarted)} (attempt ${attempt})`);
    } else if (got) {
      note(`${caller} got "${got.body}", not the configured message yet (attempt ${attempt})`);
      await sleep(1_000);
    } else {
      note(`no text for ${caller} within ${seconds(WAIT_MS / 3)} (attempt ${attempt})`);
    }
  }
  if (!canadianText) fail("the configured text did not reach the Canadian callers at /dev/simulator/messages");

  const before = await expectOk("texting registration", "GET", "/api/texting-registration");
  if (before.status !== "not_started" || before.required !== true)
    fail(`a new US number's texting registration is not {not_started, required}: ${JSON.stringify(before)}`);

  // A US caller before registering: US carriers block texts from an unregistered 10DLC number (30034),
  // so Rebound holds the text back and the voice answer promises none.
  const earlyCaller = newCaller("415");
  const pendingBefore = registrationPendingCount(await summary());
  const earlyTwiml = await missedCall(earlyCaller, number);
  const registrationRequired = earlyTwiml !== canadianHeard;
  if (registrationRequired) {
    let last;
    await waitFor(
      `Your Results to count ${earlyCaller}'s call as registration_pending`,
      async () => registrationPendingCount((last = await summary())) > pendingBefore,
      { last: () => last?.textBack },
    );
    const early = await textsTo(earlyCaller, number);
    if (early.length > 0) fail(`${earlyCaller} was texted before the registration: ${JSON.stringify(early)}`);
    step(`US caller ${earlyCaller} before registering: not texted (registration_pending)`);
    note(`the US caller heard ${heard(earlyTwiml)}; the Canadian one ${heard(canadianHeard)}`);
  } else {
    // Its end, as the carrier reports it: undelivered with 30034 where the carrier enforces the 10DLC rule.
    const early = await waitFor(`the text to ${earlyCaller} and its delivery outcome`, async () => {
      const [latest] = await textsTo(earlyCaller, number);
      return latest && ["delivered", "undelivered", "failed"].includes(latest.status) ? latest : undefined;
    });
    step(`US caller ${earlyCaller} before registering: texted (registration not required here)`);
    note(
      `TEXTING_REGISTRATION_REQUIRED is off on this server: the text went out unregistered (status ${early.status}${early.errorCode ? `, error ${early.errorCode}` : ""})`,
    );
  }

  const submitted = await expectOk("submit texting registration", "POST", "/api/texting-registration", STANDARD_REGISTRATION, [202]);
  if (submitted.status !== "submitted") fail(`the registration answered ${JSON.stringify(submitted)}`);
  step("register for US texting (standard brand: legal name, EIN, address, contact)");

  let seen = "submitted";
  let registration;
  await waitFor(
    "the texting registration to be approved",
    async () => {
      registration = await expectOk("texting registration", "GET", "/api/texting-registration");
      if (registration.status !== seen) {
        note(`texting registration ${registration.status} after ${seconds(Date.now() - stepStarted)}`);
        seen = registration.status;
      }
      if (registration.status === "failed" || registration.status === "needs_verification") fail(`the registration ended ${JSON.stringify(registration)}`);
      return registration.status === "approved";
    },
    { waitMs: REGISTRATION_WAIT_MS, last: () => registration },
  );
  step("texting registration approved");

  // Messaging learns the approval from TextingRegistrationChanged (a bus hop after telephony) and then
  // e-mails the owner: that e-mail says it is ready to text US callers. Without the dev mailbox (SMTP),
  // the next call is retried instead.
  const mailbox = await fetch(`${baseUrl}/dev/mailbox`, { signal: AbortSignal.timeout(30_000) });
  const hasMailbox = mailbox.ok;
  if (hasMailbox) {
    await waitFor(`the "${APPROVED_EMAIL_SUBJECT}" e-mail to ${email} at /dev/mailbox`, async () => {
      const html = await (await fetch(`${baseUrl}/dev/mailbox`, { signal: AbortSignal.timeout(30_000) })).text();
      return html.split("<tr>").some((row) => row.includes(`<td>${email}</td>`) && row.includes(APPROVED_EMAIL_SUBJECT));
    });
    step(`e-mail "${APPROVED_EMAIL_SUBJECT}"`);
  } else {
    note(`no /dev/mailbox here (${mailbox.status}): the approval e-mail is not checked`);
  }

  let caller;
  let text;
  for (let attempt = 1; attempt <= (hasMailbox ? 1 : 5) && !text; attempt++) {
    caller = newCaller("415");
    const callStarted = Date.now();
    const twiml = await missedCall(caller, number);
    const [got] =
      (await poll(
        async () => {
          const texts = await textsTo(caller, number);
          return texts.length > 0 ? texts : undefined;
        },
        WAIT_MS / (hasMailbox ? 1 : 3),
      )) ?? [];
    if (got?.body.includes(customMessage)) {
      text = got;
      step(`US caller ${caller} after approval -> text in ${seconds(Date.now() - callStarted)} (attempt ${attempt})`);
      note(`the caller heard ${heard(twiml)}`);
    } else {
      note(`no text with the configured message for ${caller} (attempt ${attempt}): ${JSON.stringify(got ?? null)}`);
    }
  }
  if (!text) fail("the US caller was not texted after the registration was approved");
  const delivered = await waitFor(`the text to ${caller} to be delivered`, async () => {
    const [latest] = await textsTo(caller, number);
    if (latest?.status === "undelivered" || latest?.status === "failed") fail(`the text to ${caller} ended ${latest.status} ${latest.errorCode ?? ""}`);
    return latest?.status === "delivered" ? latest : undefined;
  });
  step(`the text to ${caller} delivered (sid ${delivered.sid})`);

  let lastStats;
  const stats = await waitFor(
    "the calls and the text in GET /api/analytics/stats",
    async () => {
      const answer = (lastStats = await expectOk("analytics", "GET", "/api/analytics/stats"));
      const called = answer.recentCalls?.some((recent) => recent.number === caller) && answer.recentCalls?.some((recent) => recent.number === earlyCaller);
      const texted = answer.recentSms?.some((recent) => recent.number === caller);
      return called && texted && answer.stats?.missedCalls >= 3 && answer.stats?.totalSms >= 2 ? answer : undefined;
    },
    { last: () => lastStats?.stats },
  );
  const totals = await summary();
  step(
    `analytics: ${stats.stats.totalCalls} calls, ${stats.stats.missedCalls} missed, ${stats.stats.totalSms} texts, ` +
      `${registrationPendingCount(totals)} waiting for texting approval`,
  );

  console.log(`journey passed in ${seconds(Date.now() - started)}`);
}

main().catch((error) => fail(error instanceof Error ? error.message : String(error)));
