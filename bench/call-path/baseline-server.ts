// The baseline of the call-path benchmark: a bare express server that receives the
// same voice webhook and immediately POSTs an SMS to the same fake carrier, with a
// keep-alive agent. No signature check, no database, no bus: the floor of what any
// implementation on this machine can reach.
import express from "express";
import { Agent, request } from "node:http";

const port = Number(process.env.PORT);
const carrier = new URL(process.env.CARRIER_URL as string);
const accountSid = process.env.ACCOUNT_SID as string;
const authToken = process.env.AUTH_TOKEN as string;
const from = process.env.FROM_NUMBER as string;
const agent = new Agent({ keepAlive: true, maxSockets: 64 });
const authorization = `Basic ${Buffer.from(`${accountSid}:${authToken}`).toString("base64")}`;

const app = express();
app.use(express.urlencoded({ extended: false }));
app.get("/healthz", (_req, res) => {
  res.send("ok");
});
app.post("/webhooks/twilio/voice", (req, res) => {
  const body = new URLSearchParams({ To: String(req.body.From), From: from, Body: "Thanks for calling!" }).toString();
  const send = request(
    {
      agent,
      host: carrier.hostname,
      port: carrier.port,
      method: "POST",
      path: `/2010-04-01/Accounts/${accountSid}/Messages.json`,
      headers: { "content-type": "application/x-www-form-urlencoded", "content-length": Buffer.byteLength(body), authorization },
    },
    (response) => response.resume(),
  );
  send.end(body);
  res.type("text/xml").send("<Response><Hangup/></Response>");
});
app.listen(port, "127.0.0.1", () => process.stdout.write("ready\n"));
