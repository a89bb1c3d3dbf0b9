import type { PlatformRuntime, ServiceDefinition } from "@rebound/platform";

/** Analytics: see ARCHITECTURE.md section 2. Its behaviour lands with its own issue. */
export function createAnalyticsService(_runtime: PlatformRuntime): ServiceDefinition {
  return { name: "analytics", consumers: [], jobs: [] };
}
