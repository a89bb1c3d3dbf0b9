import helmet from "helmet";
import type { RequestHandler } from "express";

/**
 * Headers for the web app served from this origin: a Vite-built SPA (scripts from
 * 'self' only), Ant Design (CSS-in-JS inserts <style> tags, hence 'unsafe-inline' for
 * styles only) and the card provider's payment element (Stripe's documented hosts).
 */
export function securityHeaders(publicBaseUrl: string): RequestHandler {
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
