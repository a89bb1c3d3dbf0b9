import type { Prisma } from "../generated/prisma/client";
import type { GatewayDb } from "./gateway-db";
import { SessionCache } from "./session-cache";

/** A stored session: express-session's JSON (cookie + signed-in user) and when it expires. */
export interface SessionRow {
  sid: string;
  sess: unknown;
  expire: Date;
}

/**
 * The sessions table (docs/product.md section 3). Reads go through `cache` (SessionCache: every write here
 * drops what it changed); without one (cache age 0) every read is a query.
 */
export class SessionRepository {
  constructor(
    private readonly db: GatewayDb,
    private readonly cache = new SessionCache(0),
  ) {}

  async find(sid: string): Promise<SessionRow | null> {
    const row = await this.cache.read(sid, () => this.db.client.session.findUnique({ where: { sid } }));
    return row && { sid, sess: row.sess, expire: row.expire };
  }

  /** The cached read of `sid` while it is fresh, without waiting; undefined when only a query (or a refresh) can tell. */
  findFresh(sid: string): SessionRow | null | undefined {
    const row = this.cache.get(sid);
    return row && { sid, sess: row.sess, expire: row.expire };
  }

  /** Whether `touch(sid, expire)` would write (false: it would be skipped). */
  touchDue(sid: string, expire: Date): boolean {
    return this.cache.touchDue(sid, expire);
  }

  async save(sid: string, sess: unknown, expire: Date): Promise<void> {
    const json = sess as Prisma.InputJsonValue;
    try {
      await this.db.client.session.upsert({ where: { sid }, create: { sid, sess: json, expire }, update: { sess: json, expire } });
    } finally {
      this.cache.drop(sid);
    }
  }

  /** Moves the expiry forward; a move of under a minute from the one last read, or while another write of it runs, is skipped. */
  async touch(sid: string, expire: Date): Promise<void> {
    if (!this.cache.beginTouch(sid, expire)) return;
    let stored: Date | undefined;
    try {
      await this.db.client.session.updateMany({ where: { sid }, data: { expire } });
      stored = expire;
    } finally {
      this.cache.touched(sid, stored);
    }
  }

  async delete(sid: string): Promise<void> {
    try {
      await this.db.client.session.deleteMany({ where: { sid } });
    } finally {
      this.cache.drop(sid);
    }
  }

  /** Signs the user out everywhere, except the session `keepSid` when given. Returns how many were removed. */
  async deleteForUser(userId: string, keepSid?: string): Promise<number> {
    try {
      const { count } = await this.db.client.session.deleteMany({
        where: { sess: { path: ["userId"], equals: userId }, ...(keepSid ? { NOT: { sid: keepSid } } : {}) },
      });
      return count;
    } finally {
      this.cache.dropUser(userId, keepSid);
    }
  }

  /** Keeps the e-mail the gateway vouches for in step with identity. */
  async updateUserEmail(userId: string, email: string): Promise<number> {
    try {
      return await this.db.client
        .$executeRaw`UPDATE "gateway"."sessions" SET sess = jsonb_set(sess, '{email}', to_jsonb(${email}::text)) WHERE sess->>'userId' = ${userId}`;
    } finally {
      this.cache.dropUser(userId);
    }
  }

  async deleteExpired(now: Date): Promise<number> {
    try {
      const { count } = await this.db.client.session.deleteMany({ where: { expire: { lte: now } } });
      return count;
    } finally {
      this.cache.clear();
    }
  }
}
