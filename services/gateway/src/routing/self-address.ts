import type { RequestHandler } from "express";
import type { Socket } from "node:net";

/**
 * In standalone the services' internal APIs live in this very process. The address
 * a request arrived on reaches it from here too, whatever HOST or port (0 in tests)
 * the server was given, so the first request tells the gateway where it runs.
 */
export class SelfAddress {
  private current?: string;

  readonly capture: RequestHandler = (req, _res, next) => {
    this.current ??= urlOf(req.socket);
    next();
  };

  url(): string {
    if (!this.current) throw new Error("the gateway has not received a request yet");
    return this.current;
  }
}

function urlOf(socket: Socket): string {
  const address = (socket.localAddress ?? "127.0.0.1").replace(/^::ffff:(\d+\.\d+\.\d+\.\d+)$/, "$1");
  const host = address.includes(":") ? `[${address}]` : address;
  return `http://${host}:${socket.localPort ?? 80}`;
}
