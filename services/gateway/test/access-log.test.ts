import express, { Router } from "express";
import request from "supertest";
import type { Logger } from "@rebound/platform";
import { accessLog } from "../src/edge/access-log";

describe("the gateway's access log", () => {
  it("given a request answered by a router mounted under a path, when logged, then the line has the full path without the query", async () => {
    const lines: Record<string, unknown>[] = [];
    const logger = { info: (fields: Record<string, unknown>) => lines.push(fields) } as unknown as Logger;
    const inner = Router().get("/stats", (_req, res) => {
      res.json({ ok: true });
    });
    const gateway = Router();
    gateway.use(accessLog(logger));
    gateway.use("/api/analytics", inner);
    const app = express().use(gateway);

    await request(app).get("/api/analytics/stats?token=secret").expect(200);

    expect(lines).toEqual([expect.objectContaining({ method: "GET", path: "/api/analytics/stats", status: 200 })]);
  });
});
