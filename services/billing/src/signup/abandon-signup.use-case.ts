import type { BillingDeps } from "../billing-deps";

/**
 * A sign-up whose account was not created (e-mail taken, identity down, a crash in between): the
 * provider's customer goes (subscription ended, trial fee refunded) and so does billing's copy.
 * Confirmed customers are never touched.
 */
export async function abandonSignup(deps: BillingDeps, signupId: string): Promise<boolean> {
  const customer = await deps.customers.findById(signupId);
  if (!customer || customer.signupState !== "pending") return false;
  await deps.provider.deleteCustomer(signupId);
  await deps.db.transaction(async (tx) => {
    const locked = await deps.customers.lockById(tx, signupId);
    if (locked?.signupState === "pending") await deps.customers.delete(tx, signupId);
  });
  deps.logger.info({ customerId: signupId }, "abandoned sign-up undone");
  return true;
}

/** The job: sign-ups still pending after ABANDONED_SIGNUP_MINUTES. */
export async function abandonStaleSignups(deps: BillingDeps): Promise<number> {
  const before = new Date(deps.clock.now().getTime() - deps.config.ABANDONED_SIGNUP_MINUTES * 60_000);
  let undone = 0;
  for (const customer of await deps.customers.findPendingBefore(before, 50)) {
    try {
      if (await abandonSignup(deps, customer.id)) undone++;
    } catch (error) {
      deps.logger.warn({ err: error, customerId: customer.id }, "abandoned sign-up not undone; will retry");
    }
  }
  return undone;
}
