import { closeSync, existsSync, mkdirSync, openSync, readFileSync, writeSync } from "node:fs";
import { join } from "node:path";
import type { A2pEntry } from "./a2p/a2p-records";

/** What the simulated carrier received or decided, one JSON line each. */
export type JournalEntry =
  | {
      t: "message";
      sid: string;
      from: string;
      to: string;
      body: string;
      status: string;
      /** Epoch ms at which the carrier received the send request. */
      createdAt: number;
      statusCallback?: string;
      direction?: "outbound-api" | "outbound-reply";
      /** The subaccount that sent it (absent: the main account). */
      accountSid?: string;
      messagingServiceSid?: string;
      /** The carrier's verdict at acceptance: the message ends undelivered with this code (30034). */
      carrierErrorCode?: number;
    }
  | { t: "status"; sid: string; status: string; errorCode?: number }
  | {
      t: "purchase";
      sid: string;
      phoneNumber: string;
      voiceUrl: string;
      smsUrl: string;
      statusCallbackUrl: string;
      /** Called once when the voice URL fails (Twilio's VoiceFallbackUrl). */
      voiceFallbackUrl?: string;
      /** Called once when the SMS URL fails (Twilio's SmsFallbackUrl). */
      smsFallbackUrl?: string;
      at: number;
      /** The subaccount that owns it (absent: the main account). */
      accountSid?: string;
    }
  | { t: "release"; sid: string; at: number }
  | { t: "forwarding"; phoneNumber: string; forwardTo: string | null }
  | { t: "opt-out"; sender: string; recipient: string; optedOut: boolean }
  // A caller's voicemail (the answer's <Record>): the audio is generated from `seconds`, never stored.
  | {
      t: "recording";
      sid: string;
      /** The account that owns the called number (the main account's sid when it owns it). */
      accountSid: string;
      callSid: string;
      from: string;
      to: string;
      seconds: number;
      transcript?: string;
      at: number;
    }
  | { t: "recording-deleted"; sid: string; at: number }
  // A call a simulated caller placed to a number (Twilio keeps every call, whether our webhook answered or not).
  | {
      t: "call";
      sid: string;
      /** The subaccount that owns the called number (absent: the main account). */
      accountSid?: string;
      from: string;
      to: string;
      forwardedFrom?: string;
      status: string;
      /** Epoch ms the call started. */
      at: number;
    }
  | { t: "call-status"; sid: string; status: string }
  // A text a simulated caller sent to a number (Twilio's inbound Message), kept whether our webhook answered or not.
  | { t: "inbound"; sid: string; accountSid?: string; from: string; to: string; body: string; at: number }
  // US texting registration: accounts, profiles, brands, verification texts, services, campaigns.
  | A2pEntry;

export interface CarrierJournal {
  /** Durable before it returns: a SIGKILL right after never loses the entry. */
  append(entry: JournalEntry): void;
  readAll(): JournalEntry[];
  close(): void;
}

/** Nothing survives the process (tests, DATA_DIR=memory). */
export class MemoryJournal implements CarrierJournal {
  append(): void {}
  readAll(): JournalEntry[] {
    return [];
  }
  close(): void {}
}

/**
 * `<dir>/carrier.jsonl`, append-only, written synchronously: the line is in the
 * file (the OS page cache) before the caller answers, so killing the process
 * loses nothing and replays nothing twice. A torn last line is skipped on read.
 */
export class FileJournal implements CarrierJournal {
  readonly path: string;
  private fd?: number;

  constructor(dir: string) {
    mkdirSync(dir, { recursive: true });
    this.path = join(dir, "carrier.jsonl");
  }

  append(entry: JournalEntry): void {
    this.fd ??= openSync(this.path, "a");
    writeSync(this.fd, `${JSON.stringify(entry)}\n`);
  }

  readAll(): JournalEntry[] {
    if (!existsSync(this.path)) return [];
    const entries: JournalEntry[] = [];
    for (const line of readFileSync(this.path, "utf8").split("\n")) {
      if (!line.trim()) continue;
      try {
        entries.push(JSON.parse(line) as JournalEntry);
      } catch {
        // a line torn by a crash mid-write: it was never acknowledged
      }
    }
    return entries;
  }

  close(): void {
    if (this.fd !== undefined) closeSync(this.fd);
    this.fd = undefined;
  }
}
