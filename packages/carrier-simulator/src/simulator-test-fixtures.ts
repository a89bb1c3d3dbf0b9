// Tests' carrier simulator: in memory, quiet, its webhooks posted to `receiver` a millisecond apart.
import { createSilentLogger } from "@rebound/platform";
import { MemoryJournal } from "./carrier-journal";
import { CarrierSimulator } from "./carrier-simulator";

export function simulatorPostingTo(receiver: { url: string }): CarrierSimulator {
  return new CarrierSimulator({
    authToken: "dev-auth-token",
    publicBaseUrl: () => receiver.url,
    journal: new MemoryJournal(),
    logger: createSilentLogger(),
    deliveryStepMs: 1,
  });
}
