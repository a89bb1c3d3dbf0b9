import { AppError, BILLING_PRINCIPAL, INTERNAL_USER_HEADER, requireInternalCaller, verifyInternalUser } from "@rebound/platform";
import express, { Router } from "express";
import { randomUUID } from "node:crypto";

/** What identity saw of one call. */
export interface IdentityCall {
  email: string;
  caller?: string;
  requestId?: string;
  body: Record<string, unknown>;
}

/**
 * Identity's internal register as billing reaches it (handed to billing as identity's router, so
 * the calls go through the kit's in-process transport with the signed header): e-mails are
 * unique, taken from the start of the call as identity's unique index would; a test may give the
 * id an e-mail gets, refuse it, or hold its answer.
 */
export class FakeIdentity {
  readonly calls: IdentityCall[] = [];
  private readonly taken = new Set<string>();
  private readonly ids = new Map<string, string>();
  private readonly failures = new Map<string, AppError>();
  private readonly held = new Map<string, Promise<void>>();

  constructor(private readonly secret: string) {}

  /** The account id `email` gets when it is registered. */
  willRegister(email: string, id: string): void {
    this.ids.set(email.toLowerCase(), id);
  }

  /** `email` is already an account: identity answers 409. */
  take(email: string): void {
    this.taken.add(email.toLowerCase());
  }

  /** The next registration of `email` fails with `error` (and does not take the address). */
  failNext(email: string, error: AppError): void {
    this.failures.set(email.toLowerCase(), error);
  }

  /** Registrations of `email` wait (the address already taken) until the returned function is called. */
  hold(email: string): () => void {
    let release!: () => void;
    this.held.set(email.toLowerCase(), new Promise<void>((resolve) => (release = resolve)));
    return () => release();
  }

  callsFor(email: string): IdentityCall[] {
    return this.calls.filter((call) => call.email === email.toLowerCase());
  }

  router(): Router {
    const router = Router();
    router.post("/internal/identity/register", requireInternalCaller(this.secret, [BILLING_PRINCIPAL]), express.json(), async (req, res) => {
      const body = req.body as Record<string, unknown>;
      const email = String(body.email ?? "").toLowerCase();
      this.calls.push({
        email,
        caller: verifyInternalUser(req.header(INTERNAL_USER_HEADER), this.secret)?.id,
        requestId: req.header("x-request-id"),
        body,
      });
      const failure = this.failures.get(email);
      if (failure) {
        this.failures.delete(email);
        throw failure;
      }
      if (this.taken.has(email)) throw new AppError("CONFLICT", "An account with this email already exists");
      this.taken.add(email);
      await this.held.get(email);
      const id = this.ids.get(email) ?? randomUUID();
      res
        .status(201)
        .json({ id, email, firstName: body.firstName, lastName: body.lastName, subscriptionPlan: body.subscriptionPlan, subscriptionStatus: "trial" });
    });
    return router;
  }
}
