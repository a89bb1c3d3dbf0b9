import { z } from "zod";
import { ConfigError, loadConfig } from "./load-config";
import { platformConfigSchema } from "./platform-config";

describe("loadConfig", () => {
  it("gives standalone defaults with no settings at all", () => {
    const config = loadConfig(platformConfigSchema, {});
    expect(config.DATA_DIR).toBe("./data");
    expect(config.DATABASE_URL).toBeUndefined();
    expect(config.KAFKA_BROKERS).toBeUndefined();
    expect(config.PUBLIC_BASE_URL).toBe("http://localhost:3000");
  });

  it("lists every invalid key at once", () => {
    const schema = z.object({ A: z.string().url(), B: z.coerce.number().int(), C: z.string() });
    try {
      loadConfig(schema, { A: "not a url", B: "x" });
      throw new Error("expected a ConfigError");
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      const issues = (error as ConfigError).issues.map((issue) => issue.split(":")[0]);
      expect(issues.sort()).toEqual(["A", "B", "C"]);
    }
  });

  it("treats empty values as unset and splits broker lists", () => {
    const config = loadConfig(platformConfigSchema, { DATABASE_URL: "", KAFKA_BROKERS: "a:9092, b:9092" });
    expect(config.DATABASE_URL).toBeUndefined();
    expect(config.KAFKA_BROKERS).toEqual(["a:9092", "b:9092"]);
  });

  it("checks the telemetry switch startTelemetry reads before config loads", () => {
    expect(loadConfig(platformConfigSchema, { OTEL_TRACES_WITHOUT_EXPORTER: "true" }).OTEL_TRACES_WITHOUT_EXPORTER).toBe("true");
    expect(() => loadConfig(platformConfigSchema, { OTEL_TRACES_WITHOUT_EXPORTER: "yes" })).toThrow(ConfigError);
  });
});
