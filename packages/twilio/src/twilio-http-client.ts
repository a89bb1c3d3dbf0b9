import { Agent as HttpAgent, request as httpRequest, type IncomingHttpHeaders } from "node:http";
import { Agent as HttpsAgent, request as httpsRequest } from "node:https";
import twilio from "twilio";
import type RequestClient from "twilio/lib/base/RequestClient";
import type Response from "twilio/lib/http/response";

export interface TwilioHttpClientOptions {
  timeoutMs: number;
  /** Send every request to this origin instead of *.twilio.com (tests, fakes). */
  baseUrl?: string;
}

const REDIRECTS = new Set([301, 302, 303, 307, 308]);
const MAX_REDIRECTS = 3;

/** A request that does not answer in time fails with this code (retryable, see twilio-errors). */
const TIMEOUT_CODE = "ETIMEDOUT";

/**
 * The SDK's HTTP client (the SDK builds every request and reads every response; this only
 * carries them), on Node's own http/https with keep-alive agents and a timeout. It replaces
 * the SDK's axios-based RequestClient.request, which measured about 1 ms of CPU per send on
 * the call path, several times the cost of the request itself. With `baseUrl` it rewrites
 * protocol and host of every request, so the real SDK can talk to a local fake of
 * Twilio's REST API.
 */
export class TwilioHttpClient extends twilio.RequestClient {
  private readonly target?: URL;
  private readonly timeoutMs: number;
  private readonly agents = {
    http: new HttpAgent({ keepAlive: true, maxSockets: 50, maxFreeSockets: 10 }),
    https: new HttpsAgent({ keepAlive: true, maxSockets: 50, maxFreeSockets: 10 }),
  };

  constructor(options: TwilioHttpClientOptions) {
    super({ timeout: options.timeoutMs });
    this.timeoutMs = options.timeoutMs;
    this.target = options.baseUrl ? new URL(options.baseUrl) : undefined;
  }

  override async request<TData>(opts: RequestClient.RequestOptions<TData>): Promise<Response<TData>> {
    const url = new URL(opts.uri);
    if (this.target) {
      url.protocol = this.target.protocol;
      url.host = this.target.host;
    }
    if (opts.params) url.search = formEncode(opts.params as Record<string, unknown>);
    const headers: Record<string, string> = { ...(opts.headers as Record<string, string> | undefined) };
    if (opts.username && opts.password) {
      headers.Authorization = `Basic ${Buffer.from(`${opts.username}:${opts.password}`).toString("base64")}`;
    } else if (opts.authStrategy) {
      headers.Authorization = await opts.authStrategy.getAuthString();
    }
    const body = opts.data ? requestBody(opts.data as Record<string, unknown>, headers["Content-Type"] ?? headers["content-type"]) : undefined;
    if (body) {
      headers["Content-Type"] = body.contentType;
      headers["Content-Length"] = String(Buffer.byteLength(body.text));
    }
    const answer = await this.send(url, opts.method.toUpperCase(), headers, body?.text, opts.timeout ?? this.timeoutMs);
    return { statusCode: answer.statusCode, body: answer.body.toString("utf8") as TData, headers: answer.headers };
  }

  /**
   * A GET whose answer is bytes (a recording's media), with Basic auth, on the same agents, base URL
   * and timeout: the SDK's request path reads every answer as text.
   */
  async download(
    uri: string,
    credentials: { username: string; password: string },
  ): Promise<{ statusCode: number; body: Buffer; headers: IncomingHttpHeaders }> {
    let url = new URL(uri);
    if (this.target) {
      url.protocol = this.target.protocol;
      url.host = this.target.host;
    }
    const origin = url.origin;
    const authorization = `Basic ${Buffer.from(`${credentials.username}:${credentials.password}`).toString("base64")}`;
    // Media may answer with a redirect to a short-lived storage URL: followed, the credentials only to our API's origin.
    for (let hop = 0; ; hop++) {
      const answer = await this.send(url, "GET", url.origin === origin ? { Authorization: authorization } : {}, undefined, this.timeoutMs);
      const location = answer.headers.location;
      if (!REDIRECTS.has(answer.statusCode) || !location || hop >= MAX_REDIRECTS) return answer;
      url = new URL(location, url);
    }
  }

  destroy(): void {
    this.agents.http.destroy();
    this.agents.https.destroy();
  }

  private send(url: URL, method: string, headers: Record<string, string>, body: string | undefined, timeoutMs: number) {
    const secure = url.protocol === "https:";
    return new Promise<{ statusCode: number; body: Buffer; headers: IncomingHttpHeaders }>((resolve, reject) => {
      const request = (secure ? httpsRequest : httpRequest)(url, { method, headers, agent: secure ? this.agents.https : this.agents.http }, (response) => {
        const chunks: Buffer[] = [];
        response.on("data", (chunk: Buffer) => chunks.push(chunk));
        response.on("error", reject);
        response.on("end", () => resolve({ statusCode: response.statusCode ?? 0, body: Buffer.concat(chunks), headers: response.headers }));
      });
      request.setTimeout(timeoutMs, () => {
        request.destroy(Object.assign(new Error(`Twilio did not answer within ${timeoutMs} ms`), { code: TIMEOUT_CODE }));
      });
      request.on("error", reject);
      request.end(body);
    });
  }
}

/** The SDK's form and query encoding: arrays become repeated keys, undefined values are left out. */
function formEncode(values: Record<string, unknown>): string {
  const form = new URLSearchParams();
  for (const [key, value] of Object.entries(values)) {
    for (const item of Array.isArray(value) ? value : [value]) {
      if (item !== undefined) form.append(key, String(item));
    }
  }
  return form.toString();
}

/** The SDK's JSON bodies as JSON; everything else form-encoded, as Twilio's API expects. */
function requestBody(data: Record<string, unknown>, contentType: string | undefined): { text: string; contentType: string } {
  if (contentType === "application/json") return { text: JSON.stringify(data), contentType };
  return { text: formEncode(data), contentType: contentType ?? "application/x-www-form-urlencoded" };
}
