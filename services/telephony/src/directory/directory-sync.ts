import type { Logger } from "@rebound/platform";
import { businessDirectoryRepository } from "../store/business-directory.repository";
import { phoneNumberRepository } from "../store/phone-number.repository";
import type { TelephonyDb } from "../store/telephony-db";
import type { NumberDirectory, NumberEntry } from "./number-directory";

/**
 * Keeps the NumberDirectory current: a full load at start, a periodic reload
 * (another replica may have bought a number or handled a business event), and a
 * database read when a number is missing from memory, so a call to a number
 * bought a moment ago on another replica is never treated as unknown.
 */
export class DirectorySync {
  constructor(
    private readonly db: TelephonyDb,
    readonly directory: NumberDirectory,
    private readonly logger: Logger,
  ) {}

  async load(): Promise<void> {
    const [numbers, businesses] = await Promise.all([
      phoneNumberRepository.listAll(this.db.client),
      businessDirectoryRepository.listAll(this.db.client),
    ]);
    this.directory.replaceAll(numbers, businesses);
  }

  async refresh(): Promise<void> {
    await this.load().catch((error: unknown) => this.logger.warn({ err: error }, "number directory refresh failed"));
  }

  async resolveNumber(phoneNumber: string): Promise<NumberEntry | undefined> {
    const cached = this.directory.number(phoneNumber);
    if (cached) return cached;
    const stored = await phoneNumberRepository.findByNumber(this.db.client, phoneNumber);
    if (!stored) return undefined;
    this.directory.putNumber(stored);
    return stored;
  }

  async resolveBusinessIdOfUser(userId: string): Promise<string | undefined> {
    const cached = this.directory.businessIdOfUser(userId);
    if (cached) return cached;
    const stored = await businessDirectoryRepository.findByUser(this.db.client, userId);
    if (!stored) return undefined;
    this.directory.putBusiness(stored);
    return stored.businessId;
  }

  async resolveDedicatedNumber(businessId: string): Promise<string | undefined> {
    const cached = this.directory.dedicatedNumberOf(businessId);
    if (cached) return cached;
    const stored = await phoneNumberRepository.findByBusiness(this.db.client, businessId);
    if (!stored) return undefined;
    this.directory.putNumber(stored);
    return stored.phoneNumber;
  }
}
