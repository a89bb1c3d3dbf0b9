import { createSilentLogger } from "@rebound/platform";
import express from "express";
import type { AddressInfo } from "node:net";
import { createServer, get, type IncomingMessage, type Server } from "node:http";
import { ConversationStreams } from "./conversation-streams";

/** The business's counter and changed threads, as the repository would answer. */
class FakeChanges {
  seq = 0n;
  rows: { id: string; lastActivityAt: Date; unreadCount: number; changeSeq: bigint }[] = [];
  async businessIdOfUser(userId: string) {
    return userId === "owner" ? "biz" : undefined;
  }
  async changeSeq() {
    return this.seq;
  }
  async changedSince(_businessId: string, seq: bigint) {
    return this.rows.filter((row) => row.changeSeq > seq);
  }
  change(id: string, unreadCount: number) {
    this.seq += 1n;
    this.rows = [...this.rows.filter((row) => row.id !== id), { id, lastActivityAt: new Date("2026-01-05T15:00:00Z"), unreadCount, changeSeq: this.seq }];
  }
}

async function waitFor(check: () => boolean, what: string) {
  const deadline = Date.now() + 3_000;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

describe("conversation streams", () => {
  let server: Server;
  let url: string;
  const changes = new FakeChanges();
  const streams = new ConversationStreams(changes, createSilentLogger(), { pollMs: 20, keepaliveMs: 50 });

  beforeAll(async () => {
    const app = express();
    app.get("/stream/:user", (req, res) => void streams.start(req.params.user, res));
    server = createServer(app);
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    streams.closeAll();
    await new Promise((resolve) => server.close(resolve));
  });

  async function read(user: string) {
    const controller = new AbortController();
    const response = await fetch(`${url}/stream/${user}`, { signal: controller.signal });
    let text = "";
    const reader = response.body!.getReader();
    const pump = (async () => {
      try {
        for (;;) {
          const { value, done } = await reader.read();
          if (done) return;
          text += new TextDecoder().decode(value);
        }
      } catch {
        // aborted
      }
    })();
    return { response, text: () => text, abort: async () => (controller.abort(), await pump), ended: pump };
  }

  it("given changes after the stream opened, then one event per changed thread with its newest state, and keepalives between", async () => {
    changes.change("old", 1);
    const stream = await read("owner");
    await waitFor(() => streams.size === 1, "the stream to open");
    changes.change("a", 1);
    changes.change("b", 2);
    changes.change("a", 3);
    await waitFor(() => stream.text().includes('"id":"a"') && stream.text().includes('"id":"b"'), "the events");
    await waitFor(() => stream.text().includes(": keepalive\n\n"), "a keepalive");
    const events = stream
      .text()
      .split("\n\n")
      .filter((block) => block.startsWith("event: conversation"));
    expect(events).toEqual([
      'event: conversation\ndata: {"id":"b","lastActivityAt":"2026-01-05T15:00:00.000Z","unreadCount":2}',
      'event: conversation\ndata: {"id":"a","lastActivityAt":"2026-01-05T15:00:00.000Z","unreadCount":3}',
    ]);
    expect(stream.response.headers.get("content-type")).toBe("text/event-stream; charset=utf-8");
    await stream.abort();
    await waitFor(() => streams.size === 0, "the stream to be closed after the client went");
  });

  it("given the HTTP server stops listening, then its streams end within a poll and the server closes at once", async () => {
    const app = express();
    app.get("/stream/:user", (req, res) => void streams.start(req.params.user, res));
    const own = createServer(app);
    await new Promise<void>((resolve) => own.listen(0, "127.0.0.1", resolve));
    const response = await new Promise<IncomingMessage>((resolve) => get(`http://127.0.0.1:${(own.address() as AddressInfo).port}/stream/owner`, resolve));
    response.resume();
    await waitFor(() => streams.size === 1, "the stream to open");
    const started = performance.now();
    await new Promise<void>((resolve) => {
      own.close(() => resolve());
      own.closeIdleConnections();
    });
    expect(performance.now() - started).toBeLessThan(1_000);
    expect(streams.size).toBe(0);
  });

  it("given the service stops, then every open stream ends", async () => {
    const first = await read("owner");
    const second = await read("nobody");
    await waitFor(() => streams.size === 2, "both streams");
    streams.closeAll();
    await Promise.all([first.ended, second.ended]);
    expect(streams.size).toBe(0);
    expect(first.text()).toContain(": connected");
  });
});
