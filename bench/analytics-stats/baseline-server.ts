// The baseline of the stats benchmark: a bare express server answering the same JSON from
// memory (no session, no gateway, no database): the floor of any implementation on this machine.
import express from "express";

const port = Number(process.env.PORT);
const body = JSON.parse(process.env.BASELINE_BODY ?? "{}") as unknown;
const app = express();
app.get("/healthz", (_req, res) => {
  res.send("ok");
});
app.get("/api/analytics/stats", (_req, res) => {
  res.json(body);
});
app.listen(port, "127.0.0.1", () => process.stdout.write("ready\n"));
