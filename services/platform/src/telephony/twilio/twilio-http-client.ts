import { Agent as HttpAgent } from "node:http";
import twilio from "twilio";
import type RequestClient from "twilio/lib/base/RequestClient";
import type Response from "twilio/lib/http/response";

export interface TwilioHttpClientOptions {
  timeoutMs: number;
  /** Send every request to this origin instead of *.twilio.com (tests, fakes). */
  baseUrl?: string;
}

/**
 * The SDK's own HTTP client with keep-alive and a timeout. With `baseUrl` it
 * rewrites protocol and host of every request, so the real SDK can talk to a
 * local fake of Twilio's REST API.
 */
export class TwilioHttpClient extends twilio.RequestClient {
  private readonly target?: URL;
  private readonly httpAgent: HttpAgent;

  constructor(options: TwilioHttpClientOptions) {
    super({ timeout: options.timeoutMs, keepAlive: true, maxSockets: 50, maxFreeSockets: 10 });
    this.target = options.baseUrl ? new URL(options.baseUrl) : undefined;
    // The SDK only sets an https agent; a plain-http fake gets a keep-alive agent too.
    this.httpAgent = new HttpAgent({ keepAlive: true, maxSockets: 50, maxFreeSockets: 10, timeout: options.timeoutMs });
    this.axios.defaults.httpAgent = this.httpAgent;
  }

  override request<TData>(opts: RequestClient.RequestOptions<TData>): Promise<Response<TData>> {
    if (!this.target) return super.request(opts);
    const url = new URL(opts.uri);
    url.protocol = this.target.protocol;
    url.host = this.target.host;
    return super.request({ ...opts, uri: url.toString() });
  }

  destroy(): void {
    this.httpAgent.destroy();
    const httpsAgent: unknown = this.axios.defaults.httpsAgent;
    if (httpsAgent && typeof httpsAgent === "object" && "destroy" in httpsAgent && typeof httpsAgent.destroy === "function") {
      httpsAgent.destroy();
    }
  }
}
