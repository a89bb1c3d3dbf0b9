import express, { Router } from "express";
import { randomUUID } from "node:crypto";
import { AppError, INTERNAL_USER_HEADER, requireGateway, verifyInternalUser } from "@rebound/platform";

export interface FakeUser {
  id: string;
  email: string;
  password: string;
}

/** What a service behind the gateway saw of one request. */
export interface SeenRequest {
  method: string;
  path: string;
  user: ReturnType<typeof verifyInternalUser>;
  body: unknown;
}

/**
 * Stand-ins for the services behind the gateway: identity's internal API (a few users in memory),
 * billing's sign-up (which creates the user as billing's saga would, through identity) and an echo
 * for every routed path that records what arrived.
 */
export class FakeServices {
  readonly users = new Map<string, FakeUser>();
  readonly seen: SeenRequest[] = [];
  /** The gateway's own calls to identity's and billing's internal APIs: path, the verified caller's id, the request id, the body. */
  readonly internalCalls: Array<{ path: string; caller?: string; requestId?: string; body?: unknown }> = [];
  resetUserId?: string;
  /** Telephony's subaccounts (account SID -> auth token), as its internal webhook-keys route answers them. */
  readonly webhookKeys = new Map<string, string>();
  /** The gateway's lookups of subaccount tokens (account SIDs, in order). */
  readonly webhookKeyLookups: string[] = [];
  /** The inbox event streams open now (messaging's GET /api/conversations/stream). */
  openStreams = 0;

  constructor(private readonly secret: string) {}

  router(): Router {
    const router = Router();
    router.use(express.json(), express.urlencoded({ extended: false }));
    router.use(
      ["/internal/identity", "/internal/billing"],
      (req, _res, next) => {
        this.internalCalls.push({
          path: req.originalUrl,
          caller: verifyInternalUser(req.header(INTERNAL_USER_HEADER), this.secret)?.id,
          requestId: req.header("x-request-id"),
          body: req.body as unknown,
        });
        next();
      },
      requireGateway(this.secret),
    );
    router.post("/internal/telephony/webhook-keys/:accountSid", requireGateway(this.secret), (req, res) => {
      const accountSid = String(req.params.accountSid);
      this.webhookKeyLookups.push(accountSid);
      const authToken = this.webhookKeys.get(accountSid);
      if (!authToken) {
        res.status(404).json({ message: "Not found", code: "NOT_FOUND" });
        return;
      }
      res.json({ accountSid, authToken });
    });
    router.post("/internal/identity/login", (req, res) => {
      const body = req.body as { email: string; password: string };
      const user = [...this.users.values()].find((candidate) => candidate.email === body.email.toLowerCase());
      if (!user || user.password !== body.password) throw new AppError("UNAUTHENTICATED", "Invalid email or password");
      res.json({ id: user.id, email: user.email, firstName: "Dana" });
    });
    // billing's sign-up saga: a declined card is billing's 402, a taken e-mail identity's 409 passed on.
    router.post("/internal/billing/signups", (req, res) => {
      const body = req.body as { email: string; password: string; paymentMethodId?: string; subscriptionPlan: string };
      if (body.paymentMethodId === "pm_card_chargeDeclined") {
        res.status(402).json({ message: "Your card was declined.", code: "PAYMENT_DECLINED", declineCode: "generic_decline" });
        return;
      }
      if ([...this.users.values()].some((user) => user.email === body.email.toLowerCase())) {
        // Answered here rather than thrown: in distributed tests this router runs without the platform's error middleware.
        res.status(409).json({ message: "An account with this email already exists", code: "CONFLICT" });
        return;
      }
      const user = this.add(body.email, body.password);
      res.status(201).json({ id: user.id, email: user.email, subscriptionPlan: body.subscriptionPlan, subscriptionStatus: "trial" });
    });
    router.post("/internal/identity/users/:id/change-password", (req, res) => {
      const user = this.users.get(req.params.id);
      const body = req.body as { currentPassword: string; newPassword: string };
      if (!user || user.password !== body.currentPassword) throw new AppError("BAD_REQUEST", "Current password is incorrect");
      user.password = body.newPassword;
      res.json({ message: "Password changed successfully" });
    });
    router.post("/internal/identity/reset-password", (req, res) => {
      const user = this.resetUserId ? this.users.get(this.resetUserId) : undefined;
      if (!user) throw new AppError("BAD_REQUEST", "This reset link is invalid or has already been used.");
      user.password = (req.body as { password: string }).password;
      res.json({ message: "Your password has been reset. You can now sign in.", userId: user.id });
    });
    // identity's e-mail change: a new address needs the current password
    router.patch("/api/user/profile", (req, res) => {
      const user = this.users.get(verifyInternalUser(req.header(INTERNAL_USER_HEADER), this.secret)?.id ?? "");
      if (!user) throw new AppError("UNAUTHENTICATED", "Not authenticated");
      const body = req.body as { email?: string; currentPassword?: string };
      const email = body.email?.toLowerCase();
      if (email && email !== user.email && body.currentPassword !== user.password) throw new AppError("BAD_REQUEST", "Current password is incorrect");
      res.json({ id: user.id, email: user.email, pendingEmail: email === user.email ? null : email });
    });
    // messaging's event stream: an event every 50 ms, never ending on its own.
    router.get("/api/conversations/stream", (req, res) => {
      const user = verifyInternalUser(req.header(INTERNAL_USER_HEADER), this.secret);
      if (!user) throw new AppError("UNAUTHENTICATED", "Not authenticated");
      this.openStreams += 1;
      res.status(200).set({ "Content-Type": "text/event-stream; charset=utf-8", "Cache-Control": "no-cache, no-transform" });
      res.flushHeaders();
      let sent = 0;
      const timer = setInterval(() => res.write(`event: conversation\ndata: ${JSON.stringify({ n: (sent += 1), user: user.id })}\n\n`), 50);
      res.on("close", () => {
        clearInterval(timer);
        this.openStreams -= 1;
      });
    });
    router.use((req, res, next) => {
      if (!/^\/(api|webhooks|dev)\//.test(req.path)) return next();
      const seen = {
        method: req.method,
        path: req.originalUrl,
        user: verifyInternalUser(req.header(INTERNAL_USER_HEADER), this.secret),
        body: req.body as unknown,
      };
      this.seen.push(seen);
      res.json(seen);
    });
    return router;
  }

  add(email: string, password = "secret-pass"): FakeUser {
    const user = { id: randomUUID(), email: email.toLowerCase(), password };
    this.users.set(user.id, user);
    return user;
  }
}
