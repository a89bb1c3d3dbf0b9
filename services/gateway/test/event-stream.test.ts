import { get, type ClientRequest, type IncomingMessage } from "node:http";
import { startGateway, type GatewayHarness } from "./gateway-harness";

/**
 * Opens a server-sent events stream with node:http (after an aborted fetch, undici opens a spare
 * connection that holds the server's graceful close for its whole grace period).
 */
async function openStream(url: string, cookie?: string): Promise<{ response: IncomingMessage; text: () => string; close: () => void }> {
  let request: ClientRequest | undefined;
  const response = await new Promise<IncomingMessage>((resolve, reject) => {
    request = get(url, { headers: { accept: "text/event-stream", ...(cookie ? { cookie } : {}) } }, resolve);
    request.on("error", reject);
  });
  let text = "";
  response.setEncoding("utf8");
  response.on("data", (chunk: string) => (text += chunk));
  response.on("error", () => undefined);
  return { response, text: () => text, close: () => request?.destroy() };
}

async function waitFor(check: () => boolean, what: string) {
  const deadline = Date.now() + 5_000;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

describe.each([
  ["standalone (in process)", false],
  ["distributed (HTTP proxy)", true],
])("the inbox's event stream through the gateway, %s", (_mode, distributed) => {
  let gateway: GatewayHarness;
  beforeAll(async () => {
    gateway = await startGateway({ distributed });
  });
  afterAll(async () => {
    await gateway.stop();
  });

  it("given a signed-in owner, then events arrive as the service writes them (not when it ends), and the client going away closes the service's stream", async () => {
    const user = gateway.services.add(`stream-${distributed}-${Date.now()}@example.com`);
    const browser = gateway.browser();
    const login = await browser.login(user.email);
    expect(login.status).toBe(200);
    await login.text();
    const started = performance.now();
    const stream = await openStream(`${gateway.running.url}/api/conversations/stream`, browser.cookie);
    expect(stream.response.statusCode).toBe(200);
    expect(stream.response.headers["content-type"]).toBe("text/event-stream; charset=utf-8");
    await waitFor(() => (stream.text().match(/event: conversation/g) ?? []).length >= 2, "two events");
    expect(performance.now() - started).toBeLessThan(2_000);
    expect(stream.text()).toContain(`"user":"${user.id}"`);
    expect(gateway.services.openStreams).toBe(1);

    // Other requests to the same service still go through while the stream is open.
    const other = await browser.request("GET", "/api/messaging/consent-log.csv");
    expect(other.status).toBe(200);
    await other.text();

    stream.close();
    await waitFor(() => gateway.services.openStreams === 0, "the service's stream to close");
  });

  it("given no session, then 401 before the service", async () => {
    const stream = await openStream(`${gateway.running.url}/api/conversations/stream`);
    expect(stream.response.statusCode).toBe(401);
    stream.close();
    expect(gateway.services.openStreams).toBe(0);
  });
});
