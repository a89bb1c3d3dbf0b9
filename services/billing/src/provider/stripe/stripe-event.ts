import { z } from "zod";
import { WebhookPayloadError, type ProviderEvent } from "../payment-provider";

/** What billing reads of a (signature-checked) Stripe event; anything else in it is left unread. */
const stripeEventSchema = z.object({
  id: z.string().min(1).max(255),
  type: z.string().min(1).max(255),
  created: z.number().int().nonnegative(),
  data: z.object({
    object: z.object({
      id: z.string().max(255).optional(),
      object: z.string().max(255).optional(),
      customer: z.union([z.string().max(255), z.object({ id: z.string().max(255) })]).nullish(),
    }),
  }),
});

export const NOT_A_STRIPE_EVENT = "Webhook payload is not a Stripe event";

/** The provider event of a parsed webhook body; WebhookPayloadError when the body is no Stripe event. */
export function providerEventOf(body: unknown): ProviderEvent {
  const parsed = stripeEventSchema.safeParse(body);
  if (!parsed.success) throw new WebhookPayloadError(NOT_A_STRIPE_EVENT);
  const { id, type, created, data } = parsed.data;
  const object = data.object;
  const customerId = object.object === "customer" ? object.id : typeof object.customer === "string" ? object.customer : object.customer?.id;
  return {
    id,
    type,
    ...(customerId ? { customerId } : {}),
    ...(object.object === "invoice" && object.id ? { invoiceId: object.id } : {}),
    created: new Date(created * 1000),
  };
}
