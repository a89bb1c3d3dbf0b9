// One carrier simulator for every process in distributed mode: the telephony service owns it
// (numbers, the phone inbox, carrier-level STOP opt-outs, the journal) and serves it on
// `/internal/simulator/<method>`; the other processes (messaging) set SIMULATOR_URL to the
// telephony service and reach it with RemoteSimulatorProvider. Never in production.
import express, { Router } from "express";
import { z } from "zod";
import { loadConfig } from "@rebound/platform";
import {
  TelephonyProviderError,
  type AvailableNumber,
  type NumberWebhooks,
  type PurchasedNumber,
  type SendSmsRequest,
  type SendSmsResult,
  type TelephonyProvider,
  type TestCallRequest,
} from "@rebound/platform/telephony";
import { CarrierSimulator } from "./carrier-simulator";

const METHODS = ["searchLocalNumbers", "purchaseNumber", "releaseNumber", "sendSms", "findSentMessage", "placeTestCall", "lookupLineType"] as const;
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

/** The owner's side: every provider method over HTTP. Undefined unless the simulator is the provider outside production. */
export function createSimulatorRpcRouter(provider: TelephonyProvider, options: { nodeEnv: string }): Router | undefined {
  if (!(provider instanceof CarrierSimulator) || options.nodeEnv === "production") return undefined;
  const router = Router();
  router.post(`${RPC_PREFIX}/:method`, express.json({ limit: "256kb" }), async (req, res) => {
    const method = req.params.method as Method;
    if (!METHODS.includes(method)) {
      res.status(404).json({ error: { message: `no simulator method ${method}` } satisfies RpcError });
      return;
    }
    const body = req.body as { args?: unknown };
    // JSON turns an omitted optional argument into null; the provider expects undefined.
    const args = Array.isArray(body.args) ? body.args.map((arg: unknown) => (arg === null ? undefined : arg)) : [];
    if (method === "findSentMessage" && args[0] && typeof args[0] === "object") {
      const query = args[0] as { since: string | Date };
      query.since = new Date(query.since);
    }
    try {
      const call = provider[method] as (...values: unknown[]) => Promise<unknown>;
      const result = await call.apply(provider, args);
      res.json(result === undefined ? {} : { result });
    } catch (error) {
      const failure: RpcError =
        error instanceof TelephonyProviderError
          ? { message: error.message, code: error.code, httpStatus: error.options.httpStatus, retryable: error.retryable }
          : { message: (error as Error).message ?? String(error), retryable: true };
      res.status(502).json({ error: failure });
    }
  });
  return router;
}

/** The other processes' side: the TelephonyProvider interface, answered by the owner's simulator. */
export class RemoteSimulatorProvider implements TelephonyProvider {
  readonly kind = "simulator" as const;
  private readonly baseUrl: string;

  constructor(
    baseUrl: string,
    private readonly timeoutMs = DEFAULT_TIMEOUT_MS,
  ) {
    this.baseUrl = baseUrl.replace(/\/$/, "");
  }

  searchLocalNumbers(areaCode: string, options?: { country?: string; limit?: number }): Promise<AvailableNumber[]> {
    return this.call("searchLocalNumbers", [areaCode, options]);
  }

  purchaseNumber(phoneNumber: string, webhooks: NumberWebhooks): Promise<PurchasedNumber> {
    return this.call("purchaseNumber", [phoneNumber, webhooks]);
  }

  releaseNumber(sid: string): Promise<void> {
    return this.call("releaseNumber", [sid]);
  }

  sendSms(request: SendSmsRequest): Promise<SendSmsResult> {
    return this.call("sendSms", [request]);
  }

  findSentMessage(query: { from: string; to: string; body: string; since: Date }): Promise<SendSmsResult | undefined> {
    return this.call("findSentMessage", [query]);
  }

  placeTestCall(request: TestCallRequest): Promise<{ sid: string }> {
    return this.call("placeTestCall", [request]);
  }

  lookupLineType(phoneNumber: string): LineTypeAnswer {
    return this.call("lookupLineType", [phoneNumber]) as LineTypeAnswer;
  }

  private async call<T>(method: Method, args: unknown[]): Promise<T> {
    let response: Response;
    try {
      response = await fetch(`${this.baseUrl}${RPC_PREFIX}/${method}`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ args }),
        signal: AbortSignal.timeout(this.timeoutMs),
      });
    } catch (error) {
      throw new TelephonyProviderError(`carrier simulator at ${this.baseUrl} unreachable: ${(error as Error).message}`, { retryable: true, cause: error });
    }
    const answer = (await response.json().catch(() => ({}))) as { result?: T; error?: RpcError };
    if (!response.ok || answer.error) {
      const failure = answer.error ?? { message: `carrier simulator answered ${response.status}` };
      throw new TelephonyProviderError(failure.message, { code: failure.code, httpStatus: failure.httpStatus, retryable: failure.retryable ?? true });
    }
    return answer.result as T;
  }
}

/** The remote simulator when SIMULATOR_URL is set (and Twilio is not configured), else undefined. */
export function remoteSimulatorFromEnv(env: NodeJS.ProcessEnv = process.env): RemoteSimulatorProvider | undefined {
  if (env.TWILIO_ACCOUNT_SID) return undefined;
  const { SIMULATOR_URL } = loadConfig(remoteSimulatorConfigSchema, env);
  return SIMULATOR_URL ? new RemoteSimulatorProvider(SIMULATOR_URL) : undefined;
}
