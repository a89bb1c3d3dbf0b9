import { A2pState } from "./a2p/a2p-records";
import type { JournalEntry } from "./carrier-journal";

export interface SimulatedMessage {
  sid: string;
  from: string;
  to: string;
  body: string;
  status: string;
  createdAt: number;
  statusCallback?: string;
  errorCode?: number;
  direction?: "outbound-api" | "outbound-reply";
  accountSid?: string;
  messagingServiceSid?: string;
  carrierErrorCode?: number;
}

export interface SimulatedNumber {
  sid: string;
  phoneNumber: string;
  voiceUrl: string;
  smsUrl: string;
  statusCallbackUrl: string;
  voiceFallbackUrl?: string;
  smsFallbackUrl?: string;
  purchasedAt: number;
  released: boolean;
  /** The subaccount that owns it (absent: the main account). */
  accountSid?: string;
}

/** A voicemail a simulated caller left (its audio: simulatedWav(seconds)). */
export interface SimulatedRecording {
  sid: string;
  accountSid: string;
  callSid: string;
  from: string;
  to: string;
  seconds: number;
  transcript?: string;
  createdAt: number;
  deletedAt?: number;
}

/** A call a simulated caller placed (Twilio's Call resource, direction inbound). */
export interface SimulatedCall {
  sid: string;
  /** The subaccount owning the called number (absent: the main account). */
  accountSid?: string;
  from: string;
  to: string;
  forwardedFrom?: string;
  status: string;
  direction: "inbound";
  startedAt: number;
}

/** A text a simulated caller sent to a number (Twilio's Message resource, direction inbound). */
export interface SimulatedInboundMessage {
  sid: string;
  accountSid?: string;
  from: string;
  to: string;
  body: string;
  receivedAt: number;
}

export const FINAL_MESSAGE_STATUSES = new Set(["delivered", "undelivered", "failed"]);

/** The simulated carrier's memory, rebuilt from its journal on start and updated by every new entry. */
export class CarrierState {
  readonly messages: SimulatedMessage[] = [];
  private readonly messagesBySid = new Map<string, SimulatedMessage>();
  private readonly numbersBySid = new Map<string, SimulatedNumber>();
  private readonly activeNumbers = new Map<string, SimulatedNumber>();
  readonly forwarding = new Map<string, string>();
  private readonly optOuts = new Set<string>();
  private readonly recordingsBySid = new Map<string, SimulatedRecording>();
  /** Every call placed to a number, oldest first. */
  readonly calls: SimulatedCall[] = [];
  private readonly callsBySid = new Map<string, SimulatedCall>();
  /** Every text received by a number, oldest first. */
  readonly inboundMessages: SimulatedInboundMessage[] = [];
  /** US texting registration (A2P 10DLC). */
  readonly a2p = new A2pState();

  apply(entry: JournalEntry): void {
    switch (entry.t) {
      case "message": {
        const message: SimulatedMessage = { ...entry };
        this.messages.push(message);
        this.messagesBySid.set(message.sid, message);
        return;
      }
      case "status": {
        const message = this.messagesBySid.get(entry.sid);
        if (message) Object.assign(message, { status: entry.status, errorCode: entry.errorCode });
        return;
      }
      case "purchase": {
        const { t: _t, at, ...fields } = entry;
        const number: SimulatedNumber = { ...fields, purchasedAt: at, released: false };
        this.numbersBySid.set(number.sid, number);
        this.activeNumbers.set(number.phoneNumber, number);
        return;
      }
      case "release": {
        const number = this.numbersBySid.get(entry.sid);
        if (!number) return;
        number.released = true;
        this.activeNumbers.delete(number.phoneNumber);
        this.a2p.numberReleased(number.sid);
        return;
      }
      case "forwarding":
        if (entry.forwardTo) this.forwarding.set(entry.phoneNumber, entry.forwardTo);
        else this.forwarding.delete(entry.phoneNumber);
        return;
      case "opt-out":
        if (entry.optedOut) this.optOuts.add(`${entry.sender}|${entry.recipient}`);
        else this.optOuts.delete(`${entry.sender}|${entry.recipient}`);
        return;
      case "recording": {
        const { t: _t, at, ...fields } = entry;
        this.recordingsBySid.set(entry.sid, { ...fields, createdAt: at });
        return;
      }
      case "recording-deleted": {
        const recording = this.recordingsBySid.get(entry.sid);
        if (recording) recording.deletedAt = entry.at;
        return;
      }
      case "call": {
        const { t: _t, at, ...fields } = entry;
        const call: SimulatedCall = { ...fields, direction: "inbound", startedAt: at };
        this.calls.push(call);
        this.callsBySid.set(call.sid, call);
        return;
      }
      case "call-status": {
        const call = this.callsBySid.get(entry.sid);
        if (call) call.status = entry.status;
        return;
      }
      case "inbound": {
        const { t: _t, at, ...fields } = entry;
        this.inboundMessages.push({ ...fields, receivedAt: at });
        return;
      }
      case "account":
      case "profile":
      case "brand":
      case "otp":
      case "brand-verified":
      case "service":
      case "service-number":
      case "campaign":
        this.a2p.apply(entry);
        return;
      default: {
        // A line written by a newer version: nothing this one knows to do with it.
        const _unknown: never = entry;
        return;
      }
    }
  }

  message(sid: string): SimulatedMessage | undefined {
    return this.messagesBySid.get(sid);
  }

  numberBySid(sid: string): SimulatedNumber | undefined {
    return this.numbersBySid.get(sid);
  }

  activeNumber(phoneNumber: string): SimulatedNumber | undefined {
    return this.activeNumbers.get(phoneNumber);
  }

  activeNumberList(): SimulatedNumber[] {
    return [...this.activeNumbers.values()];
  }

  call(sid: string): SimulatedCall | undefined {
    return this.callsBySid.get(sid);
  }

  recording(sid: string): SimulatedRecording | undefined {
    return this.recordingsBySid.get(sid);
  }

  /** Every voicemail left, oldest first (deleted ones too, with deletedAt). */
  recordings(): SimulatedRecording[] {
    return [...this.recordingsBySid.values()];
  }

  isOptedOut(sender: string, recipient: string): boolean {
    return this.optOuts.has(`${sender}|${recipient}`);
  }
}
