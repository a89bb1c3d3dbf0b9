import type { Logger } from "@rebound/platform";
import type { EntitlementStatus } from "@rebound/contracts/domain";
import type { BusinessDirectoryRepository } from "../store/business-directory.repository";
import type { EntitlementRepository } from "../store/entitlement.repository";
import type { PhoneNumberRepository } from "../store/phone-number.repository";
import type { TextingRegistrationRepository } from "../store/texting-registration.repository";
import type { NumberDirectory, NumberEntry } from "./number-directory";

/** While a request waits for a projection, how often it also reads the database (another replica's consumer may have written it). */
export const PROJECTION_DB_CHECK_MS = 1_000;

/**
 * Keeps the NumberDirectory current: a full load at start, a periodic reload
 * (another replica may have bought a number or handled a business event), and a
 * database read when a number is missing from memory, so a call to a number
 * bought a moment ago on another replica is never treated as unknown.
 */
export class DirectorySync {
  constructor(
    private readonly phoneNumbers: PhoneNumberRepository,
    private readonly businesses: BusinessDirectoryRepository,
    private readonly entitlements: EntitlementRepository,
    readonly directory: NumberDirectory,
    private readonly logger: Logger,
    /** Which businesses may text US callers (approved registrations); absent: not tracked. */
    private readonly registrations?: TextingRegistrationRepository,
  ) {}

  async load(): Promise<void> {
    const [numbers, businesses, entitlements, usTextingAllowed] = await Promise.all([
      this.phoneNumbers.listAll(),
      this.businesses.listAll(),
      this.entitlements.listAll(),
      this.registrations?.listApprovedBusinessIds(),
    ]);
    this.directory.replaceAll(numbers, businesses, entitlements, usTextingAllowed);
  }

  async refresh(): Promise<void> {
    await this.load().catch((error: unknown) => this.logger.warn({ err: error }, "number directory refresh failed"));
  }

  async resolveNumber(phoneNumber: string): Promise<NumberEntry | undefined> {
    const cached = this.directory.number(phoneNumber);
    if (cached) return cached;
    const stored = await this.phoneNumbers.findByNumber(phoneNumber);
    if (!stored) return undefined;
    this.directory.putNumber(stored);
    return stored;
  }

  async resolveBusinessIdOfUser(userId: string): Promise<string | undefined> {
    const cached = this.directory.businessIdOfUser(userId);
    if (cached) return cached;
    const stored = await this.businesses.findByUser(userId);
    if (!stored) return undefined;
    this.directory.putBusiness(stored);
    return stored.businessId;
  }

  async resolveDedicatedNumber(businessId: string): Promise<string | undefined> {
    const cached = this.directory.dedicatedNumberOf(businessId);
    if (cached) return cached;
    const stored = await this.phoneNumbers.findByBusiness(businessId);
    if (!stored) return undefined;
    this.directory.putNumber(stored);
    return stored.phoneNumber;
  }

  /**
   * The user's business, waiting up to `timeoutMs` for it to be projected (right after sign-up):
   * woken the moment this process puts it in memory, and reading the database at the start and
   * every PROJECTION_DB_CHECK_MS, so a business projected by another replica is found too.
   */
  waitForBusinessIdOfUser(userId: string, timeoutMs: number): Promise<string | undefined> {
    return waitFor(
      () => this.resolveBusinessIdOfUser(userId),
      (ms) => this.directory.whenBusinessOfUserKnown(userId, ms),
      timeoutMs,
    );
  }

  /** The user's entitlement, waiting up to `timeoutMs` for it the same way. */
  waitForEntitlement(userId: string, timeoutMs: number): Promise<EntitlementStatus | undefined> {
    return waitFor(
      () => this.resolveEntitlement(userId),
      (ms) => this.directory.whenEntitlementKnown(userId, ms),
      timeoutMs,
    );
  }

  async resolveEntitlement(userId: string): Promise<EntitlementStatus | undefined> {
    const cached = this.directory.entitlementOf(userId);
    if (cached) return cached;
    const stored = await this.entitlements.findByUser(userId);
    if (!stored) return undefined;
    this.directory.putEntitlement(stored);
    return stored.status;
  }
}

/** Resolves (memory, else the database) until found or `timeoutMs` passed, sleeping until the key is put in memory or the next database check. */
async function waitFor<T>(resolve: () => Promise<T | undefined>, known: (timeoutMs: number) => Promise<boolean>, timeoutMs: number): Promise<T | undefined> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const found = await resolve();
    const left = deadline - Date.now();
    if (found !== undefined || left <= 0) return found;
    await known(Math.min(left, PROJECTION_DB_CHECK_MS));
  }
}
