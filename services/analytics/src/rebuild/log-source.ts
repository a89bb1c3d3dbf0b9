import type { DeliveredRecord } from "@rebound/platform";

/** The event log read from offset zero, a batch at a time; an empty batch means the end. */
export interface LogSource {
  readonly description: string;
  next(limit: number): Promise<DeliveredRecord[]>;
  close?(): Promise<void>;
}
