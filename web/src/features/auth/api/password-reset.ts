import { forgotPasswordSchema, resetPasswordSchema, type ForgotPasswordInput, type ResetPasswordInput } from "@rebound/contracts/domain";
import { useMutation } from "@tanstack/react-query";
import { api } from "@/shared/api/client";

export { forgotPasswordSchema, resetPasswordSchema, type ForgotPasswordInput, type ResetPasswordInput };

/** POST /api/auth/forgot-password: a confirmation, whether or not the address has an account. */
export function forgotPassword(input: ForgotPasswordInput): Promise<{ message: string }> {
  return api.post("/api/auth/forgot-password", input);
}

/** POST /api/auth/reset-password. */
export function resetPassword(input: ResetPasswordInput): Promise<{ message: string }> {
  return api.post("/api/auth/reset-password", input);
}

export const useForgotPassword = () => useMutation({ mutationFn: forgotPassword });
export const useResetPassword = () => useMutation({ mutationFn: resetPassword });
