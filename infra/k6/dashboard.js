// Signed-in dashboard load: owners sign in once per VU, then open the dashboard's API calls
// (profile, business, number, analytics, billing) with think time.
//
//   k6 run infra/k6/dashboard.js -e BASE_URL=https://app.rebound.example.com \
//     -e OWNER_EMAIL=owner@example.com -e OWNER_PASSWORD=... -e VUS=50
//
// Each VU keeps its own session cookie (k6's per-VU cookie jar). Thresholds: failed requests
// < 0.1 %, p95 of every dashboard request < 300 ms.
import http from "k6/http";
import { check, fail, group, sleep } from "k6";

const BASE_URL = (__ENV.BASE_URL || "http://localhost:8080").replace(/\/$/, "");
const EMAIL = __ENV.OWNER_EMAIL || "";
const PASSWORD = __ENV.OWNER_PASSWORD || "";
const VUS = Number(__ENV.VUS || 20);

export const options = {
  scenarios: {
    dashboard: {
      executor: "ramping-vus",
      startVUs: 1,
      stages: [
        { target: VUS, duration: "30s" },
        { target: VUS, duration: "2m" },
        { target: 0, duration: "15s" },
      ],
      gracefulRampDown: "10s",
    },
  },
  thresholds: {
    http_req_failed: ["rate<0.001"],
    "http_req_duration{group:::dashboard}": ["p(95)<300"],
    checks: ["rate>0.999"],
  },
};

const json = { headers: { "Content-Type": "application/json", Origin: BASE_URL } };

export function setup() {
  if (!EMAIL || !PASSWORD) throw new Error("set OWNER_EMAIL and OWNER_PASSWORD (a verified owner with a business)");
}

function signIn() {
  const res = http.post(`${BASE_URL}/api/login`, JSON.stringify({ email: EMAIL, password: PASSWORD }), {
    ...json,
    tags: { name: "login" },
  });
  if (!check(res, { "signed in": (r) => r.status === 200 })) fail(`sign-in failed: ${res.status} ${res.body}`);
}

let signedIn = false;

export default function () {
  if (!signedIn) {
    signIn();
    signedIn = true;
  }
  group("dashboard", () => {
    const responses = http.batch([
      ["GET", `${BASE_URL}/api/user`, null, { tags: { name: "user" } }],
      ["GET", `${BASE_URL}/api/business`, null, { tags: { name: "business" } }],
      ["GET", `${BASE_URL}/api/analytics/stats`, null, { tags: { name: "analytics-stats" } }],
      ["GET", `${BASE_URL}/api/billing`, null, { tags: { name: "billing" } }],
    ]);
    for (const res of responses) {
      check(res, { "dashboard call 200": (r) => r.status === 200 });
    }
    if (responses[0].status === 401) signedIn = false;
  });
  sleep(1 + Math.random() * 2);
}
