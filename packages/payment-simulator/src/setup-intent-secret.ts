import { createHmac, timingSafeEqual } from "node:crypto";
import { z } from "zod";
import type { LocalSetupIntent } from "./simulator-objects";

/**
 * The simulator's client secrets carry their setup intent, signed: an intent is stored only
 * once a card confirms it, so the public sign-up page's setup call writes nothing. Format:
 * `seti_local_<hex>_secret_<base64url JSON>.<base64url HMAC>`.
 */

/** An unconfirmed intent older than this cannot be confirmed (the page is reloaded for a new one). */
export const SETUP_INTENT_TTL_MS = 24 * 3_600_000;

export type UnconfirmedSetupIntent = Omit<LocalSetupIntent, "paymentMethod"> & { status: "requires_payment_method" };

const ID = /^seti_local_[0-9a-f]{32}$/;
const SEPARATOR = "_secret_";

// Short keys keep a checkout's secret (user and customer ids) within a few hundred characters.
const payloadSchema = z.object({
  p: z.enum(["signup", "checkout", "update_card"]),
  pl: z.enum(["starter", "professional", "enterprise"]).optional(),
  f: z.enum(["monthly", "yearly"]).optional(),
  c: z.string().max(255).optional(),
  u: z.string().max(64).optional(),
  t: z.number().int().nonnegative(),
});

export class SetupIntentSecrets {
  private readonly key: Buffer;

  /** `secret` is a service secret; the key is derived from it for this one use. */
  constructor(secret: string) {
    this.key = createHmac("sha256", secret).update("rebound:local-setup-intent").digest();
  }

  issue(intent: Omit<UnconfirmedSetupIntent, "clientSecret" | "status">): string {
    const payload: z.infer<typeof payloadSchema> = {
      p: intent.purpose,
      ...(intent.plan ? { pl: intent.plan } : {}),
      ...(intent.frequency ? { f: intent.frequency } : {}),
      ...(intent.customer ? { c: intent.customer } : {}),
      ...(intent.userId ? { u: intent.userId } : {}),
      t: intent.created,
    };
    const body = Buffer.from(JSON.stringify(payload)).toString("base64url");
    return `${intent.id}${SEPARATOR}${body}.${this.sign(intent.id, body)}`;
  }

  /** The intent a secret carries; undefined when it is not one this provider issued. */
  read(clientSecret: string): UnconfirmedSetupIntent | undefined {
    const at = clientSecret.indexOf(SEPARATOR);
    if (at < 0) return undefined;
    const id = clientSecret.slice(0, at);
    const [body = "", signature = "", ...rest] = clientSecret.slice(at + SEPARATOR.length).split(".");
    if (!ID.test(id) || rest.length > 0) return undefined;
    // Compared as text: base64url decoding ignores the last character's spare bits.
    const expected = Buffer.from(this.sign(id, body));
    const given = Buffer.from(signature);
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined;
    let json: unknown;
    try {
      json = JSON.parse(Buffer.from(body, "base64url").toString("utf8"));
    } catch {
      return undefined;
    }
    const parsed = payloadSchema.safeParse(json);
    if (!parsed.success) return undefined;
    const { p, pl, f, c, u, t } = parsed.data;
    return {
      id,
      clientSecret,
      status: "requires_payment_method",
      purpose: p,
      ...(pl ? { plan: pl } : {}),
      ...(f ? { frequency: f } : {}),
      ...(c ? { customer: c } : {}),
      ...(u ? { userId: u } : {}),
      created: t,
    };
  }

  private sign(id: string, body: string): string {
    return createHmac("sha256", this.key).update(`${id}.${body}`).digest("base64url");
  }
}
