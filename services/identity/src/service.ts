import type { PlatformRuntime, ServiceDefinition } from "@rebound/platform";

/** Identity: see ARCHITECTURE.md section 2. Its behaviour lands with its own issue. */
export function createIdentityService(_runtime: PlatformRuntime): ServiceDefinition {
  return { name: "identity", consumers: [], jobs: [] };
}
