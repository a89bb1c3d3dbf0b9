import type { PlatformRuntime, ServiceDefinition } from "@rebound/platform";

/** Telephony: see ARCHITECTURE.md section 2. Its behaviour lands with its own issue. */
export function createTelephonyService(_runtime: PlatformRuntime): ServiceDefinition {
  return { name: "telephony", consumers: [], jobs: [] };
}
