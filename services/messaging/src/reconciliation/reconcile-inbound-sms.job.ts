// Reconciliation from the provider for inbound texts: a text whose SMS webhook failed (Twilio does not retry it) is
// found in the provider's message list and handled, once, by the same inbound handling, so a STOP is honoured.
import type { JobDefinition } from "@rebound/platform";
import type { TelephonyProvider } from "@rebound/providers/telephony";
// prom-client comes with @rebound/platform (its metricsRegistry); the kit exports no Counter of its own yet.
import { Counter } from "prom-client";
import { metricsRegistry } from "@rebound/platform";
import { handleInboundSms } from "../inbound-sms/handle-inbound-sms.use-case";
import type { MessagingDeps } from "../messaging-deps";
import { inboundToReconcile, reconcileWindow, takeInTurn } from "./inbound-window";
import type { InboundWatermarkRepository } from "./inbound-watermark.repository";

const reconciledInbound = new Counter({
  name: "messaging_reconciled_inbound_sms_total",
  help: "Inbound texts found at the provider that our SMS webhook never handled",
  registers: [metricsRegistry],
});
const reconcileFailures = new Counter({
  name: "messaging_reconcile_failures_total",
  help: "Numbers whose provider message list could not be read in a reconciliation run (retried next run)",
  registers: [metricsRegistry],
});

export interface InboundReconcileSettings {
  lookbackMs: number;
  settleMs: number;
  maxNumbers: number;
}

export interface InboundReconcileResult {
  numbers: number;
  /** Texts handled by this run (their webhook had failed). */
  reconciled: number;
  failed: number;
}

/**
 * One pass over at most `maxNumbers` dedicated numbers (in turn across runs): per number, the provider's inbound
 * texts since its watermark minus an overlap (first run: the lookback); each MessageSid inbound_sms does not hold goes
 * through handleInboundSms (idempotent by MessageSid): InboundSmsReceived, an opt-out / opt-in with its consent log
 * entry, the owner's alert. Then the watermark moves to the window's end. A provider failure is logged, counted and
 * retried next run; the other numbers go on.
 *
 * Replies are not sent (docs/decisions.md): the reply handleInboundSms returns was meant as the webhook's TwiML
 * answer, which can no longer be given. A STOP/START/HELP confirmation is the provider's own when our webhook fails
 * (Twilio's opt-out handling answers those keywords, and after a STOP it refuses our texts: 21610), and an
 * auto-reply minutes late is noise; each skipped reply is logged.
 */
export class InboundSmsReconciler {
  private cursor = 0;

  constructor(
    private readonly deps: MessagingDeps,
    private readonly provider: TelephonyProvider,
    private readonly watermarks: InboundWatermarkRepository,
    private readonly settings: InboundReconcileSettings,
  ) {}

  async run(): Promise<InboundReconcileResult> {
    const result: InboundReconcileResult = { numbers: 0, reconciled: 0, failed: 0 };
    if (!this.provider.listInboundMessages) return result;
    const numbers = (await this.deps.configs.loadBusinesses())
      .map((stamped) => stamped.value)
      .filter((business) => business.dedicatedNumber)
      .sort((a, b) => (a.dedicatedNumber ?? "").localeCompare(b.dedicatedNumber ?? ""));
    const { batch, next } = takeInTurn(numbers, this.cursor, this.settings.maxNumbers);
    this.cursor = next;
    result.numbers = batch.length;
    const watermarks = await this.watermarks.find(batch.map((business) => business.dedicatedNumber ?? ""));
    for (const business of batch) {
      const dedicatedNumber = business.dedicatedNumber ?? "";
      try {
        const handled = await this.reconcileNumber(dedicatedNumber, business.accountSid, watermarks.get(dedicatedNumber));
        result.reconciled += handled.reconciled;
      } catch (error) {
        result.failed++;
        reconcileFailures.inc();
        this.deps.logger.warn(
          { err: error, businessId: business.businessId, phoneNumber: dedicatedNumber },
          "inbound reconciliation failed for a number; retried next run",
        );
      }
    }
    if (result.reconciled > 0) this.deps.logger.warn({ ...result }, "inbound texts reconciled from the provider (their SMS webhook had failed)");
    return result;
  }

  private async reconcileNumber(dedicatedNumber: string, accountSid: string | undefined, watermark: Date | undefined) {
    const window = reconcileWindow({ watermark, now: this.deps.clock.now(), lookbackMs: this.settings.lookbackMs, settleMs: this.settings.settleMs });
    if (!window) return { reconciled: 0 };
    const listed = await this.provider.listInboundMessages!({ to: dedicatedNumber, sentAfter: window.from, ...(accountSid ? { accountSid } : {}) });
    const candidates = inboundToReconcile(listed, { dedicatedNumber, until: window.until });
    const known = await this.watermarks.knownSids(candidates.map((message) => message.sid));
    let reconciled = 0;
    for (const message of candidates.filter((candidate) => !known.has(candidate.sid))) {
      // Late: recorded at the provider's time, with no reply recorded as sent (none can be sent as the webhook's answer).
      await handleInboundSms(this.deps, { messageSid: message.sid, from: message.from, to: message.to, body: message.body }, { receivedAt: message.dateSent });
      reconciled++;
      reconciledInbound.inc();
      this.deps.logger.warn(
        { messageSid: message.sid, to: message.to, dateSent: message.dateSent.toISOString() },
        "inbound text handled by reconciliation: its SMS webhook never reached us; no reply sent",
      );
    }
    await this.watermarks.advance(dedicatedNumber, window.until);
    return { reconciled };
  }
}

export function reconcileInboundSmsJob(reconciler: InboundSmsReconciler, intervalMs: number): JobDefinition {
  return {
    name: "messaging:reconcile-inbound-sms",
    intervalMs,
    run: async () => {
      await reconciler.run();
    },
  };
}
