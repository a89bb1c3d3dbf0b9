import { connect } from "node:net";

/**
 * Sends raw bytes to 127.0.0.1:`port` and resolves with what the server answered once it closed the
 * connection, and how long that took; rejects when the server holds it past `giveUpMs` (a slow-client probe).
 */
export function rawExchange(port: number, bytes: string, giveUpMs: number): Promise<{ answer: string; closedAfterMs: number }> {
  return new Promise((resolve, reject) => {
    const started = Date.now();
    const socket = connect(port, "127.0.0.1", () => socket.write(bytes));
    let answer = "";
    socket.setEncoding("utf8");
    socket.on("data", (chunk: string) => (answer += chunk));
    socket.on("error", reject);
    socket.on("close", () => resolve({ answer, closedAfterMs: Date.now() - started }));
    setTimeout(() => {
      socket.destroy();
      reject(new Error(`the server held the connection for ${giveUpMs} ms`));
    }, giveUpMs).unref();
  });
}
