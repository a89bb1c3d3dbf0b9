// Child process of voice-webhook.bench.ts, so the load generator does not share
// the event loop with PGlite: fires `count` voice webhooks (unique CallSids) at
// `url`, evenly spaced at `rate` a second (0 = one after another), keep-alive,
// and prints the latencies (ms) as JSON.
// Args: url to prefix count rate
import { Agent, request } from "node:http";

const agent = new Agent({ keepAlive: true, maxSockets: 256 });

function post(url: URL, body: string): Promise<number> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const req = request(
      url,
      { method: "POST", agent, headers: { "content-type": "application/x-www-form-urlencoded", "content-length": Buffer.byteLength(body) } },
      (res) => {
        res.resume();
        res.on("end", () => (res.statusCode === 200 ? resolve(performance.now() - started) : reject(new Error(`status ${res.statusCode}`))));
      },
    );
    req.on("error", reject);
    req.end(body);
  });
}

async function main(): Promise<void> {
  const [base = "", to = "", prefix = "", count = "500", rate = "0"] = process.argv.slice(2);
  const url = new URL("/webhooks/twilio/voice", base);
  const bodyOf = (index: number) =>
    new URLSearchParams({
      CallSid: `CA${prefix}${String(index).padStart(10, "0")}`,
      From: `+1555${String(1_000_000 + index).slice(-7)}`,
      To: to,
      CallStatus: "ringing",
      Direction: "inbound",
    }).toString();
  const latencies: Promise<number>[] = [];
  const started = performance.now();
  for (let index = 0; index < Number(count); index++) {
    if (Number(rate) === 0) {
      latencies.push(Promise.resolve(await post(url, bodyOf(index))));
      continue;
    }
    const wait = started + (index * 1000) / Number(rate) - performance.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    latencies.push(post(url, bodyOf(index)));
  }
  const samples = await Promise.all(latencies);
  process.stdout.write(JSON.stringify({ samples, elapsedMs: performance.now() - started }));
  agent.destroy();
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
