import type { Logger } from "@rebound/platform";
import type { BusinessDirectoryRepository, BusinessRecord } from "../store/business-directory.repository";
import type { EntitlementRepository, EntitlementRecord } from "../store/entitlement.repository";
import type { PhoneNumberRepository } from "../store/phone-number.repository";
import { DirectorySync, PROJECTION_DB_CHECK_MS } from "./directory-sync";
import { NumberDirectory } from "./number-directory";

const business = (userId: string, businessId: string) => ({ businessId, userId, answerCalls: true }) as unknown as BusinessRecord;

/** A DirectorySync over in-memory "tables": `stored` is what another replica may have written. */
function setup() {
  const stored = { businesses: new Map<string, BusinessRecord>(), entitlements: new Map<string, EntitlementRecord>() };
  const reads = { businesses: 0 };
  const businesses = {
    findByUser: async (userId: string) => {
      reads.businesses += 1;
      return stored.businesses.get(userId) ?? null;
    },
  } as unknown as BusinessDirectoryRepository;
  const entitlements = { findByUser: async (userId: string) => stored.entitlements.get(userId) ?? null } as unknown as EntitlementRepository;
  const directory = new NumberDirectory();
  const sync = new DirectorySync({} as PhoneNumberRepository, businesses, entitlements, directory, {} as Logger);
  return { sync, directory, stored, reads };
}

describe("DirectorySync waits for a projection", () => {
  it("answers at once from the database when the business is already stored", async () => {
    const { sync, stored } = setup();
    stored.businesses.set("user-1", business("user-1", "biz-1"));
    await expect(sync.waitForBusinessIdOfUser("user-1", 10_000)).resolves.toBe("biz-1");
  });

  it("is woken the moment this process's consumer puts the business, without polling", async () => {
    const { sync, directory, reads } = setup();
    const started = Date.now();
    const waiting = sync.waitForBusinessIdOfUser("user-1", 10_000);
    setTimeout(() => directory.putBusiness(business("user-1", "biz-1")), 20);
    await expect(waiting).resolves.toBe("biz-1");
    expect(Date.now() - started).toBeLessThan(PROJECTION_DB_CHECK_MS);
    expect(reads.businesses).toBe(1);
  });

  it("finds a business another replica stored, at the next database check", async () => {
    const { sync, stored } = setup();
    const waiting = sync.waitForBusinessIdOfUser("user-1", 10_000);
    setTimeout(() => stored.businesses.set("user-1", business("user-1", "biz-1")), 20);
    await expect(waiting).resolves.toBe("biz-1");
  });

  it("gives up after the timeout, checking the database once more at the end", async () => {
    // Fake timers: on a loaded machine a real 60 ms timer may fire a little early and add a read.
    jest.useFakeTimers({ now: 0 });
    try {
      const { sync, reads } = setup();
      let answer: string | undefined | "pending" = "pending";
      void sync.waitForBusinessIdOfUser("user-1", 60).then((found) => (answer = found));
      await jest.advanceTimersByTimeAsync(59);
      expect(answer).toBe("pending");
      expect(reads.businesses).toBe(1);
      await jest.advanceTimersByTimeAsync(1);
      expect(answer).toBeUndefined();
      expect(reads.businesses).toBe(2);
    } finally {
      jest.useRealTimers();
    }
  });

  it("waits for the entitlement the same way", async () => {
    const { sync, directory } = setup();
    const waiting = sync.waitForEntitlement("user-1", 10_000);
    setTimeout(() => directory.putEntitlement({ userId: "user-1", status: "trialing" }), 20);
    await expect(waiting).resolves.toBe("trialing");
  });
});
