import express, { Router } from "express";
import request from "supertest";
import type { Logger } from "@rebound/platform";
import { accessLog } from "../src/edge/access-log";

interface Line {
  level: "info" | "debug";
  fields: Record<string, unknown>;
}

function recordingLogger(debugEnabled: boolean): { logger: Logger; lines: Line[] } {
  const lines: Line[] = [];
  const logger = {
    info: (fields: Record<string, unknown>) => lines.push({ level: "info", fields }),
    debug: (fields: Record<string, unknown>) => lines.push({ level: "debug", fields }),
    isLevelEnabled: (level: string) => level === "info" || (debugEnabled && level === "debug"),
  } as unknown as Logger;
  return { logger, lines };
}

describe("the gateway's access log", () => {
  it("given a request answered by a router mounted under a path, when logged, then the line has the full path without the query", async () => {
    const { logger, lines } = recordingLogger(false);
    const inner = Router().get("/stats", (_req, res) => {
      res.json({ ok: true });
    });
    const gateway = Router();
    gateway.use(accessLog(logger));
    gateway.use("/api/analytics", inner);
    const app = express().use(gateway);

    await request(app).get("/api/analytics/stats?token=secret").expect(200);

    expect(lines).toEqual([{ level: "info", fields: expect.objectContaining({ method: "GET", path: "/api/analytics/stats", status: 200 }) }]);
  });

  describe("quiet paths (the provider's webhooks)", () => {
    const appWith = (logger: Logger) =>
      express()
        .use(accessLog(logger, { quiet: (path) => path.startsWith("/webhooks/") }))
        .post("/webhooks/twilio/status", (_req, res) => void res.status(204).end())
        .post("/webhooks/twilio/voice", (_req, res) => void res.status(403).json({ message: "Invalid Twilio signature" }))
        .get("/api/me", (_req, res) => void res.json({}));

    it("given a webhook answered fine, then its line is at debug, and none is written while debug is off", async () => {
      const on = recordingLogger(true);
      await request(appWith(on.logger)).post("/webhooks/twilio/status").expect(204);
      expect(on.lines).toEqual([{ level: "debug", fields: expect.objectContaining({ path: "/webhooks/twilio/status", status: 204 }) }]);

      const off = recordingLogger(false);
      await request(appWith(off.logger)).post("/webhooks/twilio/status").expect(204);
      expect(off.lines).toEqual([]);
    });

    it("given a webhook refused, or a request on another path, then its line is at info", async () => {
      const { logger, lines } = recordingLogger(false);
      const app = appWith(logger);

      await request(app).post("/webhooks/twilio/voice").expect(403);
      await request(app).get("/api/me").expect(200);

      expect(lines).toEqual([
        { level: "info", fields: expect.objectContaining({ path: "/webhooks/twilio/voice", status: 403 }) },
        { level: "info", fields: expect.objectContaining({ path: "/api/me", status: 200 }) },
      ]);
    });
  });
});
