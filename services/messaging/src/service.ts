import type { PlatformRuntime, ServiceDefinition } from "@rebound/platform";

/** Messaging: see ARCHITECTURE.md section 2. Its behaviour lands with its own issue. */
export function createMessagingService(_runtime: PlatformRuntime): ServiceDefinition {
  return { name: "messaging", consumers: [], jobs: [] };
}
