// Call path under load: Twilio's voice webhook for forwarded, missed calls at a ramping arrival
// rate, signed as Twilio signs it. Every call must be answered quickly and, in dev (the carrier
// simulator), texted exactly once.
//
//   k6 run infra/k6/call-path.js \
//     -e BASE_URL=https://app.rebound.example.com \   # PUBLIC_BASE_URL of the deployment
//     -e TWILIO_AUTH_TOKEN=... \                       # dev-auth-token with the simulator
//     -e TO_NUMBER=+15550001234 \                      # a configured business's dedicated number
//     -e PEAK_RATE=40 -e CHECK_TEXTED=true \
//     -e OWNER_EMAIL=... -e OWNER_PASSWORD=...         # TO_NUMBER's owner: registers for US texting first
//
// The callers are US numbers, and a US number's business texts US callers only once its US texting
// registration (A2P 10DLC) is approved (TEXTING_REGISTRATION_REQUIRED, on by default; carriers block
// unregistered texts with 30034). With OWNER_EMAIL/OWNER_PASSWORD, setup() signs the owner in and,
// unless approved already, submits the standard registration (REGISTRATION_JSON, or a sample business
// that the carrier simulator approves in seconds: dev only; a real deployment needs the business's real
// details), then waits up to REGISTRATION_WAIT_S (default 180) for `approved`, and in dev (CHECK_TEXTED)
// for the owner's "Texting is live" e-mail at /dev/mailbox (messaging knows it then).
//
// Thresholds: failed requests < 0.1 %, p95 webhook answer < 100 ms, and (CHECK_TEXTED=true, dev
// only) every caller has exactly one text in GET /dev/simulator/messages.
import http from "k6/http";
import { check, sleep } from "k6";
import { Counter } from "k6/metrics";
import exec from "k6/execution";
import { formBody, twilioSignature } from "./twilio-signature.js";

const BASE_URL = (__ENV.BASE_URL || "http://localhost:8080").replace(/\/$/, "");
const AUTH_TOKEN = __ENV.TWILIO_AUTH_TOKEN || "dev-auth-token";
const TO_NUMBER = __ENV.TO_NUMBER || "";
const PEAK_RATE = Number(__ENV.PEAK_RATE || 40);
const CHECK_TEXTED = (__ENV.CHECK_TEXTED || "false") === "true";
const OWNER_EMAIL = __ENV.OWNER_EMAIL || "";
const OWNER_PASSWORD = __ENV.OWNER_PASSWORD || "";
const REGISTRATION_WAIT_S = Number(__ENV.REGISTRATION_WAIT_S || 180);
/** A standard (EIN) registration as Setup's form submits it; the sample is for the carrier simulator only. */
const REGISTRATION = __ENV.REGISTRATION_JSON
  ? JSON.parse(__ENV.REGISTRATION_JSON)
  : {
      kind: "standard",
      legalName: "Load Test Plumbing LLC",
      ein: "12-3456789",
      businessType: "Limited Liability Corporation",
      industry: "CONSTRUCTION",
      website: "https://load-test-plumbing.example",
      street: "1 Main St",
      city: "San Francisco",
      region: "CA",
      postalCode: "94103",
      country: "US",
      contactFirstName: "Load",
      contactLastName: "Tester",
      contactEmail: "owner@load-test-plumbing.example",
      contactPhone: "(415) 555-0142",
    };
const TEXTING_LIVE_SUBJECT = "Texting is live for US callers";
// Callers +1 555 RRR IIII: run id RRR, iteration IIII (up to 10,000 calls a run), so each call
// expects its own text and a run never meets an earlier run's opt-outs or texts.
const RUN_ID = String(__ENV.RUN_ID || Date.now() % 1000)
  .padStart(3, "0")
  .slice(-3);
const CALLER_PREFIX = `+1555${RUN_ID}`;

const textedMissing = new Counter("calls_not_texted");
const textedTwice = new Counter("calls_texted_more_than_once");

export const options = {
  scenarios: {
    missed_calls: {
      executor: "ramping-arrival-rate",
      startRate: 1,
      timeUnit: "1s",
      preAllocatedVUs: Math.max(10, PEAK_RATE),
      maxVUs: PEAK_RATE * 4,
      stages: [
        { target: PEAK_RATE, duration: "30s" },
        { target: PEAK_RATE, duration: "2m" },
        { target: 0, duration: "15s" },
      ],
    },
  },
  thresholds: {
    http_req_failed: ["rate<0.001"],
    "http_req_duration{name:voice-webhook}": ["p(95)<100"],
    calls_not_texted: ["count==0"],
    calls_texted_more_than_once: ["count==0"],
  },
};

export function setup() {
  if (!/^\+[1-9]\d{6,14}$/.test(TO_NUMBER)) {
    throw new Error("set TO_NUMBER to the dedicated number of a configured business (E.164)");
  }
  if (OWNER_EMAIL && OWNER_PASSWORD) registerForUsTexting();
  else if (CHECK_TEXTED) console.warn("no OWNER_EMAIL/OWNER_PASSWORD: the callers are texted only if TO_NUMBER's business is approved for US texting already");
  return { startedAt: Date.now() };
}

/** Signs TO_NUMBER's owner in and makes sure their US texting registration is approved (see the header). */
function registerForUsTexting() {
  const json = { headers: { "Content-Type": "application/json", Origin: BASE_URL } };
  const login = http.post(`${BASE_URL}/api/login`, JSON.stringify({ email: OWNER_EMAIL, password: OWNER_PASSWORD }), { ...json, tags: { name: "setup" } });
  if (login.status !== 200) throw new Error(`owner sign-in failed: ${login.status} ${login.body}`);
  const status = () => {
    const res = http.get(`${BASE_URL}/api/texting-registration`, { tags: { name: "setup" } });
    if (res.status !== 200) throw new Error(`GET /api/texting-registration: ${res.status} ${res.body}`);
    return res.json();
  };
  let registration = status();
  if (registration.status === "approved" || registration.required === false) return;
  if (registration.status === "not_started" || registration.status === "failed") {
    const submitted = http.post(`${BASE_URL}/api/texting-registration`, JSON.stringify(REGISTRATION), { ...json, tags: { name: "setup" } });
    if (submitted.status !== 202) throw new Error(`texting registration refused: ${submitted.status} ${submitted.body}`);
  }
  const deadline = Date.now() + REGISTRATION_WAIT_S * 1000;
  while ((registration = status()).status !== "approved") {
    if (registration.status === "failed" || registration.status === "needs_verification" || Date.now() > deadline) {
      throw new Error(`texting registration not approved: ${JSON.stringify(registration)}`);
    }
    sleep(1);
  }
  // Messaging learns the approval from an event, then e-mails the owner; in dev that e-mail is at /dev/mailbox.
  if (!CHECK_TEXTED) {
    sleep(5);
    return;
  }
  while (
    !String(http.get(`${BASE_URL}/dev/mailbox`, { tags: { name: "setup" } }).body || "")
      .split("<tr>")
      .some((row) => row.includes(`<td>${OWNER_EMAIL}</td>`) && row.includes(TEXTING_LIVE_SUBJECT))
  ) {
    if (Date.now() > deadline) throw new Error(`no "${TEXTING_LIVE_SUBJECT}" e-mail to ${OWNER_EMAIL} at /dev/mailbox`);
    sleep(1);
  }
}

function callerOf(iteration) {
  return `${CALLER_PREFIX}${String(iteration % 10000).padStart(4, "0")}`;
}

export default function () {
  const iteration = exec.scenario.iterationInTest;
  const url = `${BASE_URL}/webhooks/twilio/voice`;
  const params = {
    AccountSid: __ENV.TWILIO_ACCOUNT_SID || "AC00000000000000000000000000000000",
    CallSid: `CA${RUN_ID}${String(iteration).padStart(10, "0")}${"0".repeat(32)}`.slice(0, 34),
    CallStatus: "no-answer",
    Direction: "inbound",
    From: callerOf(iteration),
    To: TO_NUMBER,
  };
  const res = http.post(url, formBody(params), {
    headers: {
      "Content-Type": "application/x-www-form-urlencoded",
      "X-Twilio-Signature": twilioSignature(AUTH_TOKEN, url, params),
    },
    tags: { name: "voice-webhook" },
  });
  check(res, {
    "voice webhook 200": (r) => r.status === 200,
    "answers TwiML": (r) => String(r.headers["Content-Type"] || "").includes("xml"),
  });
}

export function teardown() {
  if (!CHECK_TEXTED) return;
  sleep(10); // the texts of the last calls
  const res = http.get(`${BASE_URL}/dev/simulator/messages`, { tags: { name: "simulator-messages" } });
  if (!check(res, { "simulator messages readable (dev only)": (r) => r.status === 200 })) {
    textedMissing.add(1);
    return;
  }
  const texts = new Map();
  for (const message of res.json("messages") || []) {
    if (message.from !== TO_NUMBER || !String(message.to).startsWith(CALLER_PREFIX)) continue;
    texts.set(message.to, (texts.get(message.to) || 0) + 1);
  }
  // Callers are numbered from 0: every number up to the highest texted one must have exactly one text.
  let highest = -1;
  for (const to of texts.keys()) highest = Math.max(highest, Number(to.slice(CALLER_PREFIX.length)));
  for (let i = 0; i <= highest; i++) {
    const count = texts.get(callerOf(i)) || 0;
    if (count === 0) textedMissing.add(1);
    if (count > 1) textedTwice.add(1);
  }
  if (highest < 0) textedMissing.add(1);
  console.log(`texted callers: ${texts.size} (run ${RUN_ID}, callers ${CALLER_PREFIX}0000..)`);
}
