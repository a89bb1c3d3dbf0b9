import type { PlatformRuntime, ServiceDefinition } from "@rebound/platform";

/** Billing: see ARCHITECTURE.md section 2. Its behaviour lands with its own issue. */
export function createBillingService(_runtime: PlatformRuntime): ServiceDefinition {
  return { name: "billing", consumers: [], jobs: [] };
}
