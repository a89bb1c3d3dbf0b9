// The composition root of the business process: the service, runServiceMain.
import { runServiceMain } from "@rebound/platform";
import { createBusinessService } from "./service";

export async function runBusiness(): Promise<void> {
  await runServiceMain("business", (runtime) => createBusinessService(runtime));
}
