// An in-test TelephonyProvider: records sends (with the moment each call arrived), fails on
// demand, and answers findSentMessage from what it accepted (or was told it accepted).
import { performance } from "node:perf_hooks";
import type { AvailableNumber, LineType, PurchasedNumber, SendSmsRequest, SendSmsResult, TelephonyProvider } from "@rebound/providers/telephony";

export interface AcceptedMessage extends SendSmsRequest {
  sid: string;
  status: string;
  createdAt: Date;
}

type Step = { type: "fail"; error: Error } | { type: "hang" };

export class FakeTelephonyProvider implements TelephonyProvider {
  readonly kind: "twilio" | "simulator" = "simulator";
  /** Every sendSms call, accepted or not, with performance.now() at arrival. */
  readonly calls: { request: SendSmsRequest; at: number }[] = [];
  readonly accepted: AcceptedMessage[] = [];
  readonly findQueries: { from: string; to: string; body: string; since: Date; accountSid?: string }[] = [];
  private readonly steps: Step[] = [];
  private sequence = 0;
  onSend?: (request: SendSmsRequest) => void;
  /** Line types by number (unlisted: mobile); "hang" never answers, an Error fails the lookup. */
  readonly lineTypes = new Map<string, LineType | "hang" | Error>();
  /** Every lookupLineType call. */
  readonly lookups: string[] = [];

  async lookupLineType(phoneNumber: string): Promise<LineType | undefined> {
    this.lookups.push(phoneNumber);
    const answer = this.lineTypes.get(phoneNumber) ?? "mobile";
    if (answer === "hang") return new Promise<LineType | undefined>(() => undefined);
    if (answer instanceof Error) throw answer;
    return answer;
  }

  /** The next sends fail with these errors, in order. */
  failNext(...errors: Error[]): void {
    this.steps.push(...errors.map((error) => ({ type: "fail", error }) as const));
  }

  /** The next send never answers (a timeout on our side), although the message was accepted. */
  acceptButHangNext(): void {
    this.steps.push({ type: "hang" });
  }

  /** A message the provider has without this process having sent it (sent before a crash). */
  preload(message: Omit<AcceptedMessage, "sid"> & { sid?: string }): AcceptedMessage {
    const accepted = { ...message, sid: message.sid ?? this.nextSid() };
    this.accepted.push(accepted);
    return accepted;
  }

  async sendSms(request: SendSmsRequest): Promise<SendSmsResult> {
    this.calls.push({ request, at: performance.now() });
    this.onSend?.(request);
    const step = this.steps.shift();
    if (step?.type === "fail") throw step.error;
    const message = { ...request, sid: this.nextSid(), status: "queued", createdAt: new Date() };
    this.accepted.push(message);
    if (step?.type === "hang") return new Promise<SendSmsResult>(() => undefined);
    return { sid: message.sid, status: message.status };
  }

  async findSentMessage(query: { from: string; to: string; body: string; since: Date; accountSid?: string }): Promise<SendSmsResult | undefined> {
    this.findQueries.push(query);
    const found = this.accepted.find(
      (message) => message.from === query.from && message.to === query.to && message.body === query.body && message.createdAt >= query.since,
    );
    return found ? { sid: found.sid, status: found.status } : undefined;
  }

  sentTo(to: string): AcceptedMessage[] {
    return this.accepted.filter((message) => message.to === to);
  }

  async searchLocalNumbers(): Promise<AvailableNumber[]> {
    return [];
  }

  async purchaseNumber(phoneNumber: string): Promise<PurchasedNumber> {
    return { phoneNumber, sid: `PN${phoneNumber.replace(/\D/g, "")}` };
  }

  async releaseNumber(): Promise<void> {}

  async placeTestCall(): Promise<{ sid: string }> {
    return { sid: this.nextSid("CA") };
  }

  private nextSid(prefix = "SM"): string {
    this.sequence += 1;
    return `${prefix}${String(this.sequence).padStart(32, "0")}`;
  }
}
