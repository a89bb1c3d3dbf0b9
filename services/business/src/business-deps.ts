import type { Clock, Logger } from "@rebound/platform";
import type { BusinessDb } from "./store/business-db";
import type { BusinessRepository } from "./store/business.repository";

/** What the use cases of this service need; built once in service.ts. */
export interface BusinessDeps {
  db: BusinessDb;
  businesses: BusinessRepository;
  clock: Clock;
  logger: Logger;
}
