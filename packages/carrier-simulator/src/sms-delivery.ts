import type { Logger } from "@rebound/platform";
import type { CarrierSimulator } from "./carrier-simulator";
import { FINAL_MESSAGE_STATUSES, type SimulatedMessage } from "./carrier-state";
import type { WebhookSender } from "./webhook-sender";
import { statusCallbackParams } from "@rebound/twilio";

/** Twilio's "Unreachable destination handset". */
const UNREACHABLE_HANDSET = 30003;

/**
 * The simulated carrier "delivering" a text: [queued ->] sent -> delivered (or
 * undelivered with the carrier's verdict at acceptance, 30034 for an unregistered
 * US sender, or 30003 for the failing suffix), a step apart, each recorded in the
 * journal and posted to the message's status callback, signed with the token of
 * the account that sent it. Like Twilio, no callback for the status a message is
 * created with: a text sent through a messaging service starts "accepted" and
 * calls back queued, sent, delivered; one sent from a number starts "queued" and
 * calls back sent, delivered (Twilio's "Outbound Message Status in Status Callbacks").
 */
export class SmsDelivery {
  constructor(
    private readonly carrier: CarrierSimulator,
    private readonly sender: WebhookSender,
    private readonly logger: Logger,
  ) {}

  async deliver(sid: string): Promise<void> {
    const message = this.carrier.state.message(sid);
    if (!message) return;
    const errorCode = message.carrierErrorCode ?? (message.to.endsWith(this.carrier.failingNumberSuffix) ? UNREACHABLE_HANDSET : undefined);
    const steps: { status: string; errorCode?: number }[] = [
      ...(message.messagingServiceSid ? [{ status: "queued" }] : []),
      { status: "sent" },
      errorCode ? { status: "undelivered", errorCode } : { status: "delivered" },
    ];
    const from = Math.max(
      steps.findIndex((step) => step.status === message.status),
      0,
    );
    for (const step of steps.slice(from)) {
      await this.carrier.delay(this.carrier.deliveryStepMs);
      if (this.carrier.isClosed) return;
      if (step.status !== message.status) this.carrier.record({ t: "status", sid, ...step });
      if (message.statusCallback) await this.postStatus(message, step.status, step.errorCode);
    }
  }

  /** Goes on with the deliveries a restart interrupted. */
  resume(): void {
    if (this.carrier.isClosed) return;
    for (const message of this.carrier.state.messages) {
      if (!FINAL_MESSAGE_STATUSES.has(message.status)) void this.deliver(message.sid);
    }
  }

  private async postStatus(message: SimulatedMessage, status: string, errorCode?: number): Promise<void> {
    const url = message.statusCallback as string;
    const account = this.carrier.credentialsOf(message.accountSid);
    const params = statusCallbackParams({ accountSid: account.accountSid, sid: message.sid, from: message.from, to: message.to, status, errorCode });
    await this.sender.post(url, params, account.authToken).then(
      (result) => {
        if (result.status >= 400) this.logger.warn({ url, status: result.status, sid: message.sid }, "simulator: status callback refused");
      },
      (error: unknown) => this.logger.warn({ err: error, url, sid: message.sid }, "simulator: status callback failed"),
    );
  }
}
