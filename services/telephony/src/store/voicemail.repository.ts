import type { Prisma } from "../generated/prisma/client";
import type { TelephonyDb } from "./telephony-db";

/** A voicemail a missed caller left (the provider's recording), as telephony keeps it. */
export interface VoicemailRecord {
  id: string;
  businessId: string;
  callId: string;
  callSid: string;
  callerNumber: string;
  dedicatedNumber: string;
  recordingSid: string;
  accountSid: string;
  durationSeconds: number;
  recordedAt: Date;
  transcript: string | null;
  transcribedAt: Date | null;
  /** When retention deleted the audio at the provider; null while it is there. */
  deletedAt: Date | null;
}

type Client = Prisma.TransactionClient;

export class VoicemailRepository {
  constructor(private readonly db: TelephonyDb) {}

  /** Stores a new voicemail; false when its recording is already stored (a repeated callback). */
  async insertNew(tx: Client, voicemail: Omit<VoicemailRecord, "transcript" | "transcribedAt" | "deletedAt">): Promise<boolean> {
    const { count } = await tx.voicemail.createMany({ data: [voicemail], skipDuplicates: true });
    return count === 1;
  }

  findById(id: string): Promise<VoicemailRecord | null> {
    return this.db.client.voicemail.findUnique({ where: { id } });
  }

  findByRecordingSid(recordingSid: string): Promise<VoicemailRecord | null> {
    return this.db.client.voicemail.findUnique({ where: { recordingSid } });
  }

  /** Sets the transcript once; false when it already had one. */
  async setTranscriptOnce(tx: Client, id: string, transcript: string, at: Date): Promise<boolean> {
    const { count } = await tx.voicemail.updateMany({ where: { id, transcribedAt: null }, data: { transcript, transcribedAt: at } });
    return count === 1;
  }

  /** Voicemails whose audio is still at the provider and was recorded before `before`, oldest first. */
  findExpired(before: Date, limit: number): Promise<VoicemailRecord[]> {
    return this.db.client.voicemail.findMany({ where: { deletedAt: null, recordedAt: { lt: before } }, orderBy: { recordedAt: "asc" }, take: limit });
  }

  /** Marks the audio deleted once; false when another run (or replica) already did. */
  async markDeletedOnce(tx: Client, id: string, at: Date): Promise<boolean> {
    const { count } = await tx.voicemail.updateMany({ where: { id, deletedAt: null }, data: { deletedAt: at } });
    return count === 1;
  }
}
