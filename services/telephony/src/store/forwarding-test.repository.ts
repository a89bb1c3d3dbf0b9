import type { Prisma } from "../generated/prisma/client";
import type { TelephonyDb } from "./telephony-db";

export interface ForwardingTestRecord {
  id: string;
  businessId: string;
  userId: string;
  testedNumber: string;
  dedicatedNumber: string;
  testCallSid: string | null;
  status: string;
  testCallStatus: string | null;
  testCallEndedAt: Date | null;
  message: string | null;
  interpretation: string | null;
  startedAt: Date;
  completedAt: Date | null;
}

export interface ForwardingTestCompletion {
  status: "success" | "failed";
  message: string;
  interpretation: string;
  completedAt: Date;
  forwardedCallSid?: string;
}

type Client = Prisma.TransactionClient;

export class ForwardingTestRepository {
  constructor(private readonly db: TelephonyDb) {}

  async create(
    client: Client,
    test: Pick<ForwardingTestRecord, "id" | "businessId" | "userId" | "testedNumber" | "dedicatedNumber" | "startedAt">,
  ): Promise<void> {
    await client.forwardingTest.create({ data: { ...test, status: "pending" } });
  }

  async setTestCallSid(client: Client, id: string, testCallSid: string): Promise<void> {
    await client.forwardingTest.update({ where: { id }, data: { testCallSid } });
  }

  findById(id: string): Promise<ForwardingTestRecord | null> {
    return this.db.client.forwardingTest.findUnique({ where: { id } });
  }

  /** Tests the business started since `since` (the daily cap). */
  countStartedSince(businessId: string, since: Date): Promise<number> {
    return this.db.client.forwardingTest.count({ where: { businessId, startedAt: { gte: since } } });
  }

  findPending(client: Client, businessId: string): Promise<ForwardingTestRecord[]> {
    return client.forwardingTest.findMany({ where: { businessId, status: "pending" }, orderBy: { startedAt: "asc" } });
  }

  /** The final status of our test call, while the test is pending (a callback may beat the stored CallSid). */
  async recordTestCallEnded(client: Client, id: string, callSid: string, status: string, endedAt: Date): Promise<boolean> {
    const { count } = await client.forwardingTest.updateMany({
      where: { id, status: "pending", OR: [{ testCallSid: null }, { testCallSid: callSid }] },
      data: { testCallStatus: status, testCallEndedAt: endedAt },
    });
    return count > 0;
  }

  /** Concludes a pending test; false when something else concluded it first. */
  async complete(tx: Client, id: string, completion: ForwardingTestCompletion): Promise<boolean> {
    const { count } = await tx.forwardingTest.updateMany({ where: { id, status: "pending" }, data: completion });
    return count > 0;
  }
}
