// The values files the chart is linted and rendered with (beside values.yaml's defaults).
import { join } from "node:path";
import { chartDir } from "./repo";

export type ValuesLabel = "default" | "production" | "dev";

export const VALUE_SETS: Record<ValuesLabel, string[]> = {
  default: [],
  production: ["-f", join(chartDir, "values-production.yaml")],
  dev: ["-f", join(chartDir, "values-dev.yaml")],
};
