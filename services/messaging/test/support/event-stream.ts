// A server-sent events client for tests: reads a text/event-stream answer as it arrives. On node:http
// rather than fetch: after an aborted fetch, undici opens a spare connection that holds the server's
// graceful close for its whole grace period.
import { get, type ClientRequest, type IncomingHttpHeaders, type IncomingMessage } from "node:http";

export interface StreamedEvent {
  event: string;
  data: string;
  /** performance.now() when it arrived. */
  at: number;
}

export interface OpenStream {
  status: number;
  headers: IncomingHttpHeaders;
  events: StreamedEvent[];
  /** Comment lines (": keepalive") received so far. */
  comments: string[];
  /** Waits for the next event matching `match` (default: any), fails after `timeoutMs`. */
  next(match?: (event: StreamedEvent) => boolean, timeoutMs?: number): Promise<StreamedEvent>;
  close(): Promise<void>;
}

export async function openEventStream(url: string, headers: Record<string, string>): Promise<OpenStream> {
  const events: StreamedEvent[] = [];
  const comments: string[] = [];
  let request: ClientRequest | undefined;
  const response = await new Promise<IncomingMessage>((resolve, reject) => {
    request = get(url, { headers: { accept: "text/event-stream", ...headers } }, resolve);
    request.on("error", reject);
  });
  let buffer = "";
  response.setEncoding("utf8");
  response.on("data", (chunk: string) => {
    buffer += chunk;
    for (let end = buffer.indexOf("\n\n"); end >= 0; end = buffer.indexOf("\n\n")) {
      const block = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      let event = "message";
      const data: string[] = [];
      for (const line of block.split("\n")) {
        if (line.startsWith(":")) comments.push(line.slice(1).trim());
        else if (line.startsWith("event:")) event = line.slice(6).trim();
        else if (line.startsWith("data:")) data.push(line.slice(5).trim());
      }
      if (data.length > 0) events.push({ event, data: data.join("\n"), at: performance.now() });
    }
  });
  response.on("error", () => undefined);
  const ended = new Promise<void>((resolve) => response.on("close", resolve));
  let consumed = 0;
  return {
    status: response.statusCode ?? 0,
    headers: response.headers,
    events,
    comments,
    next: async (match = () => true, timeoutMs = 5_000) => {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const index = events.findIndex((event, position) => position >= consumed && match(event));
        if (index >= 0) {
          consumed = index + 1;
          return events[index] as StreamedEvent;
        }
        if (Date.now() > deadline) throw new Error(`no matching event in ${timeoutMs} ms (got ${JSON.stringify(events)})`);
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
    },
    close: async () => {
      request?.destroy();
      await ended;
    },
  };
}
