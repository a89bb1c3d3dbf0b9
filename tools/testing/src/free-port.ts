// Ports for test servers that must know their port before they listen (a public URL in their config).
// A port the kernel hands out for port 0 comes from the ephemeral range, where every outgoing connection
// and every other `listen(0)` of the parallel Jest workers draws too: between our probe closing and the
// server listening, one of them can take it (CI saw EADDRINUSE that way). Below that range only another
// explicit bind can, so the port is drawn at random there and probed.
import { readFileSync } from "node:fs";
import { createServer } from "node:net";

const FALLBACK_EPHEMERAL_START = 32768;
const LOWEST = 10_000;
const ATTEMPTS = 50;

/** Where the kernel's ephemeral range starts on this machine (32768 where /proc does not say). */
export const EPHEMERAL_START = ephemeralRangeStart();

/** A port free on 127.0.0.1 right now, outside the kernel's ephemeral range where it can be. */
export async function freePort(): Promise<number> {
  return EPHEMERAL_START - LOWEST >= 1_000 ? freePortRange(1) : listenOnce(0);
}

/** The first of `count` consecutive ports free on 127.0.0.1 below the ephemeral range (start:distributed puts its services on the ports after the gateway's). */
export async function freePortRange(count: number): Promise<number> {
  const span = EPHEMERAL_START - LOWEST - count;
  for (let attempt = 0; span > 0 && attempt < ATTEMPTS; attempt++) {
    const base = LOWEST + Math.floor(Math.random() * span);
    const free = await Promise.all(Array.from({ length: count }, (_, offset) => canListen(base + offset)));
    if (free.every(Boolean)) return base;
  }
  throw new Error(`no ${count} consecutive free ports found below ${EPHEMERAL_START}`);
}

function ephemeralRangeStart(): number {
  try {
    const start = Number(readFileSync("/proc/sys/net/ipv4/ip_local_port_range", "utf8").trim().split(/\s+/)[0]);
    return Number.isInteger(start) && start > 0 ? start : FALLBACK_EPHEMERAL_START;
  } catch {
    return FALLBACK_EPHEMERAL_START;
  }
}

async function canListen(port: number): Promise<boolean> {
  try {
    await listenOnce(port);
    return true;
  } catch {
    return false;
  }
}

/** Listens on `port` (0: the kernel picks one) on 127.0.0.1, closes, and resolves the port it had. */
function listenOnce(port: number): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(port, "127.0.0.1", () => {
      const address = server.address();
      server.close(() => resolve(typeof address === "object" && address ? address.port : 0));
    });
  });
}
