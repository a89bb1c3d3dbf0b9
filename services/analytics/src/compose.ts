// The composition root of the analytics process: the service, runServiceMain.
import { runServiceMain } from "@rebound/platform";
import { createAnalyticsService } from "./service";

export async function runAnalytics(): Promise<void> {
  await runServiceMain("analytics", (runtime) => createAnalyticsService(runtime));
}
