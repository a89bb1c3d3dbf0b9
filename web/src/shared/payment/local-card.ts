import { z } from "zod";

/** The local payment provider's test cards (the same numbers as Stripe's test mode). */
export const TEST_CARDS = [
  { number: "4242 4242 4242 4242", outcome: "succeeds" },
  { number: "4000 0000 0000 0002", outcome: "is declined" },
] as const;

export const localCardSchema = z.object({
  cardNumber: z.string().refine((value) => /^\d{12,19}$/.test(value.replace(/\s/g, "")), "Enter a valid card number"),
  expiry: z.string().regex(/^(0[1-9]|1[0-2])\s?\/\s?\d{2}$/, "Enter the expiry date as MM/YY"),
  cvc: z.string().regex(/^\d{3,4}$/, "Enter the 3- or 4-digit security code"),
});

export type LocalCardFields = z.infer<typeof localCardSchema>;

/** "4242424242424242" -> "4242 4242 4242 4242" as the person types. */
export function formatCardNumber(raw: string): string {
  return raw
    .replace(/\D/g, "")
    .slice(0, 19)
    .replace(/(\d{4})(?=\d)/g, "$1 ");
}

/** "1230" -> "12/30" as the person types. */
export function formatExpiry(raw: string): string {
  const digits = raw.replace(/\D/g, "").slice(0, 4);
  return digits.length > 2 ? `${digits.slice(0, 2)}/${digits.slice(2)}` : digits;
}

/** MM/YY -> month and four-digit year. */
export function parseExpiry(expiry: string): { expMonth: number; expYear: number } {
  const [month = "0", year = "0"] = expiry.replace(/\s/g, "").split("/");
  return { expMonth: Number(month), expYear: 2000 + Number(year) };
}
