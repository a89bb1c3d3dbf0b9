import type { Prisma } from "../generated/prisma/client";
import type { GatewayDb } from "./gateway-db";

/** A stored session: express-session's JSON (cookie + signed-in user) and when it expires. */
export interface SessionRow {
  sid: string;
  sess: unknown;
  expire: Date;
}

/** The sessions table (spec section 3). */
export class SessionRepository {
  constructor(private readonly db: GatewayDb) {}

  async find(sid: string): Promise<SessionRow | null> {
    return this.db.client.session.findUnique({ where: { sid } });
  }

  async save(sid: string, sess: unknown, expire: Date): Promise<void> {
    const json = sess as Prisma.InputJsonValue;
    await this.db.client.session.upsert({ where: { sid }, create: { sid, sess: json, expire }, update: { sess: json, expire } });
  }

  async touch(sid: string, expire: Date): Promise<void> {
    await this.db.client.session.updateMany({ where: { sid }, data: { expire } });
  }

  async delete(sid: string): Promise<void> {
    await this.db.client.session.deleteMany({ where: { sid } });
  }

  /** Signs the user out everywhere, except the session `keepSid` when given. Returns how many were removed. */
  async deleteForUser(userId: string, keepSid?: string): Promise<number> {
    const { count } = await this.db.client.session.deleteMany({
      where: { sess: { path: ["userId"], equals: userId }, ...(keepSid ? { NOT: { sid: keepSid } } : {}) },
    });
    return count;
  }

  /** Keeps the e-mail the gateway vouches for in step with identity. */
  async updateUserEmail(userId: string, email: string): Promise<number> {
    return this.db.client.$executeRaw`UPDATE "gateway"."sessions" SET sess = jsonb_set(sess, '{email}', to_jsonb(${email}::text)) WHERE sess->>'userId' = ${userId}`;
  }

  async deleteExpired(now: Date): Promise<number> {
    const { count } = await this.db.client.session.deleteMany({ where: { expire: { lte: now } } });
    return count;
  }
}
