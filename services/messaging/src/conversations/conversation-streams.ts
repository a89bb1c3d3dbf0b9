// GET /api/conversations/stream: server-sent events for the owner's threads. Each open stream polls
// its business's change counter (one indexed row) every CONVERSATION_STREAM_POLL_MS and sends
// `event: conversation` with {id, lastActivityAt, unreadCount} for every thread changed since, so it
// works with any number of messaging replicas without a broker of its own; a comment line every
// CONVERSATION_STREAM_KEEPALIVE_MS keeps proxies from closing it. Streams end when the client goes
// away, when the HTTP server stops listening (a graceful stop would otherwise wait its whole grace
// period for them) and when the service stops; the browser's EventSource then reconnects, to another
// replica if there is one.
import type { Logger } from "@rebound/platform";
import type { Response } from "express";
import type { Server } from "node:http";
import type { ConversationChangeRow, ConversationRepository } from "../store/conversation.repository";

export const CONVERSATION_STREAM_POLL_MS = 500;
export const CONVERSATION_STREAM_KEEPALIVE_MS = 15_000;
/** Threads sent per poll at most; the rest on the next poll. */
const CHANGES_PER_POLL = 200;

export interface ConversationStreamOptions {
  pollMs: number;
  keepaliveMs: number;
}

/** One `conversation` event (the web app refetches the list and, if open, the thread). */
export function conversationEvent(change: Pick<ConversationChangeRow, "id" | "lastActivityAt" | "unreadCount">): string {
  const data = { id: change.id, lastActivityAt: change.lastActivityAt.toISOString(), unreadCount: change.unreadCount };
  return `event: conversation\ndata: ${JSON.stringify(data)}\n\n`;
}

export class ConversationStreams {
  private readonly open = new Set<() => void>();

  constructor(
    private readonly conversations: Pick<ConversationRepository, "businessIdOfUser" | "changeSeq" | "changedSince">,
    private readonly logger: Logger,
    private readonly options: ConversationStreamOptions = { pollMs: CONVERSATION_STREAM_POLL_MS, keepaliveMs: CONVERSATION_STREAM_KEEPALIVE_MS },
  ) {}

  /** Streams open now. */
  get size(): number {
    return this.open.size;
  }

  /** Starts the user's stream on `res`: changes after this moment (all of them once a business appears that was unknown). */
  async start(userId: string, res: Response): Promise<void> {
    let businessId = await this.conversations.businessIdOfUser(userId);
    let seen = businessId ? await this.conversations.changeSeq(businessId) : 0n;
    res.status(200).set({
      "Content-Type": "text/event-stream; charset=utf-8",
      "Cache-Control": "no-cache, no-transform",
      // nginx and similar proxies: do not buffer the stream.
      "X-Accel-Buffering": "no",
    });
    res.flushHeaders();
    res.write(`retry: 3000\n: connected\n\n`);

    const socket = res.socket;
    const server = (socket as { server?: Server } | null)?.server;
    let closed = false;
    let poll: NodeJS.Timeout | undefined;
    const keepalive = setInterval(() => res.write(": keepalive\n\n"), this.options.keepaliveMs);
    const close = () => {
      if (closed) return;
      closed = true;
      clearTimeout(poll);
      clearInterval(keepalive);
      this.open.delete(close);
      // The connection goes too: left idle, it would hold a graceful stop until its grace period ends.
      if (!res.writableEnded) res.end(() => socket?.destroySoon());
    };
    this.open.add(close);
    res.on("close", close);
    // The client may have gone while the counter was read: 'close' has fired already.
    if (res.destroyed) return close();

    const tick = async () => {
      if (server && !server.listening) return close();
      try {
        if (!businessId) {
          businessId = await this.conversations.businessIdOfUser(userId);
        } else {
          const current = await this.conversations.changeSeq(businessId);
          if (current > seen) {
            const changes = await this.conversations.changedSince(businessId, seen, CHANGES_PER_POLL);
            if (closed) return;
            for (const change of changes) res.write(conversationEvent(change));
            const last = changes[changes.length - 1];
            // A full page may leave changes for the next poll; else everything up to the counter was sent.
            seen = changes.length >= CHANGES_PER_POLL && last ? last.changeSeq : last && last.changeSeq > current ? last.changeSeq : current;
          }
        }
      } catch (error) {
        this.logger.warn({ err: error }, "conversation stream poll failed; trying again");
      }
      if (!closed) poll = setTimeout(() => void tick(), this.options.pollMs);
    };
    poll = setTimeout(() => void tick(), this.options.pollMs);
  }

  /** Ends every open stream (the service stops: clients reconnect to another replica). */
  closeAll(): void {
    for (const close of [...this.open]) close();
  }
}
