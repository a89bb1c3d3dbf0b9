import { z } from "zod";

/**
 * Request bodies of sign-in, sign-up, password and profile calls with the product's validation
 * messages (section 5), written once: identity and the gateway validate with them and the
 * web app's forms resolve with them.
 */

const email = (message: string) =>
  z
    .string({ error: message })
    .trim()
    .max(255, message)
    .pipe(z.email({ error: message }));
const required = (message: string) => z.string({ error: message }).min(1, message);
const PASSWORD_MAX = 256;
const password = (min: number, message: string) =>
  z.string({ error: message }).min(min, message).max(PASSWORD_MAX, `Password must be at most ${PASSWORD_MAX} characters`);
const name = (message: string, label: string) => z.string({ error: message }).trim().min(1, message).max(100, `${label} must be at most 100 characters`);

export const loginSchema = z.object({
  email: email("Valid email is required"),
  password: password(6, "Password must be at least 6 characters"),
});

export const registerSchema = z
  .object({
    email: email("Valid email is required"),
    password: password(6, "Password must be at least 6 characters"),
    confirmPassword: z.string({ error: "Please confirm your password" }).min(6, "Please confirm your password"),
    firstName: name("First name is required", "First name"),
    lastName: name("Last name is required", "Last name"),
    subscriptionPlan: z.enum(["starter", "professional", "custom"], { error: "Please choose a valid plan" }).default("professional"),
    billingFrequency: z.enum(["monthly", "yearly"], { error: "Billing frequency must be monthly or yearly" }).default("monthly"),
    paymentMethodId: z.string().max(255).optional(),
  })
  .refine((input) => input.password === input.confirmPassword, { message: "Passwords don't match", path: ["confirmPassword"] });

export const verifyEmailSchema = z.object({ token: required("No verification token provided") });

export const forgotPasswordSchema = z.object({ email: email("Please enter a valid email address") });

export const resetPasswordSchema = z
  .object({
    token: required("Reset token is required"),
    password: password(8, "Password must be at least 8 characters"),
    confirmPassword: required("Please confirm your password"),
  })
  .refine((input) => input.password === input.confirmPassword, { message: "Passwords don't match", path: ["confirmPassword"] });

export const changePasswordSchema = z
  .object({
    currentPassword: required("Current password is required"),
    newPassword: password(8, "New password must be at least 8 characters"),
    confirmPassword: required("Please confirm your new password"),
  })
  .refine((input) => input.newPassword === input.confirmPassword, { message: "Passwords don't match", path: ["confirmPassword"] });

export const profileSchema = z.object({
  firstName: name("First name is required", "First name"),
  lastName: name("Last name is required", "Last name"),
  email: email("Invalid email address"),
  /** Required (by identity) when the e-mail changes: a stolen session alone must not move the account. */
  currentPassword: z.string({ error: "Current password is required" }).optional(),
});

export type LoginInput = z.infer<typeof loginSchema>;
export type RegisterInput = z.infer<typeof registerSchema>;
export type ForgotPasswordInput = z.infer<typeof forgotPasswordSchema>;
export type ResetPasswordInput = z.infer<typeof resetPasswordSchema>;
export type ChangePasswordInput = z.infer<typeof changePasswordSchema>;
export type ProfileInput = z.infer<typeof profileSchema>;
