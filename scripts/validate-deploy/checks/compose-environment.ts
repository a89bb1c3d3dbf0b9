import { assertNoProblems } from "../lib/assert";
import type { DeployCheck } from "../check";
import { composeFile } from "../lib/compose";
import { SERVICES, setDiff } from "../lib/repo";

const REQUIRED = ["DATABASE_URL", "KAFKA_BROKERS", "REDIS_URL", "INTERNAL_AUTH_SECRET", "PUBLIC_BASE_URL", "PORT", "OTEL_SERVICE_NAME"];
const GATEWAY_REQUIRED = ["SESSION_SECRET", "IDENTITY_URL", "BUSINESS_URL", "TELEPHONY_URL", "MESSAGING_URL", "BILLING_URL", "ANALYTICS_URL"];

export const composeEnvironment: DeployCheck = {
  name: "docker-compose.yml environment names only settings of each service's config schemas",
  run: async ({ settings }) => {
    const services = composeFile().value.services;
    const problems: string[] = [];
    for (const service of SERVICES) {
      const env = new Set(Object.keys(services[service]?.environment ?? {}));
      for (const key of setDiff(env, settings.perService[service])) problems.push(`${service}: ${key} is read by no config schema of ${service}`);
      for (const key of REQUIRED) if (!env.has(key)) problems.push(`${service}: ${key} not set`);
    }
    for (const key of GATEWAY_REQUIRED) {
      if (!(key in (services.gateway?.environment ?? {}))) problems.push(`gateway: ${key} not set`);
    }
    // Billing owns the sign-up saga and creates the account at identity.
    if (!services.billing?.environment?.IDENTITY_URL) problems.push("billing: IDENTITY_URL not set");
    for (const service of ["identity", "messaging", "billing"])
      if (!services[service]?.environment?.SMTP_URL) problems.push(`${service}: SMTP_URL (Mailpit) not set`);
    assertNoProblems(problems, "problems");
    return { detail: "7 services" };
  },
};
