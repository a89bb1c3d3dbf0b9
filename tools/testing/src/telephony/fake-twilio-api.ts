import express, { type NextFunction, type Request, type Response } from "express";
import { EventEmitter } from "node:events";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { isE164 } from "@rebound/contracts/domain";
import {
  availableNumbersJson,
  callJson,
  fakeSid,
  messageJson,
  numberJson,
  page,
  type FakeCall,
  type FakeMessage,
  type FakeNumber,
} from "./fake-twilio-resources";
import { FakeStatusCallbacks } from "./fake-status-callbacks";

export type { FakeCall, FakeMessage, FakeNumber } from "./fake-twilio-resources";

export interface FakeTwilioOptions {
  accountSid?: string;
  authToken?: string;
  /** Post queued->sent->delivered status callbacks to a message's StatusCallback (default true). */
  statusCallbacks?: boolean;
  /** Sign those callbacks with the auth token like Twilio (default true). */
  signCallbacks?: boolean;
  /** Ms between two status callbacks of a message (default 5). */
  callbackStepMs?: number;
  port?: number;
  /** Ms before a Lookup v2 answer (to try the caller's timeout); default 0. */
  lookupDelayMs?: number;
}

/** A failure the next matching request(s) get instead of the normal answer. */
export interface InjectedFailure {
  resource: "Messages" | "IncomingPhoneNumbers" | "AvailablePhoneNumbers" | "Calls" | "Lookups";
  status: number;
  code?: number;
  message?: string;
  times?: number;
}

/**
 * A small local stand-in for Twilio's REST API (2010-04-01): number search,
 * purchase and release, messages (create, list, signed status callbacks) and
 * calls. The real SDK talks to it through TwilioHttpClient's base URL. It records
 * every message it accepted (`messages`, event `message`) for tests and benchmarks.
 */
export class FakeTwilioApi extends EventEmitter {
  readonly accountSid: string;
  readonly authToken: string;
  readonly messages: FakeMessage[] = [];
  readonly numbers: FakeNumber[] = [];
  readonly calls: FakeCall[] = [];
  /** Every Lookup v2 request: the number and the Fields asked for. */
  readonly lookups: { phoneNumber: string; fields: string }[] = [];
  /** Recipients that replied STOP: sending to them is Twilio error 21610. */
  readonly unsubscribed = new Set<string>();
  private failures: InjectedFailure[] = [];
  private server?: Server;
  private readonly callbacks: FakeStatusCallbacks;
  url = "";

  constructor(private readonly options: FakeTwilioOptions = {}) {
    super();
    this.accountSid = options.accountSid ?? `AC${"0".repeat(32)}`;
    this.authToken = options.authToken ?? "fake-twilio-auth-token";
    this.callbacks = new FakeStatusCallbacks(this.accountSid, this.authToken, {
      stepMs: options.callbackStepMs ?? 5,
      sign: options.signCallbacks !== false,
    });
  }

  async start(): Promise<this> {
    const server = createServer(this.app());
    server.keepAliveTimeout = 65_000;
    await new Promise<void>((resolve) => server.listen(this.options.port ?? 0, "127.0.0.1", resolve));
    this.server = server;
    this.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    return this;
  }

  injectFailure(failure: InjectedFailure): void {
    this.failures.push({ ...failure, times: failure.times ?? 1 });
  }

  async close(): Promise<void> {
    this.callbacks.cancel();
    const server = this.server;
    if (!server) return;
    await new Promise<void>((resolve) => {
      server.close(() => resolve());
      server.closeAllConnections();
    });
  }

  private app(): express.Express {
    const app = express();
    app.use(express.urlencoded({ extended: false }));
    const base = "/2010-04-01/Accounts/:accountSid";
    app.use(base, (req, res, next) => this.authenticate(req, res, next));
    // Lookup v2 (lookups.twilio.com): line type intelligence; numbers ending in 1111 are landlines.
    app.get(
      "/v2/PhoneNumbers/:number",
      (req, res, next) => this.authenticate(req, res, next, true),
      (req, res) => {
        const phoneNumber = String(req.params.number);
        this.lookups.push({ phoneNumber, fields: String(req.query.Fields ?? "") });
        setTimeout(() => {
          if (this.failed("Lookups", res)) return;
          const type = phoneNumber.endsWith("1111") ? "landline" : "mobile";
          res.json({
            calling_country_code: "1",
            country_code: "US",
            phone_number: phoneNumber,
            national_format: phoneNumber,
            valid: true,
            validation_errors: [],
            line_type_intelligence: String(req.query.Fields ?? "").includes("line_type_intelligence")
              ? { type, carrier_name: "Fake Carrier", mobile_country_code: "310", mobile_network_code: "000", error_code: null }
              : null,
            url: `https://lookups.twilio.com/v2/PhoneNumbers/${phoneNumber}`,
          });
        }, this.options.lookupDelayMs ?? 0).unref();
      },
    );
    app.get(`${base}/AvailablePhoneNumbers/:country/Local.json`, (req, res) => {
      if (this.failed("AvailablePhoneNumbers", res)) return;
      const areaCode = String(req.query.AreaCode ?? "");
      const taken = new Set(this.numbers.filter((number) => !number.released).map((number) => number.phoneNumber));
      const count = Math.min(Number(req.query.PageSize ?? 20), 30);
      res.json(page("available_phone_numbers", availableNumbersJson(areaCode, count, taken), req.originalUrl));
    });
    app.post(`${base}/IncomingPhoneNumbers.json`, (req, res) => {
      if (this.failed("IncomingPhoneNumbers", res)) return;
      const form = req.body as Record<string, string>;
      if (this.numbers.some((number) => number.phoneNumber === form.PhoneNumber && !number.released)) {
        return this.error(res, 400, 21422, "PhoneNumber requested is not available");
      }
      const number: FakeNumber = {
        sid: fakeSid("PN"),
        phoneNumber: form.PhoneNumber ?? "",
        voiceUrl: form.VoiceUrl,
        smsUrl: form.SmsUrl,
        statusCallback: form.StatusCallback,
        released: false,
      };
      this.numbers.push(number);
      res.status(201).json(numberJson(this.accountSid, number));
    });
    app.delete(`${base}/IncomingPhoneNumbers/:sid.json`, (req, res) => {
      if (this.failed("IncomingPhoneNumbers", res)) return;
      const number = this.numbers.find((candidate) => candidate.sid === req.params.sid && !candidate.released);
      if (!number) return this.error(res, 404, 20404, `The requested resource ${req.originalUrl} was not found`);
      number.released = true;
      res.status(204).end();
    });
    app.post(`${base}/Messages.json`, (req, res) => this.createMessage(req, res));
    app.get(`${base}/Messages.json`, (req, res) => {
      const after = req.query["DateSent>"] ? new Date(String(req.query["DateSent>"])).getTime() : 0;
      const found = this.messages
        .filter((message) => (!req.query.To || message.to === req.query.To) && (!req.query.From || message.from === req.query.From))
        .filter((message) => message.receivedAt >= after)
        .reverse();
      res.json(page("messages", found.map(messageJson), req.originalUrl));
    });
    app.post(`${base}/Calls.json`, (req, res) => {
      if (this.failed("Calls", res)) return;
      const form = req.body as Record<string, string>;
      const call: FakeCall = {
        sid: fakeSid("CA"),
        from: form.From ?? "",
        to: form.To ?? "",
        timeout: form.Timeout ? Number(form.Timeout) : undefined,
        twiml: form.Twiml,
        statusCallback: form.StatusCallback,
        receivedAt: Date.now(),
      };
      this.calls.push(call);
      this.emit("call", call);
      res.status(201).json(callJson(this.accountSid, call));
    });
    app.use((_req: Request, res: Response) => this.error(res, 404, 20404, "The requested resource was not found"));
    return app;
  }

  private createMessage(req: Request, res: Response): void {
    const receivedAt = Date.now();
    if (this.failed("Messages", res)) return;
    const form = req.body as Record<string, string>;
    if (!form.To || !isE164(form.To)) {
      return this.error(res, 400, 21211, `The 'To' number ${form.To ?? ""} is not a valid phone number.`);
    }
    if (this.unsubscribed.has(form.To)) {
      return this.error(res, 400, 21610, "Attempt to send to unsubscribed recipient");
    }
    const message: FakeMessage = {
      sid: fakeSid("SM"),
      accountSid: this.accountSid,
      from: form.From ?? "",
      to: form.To,
      body: form.Body ?? "",
      status: "queued",
      statusCallback: form.StatusCallback,
      receivedAt,
    };
    this.messages.push(message);
    this.emit("message", message);
    res.status(201).json(messageJson(message));
    if (message.statusCallback && this.options.statusCallbacks !== false) this.callbacks.schedule(message);
  }

  private authenticate(req: Request, res: Response, next: NextFunction, anyPath = false): void {
    const expected = `Basic ${Buffer.from(`${this.accountSid}:${this.authToken}`).toString("base64")}`;
    if ((!anyPath && req.params.accountSid !== this.accountSid) || req.header("authorization") !== expected) {
      return this.error(res, 401, 20003, "Authenticate");
    }
    next();
  }

  private failed(resource: InjectedFailure["resource"], res: Response): boolean {
    const failure = this.failures.find((candidate) => candidate.resource === resource);
    if (!failure) return false;
    failure.times = (failure.times ?? 1) - 1;
    if (failure.times <= 0) this.failures = this.failures.filter((candidate) => candidate !== failure);
    this.error(res, failure.status, failure.code, failure.message ?? "Injected failure");
    return true;
  }

  private error(res: Response, status: number, code: number | undefined, message: string): void {
    res.status(status).json({ code: code ?? null, message, more_info: code ? `https://www.twilio.com/docs/errors/${code}` : null, status });
  }
}

/** Starts a fake Twilio REST API on 127.0.0.1 (port 0 unless given). */
export function startFakeTwilioApi(options: FakeTwilioOptions = {}): Promise<FakeTwilioApi> {
  return new FakeTwilioApi(options).start();
}
