import { unnestRows, type SqlExecutor, type SqlStatement } from "@rebound/platform";
import type { Prisma } from "../generated/prisma/client";
import type { TelephonyDb } from "./telephony-db";

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

export class CallRepository {
  constructor(private readonly db: TelephonyDb) {}

  /** Inserts the calls whose CallSid is new; returns the CallSids actually inserted (duplicates are skipped, never an error). */
  async insertNew(tx: SqlExecutor, calls: CallRecord[]): Promise<Set<string>> {
    if (calls.length === 0) return new Set();
    const { sql, values } = this.insertNewStatement(calls);
    const inserted = await tx.$queryRawUnsafe<{ call_sid: string }[]>(sql, ...values);
    return new Set(inserted.map((row) => row.call_sid));
  }

  /** The insert of calls not recorded before (unique CallSid), returning each inserted `call_sid`. */
  insertNewStatement(calls: CallRecord[]): SqlStatement {
    const rows = unnestRows(
      calls.map((call) => [
        call.id,
        call.businessId,
        call.callSid,
        call.callerNumber,
        call.toNumber,
        call.callStatus,
        call.callDirection,
        call.purpose,
        call.forwardedFrom,
        call.startTime,
      ]),
      ["uuid", "text", "text", "text", "text", "text", "text", "text", "text", "timestamptz"],
    );
    return {
      sql: `INSERT INTO "telephony"."calls" (id, business_id, call_sid, caller_number, to_number, call_status, call_direction, purpose, forwarded_from, start_time)
       SELECT * FROM ${rows.sql}
       ON CONFLICT (call_sid) DO NOTHING RETURNING call_sid`,
      values: rows.values,
    };
  }

  /** The call a provider callback names (a voicemail's recording), or null for a CallSid we never recorded. */
  findBySid(callSid: string): Promise<Pick<CallRecord, "id" | "businessId" | "callSid" | "callerNumber" | "toNumber" | "purpose"> | null> {
    return this.db.client.call
      .findUnique({ where: { callSid }, select: { id: true, businessId: true, callSid: true, callerNumber: true, toNumber: true, purpose: true } })
      .then((row) => (row ? { ...row, purpose: row.purpose === "forwarding_test" ? "forwarding_test" : "missed_call" } : null));
  }

  countBySid(client: Prisma.TransactionClient, callSid: string): Promise<number> {
    return client.call.count({ where: { callSid } });
  }
}
