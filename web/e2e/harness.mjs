// Starts a fresh standalone build of the product on a free port with a temporary data folder.
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

export const ROOT = join(dirname(fileURLToPath(import.meta.url)), "..", "..");

const freePort = () =>
  new Promise((resolve) => {
    const server = createServer();
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });

export async function startProduct() {
  if (process.env.E2E_BASE_URL) return { baseUrl: process.env.E2E_BASE_URL.replace(/\/$/, ""), stop: async () => undefined };
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), "rebound-e2e-"));
  const baseUrl = `http://localhost:${port}`;
  const child = spawn(process.execPath, ["--import", "tsx", "services/standalone/src/main.ts"], {
    cwd: ROOT,
    env: {
      // US texting registration (A2P 10DLC) is required and the carrier simulator enforces it, as by default;
      // the simulator approves brand and campaign in a second each instead of 3 + 5 s, and telephony's
      // registration job ticks every 250 ms instead of every second, so tests that register stay quick.
      SIMULATOR_A2P_BRAND_APPROVAL_MS: "1000",
      SIMULATOR_A2P_CAMPAIGN_APPROVAL_MS: "1000",
      TEXTING_REGISTRATION_TICK_MS: "250",
      ...process.env,
      PORT: String(port),
      DATA_DIR: dataDir,
      PUBLIC_BASE_URL: baseUrl,
      LOG_LEVEL: "warn",
      NODE_ENV: "development",
    },
    stdio: ["ignore", "pipe", "pipe"],
    detached: false,
  });
  let output = "";
  child.stdout.on("data", (chunk) => (output += chunk));
  child.stderr.on("data", (chunk) => (output += chunk));
  const deadline = Date.now() + 90_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`standalone exited early:\n${output}`);
    try {
      if ((await fetch(`${baseUrl}/healthz`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`standalone did not start in 90 s:\n${output}`);
    await new Promise((resolve) => setTimeout(resolve, 300));
  }
  return {
    baseUrl,
    stop: async () => {
      child.kill("SIGTERM");
      await new Promise((resolve) => {
        const timer = setTimeout(() => {
          child.kill("SIGKILL");
          resolve();
        }, 10_000);
        child.once("exit", () => {
          clearTimeout(timer);
          resolve();
        });
      });
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** The newest link in the dev mailbox sent to `email` whose URL contains `pathPart`. */
export async function mailboxLink(baseUrl, email, pathPart, timeoutMs = 15_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const html = await (await fetch(`${baseUrl}/dev/mailbox`)).text();
    const row = html.split("<tr>").find((part) => part.includes(`<td>${email}</td>`) && part.includes(pathPart));
    const match = row?.match(new RegExp(`https?://[^"<\\s]*${pathPart.replace(/[?]/g, "\\?")}[^"<\\s]*`));
    if (match) return match[0].replace(/&amp;/g, "&");
    if (Date.now() > deadline) throw new Error(`no ${pathPart} mail for ${email} in the dev mailbox`);
    await new Promise((resolve) => setTimeout(resolve, 300));
  }
}
