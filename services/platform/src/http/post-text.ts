import { Agent as HttpAgent, request as httpRequest, type OutgoingHttpHeaders } from "node:http";
import { Agent as HttpsAgent, request as httpsRequest } from "node:https";

/** What a POST got back: the status and the body as text. */
export interface PostReply {
  status: number;
  text: string;
}

export interface PostOptions {
  headers: Record<string, string>;
  body: string;
  timeoutMs: number;
}

const agents = {
  http: new HttpAgent({ keepAlive: true, maxSockets: 64, maxFreeSockets: 16 }),
  https: new HttpsAgent({ keepAlive: true, maxSockets: 64, maxFreeSockets: 16 }),
};

/**
 * One POST on node's own http/https with keep-alive agents, for the requests made on every call (the carrier
 * simulator's status callbacks and provider calls, the services' internal calls). fetch (undici) spent about
 * twice the CPU per request, client and server together, on its web streams and spec machinery
 * (docs/decisions.md, "CPU per call", issue 27). Rejects when the target cannot be reached or does not
 * answer within `timeoutMs`.
 */
export function postText(url: string | URL, options: PostOptions): Promise<PostReply> {
  const target = typeof url === "string" ? new URL(url) : url;
  const secure = target.protocol === "https:";
  const headers: OutgoingHttpHeaders = { ...options.headers, "content-length": Buffer.byteLength(options.body) };
  return new Promise<PostReply>((resolve, reject) => {
    const request = (secure ? httpsRequest : httpRequest)(
      target,
      { method: "POST", headers, agent: secure ? agents.https : agents.http, timeout: options.timeoutMs },
      (response) => {
        const chunks: Buffer[] = [];
        response.on("data", (chunk: Buffer) => chunks.push(chunk));
        response.on("end", () => resolve({ status: response.statusCode ?? 0, text: Buffer.concat(chunks).toString("utf8") }));
        response.on("error", reject);
      },
    );
    // `timeout` fires on an idle socket; the deadline bounds the whole exchange, as AbortSignal.timeout did.
    const deadline = setTimeout(
      () => request.destroy(new Error(`POST ${target.origin}${target.pathname} timed out after ${options.timeoutMs} ms`)),
      options.timeoutMs,
    );
    deadline.unref();
    request.on("timeout", () => request.destroy(new Error(`POST ${target.origin}${target.pathname} timed out after ${options.timeoutMs} ms`)));
    request.on("error", reject);
    request.on("close", () => clearTimeout(deadline));
    request.end(options.body);
  });
}
