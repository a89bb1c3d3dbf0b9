import { json, startGateway, type GatewayHarness } from "./gateway-harness";

let gateway: GatewayHarness;
beforeAll(async () => {
  gateway = await startGateway();
});
afterAll(async () => {
  await gateway.stop();
});

describe("request paths at the edge", () => {
  it.each([
    ["GET", "/api/billing/invoice/%00/download"],
    ["GET", "/api/billing/invoices/a%00b/pdf"],
    ["PATCH", "/api/business/%00"],
    ["GET", "/api/business/%E0%A4%A"],
    ["GET", "/api/business/%zz"],
    ["POST", "/webhooks/twilio/voice/%00"],
    ["POST", "/dev/simulator/calls%00"],
    ["GET", "/settings/%00"],
  ])("given %s %s (a NUL or broken percent-encoding), then 400 Invalid request path before any service sees it", async (method, path) => {
    const user = gateway.services.add(`path-${Math.random().toString(36).slice(2)}@example.com`);
    const browser = gateway.browser();
    await browser.login(user.email);
    const seenBefore = gateway.services.seen.length;
    const response = await browser.request(method, path);
    expect(response.status).toBe(400);
    expect(await json(response)).toEqual({ message: "Invalid request path", code: "BAD_REQUEST" });
    expect(gateway.services.seen.length).toBe(seenBefore);
  });

  it("given a path with valid percent-encoding, then it is forwarded as sent", async () => {
    const user = gateway.services.add(`path-${Math.random().toString(36).slice(2)}@example.com`);
    const browser = gateway.browser();
    await browser.login(user.email);
    const response = await browser.request("GET", "/api/billing/invoices/caf%C3%A9%20%2F1/pdf");
    expect(response.status).toBe(200);
    expect(await json(response)).toMatchObject({ path: "/api/billing/invoices/caf%C3%A9%20%2F1/pdf" });
  });
});
