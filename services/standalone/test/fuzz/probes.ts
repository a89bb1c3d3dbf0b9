// Single requests a black-box probe of `npm start` answered with a 5xx (or could): kept here so they
// stay 4xx. Each is sent once by fuzz-api.test.ts, which asserts a 4xx with a JSON {message} and
// that nothing was written.

export interface Probe {
  name: string;
  method: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
  path: string;
  /** The raw body (JSON text). */
  body?: string;
  /** Sent with the owner's session. */
  signedIn: boolean;
}

/** JSON nested 10,000 levels deep (JSON.parse copies it; anything recursive over it overflows the stack). */
export const DEEP_JSON = '{"a":'.repeat(10_000) + "1" + "}".repeat(10_000);

/** Names an object map would resolve through its prototype. */
const PROTOTYPE_NAMES = ["toString", "hasOwnProperty", "__proto__", "constructor"];

function signUpBody(email: string, paymentMethodId: string): string {
  const password = "secret-password";
  return JSON.stringify({
    email,
    password,
    confirmPassword: password,
    firstName: "Probe",
    lastName: "Owner",
    subscriptionPlan: "professional",
    billingFrequency: "monthly",
    paymentMethodId,
  });
}

/** Every route path with parameters (from the composed app), each parameter a NUL. */
export function nulPathProbes(routes: Array<{ method: string; path: string }>): Probe[] {
  const parameterised = routes.filter((route) => /^\/(api|dev)\//.test(route.path) && route.path.includes("/:"));
  return parameterised.map(({ method, path }) => ({
    name: `NUL in the path parameters of ${method} ${path}`,
    method: method as Probe["method"],
    path: path.replace(/:[A-Za-z]+/g, "a%00b"),
    signedIn: true,
  }));
}

export function fixedProbes(stamp: number): Probe[] {
  return [
    ...["calls", "sms", "forwarding"].map((route): Probe => ({
      name: `10,000-deep JSON to /dev/simulator/${route}`,
      method: "POST",
      path: `/dev/simulator/${route}`,
      body: DEEP_JSON,
      signedIn: false,
    })),
    { name: "NUL as the invoice id of a download", method: "GET", path: "/api/billing/invoice/%00/download", signedIn: true },
    { name: "NUL inside the invoice id of a PDF", method: "GET", path: "/api/billing/invoices/a%00b/pdf", signedIn: true },
    { name: "broken percent-encoding in a path", method: "GET", path: "/api/phone-numbers/search/%E0%A4%A", signedIn: true },
    ...PROTOTYPE_NAMES.flatMap((name): Probe[] => [
      {
        name: `sign-up with paymentMethodId ${name}`,
        method: "POST",
        path: "/api/register",
        body: signUpBody(`probe-${name.replace(/_/g, "")}-${stamp}@example.com`, name),
        signedIn: false,
      },
      { name: `payment method ${name}`, method: "POST", path: "/api/billing/payment-method", body: JSON.stringify({ paymentMethodId: name }), signedIn: true },
    ]),
  ];
}
