import { Store, type SessionData } from "express-session";
import type { Clock } from "@rebound/platform";
import type { SessionRepository } from "../store/session.repository";

type Callback<T = void> = (error?: unknown, value?: T) => void;

/** express-session store on the gateway's sessions table; expired rows read as absent and are pruned by a job. */
export class PrismaSessionStore extends Store {
  constructor(
    private readonly sessions: SessionRepository,
    private readonly clock: Clock,
    private readonly defaultMaxAgeMs: number,
  ) {
    super();
  }

  override get(sid: string, callback: (error: unknown, session?: SessionData | null) => void): void {
    this.sessions.find(sid).then(
      (row) => callback(null, row && row.expire > this.clock.now() ? (row.sess as SessionData) : null),
      (error: unknown) => callback(error),
    );
  }

  override set(sid: string, session: SessionData, callback?: Callback): void {
    settle(this.sessions.save(sid, JSON.parse(JSON.stringify(session)), this.expiryOf(session)), callback);
  }

  override touch(sid: string, session: SessionData, callback?: Callback): void {
    settle(this.sessions.touch(sid, this.expiryOf(session)), callback);
  }

  override destroy(sid: string, callback?: Callback): void {
    settle(this.sessions.delete(sid), callback);
  }

  private expiryOf(session: SessionData): Date {
    const expires = session.cookie.expires;
    return expires ? new Date(expires) : new Date(this.clock.now().getTime() + this.defaultMaxAgeMs);
  }
}

function settle(work: Promise<unknown>, callback?: Callback): void {
  work.then(
    () => callback?.(),
    (error: unknown) => callback?.(error),
  );
}
