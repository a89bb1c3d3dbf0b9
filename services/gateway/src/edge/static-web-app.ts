import compression from "compression";
import express, { Router, type RequestHandler } from "express";
import { existsSync } from "node:fs";
import path from "node:path";

/** Paths the web app never answers: the API, webhooks, dev tools, internal calls and the probes. */
const NOT_THE_APP = /^\/(api|webhooks|dev|internal|healthz|readyz|metrics)(\/|$)/;
/** Vite's content-hashed output: safe to cache for a year. */
const HASHED_ASSETS = /^\/assets\//;
const IMMUTABLE = "public, max-age=31536000, immutable";
const REVALIDATE = "no-cache";

/** web/dist, next to services/ in the repository. */
export const DEFAULT_WEB_DIST = path.resolve(__dirname, "../../../../web/dist");

/**
 * The built web app (web/dist) with SPA fallback: files are served as they are, and any other
 * GET for a page (not /api, /webhooks, /dev, /internal, /healthz, /readyz, /metrics) gets
 * index.html, so client-side routes load on refresh. Hashed assets are cached for a year,
 * index.html is revalidated every time, everything is gzipped for clients that accept it. Without a
 * build it serves nothing.
 */
export function staticWebApp(distDir: string = DEFAULT_WEB_DIST): Router {
  const router = Router();
  const indexFile = path.join(distDir, "index.html");
  if (!existsSync(indexFile)) return router;

  const skipReserved: RequestHandler = (req, _res, next) => (NOT_THE_APP.test(req.path) ? next("router") : next());
  router.use(skipReserved);
  // The app's files only (the API answers small JSON): the login page's JavaScript is ~700 KB, ~200 KB gzipped.
  router.use(compression());
  router.use(
    express.static(distDir, {
      index: false,
      fallthrough: true,
      setHeaders: (res, filePath) => {
        const relative = `/${path.relative(distDir, filePath).split(path.sep).join("/")}`;
        res.setHeader("Cache-Control", HASHED_ASSETS.test(relative) ? IMMUTABLE : REVALIDATE);
      },
    }),
  );
  router.use((req, res, next) => {
    if ((req.method !== "GET" && req.method !== "HEAD") || HASHED_ASSETS.test(req.path) || !req.accepts("html")) return next();
    res.setHeader("Cache-Control", REVALIDATE);
    res.sendFile(indexFile);
  });
  return router;
}
