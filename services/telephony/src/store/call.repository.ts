import type { Prisma } from "../generated/prisma/client";

export interface CallRecord {
  id: string;
  businessId: string;
  callSid: string;
  callerNumber: string;
  toNumber: string;
  callStatus: string;
  callDirection: string;
  purpose: "missed_call" | "forwarding_test";
  forwardedFrom: string | null;
  startTime: Date;
}

export const callRepository = {
  /** Inserts the calls whose CallSid is new; returns the CallSids actually inserted (duplicates are skipped, never an error). */
  async insertNew(tx: Prisma.TransactionClient, calls: CallRecord[]): Promise<Set<string>> {
    if (calls.length === 0) return new Set();
    const inserted = await tx.call.createManyAndReturn({ data: calls, skipDuplicates: true, select: { callSid: true } });
    return new Set(inserted.map((row) => row.callSid));
  },

  countBySid(client: Prisma.TransactionClient, callSid: string): Promise<number> {
    return client.call.count({ where: { callSid } });
  },
};
