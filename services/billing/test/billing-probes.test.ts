import { billingResponseSchema } from "@rebound/contracts/domain";
import { randomUUID } from "node:crypto";
import type { BillingResponse } from "./support/billing-types";
import { BillingHarness } from "./support/billing-harness";

// The billing holes a black-box probe of `npm start` found, reproduced against billing alone
// (as distributed mode reaches it): each answered a 5xx, accepted a declined card, or wrote a row
// per anonymous call before.
jest.setTimeout(60_000);

const PROTOTYPE_KEYS = ["toString", "hasOwnProperty", "__proto__", "constructor"];
const newUser = (name: string) => ({ id: randomUUID(), email: `${name}-${randomUUID().slice(0, 8)}@example.com` });

describe("billing probes (local provider)", () => {
  const h = new BillingHarness();
  beforeAll(() => h.start());
  afterAll(() => h.stop());

  const billing = async (user: { id: string; email: string }) =>
    billingResponseSchema.parse((await h.call<BillingResponse>("GET", "/api/billing", { user })).body);
  const ledgerRows = async () => Number((await h.query<{ n: number }>("SELECT count(*)::int AS n FROM billing.local_objects"))[0]!.n);
  const setupSecret = async () =>
    (await h.call<{ clientSecret: string }>("POST", "/api/create-payment-intent", { body: { plan: "professional", billing: "monthly" } })).body.clientSecret;
  const confirmCard = (clientSecret: string, cardNumber = "4242424242424242") =>
    h.call<{ paymentMethodId?: string; message?: string }>("POST", "/api/billing/local/confirm-setup", {
      body: { clientSecret, cardNumber, expMonth: 12, expYear: 2030, cvc: "123" },
    });

  it("a payment method id naming an Object.prototype member is the provider's 400 at sign-up and card change (was 500)", async () => {
    const owner = newUser("proto-owner");
    expect((await h.signUp(owner)).status).toBe(201);
    for (const key of PROTOTYPE_KEYS) {
      const signup = await h.signUp(newUser("proto"), key);
      expect([key, signup.status, signup.body]).toEqual([key, 400, { message: `No such PaymentMethod: '${key}'`, code: "BAD_REQUEST" }]);
      const change = await h.call("POST", "/api/billing/payment-method", { user: owner, body: { paymentMethodId: key } });
      expect([key, change.status, change.body]).toEqual([key, 400, { message: `No such PaymentMethod: '${key}'`, code: "BAD_REQUEST" }]);
    }
    expect((await billing(owner)).paymentMethods.map((method) => method.card.last4)).toEqual(["4242"]);
  });

  it("a declined card is refused as a new default card like at sign-up (402), and the default card stays", async () => {
    const owner = newUser("declined-change");
    expect((await h.signUp(owner)).status).toBe(201);
    const signupAnswer = await h.signUp(newUser("declined-signup"), "pm_card_chargeDeclined");
    expect(signupAnswer.status).toBe(402);
    const rowsBefore = await ledgerRows();

    const change = await h.call("POST", "/api/billing/payment-method", { user: owner, body: { paymentMethodId: "pm_card_chargeDeclined" } });
    expect(change).toMatchObject({ status: 402, body: signupAnswer.body });
    expect(change.body).toEqual({ message: "Your card was declined.", code: "PAYMENT_DECLINED", declineCode: "generic_decline" });
    const expired = await h.call("POST", "/api/billing/payment-method", { user: owner, body: { paymentMethodId: "pm_card_chargeDeclinedExpiredCard" } });
    expect(expired).toMatchObject({ status: 402, body: { message: "Your card has expired." } });

    expect(await ledgerRows()).toBe(rowsBefore);
    const state = await billing(owner);
    expect(state.paymentMethods.map((method) => [method.card.last4, method.is_default])).toEqual([["4242", true]]);
    // A card that only fails when charged is still accepted, as Stripe accepts it.
    expect(
      (await h.call("POST", "/api/billing/payment-method", { user: owner, body: { paymentMethodId: "pm_card_chargeDeclinedInsufficientFunds" } })).status,
    ).toBe(200);
  });

  it("the sign-up page's payment setup writes nothing until a card is confirmed; its secret confirms once and cannot be forged", async () => {
    const before = await ledgerRows();
    const secrets = [];
    for (let i = 0; i < 5; i++) secrets.push(await setupSecret());
    expect(new Set(secrets).size).toBe(5);
    expect(await ledgerRows()).toBe(before);

    const confirmed = await confirmCard(secrets[0]!);
    expect(confirmed.status).toBe(200);
    expect(confirmed.body.paymentMethodId).toMatch(/^pm_local_/);
    expect(await confirmCard(secrets[0]!)).toMatchObject({ status: 400, body: { message: expect.stringMatching(/already succeeded/) } });

    const secret = secrets[1]!;
    const forged = `${secret.slice(0, -1)}${secret.endsWith("A") ? "B" : "A"}`;
    expect(await confirmCard(forged)).toMatchObject({ status: 400, body: { message: "No such setupintent: the client secret is not valid." } });
    const rows = await ledgerRows();
    h.clock.advance(25 * 3_600_000);
    expect(await confirmCard(secrets[2]!)).toMatchObject({ status: 400, body: { message: expect.stringMatching(/expired/) } });
    expect(await ledgerRows()).toBe(rows);
  });

  it("an invoice id with a NUL, or not shaped like one, is a 400 naming it (was 500); a well-formed stranger's id stays a 404", async () => {
    const owner = newUser("invoice-ids");
    expect((await h.signUp(owner)).status).toBe(201);
    const invoiceId = (await billing(owner)).invoices[0]!.id;
    for (const path of [
      "/api/billing/invoice/%00/download",
      "/api/billing/invoices/a%00b/pdf",
      `/api/billing/invoices/${invoiceId}%00/pdf`,
      `/api/billing/invoice/${"x".repeat(300)}/download`,
    ]) {
      const res = await h.call("GET", path, { user: owner });
      expect([path, res.status, res.body]).toEqual([path, 400, { message: "Invalid invoice id", code: "BAD_REQUEST" }]);
    }
    expect((await h.call("GET", "/api/billing/invoices/in_nope/pdf", { user: owner })).status).toBe(404);
    expect((await h.call("GET", `/api/billing/invoice/${invoiceId}/download`, { user: owner })).status).toBe(200);
    expect((await h.call("GET", `/api/billing/invoices/${invoiceId}/pdf`, { user: owner })).status).toBe(200);
  });
});
