import { execFileSync, spawn } from "node:child_process";
import { resolve } from "node:path";
import { createInterface } from "node:readline";

export const KAFKA_MOCK_DIR = resolve(__dirname, "../../../../.ci/kafka-mock");

export interface KafkaMockTopic {
  name: string;
  partitions: number;
}

export interface KafkaMock {
  brokers: string[];
  /** The mock's process id (a chaos test freezes it with SIGSTOP and thaws it with SIGCONT). */
  pid: number | undefined;
  stop(): Promise<void>;
}

export interface StartKafkaMockOptions {
  /** Pre-created topics (the mock has no CreateTopics; unknown topics auto-create with 4 partitions). */
  topics?: KafkaMockTopic[];
  brokerCount?: number;
  startTimeoutMs?: number;
}

/** Builds .ci/kafka-mock if needed and starts librdkafka's in-memory mock cluster. */
export async function startKafkaMock(options: StartKafkaMockOptions = {}): Promise<KafkaMock> {
  execFileSync("bash", [resolve(KAFKA_MOCK_DIR, "build.sh")], { stdio: ["ignore", "ignore", "pipe"] });
  const args = ["--brokers", String(options.brokerCount ?? 1)];
  for (const topic of options.topics ?? []) args.push(`${topic.name}:${topic.partitions}`);

  // stdin stays a pipe: if this process dies without stop(), the launcher sees EOF and exits.
  const child = spawn(resolve(KAFKA_MOCK_DIR, "bin/kafka-mock"), args, { stdio: ["pipe", "pipe", "pipe"] });
  let stderr = "";
  child.stderr.setEncoding("utf8").on("data", (chunk: string) => (stderr = (stderr + chunk).slice(-4_000)));
  const exited = new Promise<void>((done) => child.once("exit", () => done()));

  const bootstrap = await new Promise<string>((resolveLine, reject) => {
    const lines = createInterface({ input: child.stdout });
    const settle = () => {
      clearTimeout(timer);
      lines.close();
      child.off("error", onError).off("exit", onExit);
    };
    const fail = (reason: string) => {
      settle();
      child.kill("SIGKILL");
      reject(new Error(`kafka-mock ${reason}: ${stderr.trim()}`));
    };
    const onError = (error: Error) => fail(`could not start (${error.message})`);
    const onExit = (code: number | null) => fail(`exited with code ${code}`);
    const timer = setTimeout(() => fail("printed no bootstrap servers in time"), options.startTimeoutMs ?? 10_000);
    lines.once("line", (line) => {
      settle();
      resolveLine(line.trim());
    });
    child.once("error", onError).once("exit", onExit);
  });

  let stopping: Promise<void> | undefined;
  return {
    brokers: bootstrap.split(",").filter(Boolean),
    pid: child.pid,
    stop: () =>
      (stopping ??= (async () => {
        if (child.exitCode !== null || child.signalCode !== null) return;
        const kill = setTimeout(() => child.kill("SIGKILL"), 5_000);
        child.kill("SIGTERM");
        await exited;
        clearTimeout(kill);
      })()),
  };
}
