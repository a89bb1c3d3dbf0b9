// The stats benchmark's owner: signs up through the public API, buys a number and sets the
// message, keeping every cookie the server sets (the session's is one of them).

export async function setUpOwner(baseUrl: string, message: string): Promise<{ dedicatedNumber: string; cookie: string }> {
  const cookies = new Map<string, string>();
  const call = async (method: string, path: string, body?: unknown): Promise<Response> => {
    const res = await fetch(`${baseUrl}${path}`, {
      method,
      headers: { "content-type": "application/json", ...(cookies.size > 0 ? { cookie: [...cookies.values()].join("; ") } : {}) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    for (const setCookie of res.headers.getSetCookie()) {
      const pair = setCookie.split(";")[0] as string;
      cookies.set(pair.split("=")[0] as string, pair);
    }
    return res;
  };
  const ok = async (method: string, path: string, body?: unknown): Promise<unknown> => {
    const res = await call(method, path, body);
    if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
    return res.json();
  };
  await ok("POST", "/api/register", {
    email: `bench-${Date.now()}@example.com`,
    password: "bench-password",
    confirmPassword: "bench-password",
    firstName: "Bench",
    lastName: "Owner",
    subscriptionPlan: "custom",
    billingFrequency: "monthly",
  });
  // The business is created from the UserRegistered event: wait for it.
  for (let attempt = 0; !(await call("GET", "/api/business")).ok; attempt++) {
    if (attempt > 100) throw new Error("business was never created");
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const search = (await ok("GET", "/api/phone-numbers/search/415")) as { numbers: { phoneNumber: string }[] };
  const dedicatedNumber = search.numbers[0]?.phoneNumber as string;
  await ok("POST", "/api/phone-numbers/purchase", { phoneNumber: dedicatedNumber });
  await ok("PATCH", "/api/business/profile", { businessName: "Bench Plumbing", businessPhone: "+12125550123" });
  await ok("POST", "/api/business", {
    customMessage: message,
    afterHoursEnabled: false,
    afterHoursMessage: "",
    smsAutoReplyEnabled: false,
    smsAutoReplyMessage: "",
    timeZone: "America/New_York",
    isActive: true,
    ownerAlertsEnabled: false,
  });
  return { dedicatedNumber, cookie: [...cookies.values()].join("; ") };
}
