// One carrier simulator for every process in distributed mode: the telephony service owns it
// (numbers, the phone inbox, carrier-level STOP opt-outs, the journal) and serves it on
// `/internal/simulator/<method>`; the other processes (messaging) set SIMULATOR_URL to the
// telephony service and reach it with RemoteSimulatorProvider. Never in production.
import express, { Router } from "express";
import { z } from "zod";
import { loadConfig, postText, type PostReply } from "@rebound/platform";
import {
  TelephonyProviderError,
  type AccountScope,
  type AvailableNumber,
  type BrandSnapshot,
  type BusinessProfile,
  type CampaignRequest,
  type CampaignSnapshot,
  type ListCallsQuery,
  type ListInboundMessagesQuery,
  type NumberWebhooks,
  type ProviderAccount,
  type ProviderCall,
  type ProviderInboundMessage,
  type PurchasedNumber,
  type RecordingAudio,
  type RecordingRef,
  type SendSmsRequest,
  type SendSmsResult,
  type SubmittedProfile,
  type TelephonyProvider,
  type TestCallRequest,
  type TextingRegistrationProvider,
} from "@rebound/providers/telephony";
import { CarrierSimulator } from "./carrier-simulator";

const METHODS = [
  "searchLocalNumbers",
  "purchaseNumber",
  "releaseNumber",
  "sendSms",
  "findSentMessage",
  "placeTestCall",
  "lookupLineType",
  // Voicemail recordings (the audio travels base64 in the JSON answer)
  "fetchRecording",
  "deleteRecording",
  // Reconciliation: the provider's record of calls and inbound texts (dates travel as ISO strings)
  "listCalls",
  "listInboundMessages",
  // US texting registration (TextingRegistrationProvider)
  "createSubaccount",
  "submitBusinessProfile",
  "createBrand",
  "fetchBrand",
  "resendBrandVerification",
  "createMessagingService",
  "createCampaign",
  "fetchCampaign",
  "addNumberToService",
] as const satisfies readonly (keyof CarrierSimulator)[];
type Method = (typeof METHODS)[number];

const RPC_PREFIX = "/internal/simulator";

/** What the provider's line-type lookup resolves to (the Lookup method is being added to the interface). */
type LineTypeAnswer = TelephonyProvider extends { lookupLineType(phoneNumber: string): infer R } ? R : Promise<undefined>;
const DEFAULT_TIMEOUT_MS = 10_000;

/** SIMULATOR_URL: the base URL of the process that owns the simulator (the telephony service), e.g. http://127.0.0.1:8083. */
export const remoteSimulatorConfigSchema = z.object({ SIMULATOR_URL: z.url().optional() });

interface RpcError {
  message: string;
  code?: string;
  httpStatus?: number;
  retryable?: boolean;
}

/** One RPC's answer: an HTTP status and the JSON body (the HTTP router and the simulator thread's port send both). */
export interface SimulatorRpcAnswer {
  status: number;
  body: { result?: unknown; error?: RpcError };
}

/** Runs one provider method on the simulator for an RPC: `body` is the request's JSON (`{ args: [...] }`). */
export async function answerSimulatorRpc(carrier: CarrierSimulator, method: string, body: unknown): Promise<SimulatorRpcAnswer> {
  if (!(METHODS as readonly string[]).includes(method)) return { status: 404, body: { error: { message: `no simulator method ${method}` } } };
  const rawArgs = (body as { args?: unknown } | undefined)?.args;
  // JSON turns an omitted optional argument into null; the provider expects undefined.
  const args = Array.isArray(rawArgs) ? rawArgs.map((arg: unknown) => (arg === null ? undefined : arg)) : [];
  if (method === "findSentMessage" && args[0] && typeof args[0] === "object") {
    const query = args[0] as { since: string | Date };
    query.since = new Date(query.since);
  }
  if (method === "listCalls" && args[0] && typeof args[0] === "object") {
    const query = args[0] as { startedAfter: string | Date };
    query.startedAfter = new Date(query.startedAfter);
  }
  if (method === "listInboundMessages" && args[0] && typeof args[0] === "object") {
    const query = args[0] as { sentAfter: string | Date };
    query.sentAfter = new Date(query.sentAfter);
  }
  try {
    const call = carrier[method as Method] as (...values: unknown[]) => Promise<unknown>;
    const result = await call.apply(carrier, args);
    if (method === "fetchRecording" && result) {
      const audio = result as RecordingAudio;
      return { status: 200, body: { result: { contentType: audio.contentType, base64: Buffer.from(audio.data).toString("base64") } } };
    }
    return { status: 200, body: result === undefined ? {} : { result } };
  } catch (error) {
    const failure: RpcError =
      error instanceof TelephonyProviderError
        ? { message: error.message, code: error.code, httpStatus: error.options.httpStatus, retryable: error.retryable }
        : { message: (error as Error).message ?? String(error), retryable: true };
    return { status: 502, body: { error: failure } };
  }
}

/**
 * The owner's side: every provider method (telephony and texting registration) over HTTP.
 * Undefined unless the simulator is the provider outside production.
 */
export function createSimulatorRpcRouter(provider: TelephonyProvider, options: { nodeEnv: string }): Router | undefined {
  if (!(provider instanceof CarrierSimulator) || options.nodeEnv === "production") return undefined;
  const carrier = provider;
  const router = Router();
  router.post(`${RPC_PREFIX}/:method`, express.json({ limit: "256kb" }), async (req, res) => {
    const answer = await answerSimulatorRpc(carrier, String(req.params.method), req.body);
    res.status(answer.status).json(answer.body);
  });
  return router;
}

/** Sends one RPC (`method` and its JSON body) to the simulator's owner and resolves with its status and JSON text. */
export type SimulatorRpcTransport = (method: string, body: string, timeoutMs: number) => Promise<PostReply>;

/** The RPC over HTTP, to `/internal/simulator/<method>` at `baseUrl` (distributed mode's SIMULATOR_URL). */
export function httpSimulatorTransport(baseUrl: string): SimulatorRpcTransport {
  const base = baseUrl.replace(/\/$/, "");
  return (method, body, timeoutMs) => postText(`${base}${RPC_PREFIX}/${method}`, { headers: { "content-type": "application/json" }, body, timeoutMs });
}

/** The other processes' side: the TelephonyProvider and TextingRegistrationProvider interfaces, answered by the owner's simulator. */
export class RemoteSimulatorProvider implements TelephonyProvider, TextingRegistrationProvider {
  readonly kind = "simulator" as const;
  private readonly transport: SimulatorRpcTransport;
  /** Where the simulator is, for errors: its base URL, or "thread" for `npm start`'s. */
  private readonly where: string;

  /** `target`: the owner's base URL (HTTP), or a transport of its own (the simulator thread's port). */
  constructor(
    target: string | { transport: SimulatorRpcTransport; where: string },
    private readonly timeoutMs = DEFAULT_TIMEOUT_MS,
  ) {
    this.transport = typeof target === "string" ? httpSimulatorTransport(target) : target.transport;
    this.where = typeof target === "string" ? `at ${target.replace(/\/$/, "")}` : target.where;
  }

  searchLocalNumbers(areaCode: string, options?: { country?: string; limit?: number }): Promise<AvailableNumber[]> {
    return this.call("searchLocalNumbers", [areaCode, options]);
  }

  purchaseNumber(phoneNumber: string, webhooks: NumberWebhooks, scope?: AccountScope): Promise<PurchasedNumber> {
    return this.call("purchaseNumber", [phoneNumber, webhooks, scope]);
  }

  releaseNumber(sid: string, scope?: AccountScope): Promise<void> {
    return this.call("releaseNumber", [sid, scope]);
  }

  sendSms(request: SendSmsRequest): Promise<SendSmsResult> {
    return this.call("sendSms", [request]);
  }

  findSentMessage(query: { from: string; to: string; body: string; since: Date; accountSid?: string }): Promise<SendSmsResult | undefined> {
    return this.call("findSentMessage", [query]);
  }

  placeTestCall(request: TestCallRequest): Promise<{ sid: string }> {
    return this.call("placeTestCall", [request]);
  }

  lookupLineType(phoneNumber: string): LineTypeAnswer {
    return this.call("lookupLineType", [phoneNumber]) as LineTypeAnswer;
  }

  async fetchRecording(ref: RecordingRef): Promise<RecordingAudio | undefined> {
    const answer = await this.call<{ contentType: string; base64: string } | undefined>("fetchRecording", [ref]);
    return answer ? { contentType: answer.contentType, data: Buffer.from(answer.base64, "base64") } : undefined;
  }

  deleteRecording(ref: RecordingRef): Promise<void> {
    return this.call("deleteRecording", [ref]);
  }

  async listCalls(query: ListCallsQuery): Promise<ProviderCall[]> {
    const calls = await this.call<(Omit<ProviderCall, "startTime"> & { startTime: string })[]>("listCalls", [query]);
    return calls.map((call) => ({ ...call, startTime: new Date(call.startTime) }));
  }

  async listInboundMessages(query: ListInboundMessagesQuery): Promise<ProviderInboundMessage[]> {
    const messages = await this.call<(Omit<ProviderInboundMessage, "dateSent"> & { dateSent: string })[]>("listInboundMessages", [query]);
    return messages.map((message) => ({ ...message, dateSent: new Date(message.dateSent) }));
  }

  createSubaccount(friendlyName: string): Promise<ProviderAccount> {
    return this.call("createSubaccount", [friendlyName]);
  }

  submitBusinessProfile(
    account: ProviderAccount,
    profile: BusinessProfile,
    options: { friendlyName: string; notificationEmail: string },
  ): Promise<SubmittedProfile> {
    return this.call("submitBusinessProfile", [account, profile, options]);
  }

  createBrand(account: ProviderAccount, request: { kind: BusinessProfile["kind"]; profile: SubmittedProfile }): Promise<BrandSnapshot> {
    return this.call("createBrand", [account, request]);
  }

  fetchBrand(account: ProviderAccount, brandSid: string): Promise<BrandSnapshot> {
    return this.call("fetchBrand", [account, brandSid]);
  }

  resendBrandVerification(account: ProviderAccount, brandSid: string): Promise<void> {
    return this.call("resendBrandVerification", [account, brandSid]);
  }

  createMessagingService(
    account: ProviderAccount,
    request: { friendlyName: string; inboundRequestUrl: string; statusCallbackUrl: string },
  ): Promise<{ sid: string }> {
    return this.call("createMessagingService", [account, request]);
  }

  createCampaign(account: ProviderAccount, request: CampaignRequest): Promise<CampaignSnapshot> {
    return this.call("createCampaign", [account, request]);
  }

  fetchCampaign(account: ProviderAccount, messagingServiceSid: string, campaignSid: string): Promise<CampaignSnapshot> {
    return this.call("fetchCampaign", [account, messagingServiceSid, campaignSid]);
  }

  addNumberToService(account: ProviderAccount, messagingServiceSid: string, phoneNumberSid: string): Promise<void> {
    return this.call("addNumberToService", [account, messagingServiceSid, phoneNumberSid]);
  }

  private async call<T>(method: Method, args: unknown[]): Promise<T> {
    let reply: PostReply;
    try {
      reply = await this.transport(method, JSON.stringify({ args }), this.timeoutMs);
    } catch (error) {
      throw new TelephonyProviderError(`carrier simulator ${this.where} unreachable: ${(error as Error).message}`, { retryable: true, cause: error });
    }
    const answer = parseRpcAnswer<T>(reply.text);
    if (reply.status < 200 || reply.status >= 300 || answer.error) {
      const failure = answer.error ?? { message: `carrier simulator answered ${reply.status}` };
      throw new TelephonyProviderError(failure.message, { code: failure.code, httpStatus: failure.httpStatus, retryable: failure.retryable ?? true });
    }
    return answer.result as T;
  }
}

function parseRpcAnswer<T>(text: string): { result?: T; error?: RpcError } {
  try {
    return JSON.parse(text) as { result?: T; error?: RpcError };
  } catch {
    return {};
  }
}

/** The remote simulator when SIMULATOR_URL is set (and Twilio is not configured), else undefined. */
export function remoteSimulatorFromEnv(env: NodeJS.ProcessEnv = process.env): RemoteSimulatorProvider | undefined {
  if (env.TWILIO_ACCOUNT_SID) return undefined;
  const { SIMULATOR_URL } = loadConfig(remoteSimulatorConfigSchema, env);
  return SIMULATOR_URL ? new RemoteSimulatorProvider(SIMULATOR_URL) : undefined;
}
