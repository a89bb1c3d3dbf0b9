import express, { type NextFunction, type Request, type Response } from "express";
import { randomBytes } from "node:crypto";
import { EventEmitter } from "node:events";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { isE164 } from "@rebound/contracts/domain";
import {
  accountJson,
  availableNumbersJson,
  callJson,
  dateFilterFloor,
  fakeSid,
  messageJson,
  numberJson,
  page,
  pagedList,
  type FakeAccount,
  type FakeCall,
  type FakeMessage,
  type FakeNumber,
  type FakeRecording,
} from "./fake-twilio-resources";
import { FakeStatusCallbacks } from "./fake-status-callbacks";
import { basicCredentials, single, twilioError, type FakeTwilioRequest, type FormParams } from "./fake-twilio-http";
import { FakeRegistrationApi, type FakeRegistrationError } from "./fake-registration-api";
import type { EvaluationResult } from "./fake-registration-resources";

export type { FakeAccount, FakeCall, FakeMessage, FakeNumber, FakeRecording } from "./fake-twilio-resources";
export type { FakeTwilioRequest } from "./fake-twilio-http";
export type { FakeRegistrationError } from "./fake-registration-api";
export type { EvaluationResult } from "./fake-registration-resources";
export { POLICY as TRUST_HUB_POLICY } from "./fake-registration-resources";
export { UNVERIFIED_BRAND_MESSAGE, BRAND_BUNDLE_FAILURES } from "./fake-registration-api";

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
  /**
   * Review texting registrations on its own, as Twilio does, this many ms after each submission (bundles
   * `twilio-approved`, then the brand `APPROVED`, the campaign `VERIFIED`: FakeRegistrationOptions.reviewMs).
   * Default: off, statuses move only through setBundleStatus, setBrandStatus and setCampaignStatus.
   */
  registrationReviewMs?: number;
}

/** A failure the next matching request(s) get instead of the normal answer. */
export interface InjectedFailure {
  resource: "Messages" | "IncomingPhoneNumbers" | "AvailablePhoneNumbers" | "Calls" | "Lookups" | "Recordings";
  status: number;
  code?: number;
  message?: string;
  times?: number;
}

/**
 * A small local stand-in for Twilio's REST API: 2010-04-01 number search,
 * purchase and release, messages (create, list, signed status callbacks) and
 * calls, subaccounts and addresses; Lookup v2; and the texting registration
 * (TrustHub, A2P brands, messaging services, campaigns: FakeRegistrationApi).
 * The real SDK talks to it through TwilioHttpClient's base URL, which rewrites
 * every Twilio host to this one origin (no two hosts share a path). It records
 * every message it accepted (`messages`, event `message`) and every authenticated
 * request with the account whose credentials were used (`requests`).
 *
 * Accounts: the main account (`accountSid`/`authToken`) and the subaccounts it
 * creates (POST /2010-04-01/Accounts.json), each with its own token. A 2010
 * resource of a subaccount is reached with the subaccount's credentials or the
 * parent's (as Twilio allows); TrustHub and Messaging v1 resources belong to the
 * Basic-auth user, so they must be made with the subaccount's own credentials.
 */
export class FakeTwilioApi extends EventEmitter {
  readonly accountSid: string;
  readonly authToken: string;
  /** Every account: the main one first, then the subaccounts in creation order. */
  readonly accounts: FakeAccount[] = [];
  /** Every authenticated request (never the password), oldest first. */
  readonly requests: FakeTwilioRequest[] = [];
  readonly registration: FakeRegistrationApi;
  readonly messages: FakeMessage[] = [];
  readonly numbers: FakeNumber[] = [];
  readonly calls: FakeCall[] = [];
  /** Call recordings (voicemails): added with addRecording, read and deleted through the 2010 API. */
  readonly recordings: FakeRecording[] = [];
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
    this.accounts.push({ sid: this.accountSid, authToken: this.authToken, friendlyName: "Fake main account", status: "active", createdAt: Date.now() });
    this.callbacks = new FakeStatusCallbacks(this.accountSid, this.authToken, {
      stepMs: options.callbackStepMs ?? 5,
      sign: options.signCallbacks !== false,
      tokenOf: (sid) => this.account(sid)?.authToken,
    });
    this.registration = new FakeRegistrationApi({ ownerOf: (sid) => this.account(sid)?.ownerAccountSid, numbers: this.numbers }, this.accountSid, {
      reviewMs: options.registrationReviewMs,
    });
  }

  /** An account by SID (the main one or a subaccount). */
  account(sid: string): FakeAccount | undefined {
    return this.accounts.find((account) => account.sid === sid);
  }

  /** Our primary customer profile (twilio-approved, in the main account): what the adapter's `primaryCustomerProfileSid` names. */
  get primaryCustomerProfileSid(): string {
    return this.registration.primaryCustomerProfileSid;
  }

  /** A registration resource's JSON as Twilio answers it (snake_case), by SID. */
  resource(sid: string): Record<string, unknown> | undefined {
    return this.registration.resource(sid);
  }

  /** Moves a brand registration: status (APPROVED, FAILED ...), identity_status (VERIFIED, UNVERIFIED ...) and errors. */
  setBrandStatus(sid: string, status: string, identityStatus?: string, errors?: FakeRegistrationError[]): void {
    this.registration.setBrandStatus(sid, status, identityStatus, errors);
  }

  /** Moves a campaign: campaign_status (VERIFIED, FAILED ...) and errors. */
  setCampaignStatus(sid: string, status: string, errors?: FakeRegistrationError[]): void {
    this.registration.setCampaignStatus(sid, status, errors);
  }

  /** Moves a customer profile or trust product (twilio-approved, twilio-rejected ...). */
  setBundleStatus(sid: string, status: string): void {
    this.registration.setBundleStatus(sid, status);
  }

  /**
   * The next TrustHub evaluation (of a customer profile or a trust product, when `on` says which)
   * answers noncompliant with these results (default: an invalid business registration number).
   */
  failNextEvaluation(results?: EvaluationResult[], on?: "customer_profile" | "trust_product"): void {
    this.registration.failNextEvaluation(results, on);
  }

  /**
   * A recording as a call's <Record> would leave it, in `accountSid` (default: the main account): its media
   * is served at GET /2010-04-01/Accounts/{AccountSid}/Recordings/{sid}.wav (and .mp3), it is deleted with
   * DELETE .../Recordings/{sid}.json. `redirect`: the media answers 302 to an unauthenticated URL first.
   */
  addRecording(recording: Partial<Omit<FakeRecording, "deleted">> = {}): FakeRecording {
    const added: FakeRecording = {
      sid: recording.sid ?? fakeSid("RE"),
      accountSid: recording.accountSid ?? this.accountSid,
      callSid: recording.callSid ?? fakeSid("CA"),
      audio: recording.audio ?? Buffer.from("RIFF fake wav"),
      contentType: recording.contentType ?? "audio/x-wav",
      redirect: recording.redirect ?? false,
      deleted: false,
    };
    this.recordings.push(added);
    return added;
  }

  /** A caller's call to one of our numbers, as Twilio keeps it whether our voice webhook answered or not (listed by GET Calls.json). */
  addInboundCall(call: { from: string; to: string; startTime: number; accountSid?: string; status?: string; forwardedFrom?: string; sid?: string }): FakeCall {
    const added: FakeCall = {
      sid: call.sid ?? fakeSid("CA"),
      from: call.from,
      to: call.to,
      receivedAt: call.startTime,
      startTime: call.startTime,
      accountSid: call.accountSid ?? this.accountSid,
      direction: "inbound",
      status: call.status ?? "completed",
      ...(call.forwardedFrom ? { forwardedFrom: call.forwardedFrom } : {}),
    };
    this.calls.push(added);
    return added;
  }

  /** A caller's text to one of our numbers (direction inbound, status received), listed by GET Messages.json. */
  addInboundMessage(message: { from: string; to: string; body: string; at: number; accountSid?: string; sid?: string }): FakeMessage {
    const added: FakeMessage = {
      sid: message.sid ?? fakeSid("SM"),
      accountSid: message.accountSid ?? this.accountSid,
      from: message.from,
      to: message.to,
      body: message.body,
      status: "received",
      receivedAt: message.at,
      direction: "inbound",
    };
    this.messages.push(added);
    return added;
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
    this.registration.cancelReviews();
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
    app.post(
      "/2010-04-01/Accounts.json",
      (req, res, next) => this.authenticate(req, res, next, true),
      (req, res) => this.createSubaccount(req, res),
    );
    app.use(base, (req, res, next) => this.authenticate(req, res, next));
    // TrustHub (trusthub.twilio.com) and Messaging v1 (messaging.twilio.com): resources of the Basic-auth user.
    app.use("/v1", (req, res, next) => this.authenticate(req, res, next, true));
    this.registration.mount(app, base);
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
        accountSid: String(req.params.accountSid),
        phoneNumber: form.PhoneNumber ?? "",
        voiceUrl: form.VoiceUrl,
        smsUrl: form.SmsUrl,
        statusCallback: form.StatusCallback,
        released: false,
      };
      this.numbers.push(number);
      res.status(201).json(numberJson(number));
    });
    app.delete(`${base}/IncomingPhoneNumbers/:sid.json`, (req, res) => {
      if (this.failed("IncomingPhoneNumbers", res)) return;
      const number = this.numbers.find(
        (candidate) => candidate.sid === req.params.sid && !candidate.released && candidate.accountSid === req.params.accountSid,
      );
      if (!number) return this.error(res, 404, 20404, `The requested resource ${req.originalUrl} was not found`);
      number.released = true;
      res.status(204).end();
    });
    app.post(`${base}/Messages.json`, (req, res) => this.createMessage(req, res));
    // GET Messages.json: To / From filters, DateSent>= by date (see dateFilterFloor), newest first, paged.
    app.get(`${base}/Messages.json`, (req, res) => {
      if (this.failed("Messages", res)) return;
      const after = dateFilterFloor(req.query["DateSent>"]) ?? 0;
      const found = this.messages
        .filter((message) => message.accountSid === req.params.accountSid)
        .filter((message) => (!req.query.To || message.to === req.query.To) && (!req.query.From || message.from === req.query.From))
        .filter((message) => message.receivedAt >= after)
        .reverse();
      res.json(pagedList("messages", found.map(messageJson), req.path, req.query as Record<string, unknown>));
    });
    // GET Calls.json: To filter, StartTime>= by date, newest first by start, paged; calls not started have no start_time.
    app.get(`${base}/Calls.json`, (req, res) => {
      if (this.failed("Calls", res)) return;
      const after = dateFilterFloor(req.query["StartTime>"]);
      const accountSid = String(req.params.accountSid);
      const found = this.calls
        .filter((call) => (call.accountSid ?? this.accountSid) === accountSid)
        .filter((call) => !req.query.To || call.to === req.query.To)
        .filter((call) => after === undefined || (call.startTime !== undefined && call.startTime >= after))
        .sort((a, b) => (b.startTime ?? b.receivedAt) - (a.startTime ?? a.receivedAt));
      res.json(
        pagedList(
          "calls",
          found.map((call) => callJson(accountSid, call)),
          req.path,
          req.query as Record<string, unknown>,
        ),
      );
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
        accountSid: String(req.params.accountSid),
      };
      this.calls.push(call);
      this.emit("call", call);
      res.status(201).json(callJson(String(req.params.accountSid), call));
    });
    // Recordings: media (.wav, .mp3) and deletion, only in the account that holds them.
    const recordingOf = (req: Request) =>
      this.recordings.find((recording) => recording.sid === req.params.sid && recording.accountSid === req.params.accountSid && !recording.deleted);
    for (const extension of ["wav", "mp3"]) {
      app.get(`${base}/Recordings/:sid.${extension}`, (req, res) => {
        if (this.failed("Recordings", res)) return;
        const recording = recordingOf(req);
        if (!recording) return this.error(res, 404, 20404, `The requested resource ${req.originalUrl} was not found`);
        if (recording.redirect) return res.redirect(302, `/fake-media/${recording.sid}`);
        res.type(recording.contentType).send(recording.audio);
      });
    }
    app.get("/fake-media/:sid", (req, res) => {
      const recording = this.recordings.find((candidate) => candidate.sid === req.params.sid && !candidate.deleted);
      if (!recording) return this.error(res, 404, 20404, "The requested resource was not found");
      res.type(recording.contentType).send(recording.audio);
    });
    app.delete(`${base}/Recordings/:sid.json`, (req, res) => {
      if (this.failed("Recordings", res)) return;
      const recording = recordingOf(req);
      if (!recording) return this.error(res, 404, 20404, `The requested resource ${req.originalUrl} was not found`);
      recording.deleted = true;
      res.status(204).end();
    });
    app.use((_req: Request, res: Response) => this.error(res, 404, 20404, "The requested resource was not found"));
    return app;
  }

  private createMessage(req: Request, res: Response): void {
    const receivedAt = Date.now();
    if (this.failed("Messages", res)) return;
    const form = req.body as Record<string, string>;
    const accountSid = String(req.params.accountSid);
    if (!form.To || !isE164(form.To)) {
      return this.error(res, 400, 21211, `The 'To' number ${form.To ?? ""} is not a valid phone number.`);
    }
    // With MessagingServiceSid Twilio takes the sender from the service's numbers unless From names one.
    let from = form.From;
    if (form.MessagingServiceSid) {
      if (!this.registration.service(accountSid, form.MessagingServiceSid)) {
        return this.error(res, 400, 21701, `The Messaging Service Sid ${form.MessagingServiceSid} is invalid.`);
      }
      from ??= this.registration.servicePhoneNumbers(form.MessagingServiceSid)[0];
      if (!from) return this.error(res, 400, 21704, "The Messaging Service contains no phone numbers");
    }
    if (!from) return this.error(res, 400, 21603, "A 'From' phone number is required.");
    if (this.unsubscribed.has(form.To)) {
      return this.error(res, 400, 21610, "Attempt to send to unsubscribed recipient");
    }
    const message: FakeMessage = {
      sid: fakeSid("SM"),
      accountSid,
      from,
      to: form.To,
      body: form.Body ?? "",
      // Twilio's first status: "accepted" through a messaging service, else "queued" (no callback for it).
      status: form.MessagingServiceSid ? "accepted" : "queued",
      statusCallback: form.StatusCallback,
      ...(form.MessagingServiceSid ? { messagingServiceSid: form.MessagingServiceSid } : {}),
      receivedAt,
    };
    this.messages.push(message);
    this.emit("message", message);
    res.status(201).json(messageJson(message));
    if (message.statusCallback && this.options.statusCallbacks !== false) this.callbacks.schedule(message);
  }

  /**
   * Basic auth as Twilio checks it: a known account and its token. On a 2010 account path the user
   * must be that account or its parent; elsewhere (`anyPath`: TrustHub, Messaging v1, Lookup, the
   * Accounts list) the request acts as the user. Records the request (without the password).
   */
  private authenticate(req: Request, res: Response, next: NextFunction, anyPath = false): void {
    const credentials = basicCredentials(req.header("authorization"));
    const user = credentials ? this.account(credentials.user) : undefined;
    if (!credentials || !user || user.authToken !== credentials.password || user.status !== "active") {
      return this.error(res, 401, 20003, "Authenticate");
    }
    let accountSid = user.sid;
    if (!anyPath) {
      const target = this.account(String(req.params.accountSid));
      if (!target || (target.sid !== user.sid && target.ownerAccountSid !== user.sid)) return this.error(res, 401, 20003, "Authenticate");
      accountSid = target.sid;
    }
    res.locals.accountSid = accountSid;
    const apiVersion = req.header("x-twilio-api-version");
    this.requests.push({
      method: req.method,
      path: req.originalUrl.split("?")[0] ?? req.originalUrl,
      user: user.sid,
      accountSid,
      params: { ...((req.method === "GET" ? req.query : req.body) as FormParams) },
      ...(apiVersion ? { apiVersion } : {}),
      at: Date.now(),
    });
    next();
  }

  /** POST /2010-04-01/Accounts.json: a subaccount of the (main) account whose credentials ask, with its own token. */
  private createSubaccount(req: Request, res: Response): void {
    const parent = this.account(String(res.locals.accountSid));
    if (!parent || parent.ownerAccountSid) return this.error(res, 403, 20005, "A subaccount cannot create subaccounts");
    const form = req.body as FormParams;
    const account: FakeAccount = {
      sid: fakeSid("AC"),
      authToken: randomBytes(16).toString("hex"),
      ownerAccountSid: parent.sid,
      friendlyName: single(form.FriendlyName) ?? `SubAccount Created at ${new Date().toISOString()}`,
      status: "active",
      createdAt: Date.now(),
    };
    this.accounts.push(account);
    res.status(201).json(accountJson(account));
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
    twilioError(res, status, code, message);
  }
}

/** Starts a fake Twilio REST API on 127.0.0.1 (port 0 unless given). */
export function startFakeTwilioApi(options: FakeTwilioOptions = {}): Promise<FakeTwilioApi> {
  return new FakeTwilioApi(options).start();
}
