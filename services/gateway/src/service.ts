import type { PlatformRuntime, ServiceDefinition } from "@rebound/platform";

/** Gateway: see ARCHITECTURE.md section 2. Its behaviour lands with its own issue. */
export function createGatewayService(_runtime: PlatformRuntime): ServiceDefinition {
  return { name: "gateway", consumers: [], jobs: [] };
}
