import helmet from "helmet";
import type { IncomingMessage, ServerResponse } from "node:http";
import type { RequestHandler } from "express";

/**
 * Headers for the web app served from this origin: a Vite-built SPA (scripts from
 * 'self' only), Ant Design (CSS-in-JS inserts <style> tags, hence 'unsafe-inline' for
 * styles only) and the card provider's payment element (Stripe's documented hosts).
 */
export function securityHeaders(publicBaseUrl: string): RequestHandler {
  return setting(pageSecurityHeaders(publicBaseUrl));
}

/** The page headers securityHeaders sets, for an answer that does not pass through express (early answers). */
export function pageSecurityHeaders(publicBaseUrl: string): [string, string][] {
  return headersSetBy(helmetFor(publicBaseUrl));
}

/**
 * The API's JSON answers: OWASP's REST set (nothing may be framed, sniffed or loaded from them)
 * instead of the page headers, which only matter to documents (six fewer headers, ~500 bytes, on
 * every dashboard read). Referrer and HSTS as for pages.
 */
export function apiSecurityHeaders(publicBaseUrl: string): RequestHandler {
  const https = publicBaseUrl.startsWith("https:");
  const pageHeaders = new Map(headersSetBy(helmetFor(publicBaseUrl)).map(([name, value]) => [name.toLowerCase(), value]));
  return setting([
    ["Content-Security-Policy", "default-src 'none'; frame-ancestors 'none'"],
    ["X-Content-Type-Options", "nosniff"],
    ["X-Frame-Options", "DENY"],
    ["Cross-Origin-Resource-Policy", "same-origin"],
    ["Referrer-Policy", pageHeaders.get("referrer-policy") ?? "no-referrer"],
    ...(https ? [["Strict-Transport-Security", pageHeaders.get("strict-transport-security") ?? ""] as [string, string]] : []),
  ]);
}

function setting(headers: [string, string][]): RequestHandler {
  return (_req, res, next) => {
    for (const [name, value] of headers) res.setHeader(name, value);
    next();
  };
}

/** helmet as configured here (exported for the test that compares it with the precomputed headers). */
export function helmetFor(publicBaseUrl: string): ReturnType<typeof helmet> {
  const https = publicBaseUrl.startsWith("https:");
  return helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        baseUri: ["'self'"],
        scriptSrc: ["'self'", "https://js.stripe.com", "https://*.js.stripe.com"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", "data:", "blob:", "https://*.stripe.com"],
        fontSrc: ["'self'", "data:"],
        connectSrc: ["'self'", "https://api.stripe.com"],
        frameSrc: ["'self'", "https://js.stripe.com", "https://*.js.stripe.com", "https://hooks.stripe.com"],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        formAction: ["'self'"],
        ...(https ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    strictTransportSecurity: https ? { maxAge: 180 * 24 * 60 * 60, includeSubDomains: true } : false,
    referrerPolicy: { policy: "strict-origin-when-cross-origin" },
  });
}

/**
 * The headers a request-independent helmet sets, computed once: helmet rebuilds the same strings
 * in a dozen chained middlewares on every request (a tenth of a cached dashboard read's CPU).
 * Anything helmet would do besides setting and removing headers fails here, at startup.
 */
function headersSetBy(middleware: ReturnType<typeof helmet>): [string, string][] {
  const headers: [string, string][] = [];
  const response = {
    setHeader: (name: string, value: string) => void headers.push([name, String(value)]),
    removeHeader: () => undefined, // X-Powered-By: express never sets it here (create-http-app disables it)
  };
  let done = false;
  middleware({} as IncomingMessage, response as unknown as ServerResponse, (error?: unknown) => {
    if (error) throw error instanceof Error ? error : new Error(String(error));
    done = true;
  });
  if (!done) throw new Error("helmet did not finish synchronously");
  return headers;
}
