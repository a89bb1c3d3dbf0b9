import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { randomBytes } from "node:crypto";
import Stripe from "stripe";
import { parseStripeForm } from "./form";

type Obj = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

export interface FakePrice {
  unitAmount: number;
  interval: "month" | "year";
}

export interface FakeStripeOptions {
  /** Price ids the fake knows, with their amounts. */
  prices: Record<string, FakePrice>;
  /** The fake's time (tests move it and call advance()). */
  now: () => Date;
  /** Where signed webhooks go (set after the app listens). */
  webhookUrl?: () => string;
  webhookSecret?: string;
}

const CARDS: Record<string, { brand: string; last4: string; decline?: { message: string; decline_code: string } }> = {
  pm_card_visa: { brand: "visa", last4: "4242" },
  pm_card_mastercard: { brand: "mastercard", last4: "4444" },
  pm_card_chargeDeclined: { brand: "visa", last4: "0002", decline: { message: "Your card was declined.", decline_code: "generic_decline" } },
  pm_card_chargeDeclinedInsufficientFunds: {
    brand: "visa",
    last4: "9995",
    decline: { message: "Your card has insufficient funds.", decline_code: "insufficient_funds" },
  },
};

class StripeFailure extends Error {
  constructor(
    readonly status: number,
    readonly body: Obj,
  ) {
    super(String(body.message));
  }
}

const notFound = (kind: string, id: string) =>
  new StripeFailure(404, { type: "invalid_request_error", code: "resource_missing", message: `No such ${kind}: '${id}'` });

/**
 * A local HTTP server that plays the part of the Stripe API the billing adapter uses: customers,
 * payment methods (Stripe's test ids), setup intents, invoice items, subscriptions with trials and
 * items, invoices (charged at once; prorations with always_invoice), refunds; idempotency keys;
 * `advance()` runs renewals and period ends; events are sent as webhooks signed with the SDK.
 */
export class FakeStripeApi {
  readonly customers = new Map<string, Obj>();
  readonly paymentMethods = new Map<string, Obj>();
  readonly subscriptions = new Map<string, Obj>();
  readonly invoices = new Map<string, Obj>();
  readonly refunds: Obj[] = [];
  readonly requests: { method: string; path: string; idempotencyKey?: string }[] = [];
  readonly sentEvents: Obj[] = [];
  private readonly pendingItems = new Map<string, Obj[]>();
  private readonly idempotent = new Map<string, { status: number; body: Obj }>();
  private server?: Server;
  private seq = 0;
  private invoiceNumber = 0;
  private deliveries: Promise<void> = Promise.resolve();
  private readonly stripe = new Stripe("sk_test_fake");

  constructor(private readonly options: FakeStripeOptions) {}

  async start(): Promise<string> {
    this.server = createServer((req, res) => void this.handle(req, res));
    await new Promise<void>((resolve) => this.server!.listen(0, "127.0.0.1", resolve));
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  async stop(): Promise<void> {
    await this.deliveries;
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }

  /** Waits until every webhook sent so far was answered. */
  async flushWebhooks(): Promise<void> {
    await this.deliveries;
  }

  private nowSeconds(): number {
    return Math.floor(this.options.now().getTime() / 1000);
  }

  private id(prefix: string): string {
    return `${prefix}_fake${++this.seq}${randomBytes(4).toString("hex")}`;
  }

  // ------------------------------------------------------------------ HTTP

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const url = new URL(req.url ?? "/", "http://fake");
    const params =
      req.method === "GET" || req.method === "DELETE" ? parseStripeForm(url.search.slice(1)) : parseStripeForm(Buffer.concat(chunks).toString("utf8"));
    const key = req.headers["idempotency-key"] as string | undefined;
    this.requests.push({ method: req.method ?? "", path: url.pathname, ...(key ? { idempotencyKey: key } : {}) });
    let answer: { status: number; body: Obj };
    if (key && this.idempotent.has(`${req.method} ${url.pathname} ${key}`)) {
      answer = this.idempotent.get(`${req.method} ${url.pathname} ${key}`)!;
    } else {
      try {
        answer = { status: 200, body: this.route(req.method ?? "GET", url.pathname, params) };
      } catch (error) {
        if (!(error instanceof StripeFailure)) throw error;
        answer = { status: error.status, body: { error: error.body } };
      }
      if (key) this.idempotent.set(`${req.method} ${url.pathname} ${key}`, answer);
    }
    res.writeHead(answer.status, { "content-type": "application/json", "request-id": `req_${this.seq}` });
    res.end(JSON.stringify(answer.body));
  }

  private route(method: string, path: string, p: Obj): Obj {
    const parts = path.split("/").filter(Boolean).slice(1); // drop v1
    const [resource, id, action] = parts;
    switch (`${method} ${resource}${id ? "/:id" : ""}${action ? `/${action}` : ""}`) {
      case "POST customers":
        return this.createCustomer(p);
      case "GET customers/:id":
        return this.customer(id!, true);
      case "POST customers/:id":
        return this.updateCustomer(id!, p);
      case "DELETE customers/:id":
        return this.deleteCustomer(id!);
      case "GET customers/:id/payment_methods":
        return this.list([...this.paymentMethods.values()].filter((m) => m.customer === id));
      case "POST payment_methods/:id/attach":
        return this.attach(id!, p.customer);
      case "POST setup_intents": {
        const intentId = this.id("seti");
        return {
          id: intentId,
          object: "setup_intent",
          client_secret: `${intentId}_secret_${randomBytes(6).toString("hex")}`,
          status: "requires_payment_method",
          usage: p.usage,
          metadata: p.metadata ?? {},
        };
      }
      case "POST invoiceitems": {
        this.customer(p.customer);
        const item = { id: this.id("ii"), amount: Number(p.amount), description: p.description ?? "", currency: p.currency };
        this.pendingItems.set(p.customer, [...(this.pendingItems.get(p.customer) ?? []), item]);
        return { object: "invoiceitem", ...item, customer: p.customer };
      }
      case "POST subscriptions":
        return this.createSubscription(p);
      case "GET subscriptions":
        return this.list([...this.subscriptions.values()].filter((s) => s.customer === p.customer).sort((a, b) => b.created - a.created));
      case "GET subscriptions/:id":
        return this.subscription(id!);
      case "POST subscriptions/:id":
        return this.updateSubscription(id!, p);
      case "POST subscription_items": {
        const sub = this.subscription(p.subscription);
        const period = sub.items.data[0];
        sub.items.data.push({
          id: this.id("si"),
          object: "subscription_item",
          price: { id: p.price },
          current_period_start: period.current_period_start,
          current_period_end: period.current_period_end,
        });
        this.emit("customer.subscription.updated", sub);
        return sub.items.data.at(-1);
      }
      case "DELETE subscription_items/:id": {
        for (const sub of this.subscriptions.values()) {
          const before = sub.items.data.length;
          sub.items.data = sub.items.data.filter((item: Obj) => item.id !== id);
          if (sub.items.data.length !== before) {
            this.emit("customer.subscription.updated", sub);
            return { id, object: "subscription_item", deleted: true };
          }
        }
        throw notFound("subscription_item", id!);
      }
      case "GET invoices": {
        const invoices = [...this.invoices.values()].filter((i) => i.customer === p.customer && (!p.status || i.status === p.status));
        return this.list(invoices.sort((a, b) => b.created - a.created || b.seq - a.seq));
      }
      case "POST invoices/:id/pay":
        return this.payInvoice(id!);
      case "POST refunds": {
        const refund = { id: this.id("re"), object: "refund", payment_intent: p.payment_intent, status: "succeeded" };
        this.refunds.push(refund);
        return refund;
      }
      default:
        throw new StripeFailure(404, { type: "invalid_request_error", message: `Unrecognized request URL (${method}: ${path})` });
    }
  }

  private list(data: Obj[]): Obj {
    return { object: "list", data, has_more: false, url: "/v1/list" };
  }

  // ------------------------------------------------------------------ objects

  private createCustomer(p: Obj): Obj {
    const customer = {
      id: this.id("cus"),
      object: "customer",
      email: p.email ?? null,
      name: p.name ?? null,
      metadata: p.metadata ?? {},
      invoice_settings: { default_payment_method: null },
      created: this.nowSeconds(),
    };
    this.customers.set(customer.id, customer);
    return customer;
  }

  private customer(id: string, allowDeleted = false): Obj {
    const customer = this.customers.get(id);
    if (!customer || (customer.deleted && !allowDeleted)) throw notFound("customer", id);
    return customer;
  }

  private updateCustomer(id: string, p: Obj): Obj {
    const customer = this.customer(id);
    if (p.invoice_settings?.default_payment_method) customer.invoice_settings.default_payment_method = p.invoice_settings.default_payment_method;
    return customer;
  }

  private deleteCustomer(id: string): Obj {
    const customer = this.customer(id);
    for (const sub of this.subscriptions.values())
      if (sub.customer === id && sub.status !== "canceled") Object.assign(sub, { status: "canceled", ended_at: this.nowSeconds() });
    this.customers.set(id, { id, object: "customer", deleted: true });
    return { id: customer.id, object: "customer", deleted: true };
  }

  private attach(id: string, customerId: string): Obj {
    this.customer(customerId);
    const card = CARDS[id];
    if (card) {
      const method = {
        id: this.id("pm"),
        object: "payment_method",
        type: "card",
        testId: id,
        customer: customerId,
        created: this.nowSeconds(),
        card: { brand: card.brand, last4: card.last4, exp_month: 12, exp_year: new Date().getUTCFullYear() + 3 },
      };
      this.paymentMethods.set(method.id, method);
      return method;
    }
    const method = this.paymentMethods.get(id);
    if (!method) throw notFound("PaymentMethod", id);
    method.customer = customerId;
    return method;
  }

  private subscription(id: string): Obj {
    const sub = this.subscriptions.get(id);
    if (!sub) throw notFound("subscription", id);
    return sub;
  }

  private price(id: string): FakePrice {
    const price = this.options.prices[id];
    if (!price) throw notFound("price", id);
    return price;
  }

  private addInterval(seconds: number, interval: "month" | "year"): number {
    const at = new Date(seconds * 1000);
    if (interval === "year") at.setUTCFullYear(at.getUTCFullYear() + 1);
    else at.setUTCMonth(at.getUTCMonth() + 1);
    return Math.floor(at.getTime() / 1000);
  }

  private createSubscription(p: Obj): Obj {
    const customer = this.customer(p.customer);
    const now = this.nowSeconds();
    const trialDays = Number(p.trial_period_days ?? 0);
    const prices = (p.items as Obj[]).map((item) => ({ id: String(item.price), ...this.price(String(item.price)) }));
    const end = trialDays > 0 ? now + trialDays * 86_400 : this.addInterval(now, prices[0]!.interval);
    const sub: Obj = {
      id: this.id("sub"),
      object: "subscription",
      customer: customer.id,
      status: trialDays > 0 ? "trialing" : "active",
      cancel_at_period_end: false,
      trial_end: trialDays > 0 ? end : null,
      start_date: now,
      created: now,
      ended_at: null,
      metadata: p.metadata ?? {},
      default_payment_method: p.default_payment_method ?? null,
      items: {
        object: "list",
        data: prices.map((price) => ({
          id: this.id("si"),
          object: "subscription_item",
          price: { id: price.id },
          current_period_start: now,
          current_period_end: end,
        })),
      },
      latest_invoice: null,
    };
    const lines = trialDays > 0 ? [] : prices.map((price) => ({ description: `${price.id}`, amount: price.unitAmount, period: { start: now, end } }));
    const invoice = this.createInvoice(customer, sub, lines, "subscription_create", true);
    if (p.payment_behavior === "default_incomplete" && invoice.amount_due > 0) {
      sub.status = "incomplete";
      invoice.confirmation_secret = { client_secret: `pi_${invoice.id}_secret_${randomBytes(6).toString("hex")}`, type: "payment_intent" };
    } else {
      const charged = this.charge(customer, sub, invoice);
      if (!charged.ok) {
        this.invoices.delete(invoice.id);
        throw new StripeFailure(402, { type: "card_error", code: "card_declined", decline_code: charged.decline_code, message: charged.message });
      }
    }
    this.pendingItems.delete(customer.id);
    sub.latest_invoice = p.expand?.some?.((e: string) => e.startsWith("latest_invoice")) ? invoice : invoice.id;
    this.subscriptions.set(sub.id, { ...sub, latest_invoice: invoice.id });
    this.emit("customer.subscription.created", this.subscriptions.get(sub.id)!);
    if (invoice.status === "paid") this.emit("invoice.paid", invoice);
    return sub;
  }

  private updateSubscription(id: string, p: Obj): Obj {
    const sub = this.subscription(id);
    if (p.cancel_at_period_end !== undefined) sub.cancel_at_period_end = p.cancel_at_period_end === "true";
    if (p.default_payment_method) sub.default_payment_method = p.default_payment_method;
    if (p.metadata) sub.metadata = { ...sub.metadata, ...p.metadata };
    if (Array.isArray(p.items)) {
      const now = this.nowSeconds();
      const lines: Obj[] = [];
      for (const change of p.items as Obj[]) {
        const item = sub.items.data.find((candidate: Obj) => candidate.id === change.id);
        if (!item) throw notFound("subscription_item", String(change.id));
        const from = this.price(item.price.id);
        const to = this.price(String(change.price));
        if (p.proration_behavior === "always_invoice" && sub.status !== "trialing") {
          const unused = (item.current_period_end - now) / (item.current_period_end - item.current_period_start);
          const sameCycle = from.interval === to.interval;
          const newEnd = sameCycle ? item.current_period_end : this.addInterval(now, to.interval);
          lines.push({
            description: `Unused time on ${item.price.id}`,
            amount: -Math.round(from.unitAmount * unused),
            period: { start: now, end: item.current_period_end },
            proration: true,
          });
          lines.push({
            description: `Remaining time on ${change.price}`,
            amount: sameCycle ? Math.round(to.unitAmount * unused) : to.unitAmount,
            period: { start: now, end: newEnd },
            proration: true,
          });
          if (!sameCycle) Object.assign(item, { current_period_start: now, current_period_end: newEnd });
        }
        item.price = { id: String(change.price) };
      }
      if (lines.length > 0) {
        const customer = this.customer(sub.customer);
        const invoice = this.createInvoice(customer, sub, lines, "subscription_update", false);
        const charged = this.charge(customer, sub, invoice);
        if (!charged.ok && p.payment_behavior === "error_if_incomplete") {
          this.invoices.delete(invoice.id);
          throw new StripeFailure(402, { type: "card_error", code: "card_declined", decline_code: charged.decline_code, message: charged.message });
        }
        sub.latest_invoice = invoice.id;
        if (invoice.status === "paid") this.emit("invoice.paid", invoice);
      }
    }
    this.emit("customer.subscription.updated", sub);
    return sub;
  }

  private createInvoice(customer: Obj, sub: Obj, lines: Obj[], reason: string, withPending: boolean): Obj {
    const pending = withPending
      ? (this.pendingItems.get(customer.id) ?? []).map((item) => ({
          description: item.description,
          amount: item.amount,
          period: { start: this.nowSeconds(), end: this.nowSeconds() },
        }))
      : [];
    const all = [...lines, ...pending].map((line: Obj) => ({
      id: this.id("il"),
      object: "line_item",
      description: line.description,
      amount: line.amount,
      period: line.period,
      parent: { type: "subscription_item_details", subscription_item_details: { proration: Boolean(line.proration) } },
    }));
    const total = all.reduce((sum, line) => sum + line.amount, 0);
    const id = this.id("in");
    const invoice: Obj = {
      id,
      object: "invoice",
      seq: ++this.invoiceNumber,
      customer: customer.id,
      number: `FAKE-${String(this.invoiceNumber).padStart(4, "0")}`,
      status: "open",
      billing_reason: reason,
      total,
      amount_due: Math.max(0, total),
      amount_paid: 0,
      created: this.nowSeconds(),
      currency: "usd",
      lines: { object: "list", data: all },
      hosted_invoice_url: `https://invoice.stripe.test/i/${id}`,
      invoice_pdf: `https://pay.stripe.test/invoice/${id}/pdf`,
      parent: { type: "subscription_details", subscription_details: { subscription: sub.id } },
      payments: { object: "list", data: [] },
    };
    this.invoices.set(id, invoice);
    return invoice;
  }

  private charge(customer: Obj, sub: Obj, invoice: Obj): { ok: true } | { ok: false; message: string; decline_code: string } {
    if (invoice.amount_due <= 0) {
      Object.assign(invoice, { status: "paid" });
      return { ok: true };
    }
    const methodId = sub.default_payment_method ?? customer.invoice_settings?.default_payment_method;
    const method = methodId ? this.paymentMethods.get(methodId) : undefined;
    const decline = method
      ? CARDS[method.testId]?.decline
      : { message: "This customer has no attached payment source or default payment method.", decline_code: "missing" };
    if (decline) return { ok: false, ...decline };
    const paymentIntent = this.id("pi");
    Object.assign(invoice, {
      status: "paid",
      amount_paid: invoice.amount_due,
      payments: { object: "list", data: [{ payment: { type: "payment_intent", payment_intent: paymentIntent } }] },
    });
    return { ok: true };
  }

  private payInvoice(id: string): Obj {
    const invoice = this.invoices.get(id);
    if (!invoice) throw notFound("invoice", id);
    const sub = this.subscription(invoice.parent.subscription_details.subscription);
    const charged = this.charge(this.customer(invoice.customer), sub, invoice);
    if (!charged.ok) throw new StripeFailure(402, { type: "card_error", code: "card_declined", decline_code: charged.decline_code, message: charged.message });
    sub.status = "active";
    this.emit("invoice.paid", invoice);
    this.emit("customer.subscription.updated", sub);
    return invoice;
  }

  // ------------------------------------------------------------------ time and webhooks

  /** Trial ends, renewals and cancellations at period end up to the fake's current time. */
  advance(): void {
    const now = this.nowSeconds();
    for (const sub of this.subscriptions.values()) {
      const end = sub.items.data[0]?.current_period_end as number;
      if (sub.status === "trialing" && sub.trial_end - 3 * 86_400 <= now && !sub.trialNoticeSent && now < end) {
        sub.trialNoticeSent = true;
        this.emit("customer.subscription.trial_will_end", sub);
      }
      if (now < end || !["trialing", "active"].includes(sub.status)) continue;
      if (sub.cancel_at_period_end) {
        Object.assign(sub, { status: "canceled", ended_at: end });
        this.emit("customer.subscription.deleted", sub);
        continue;
      }
      const lines = sub.items.data.map((item: Obj) => {
        const price = this.price(item.price.id);
        const next = this.addInterval(end, price.interval);
        Object.assign(item, { current_period_start: end, current_period_end: next });
        return { description: item.price.id, amount: price.unitAmount, period: { start: end, end: next } };
      });
      const customer = this.customer(sub.customer);
      const invoice = this.createInvoice(customer, sub, lines, "subscription_cycle", true);
      sub.latest_invoice = invoice.id;
      const charged = this.charge(customer, sub, invoice);
      sub.status = charged.ok ? "active" : "past_due";
      this.emit(charged.ok ? "invoice.paid" : "invoice.payment_failed", invoice);
      this.emit("customer.subscription.updated", sub);
    }
  }

  /** Signs an event like Stripe does and posts it to the webhook URL (in order). */
  emit(type: string, object: Obj): Obj {
    const event = {
      id: this.id("evt"),
      object: "event",
      type,
      created: this.nowSeconds(),
      api_version: "2026-10-28.endive",
      data: { object: JSON.parse(JSON.stringify(object)) as Obj },
    };
    this.sentEvents.push(event);
    const url = this.options.webhookUrl?.();
    if (url && this.options.webhookSecret) {
      const payload = JSON.stringify(event);
      this.deliveries = this.deliveries.then(async () => void (await this.post(url, payload))).catch(() => undefined);
    }
    return event;
  }

  /** Posts a payload with a signature (a wrong secret makes a bad one). */
  async post(url: string, payload: string, secret = this.options.webhookSecret ?? "whsec_fake"): Promise<Response> {
    const signature = this.stripe.webhooks.generateTestHeaderString({ payload, secret });
    return fetch(url, { method: "POST", headers: { "content-type": "application/json", "stripe-signature": signature }, body: payload });
  }
}
