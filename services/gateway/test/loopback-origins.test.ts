import { startGateway, type GatewayHarness } from "./gateway-harness";

// `npm start` prints http://localhost:3000 and binds 127.0.0.1: a newcomer may open either.
const SERVED = "http://localhost:3000";
const post = (gateway: GatewayHarness, origin: string) => gateway.browser().request("POST", "/api/create-payment-intent", {}, { origin });

describe("loopback origins", () => {
  describe("given NODE_ENV=development", () => {
    let gateway: GatewayHarness;
    beforeAll(async () => {
      gateway = await startGateway({ config: { PUBLIC_BASE_URL: SERVED, NODE_ENV: "development" } });
    });
    afterAll(async () => {
      await gateway.stop();
    });

    it("when the page at 127.0.0.1 or [::1] on the same port posts, then it goes through", async () => {
      const statuses = await Promise.all(["http://127.0.0.1:3000", "http://[::1]:3000", SERVED].map(async (origin) => (await post(gateway, origin)).status));
      expect(statuses).toEqual([200, 200, 200]);
    });

    it("when a loopback page on another port posts, then 403", async () => {
      expect((await post(gateway, "http://127.0.0.1:3001")).status).toBe(403);
    });
  });

  describe("given NODE_ENV=production", () => {
    let gateway: GatewayHarness;
    beforeAll(async () => {
      gateway = await startGateway({
        config: { PUBLIC_BASE_URL: SERVED, NODE_ENV: "production" },
        gatewayConfig: { SESSION_SECRET: "a-production-session-secret" },
      });
    });
    afterAll(async () => {
      await gateway.stop();
    });

    it("when the page at 127.0.0.1 posts, then 403 naming the address to open; the served origin goes through", async () => {
      const refused = await post(gateway, "http://127.0.0.1:3000");
      expect(refused.status).toBe(403);
      expect(await refused.json()).toMatchObject({
        message: "This page's address (http://127.0.0.1:3000) is not the address Rebound is served from (http://localhost:3000). Open http://localhost:3000.",
      });
      expect((await post(gateway, SERVED)).status).toBe(200);
    });
  });
});
