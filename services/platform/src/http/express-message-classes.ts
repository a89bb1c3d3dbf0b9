import { IncomingMessage, ServerResponse, type RequestListener } from "node:http";
import type { Socket } from "node:net";

/** The request and response classes a node HTTP server creates its messages with. */
export interface MessageClasses {
  IncomingMessage: typeof IncomingMessage;
  ServerResponse: typeof ServerResponse;
}

/**
 * Request and response classes whose instances are born with an express app's prototypes (`app.request`,
 * `app.response`), for the server that app listens on. Express swaps the prototype of every request and
 * response it handles (`Object.setPrototypeOf`); an object whose prototype changes leaves V8's fast paths,
 * for express's code and node's alike. Born with the app's prototypes, the swap finds nothing to change:
 * about 0.1 ms less CPU per request on this machine, a fifth of what express and node's HTTP cost for a
 * webhook answered 204 (docs/decisions.md, issue 27). Undefined for a listener that is not an express app.
 */
export function expressMessageClasses(listener: RequestListener): MessageClasses | undefined {
  const { request, response } = listener as Partial<Record<"request" | "response", unknown>>;
  if (!(request instanceof IncomingMessage) || !(response instanceof ServerResponse)) return undefined;
  function ExpressRequest(socket: Socket): IncomingMessage {
    return Reflect.construct(IncomingMessage, [socket], ExpressRequest) as IncomingMessage;
  }
  ExpressRequest.prototype = request;
  function ExpressResponse(req: IncomingMessage, options?: unknown): ServerResponse {
    return Reflect.construct(ServerResponse, [req, options], ExpressResponse) as ServerResponse;
  }
  ExpressResponse.prototype = response;
  return {
    IncomingMessage: ExpressRequest as unknown as typeof IncomingMessage,
    ServerResponse: ExpressResponse as unknown as typeof ServerResponse,
  };
}
