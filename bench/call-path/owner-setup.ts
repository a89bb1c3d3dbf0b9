/** Signs up an owner through the public API, buys a number and sets the message: what a real owner does first. */
export async function setUpOwner(baseUrl: string, message: string, clientIp?: string): Promise<{ dedicatedNumber: string; cookie: string }> {
  // Several owners from one bench: each from its own address (the gateway trusts X-Forwarded-For from loopback), as sign-ups are limited per IP.
  const json = { "content-type": "application/json", ...(clientIp ? { "x-forwarded-for": clientIp } : {}) };
  const register = await fetch(`${baseUrl}/api/register`, {
    method: "POST",
    headers: json,
    body: JSON.stringify({
      email: `bench-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`,
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
  const call = async (method: string, path: string, body?: unknown) => {
    const res = await fetch(`${baseUrl}${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
    if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
    return res.json() as Promise<Record<string, unknown>>;
  };
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
  await call("PATCH", "/api/business/profile", { businessName: "Bench Plumbing", businessPhone: "+12125550123" });
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
  return { dedicatedNumber, cookie };
}
