// jest's globalTeardown (jest.config.js): stops the containers jest-global-setup.ts started, if any.
import type { IntegrationDatabases } from "./integration-databases";
import { HANDLE } from "./jest-global-setup";

type WithHandle = typeof globalThis & { [HANDLE]?: IntegrationDatabases };

export default async function globalTeardown(): Promise<void> {
  const holder = globalThis as WithHandle;
  const databases = holder[HANDLE];
  if (!databases) return;
  delete holder[HANDLE];
  const started = Date.now();
  await databases.stop();
  process.stderr.write(`[testcontainers] containers stopped and removed in ${((Date.now() - started) / 1000).toFixed(1)} s\n`);
}
