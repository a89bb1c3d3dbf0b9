/** A dedicated number and the business it belongs to. */
export interface NumberEntry {
  phoneNumber: string;
  businessId: string;
  userId: string;
}

import type { EntitlementStatus } from "@rebound/contracts/domain";
import { KeyedWaiters } from "@rebound/platform";
import type { BusinessCallSettings } from "../domain/voice-answer";

/** A user's subscription status as telephony knows it. */
export interface EntitlementEntry {
  userId: string;
  status: EntitlementStatus;
}

/** What telephony knows of a business from business events. */
export interface BusinessEntry extends BusinessCallSettings {
  businessId: string;
  userId: string;
}

/**
 * In-memory read model of the hot path: dedicated number -> business, business
 * -> settings, user -> business, user -> subscription status. Filled from telephony's own tables at start and
 * kept current by this process's writes and consumers (DirectorySync).
 */
export class NumberDirectory {
  private readonly byNumber = new Map<string, NumberEntry>();
  private readonly numberOfBusiness = new Map<string, string>();
  private readonly businesses = new Map<string, BusinessEntry>();
  private readonly businessOfUser = new Map<string, string>();
  private readonly entitlements = new Map<string, EntitlementStatus>();
  /** Businesses whose US texting registration is approved (texting_registrations). */
  private readonly usTextingAllowedBusinesses = new Set<string>();
  /** Requests waiting for a user's business (whenBusinessOfUserKnown), keyed by user id. */
  private readonly businessWaiters = new KeyedWaiters();
  /** Requests waiting for a user's entitlement (whenEntitlementKnown), keyed by user id. */
  private readonly entitlementWaiters = new KeyedWaiters();

  replaceAll(numbers: NumberEntry[], businesses: BusinessEntry[], entitlements: EntitlementEntry[] = [], usTextingAllowed?: readonly string[]): void {
    if (usTextingAllowed) {
      this.usTextingAllowedBusinesses.clear();
      for (const businessId of usTextingAllowed) this.usTextingAllowedBusinesses.add(businessId);
    }
    this.byNumber.clear();
    this.numberOfBusiness.clear();
    this.businesses.clear();
    this.businessOfUser.clear();
    this.entitlements.clear();
    for (const business of businesses) this.putBusiness(business);
    for (const number of numbers) this.putNumber(number);
    for (const entitlement of entitlements) this.putEntitlement(entitlement);
  }

  putEntitlement(entry: EntitlementEntry): void {
    this.entitlements.set(entry.userId, entry.status);
    this.entitlementWaiters.known(entry.userId);
  }

  /** Resolves true when the user's entitlement is put in memory, false after `timeoutMs`. */
  whenEntitlementKnown(userId: string, timeoutMs: number): Promise<boolean> {
    return this.entitlementWaiters.whenKnown(userId, timeoutMs);
  }

  /** Resolves true when the user's business is put in memory, false after `timeoutMs`. */
  whenBusinessOfUserKnown(userId: string, timeoutMs: number): Promise<boolean> {
    return this.businessWaiters.whenKnown(userId, timeoutMs);
  }

  /** Undefined until the user's sign-up or billing events reached telephony. */
  entitlementOf(userId: string): EntitlementStatus | undefined {
    return this.entitlements.get(userId);
  }

  putNumber(entry: NumberEntry): void {
    const previous = this.numberOfBusiness.get(entry.businessId);
    if (previous && previous !== entry.phoneNumber) this.byNumber.delete(previous);
    this.byNumber.set(entry.phoneNumber, entry);
    this.numberOfBusiness.set(entry.businessId, entry.phoneNumber);
    if (!this.businessOfUser.has(entry.userId)) {
      this.businessOfUser.set(entry.userId, entry.businessId);
      this.businessWaiters.known(entry.userId);
    }
  }

  removeNumber(phoneNumber: string): void {
    const entry = this.byNumber.get(phoneNumber);
    if (!entry) return;
    this.byNumber.delete(phoneNumber);
    if (this.numberOfBusiness.get(entry.businessId) === phoneNumber) this.numberOfBusiness.delete(entry.businessId);
  }

  putBusiness(entry: BusinessEntry): void {
    this.businesses.set(entry.businessId, entry);
    this.businessOfUser.set(entry.userId, entry.businessId);
    this.businessWaiters.known(entry.userId);
  }

  /** Records whether the business's US texting registration is approved (this process's writes, and each reload). */
  putUsTextingAllowed(businessId: string, allowed: boolean): void {
    if (allowed) this.usTextingAllowedBusinesses.add(businessId);
    else this.usTextingAllowedBusinesses.delete(businessId);
  }

  /** True once the business's US texting registration (A2P 10DLC) is approved. */
  usTextingAllowed(businessId: string): boolean {
    return this.usTextingAllowedBusinesses.has(businessId);
  }

  number(phoneNumber: string): NumberEntry | undefined {
    return this.byNumber.get(phoneNumber);
  }

  dedicatedNumberOf(businessId: string): string | undefined {
    return this.numberOfBusiness.get(businessId);
  }

  business(businessId: string): BusinessEntry | undefined {
    return this.businesses.get(businessId);
  }

  businessIdOfUser(userId: string): string | undefined {
    return this.businessOfUser.get(userId);
  }
}
