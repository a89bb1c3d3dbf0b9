import {
  DEDICATED_NUMBER_MONTHLY_CENTS,
  planByName,
  planPriceCents,
  TRIAL_DAYS,
  TRIAL_FEE_CENTS,
  type BillingFrequency,
  type PlanName,
} from "@rebound/contracts/domain";
import type { Clock, Logger } from "@rebound/platform";
import {
  PaymentDeclinedError,
  PaymentInputError,
  type CheckoutInput,
  type ConfirmSetupInput,
  type InvoiceLine,
  type LocalSetupIntentView,
  type PaymentProvider,
  type ProviderAccount,
  type ProviderEvent,
  type ProviderEventSink,
  type SetupIntentInput,
  type StartSubscriptionInput,
} from "@rebound/providers/payments";
import { randomUUID } from "node:crypto";
import { addDays, addInterval, epochSeconds } from "./billing-period";
import type { PaymentLedger } from "./payment-ledger";
import { prorationLines } from "./proration";
import { SETUP_INTENT_TTL_MS, SetupIntentSecrets } from "./setup-intent-secret";
import type { LocalCustomer, LocalInvoice, LocalPaymentMethod, LocalSetupIntent, LocalSubscription } from "./simulator-objects";
import { digitsOnly, passesLuhn, REAL_CARD_IN_TEST_MODE_MESSAGE, setupDecline, testCardByNumber, testPaymentMethodNumber } from "./test-cards";

export interface PaymentSimulatorSettings {
  /** Days between the failed charge of an invoice and each retry. */
  retryIntervalDays: number;
  /** Retries after the first failure; then the subscription is unpaid. */
  maxRetries: number;
  /** customer.subscription.trial_will_end this many days before the trial ends (Stripe: 3). */
  trialNoticeDays: number;
  /** Where billing serves an invoice's PDF (the simulator has no hosted pages). */
  invoicePdfUrl(invoiceId: string): string;
  /** Signs the client secrets of setup intents (a service secret shared by every billing replica). */
  setupIntentSecret: string;
}

const id = (prefix: string) => `${prefix}_local_${randomUUID().replaceAll("-", "")}`;
const BATCH = 50;

/** Thrown inside a ledger transaction to roll it back, then rethrown as the decline it carries. */
class Rollback extends Error {
  constructor(readonly reason: Error) {
    super(reason.message);
  }
}

/**
 * The payment simulator (no Stripe account needed; kind "local"): customers, payment methods, setup
 * intents, subscriptions with the trial, renewals, proration, dunning and invoices with sequential
 * numbers, kept in the ledger it is given (billing's own tables in development, memory in tests). It
 * accepts Stripe's test payment method ids and card numbers and answers with Stripe's messages. Its
 * events (Stripe's names) go to the sink after each commit; trial ends, renewals and retries run in
 * `runBillingCycle` on the injected clock.
 */
export class PaymentSimulator<Tx> implements PaymentProvider {
  readonly kind = "local" as const;
  private sink: ProviderEventSink = async () => undefined;
  private readonly secrets: SetupIntentSecrets;

  constructor(
    private readonly ledger: PaymentLedger<Tx>,
    private readonly clock: Clock,
    private readonly settings: PaymentSimulatorSettings,
    private readonly logger: Logger,
  ) {
    this.secrets = new SetupIntentSecrets(settings.setupIntentSecret);
  }

  setEventSink(sink: ProviderEventSink): void {
    this.sink = sink;
  }

  // ---------------------------------------------------------------- setup intents and cards

  /** Nothing is stored: the client secret carries the intent until a card confirms it (setup-intent-secret.ts). */
  async createSetupIntent(input: SetupIntentInput): Promise<{ id: string; clientSecret: string }> {
    const intent = {
      id: id("seti"),
      purpose: input.purpose,
      ...(input.plan ? { plan: input.plan } : {}),
      ...(input.frequency ? { frequency: input.frequency } : {}),
      ...(input.customerId ? { customer: input.customerId } : {}),
      ...(input.userId ? { userId: input.userId } : {}),
      created: this.clock.now().getTime(),
    };
    return { id: intent.id, clientSecret: this.secrets.issue(intent) };
  }

  async findSetupIntent(clientSecret: string): Promise<LocalSetupIntentView | undefined> {
    const intent = this.secrets.read(clientSecret);
    if (!intent) return undefined;
    const confirmed = await this.ledger.get<LocalSetupIntent>(intent.id, "setup_intent");
    return toSetupIntentView(confirmed?.clientSecret === clientSecret ? confirmed : intent);
  }

  /** Stripe.js's part: validates the card like Stripe does and attaches a new payment method to the intent. */
  async confirmSetup(input: ConfirmSetupInput): Promise<{ paymentMethodId: string; setupIntent: LocalSetupIntentView }> {
    const now = this.clock.now();
    const number = digitsOnly(input.cardNumber);
    if (!passesLuhn(number)) throw new PaymentInputError("Your card number is incorrect.");
    if (!Number.isInteger(input.expMonth) || input.expMonth < 1 || input.expMonth > 12) throw new PaymentInputError("Your card's expiration month is invalid.");
    const year = input.expYear < 100 ? 2000 + input.expYear : input.expYear;
    const thisYear = now.getUTCFullYear();
    if (year < thisYear || (year === thisYear && input.expMonth < now.getUTCMonth() + 1)) {
      throw new PaymentInputError(year < thisYear ? "Your card's expiration year is in the past." : "Your card's expiration date is in the past.");
    }
    if (year > thisYear + 50) throw new PaymentInputError("Your card's expiration year is invalid.");
    if (!/^\d{3,4}$/.test(input.cvc)) throw new PaymentInputError("Your card's security code is invalid.");
    const card = testCardByNumber(number);
    if (!card) throw new PaymentDeclinedError(REAL_CARD_IN_TEST_MODE_MESSAGE, "card_declined");
    const refused = setupDecline(card);
    if (refused) throw new PaymentDeclinedError(refused.message, refused.declineCode);
    const intent = this.secrets.read(input.clientSecret);
    if (!intent) throw new PaymentInputError("No such setupintent: the client secret is not valid.");
    if (now.getTime() - intent.created > SETUP_INTENT_TTL_MS)
      throw new PaymentInputError("This SetupIntent has expired. Reload the page to set up your card again.");

    return this.run(async (tx) => {
      const method: LocalPaymentMethod = {
        id: id("pm"),
        cardNumber: number,
        brand: card.brand,
        last4: card.last4,
        expMonth: input.expMonth,
        expYear: year,
        ...(intent.customer ? { customer: intent.customer } : {}),
        created: now.getTime(),
      };
      const confirmed: LocalSetupIntent = { ...intent, status: "succeeded", paymentMethod: method.id };
      // The first confirmation stores the intent; any later one finds it there.
      if (!(await this.ledger.insertIfAbsent(tx, { id: intent.id, kind: "setup_intent", customerId: intent.customer, data: confirmed }, now))) {
        throw new Rollback(new PaymentInputError("You cannot confirm this SetupIntent because it has already succeeded."));
      }
      await this.ledger.insert(tx, { id: method.id, kind: "payment_method", customerId: method.customer, data: method }, now);
      return { paymentMethodId: method.id, setupIntent: toSetupIntentView(confirmed) };
    });
  }

  // ---------------------------------------------------------------- subscriptions

  async startSubscription(input: StartSubscriptionInput): Promise<{ customerId: string; subscriptionId: string }> {
    const done = await this.ledger.findByIdempotencyKey<LocalSubscription>(undefined, `${input.key}:subscription`);
    if (done) return { customerId: done.data.customer, subscriptionId: done.data.id };
    const now = this.clock.now();
    const events: ProviderEvent[] = [];
    const result = await this.run(async (tx) => {
      const customer = await this.customerFor(tx, input, now);
      const method = await this.attach(tx, input.paymentMethodId, customer, now);
      customer.defaultPaymentMethod = method.id;
      await this.ledger.save(tx, customer.id, customer, now);
      const trialEnd = addDays(now, TRIAL_DAYS);
      const sub: LocalSubscription = {
        id: id("sub"),
        customer: customer.id,
        plan: input.plan,
        frequency: input.frequency,
        status: "trialing",
        cancelAtPeriodEnd: false,
        currentPeriodStart: now.getTime(),
        currentPeriodEnd: trialEnd.getTime(),
        trialEnd: trialEnd.getTime(),
        trialNoticeSent: false,
        hasNumberItem: false,
        failedAttempts: 0,
        created: now.getTime(),
      };
      const display = planByName(input.plan).displayName;
      const lines: InvoiceLine[] = [
        {
          description: `Trial period for ${display} (${input.frequency})`,
          amountCents: 0,
          proration: false,
          periodStart: epochSeconds(now),
          periodEnd: epochSeconds(trialEnd),
        },
        {
          description: `Trial fee: first ${TRIAL_DAYS} days`,
          amountCents: TRIAL_FEE_CENTS,
          proration: false,
          periodStart: epochSeconds(now),
          periodEnd: epochSeconds(trialEnd),
        },
      ];
      const invoice = await this.createInvoice(tx, customer, sub, lines, "subscription_create", now);
      const charged = this.charge(method, invoice.amountDueCents);
      if (!charged.ok) throw new Rollback(new PaymentDeclinedError(charged.message, charged.declineCode));
      this.markPaid(invoice, now);
      await this.ledger.save(tx, invoice.id, invoice, now);
      await this.ledger.insert(
        tx,
        { id: sub.id, kind: "subscription", customerId: customer.id, idempotencyKey: `${input.key}:subscription`, dueAt: this.dueAt(sub), data: sub },
        now,
      );
      events.push(this.event("customer.subscription.created", customer.id, now), this.event("invoice.paid", customer.id, now, invoice.id));
      return { customerId: customer.id, subscriptionId: sub.id };
    });
    await this.deliver(events);
    return result;
  }

  async beginCheckout(input: CheckoutInput): Promise<{ clientSecret: string }> {
    const intent = await this.createSetupIntent({
      purpose: "checkout",
      plan: input.plan,
      frequency: input.frequency,
      userId: input.userId,
      ...(input.customerId ? { customerId: input.customerId } : {}),
    });
    return { clientSecret: intent.clientSecret };
  }

  async changePlan(subscriptionId: string, plan: PlanName, frequency: BillingFrequency): Promise<void> {
    const now = this.clock.now();
    const events: ProviderEvent[] = [];
    await this.run(async (tx) => {
      const sub = await this.subscriptionForUpdate(tx, subscriptionId);
      if (sub.status === "canceled" || sub.status === "incomplete_expired") throw new Rollback(new PaymentInputError("This subscription has ended."));
      const from = { plan: sub.plan, frequency: sub.frequency };
      sub.plan = plan;
      sub.frequency = frequency;
      if (sub.status !== "trialing") {
        const start = new Date(sub.currentPeriodStart);
        const end = new Date(sub.currentPeriodEnd);
        const newEnd = from.frequency === frequency ? end : addInterval(now, frequency);
        const lines = prorationLines(from, { plan, frequency }, start, end, now, newEnd);
        if (from.frequency !== frequency) {
          sub.currentPeriodStart = now.getTime();
          sub.currentPeriodEnd = newEnd.getTime();
        }
        const customer = await this.customerForUpdate(tx, sub.customer);
        const invoice = await this.createInvoice(tx, customer, sub, lines, "subscription_update", now);
        if (invoice.amountDueCents > 0) {
          const method = await this.defaultMethod(tx, customer);
          const charged = method
            ? this.charge(method, invoice.amountDueCents)
            : { ok: false as const, message: "This customer has no attached payment source or default payment method.", declineCode: "missing" };
          if (!charged.ok) throw new Rollback(new PaymentDeclinedError(charged.message, charged.declineCode));
        }
        this.markPaid(invoice, now);
        await this.ledger.save(tx, invoice.id, invoice, now);
        await this.ledger.save(tx, customer.id, customer, now);
        events.push(this.event("invoice.paid", sub.customer, now, invoice.id));
      }
      await this.ledger.save(tx, sub.id, sub, now, this.dueAt(sub));
      events.unshift(this.event("customer.subscription.updated", sub.customer, now));
    });
    await this.deliver(events);
  }

  async setCancelAtPeriodEnd(subscriptionId: string, cancel: boolean): Promise<void> {
    await this.updateSubscription(subscriptionId, (sub) => {
      sub.cancelAtPeriodEnd = cancel;
    });
  }

  async setNumberItem(subscriptionId: string, present: boolean): Promise<void> {
    await this.updateSubscription(subscriptionId, (sub) => {
      sub.hasNumberItem = present;
    });
  }

  async setDefaultPaymentMethod(customerId: string, paymentMethodId: string): Promise<void> {
    const now = this.clock.now();
    const events: ProviderEvent[] = [];
    await this.run(async (tx) => {
      const customer = await this.customerForUpdate(tx, customerId);
      const method = await this.attach(tx, paymentMethodId, customer, now);
      // Stripe confirms a new card with a SetupIntent: a card refused there never becomes the default.
      const card = testCardByNumber(method.cardNumber);
      const refused = card && setupDecline(card);
      if (refused) throw new Rollback(new PaymentDeclinedError(refused.message, refused.declineCode));
      customer.defaultPaymentMethod = method.id;
      await this.ledger.save(tx, customer.id, customer, now);
      events.push(this.event("payment_method.attached", customer.id, now));
      // A past-due or unpaid subscription's open invoice is tried again with the new card at once.
      for (const sub of await this.ledger.list<LocalSubscription>(customerId, "subscription", tx)) {
        if ((sub.status !== "past_due" && sub.status !== "unpaid") || !sub.openInvoice) continue;
        const locked = await this.subscriptionForUpdate(tx, sub.id);
        if (await this.retryOpenInvoice(tx, locked, method, now, events)) {
          await this.ledger.save(tx, locked.id, locked, now, this.dueAt(locked));
        }
      }
    });
    await this.deliver(events);
  }

  async fetchAccount(customerId: string): Promise<ProviderAccount> {
    const customer = await this.ledger.get<LocalCustomer>(customerId, "customer");
    if (!customer) throw new PaymentInputError(`No such customer: '${customerId}'`);
    const [methods, subs, invoices] = await Promise.all([
      this.ledger.list<LocalPaymentMethod>(customerId, "payment_method"),
      this.ledger.list<LocalSubscription>(customerId, "subscription"),
      this.ledger.list<LocalInvoice>(customerId, "invoice"),
    ]);
    return {
      customer: {
        id: customer.id,
        email: customer.email,
        name: customer.name,
        ...(customer.userId ? { userId: customer.userId } : {}),
        ...(customer.defaultPaymentMethod ? { defaultPaymentMethodId: customer.defaultPaymentMethod } : {}),
        deleted: customer.deleted,
      },
      paymentMethods: methods.map((m) => ({
        id: m.id,
        brand: m.brand,
        last4: m.last4,
        expMonth: m.expMonth,
        expYear: m.expYear,
        created: new Date(m.created),
      })),
      subscriptions: subs.map((s) => ({
        id: s.id,
        plan: s.plan,
        frequency: s.frequency,
        status: s.status,
        cancelAtPeriodEnd: s.cancelAtPeriodEnd,
        currentPeriodStart: new Date(s.currentPeriodStart),
        currentPeriodEnd: new Date(s.currentPeriodEnd),
        ...(s.trialEnd ? { trialEnd: new Date(s.trialEnd) } : {}),
        ...(s.endedAt ? { endedAt: new Date(s.endedAt) } : {}),
        hasNumberItem: s.hasNumberItem,
        created: new Date(s.created),
      })),
      invoices: invoices
        .sort((a, b) => b.created - a.created || b.number.localeCompare(a.number))
        .map((inv) => ({
          id: inv.id,
          ...(inv.subscription ? { subscriptionId: inv.subscription } : {}),
          number: inv.number,
          status: inv.status,
          billingReason: inv.billingReason,
          totalCents: inv.totalCents,
          amountPaidCents: inv.amountPaidCents,
          amountDueCents: inv.amountDueCents,
          lines: inv.lines,
          invoicePdf: this.settings.invoicePdfUrl(inv.id),
          created: new Date(inv.created),
        })),
    };
  }

  async deleteCustomer(customerId: string): Promise<void> {
    const now = this.clock.now();
    await this.ledger.transaction(async (tx) => {
      const customer = await this.ledger.getForUpdate<LocalCustomer>(tx, customerId, "customer");
      if (!customer || customer.deleted) return;
      for (const sub of await this.ledger.list<LocalSubscription>(customerId, "subscription", tx)) {
        if (sub.status === "canceled") continue;
        await this.ledger.save(tx, sub.id, { ...sub, status: "canceled", endedAt: now.getTime() }, now, null);
      }
      for (const invoice of await this.ledger.list<LocalInvoice>(customerId, "invoice", tx)) {
        if (invoice.amountPaidCents > invoice.refundedCents)
          await this.ledger.save(tx, invoice.id, { ...invoice, refundedCents: invoice.amountPaidCents }, now);
      }
      await this.ledger.save(tx, customerId, { ...customer, deleted: true }, now);
    });
  }

  // ---------------------------------------------------------------- the billing cycle

  /** Trial notices, trial ends, renewals, cancellations at period end and payment retries due by `now`. */
  async runBillingCycle(now: Date): Promise<number> {
    let handled = 0;
    for (;;) {
      const due = await this.ledger.dueSubscriptionIds(now, BATCH);
      if (due.length === 0) return handled;
      for (const subscriptionId of due) {
        const events: ProviderEvent[] = [];
        await this.ledger.transaction(async (tx) => {
          const sub = await this.ledger.getForUpdate<LocalSubscription>(tx, subscriptionId, "subscription");
          if (!sub) return;
          await this.advance(tx, sub, now, events);
          await this.ledger.save(tx, sub.id, sub, this.clock.now(), this.dueAt(sub));
        });
        await this.deliver(events);
        handled++;
      }
      if (due.length < BATCH) return handled;
    }
  }

  private async advance(tx: Tx, sub: LocalSubscription, now: Date, events: ProviderEvent[]): Promise<void> {
    const at = now.getTime();
    for (let guard = 0; guard < 100; guard++) {
      if (sub.status === "trialing" && !sub.trialNoticeSent && sub.trialEnd !== undefined && at >= this.noticeAt(sub.trialEnd)) {
        sub.trialNoticeSent = true;
        events.push(this.event("customer.subscription.trial_will_end", sub.customer, now));
        continue;
      }
      const periodOver = at >= sub.currentPeriodEnd;
      if (periodOver && sub.cancelAtPeriodEnd && (sub.status === "trialing" || sub.status === "active" || sub.status === "past_due")) {
        sub.status = "canceled";
        sub.endedAt = sub.currentPeriodEnd;
        sub.nextPaymentAttempt = undefined;
        events.push(this.event("customer.subscription.deleted", sub.customer, now));
        return;
      }
      if (periodOver && (sub.status === "trialing" || sub.status === "active")) {
        await this.renew(tx, sub, now, events);
        continue;
      }
      if (sub.status === "past_due" && sub.nextPaymentAttempt !== undefined && at >= sub.nextPaymentAttempt) {
        const customer = await this.customerForUpdate(tx, sub.customer);
        const method = await this.defaultMethod(tx, customer);
        await this.retryOpenInvoice(tx, sub, method, new Date(sub.nextPaymentAttempt), events);
        continue;
      }
      return;
    }
  }

  /** A new period: the plan (and the number) invoiced and charged; a failure makes it past_due. */
  private async renew(tx: Tx, sub: LocalSubscription, now: Date, events: ProviderEvent[]): Promise<void> {
    const start = new Date(sub.currentPeriodEnd);
    const end = addInterval(start, sub.frequency);
    sub.currentPeriodStart = start.getTime();
    sub.currentPeriodEnd = end.getTime();
    const lines: InvoiceLine[] = [
      {
        description: `${planByName(sub.plan).displayName} plan (${sub.frequency})`,
        amountCents: planPriceCents(sub.plan, sub.frequency),
        proration: false,
        periodStart: epochSeconds(start),
        periodEnd: epochSeconds(end),
      },
    ];
    if (sub.hasNumberItem) {
      lines.push({
        description: "Dedicated phone number",
        amountCents: DEDICATED_NUMBER_MONTHLY_CENTS * (sub.frequency === "yearly" ? 12 : 1),
        proration: false,
        periodStart: epochSeconds(start),
        periodEnd: epochSeconds(end),
      });
    }
    const customer = await this.customerForUpdate(tx, sub.customer);
    const invoice = await this.createInvoice(tx, customer, sub, lines, "subscription_cycle", start);
    await this.ledger.save(tx, customer.id, customer, now);
    const method = await this.defaultMethod(tx, customer);
    const charged = invoice.amountDueCents === 0 ? { ok: true as const } : method ? this.charge(method, invoice.amountDueCents) : missingMethod();
    invoice.attempts = 1;
    if (charged.ok) {
      this.markPaid(invoice, now);
      await this.ledger.save(tx, invoice.id, invoice, now);
      sub.status = "active";
      events.push(this.event("invoice.paid", sub.customer, now, invoice.id), this.event("customer.subscription.updated", sub.customer, now));
      return;
    }
    await this.ledger.save(tx, invoice.id, invoice, now);
    sub.status = "past_due";
    sub.failedAttempts = 1;
    sub.openInvoice = invoice.id;
    sub.nextPaymentAttempt = addDays(start, this.settings.retryIntervalDays).getTime();
    events.push(this.event("invoice.payment_failed", sub.customer, now, invoice.id), this.event("customer.subscription.updated", sub.customer, now));
  }

  /** Charges the open invoice again; true when the subscription changed. */
  private async retryOpenInvoice(tx: Tx, sub: LocalSubscription, method: LocalPaymentMethod | undefined, at: Date, events: ProviderEvent[]): Promise<boolean> {
    if (!sub.openInvoice) return false;
    const invoice = await this.ledger.getForUpdate<LocalInvoice>(tx, sub.openInvoice, "invoice");
    if (!invoice || invoice.status !== "open") return false;
    const now = this.clock.now();
    const charged = method ? this.charge(method, invoice.amountDueCents) : missingMethod();
    invoice.attempts += 1;
    if (charged.ok) {
      this.markPaid(invoice, now);
      await this.ledger.save(tx, invoice.id, invoice, now);
      sub.status = "active";
      sub.failedAttempts = 0;
      sub.openInvoice = undefined;
      sub.nextPaymentAttempt = undefined;
      events.push(this.event("invoice.paid", sub.customer, now, invoice.id), this.event("customer.subscription.updated", sub.customer, now));
      return true;
    }
    await this.ledger.save(tx, invoice.id, invoice, now);
    sub.failedAttempts += 1;
    events.push(this.event("invoice.payment_failed", sub.customer, now, invoice.id));
    if (sub.failedAttempts > this.settings.maxRetries) {
      sub.status = "unpaid";
      sub.nextPaymentAttempt = undefined;
      events.push(this.event("customer.subscription.updated", sub.customer, now));
    } else {
      sub.nextPaymentAttempt = addDays(at, this.settings.retryIntervalDays).getTime();
    }
    return true;
  }

  // ---------------------------------------------------------------- helpers

  private noticeAt(trialEnd: number): number {
    return addDays(new Date(trialEnd), -this.settings.trialNoticeDays).getTime();
  }

  /** When the billing cycle must look at the subscription next. */
  private dueAt(sub: LocalSubscription): Date | null {
    const times: number[] = [];
    if (sub.status === "trialing" && !sub.trialNoticeSent && sub.trialEnd !== undefined) times.push(this.noticeAt(sub.trialEnd));
    if (sub.status === "trialing" || sub.status === "active" || (sub.status === "past_due" && sub.cancelAtPeriodEnd)) times.push(sub.currentPeriodEnd);
    if (sub.status === "past_due" && sub.nextPaymentAttempt !== undefined) times.push(sub.nextPaymentAttempt);
    return times.length > 0 ? new Date(Math.min(...times)) : null;
  }

  private async updateSubscription(subscriptionId: string, change: (sub: LocalSubscription) => void): Promise<void> {
    const now = this.clock.now();
    let customer = "";
    await this.run(async (tx) => {
      const sub = await this.subscriptionForUpdate(tx, subscriptionId);
      change(sub);
      customer = sub.customer;
      await this.ledger.save(tx, sub.id, sub, now, this.dueAt(sub));
    });
    await this.deliver([this.event("customer.subscription.updated", customer, now)]);
  }

  private async customerFor(tx: Tx, input: StartSubscriptionInput, now: Date): Promise<LocalCustomer> {
    if (input.customerId) return this.customerForUpdate(tx, input.customerId);
    const existing = await this.ledger.findByIdempotencyKey<LocalCustomer>(tx, `${input.key}:customer`);
    if (existing) return this.customerForUpdate(tx, existing.id);
    const customer: LocalCustomer = {
      id: id("cus"),
      email: input.email,
      name: input.name,
      ...(input.userId ? { userId: input.userId } : {}),
      creditCents: 0,
      deleted: false,
      created: now.getTime(),
    };
    await this.ledger.insert(tx, { id: customer.id, kind: "customer", customerId: customer.id, idempotencyKey: `${input.key}:customer`, data: customer }, now);
    return customer;
  }

  private async customerForUpdate(tx: Tx, customerId: string): Promise<LocalCustomer> {
    const customer = await this.ledger.getForUpdate<LocalCustomer>(tx, customerId, "customer");
    if (!customer || customer.deleted) throw new Rollback(new PaymentInputError(`No such customer: '${customerId}'`));
    return customer;
  }

  private async subscriptionForUpdate(tx: Tx, subscriptionId: string): Promise<LocalSubscription> {
    const sub = await this.ledger.getForUpdate<LocalSubscription>(tx, subscriptionId, "subscription");
    if (!sub) throw new Rollback(new PaymentInputError(`No such subscription: '${subscriptionId}'`));
    return sub;
  }

  private async defaultMethod(tx: Tx, customer: LocalCustomer): Promise<LocalPaymentMethod | undefined> {
    if (!customer.defaultPaymentMethod) return undefined;
    return this.ledger.getForUpdate<LocalPaymentMethod>(tx, customer.defaultPaymentMethod, "payment_method");
  }

  /** The payment method (a test id becomes a new card, as with Stripe), attached to the customer. */
  private async attach(tx: Tx, paymentMethodId: string, customer: LocalCustomer, now: Date): Promise<LocalPaymentMethod> {
    const testNumber = testPaymentMethodNumber(paymentMethodId);
    if (testNumber) {
      const card = testCardByNumber(testNumber);
      if (!card) throw new Rollback(new PaymentInputError(`No such PaymentMethod: '${paymentMethodId}'`));
      const method: LocalPaymentMethod = {
        id: id("pm"),
        cardNumber: testNumber,
        brand: card.brand,
        last4: card.last4,
        expMonth: 12,
        expYear: now.getUTCFullYear() + 3,
        customer: customer.id,
        created: now.getTime(),
      };
      await this.ledger.insert(tx, { id: method.id, kind: "payment_method", customerId: customer.id, data: method }, now);
      return method;
    }
    const method = await this.ledger.getForUpdate<LocalPaymentMethod>(tx, paymentMethodId, "payment_method");
    if (!method) throw new Rollback(new PaymentInputError(`No such PaymentMethod: '${paymentMethodId}'`));
    if (method.customer && method.customer !== customer.id) {
      throw new Rollback(new PaymentInputError("The payment method you provided has already been attached to another customer."));
    }
    if (!method.customer) {
      method.customer = customer.id;
      await this.ledger.save(tx, method.id, method, now, undefined, customer.id);
    }
    return method;
  }

  private charge(method: LocalPaymentMethod, amountCents: number): { ok: true } | { ok: false; message: string; declineCode: string } {
    if (amountCents <= 0) return { ok: true };
    const card = testCardByNumber(method.cardNumber);
    if (!card) return { ok: false, message: REAL_CARD_IN_TEST_MODE_MESSAGE, declineCode: "card_declined" };
    return card.charge;
  }

  private async createInvoice(
    tx: Tx,
    customer: LocalCustomer,
    sub: LocalSubscription,
    lines: InvoiceLine[],
    reason: LocalInvoice["billingReason"],
    at: Date,
  ): Promise<LocalInvoice> {
    const sequence = await this.ledger.nextCounter(tx, "invoice");
    const total = lines.reduce((sum, line) => sum + line.amountCents, 0);
    let creditApplied = 0;
    if (total < 0) {
      customer.creditCents += -total;
    } else {
      creditApplied = Math.min(customer.creditCents, total);
      customer.creditCents -= creditApplied;
    }
    const invoice: LocalInvoice = {
      id: id("in"),
      number: `RB-${String(sequence).padStart(6, "0")}`,
      customer: customer.id,
      subscription: sub.id,
      status: "open",
      billingReason: reason,
      lines,
      totalCents: total,
      creditAppliedCents: creditApplied,
      amountDueCents: Math.max(0, total - creditApplied),
      amountPaidCents: 0,
      refundedCents: 0,
      attempts: 0,
      created: at.getTime(),
    };
    await this.ledger.insert(tx, { id: invoice.id, kind: "invoice", customerId: customer.id, data: invoice }, at);
    return invoice;
  }

  private markPaid(invoice: LocalInvoice, now: Date): void {
    invoice.status = "paid";
    invoice.amountPaidCents = invoice.amountDueCents;
    invoice.paidAt = now.getTime();
  }

  private event(type: string, customerId: string, now: Date, invoiceId?: string): ProviderEvent {
    return { id: id("evt"), type, customerId, ...(invoiceId ? { invoiceId } : {}), created: now };
  }

  /** Runs a ledger transaction; a Rollback inside undoes it and surfaces as its reason. */
  private async run<R>(fn: (tx: Tx) => Promise<R>): Promise<R> {
    try {
      return await this.ledger.transaction(fn);
    } catch (error) {
      if (error instanceof Rollback) throw error.reason;
      throw error;
    }
  }

  private async deliver(events: ProviderEvent[]): Promise<void> {
    for (const event of events) {
      try {
        await this.sink(event);
      } catch (error) {
        // The change is committed; billing's mirror catches up on the next event or action of this customer.
        this.logger.error({ err: error, eventType: event.type, customerId: event.customerId }, "local payment event not handled");
      }
    }
  }
}

function missingMethod(): { ok: false; message: string; declineCode: string } {
  return { ok: false, message: "This customer has no attached payment source or default payment method.", declineCode: "missing_payment_method" };
}

function toSetupIntentView(intent: LocalSetupIntent): LocalSetupIntentView {
  return {
    id: intent.id,
    clientSecret: intent.clientSecret,
    status: intent.status,
    purpose: intent.purpose,
    ...(intent.plan ? { plan: intent.plan } : {}),
    ...(intent.frequency ? { frequency: intent.frequency } : {}),
    ...(intent.customer ? { customerId: intent.customer } : {}),
    ...(intent.userId ? { userId: intent.userId } : {}),
    ...(intent.paymentMethod ? { paymentMethodId: intent.paymentMethod } : {}),
  };
}
