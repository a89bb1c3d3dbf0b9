import type { PlatformRuntime, ServiceDefinition } from "@rebound/platform";

/** Business: see ARCHITECTURE.md section 2. Its behaviour lands with its own issue. */
export function createBusinessService(_runtime: PlatformRuntime): ServiceDefinition {
  return { name: "business", consumers: [], jobs: [] };
}
