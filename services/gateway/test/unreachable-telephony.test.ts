// Twilio never retries a voice webhook: with telephony unreachable (no ready replica, refused), the
// gateway answers the caller with spoken TwiML instead of an error; other routes keep their error.
import { createServer } from "node:net";
import { getExpectedTwilioSignature } from "twilio/lib/webhooks/webhooks";
import { UNREACHABLE_VOICE_ANSWER } from "../src/routing/forward-by-table";
import { PUBLIC_BASE_URL, startGateway, type GatewayHarness } from "./gateway-harness";

/** A port nobody listens on: taken, then released. */
async function deadPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

describe("the voice webhook when telephony is unreachable (distributed)", () => {
  let gateway: GatewayHarness;

  beforeAll(async () => {
    gateway = await startGateway({ distributed: true, upstreamOverrides: { telephony: `http://127.0.0.1:${await deadPort()}` } });
  });
  afterAll(() => gateway.stop());

  const signedPost = (path: string, form: Record<string, string>) =>
    gateway.browser().request("POST", path, new URLSearchParams(form).toString(), {
      "content-type": "application/x-www-form-urlencoded",
      "x-twilio-signature": getExpectedTwilioSignature("dev-auth-token", `${PUBLIC_BASE_URL}${path}`, form),
    });

  it("given a signed voice webhook, then 200 with a spoken answer that promises no text", async () => {
    const response = await signedPost("/webhooks/twilio/voice", { CallSid: "CA1", From: "+15551230001", To: "+15557770001", CallStatus: "ringing" });

    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toMatch(/^text\/xml/);
    expect(await response.text()).toBe(UNREACHABLE_VOICE_ANSWER);
  });

  it("given an unsigned voice webhook, then still refused (the fallback is no way around the signature)", async () => {
    const response = await gateway.browser().request("POST", "/webhooks/twilio/voice", "CallSid=CA2", { "content-type": "application/x-www-form-urlencoded" });

    expect(response.status).toBe(403);
  });

  it("given another telephony webhook (voicemail), then the usual error", async () => {
    const response = await signedPost("/webhooks/twilio/voicemail", { CallSid: "CA1" });

    expect(response.status).toBeGreaterThanOrEqual(500);
  });
});
