import type { RequestHandler } from "express";
import { AppError } from "@rebound/platform";

const STATE_CHANGING = new Set(["POST", "PUT", "PATCH", "DELETE"]);
const LOOPBACK_HOSTS = ["localhost", "127.0.0.1", "[::1]"];

export interface OriginCheckOptions {
  /** PUBLIC_BASE_URL: the address the app is served from, named in the refusal. */
  publicBaseUrl: string;
  /** Other browser origins that may send state-changing requests (ALLOWED_ORIGINS). */
  allowedOrigins: string[];
  /**
   * Development: every loopback name of an allowed origin, with its port, is that origin too.
   * `npm start` prints http://localhost:3000 but binds 127.0.0.1, and a developer may type either.
   */
  loopbackAliases: boolean;
}

/** An origin and, when it is a loopback address, the same origin under the other loopback names. */
function withLoopbackAliases(origin: string): string[] {
  const url = new URL(origin);
  if (!LOOPBACK_HOSTS.includes(url.hostname)) return [url.origin];
  return LOOPBACK_HOSTS.map((host) => `${url.protocol}//${host}${url.port ? `:${url.port}` : ""}`);
}

/**
 * Cross-site request forgery guard for /api: a browser always sends Origin on a
 * state-changing request, so one from another site is refused. No Origin at all is
 * a non-browser client (curl, a mobile app), which has no ambient cookies to abuse.
 */
export function originCheck(options: OriginCheckOptions): RequestHandler {
  const origins = [options.publicBaseUrl, ...options.allowedOrigins];
  const allowed = new Set(origins.flatMap((url) => (options.loopbackAliases ? withLoopbackAliases(url) : [new URL(url).origin])));
  const served = new URL(options.publicBaseUrl).origin;
  return (req, _res, next) => {
    const origin = req.header("origin");
    if (!STATE_CHANGING.has(req.method) || origin === undefined || allowed.has(origin)) return next();
    // The page itself shows this (sign-up's payment setup is the first call a newcomer's page makes).
    next(new AppError("FORBIDDEN", `This page's address (${origin}) is not the address Rebound is served from (${served}). Open ${served}.`));
  };
}
