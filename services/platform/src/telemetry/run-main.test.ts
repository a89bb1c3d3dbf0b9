import { spawnSync } from "node:child_process";
import { join } from "node:path";

const platformDir = join(__dirname, "..", "..");
const telemetryEntry = join(__dirname, "index.ts");

/** Runs `body` in a fresh node (tsx), after `const { runMain } = require(<the telemetry entry>)`. */
function runNode(body: string, env: Record<string, string> = {}) {
  const script = `const { runMain } = require(${JSON.stringify(telemetryEntry)});\n${body}`;
  const result = spawnSync(process.execPath, ["--import", "tsx", "-e", script], {
    cwd: platformDir,
    env: { ...process.env, OTEL_EXPORTER_OTLP_ENDPOINT: "", ...env },
    encoding: "utf8",
    timeout: 60_000,
  });
  return { code: result.status, stdout: result.stdout, stderr: result.stderr };
}

describe("runMain (the entries' telemetry bootstrap)", () => {
  it("given a process entry, when it starts, then telemetry runs before express and kafkajs are loaded, and start runs after it", () => {
    const { code, stdout, stderr } = runNode(
      `
      const loaded = (name) => Object.keys(require.cache).some((path) => path.includes("/node_modules/" + name + "/"));
      const before = { express: loaded("express"), kafkajs: loaded("kafkajs") };
      runMain("probe", async () => {
        const { trace } = require("@opentelemetry/api");
        const span = trace.getTracer("probe").startSpan("probe");
        const traced = span.spanContext().traceId !== "00000000000000000000000000000000";
        span.end();
        console.log(JSON.stringify({ before, traced }));
        process.exit(0);
      });
      `,
      { OTEL_TRACES_WITHOUT_EXPORTER: "true" },
    );
    expect({ code, stderr }).toEqual({ code: 0, stderr: "" });
    expect(JSON.parse(stdout.trim())).toEqual({ before: { express: false, kafkajs: false }, traced: true });
  });

  it("given a start that fails, when the entry runs, then the error is printed and the process exits 1", () => {
    const { code, stderr } = runNode(`runMain("probe", async () => { throw new Error("no settings for the probe"); });`);
    expect(code).toBe(1);
    expect(stderr).toContain("no settings for the probe");
  });
});
