import { changePasswordSchema, type ChangePasswordInput } from "@rebound/contracts/domain";
import { useMutation } from "@tanstack/react-query";
import { api } from "@/shared/api/client";

export { changePasswordSchema, type ChangePasswordInput };

export const CHANGE_PASSWORD_FAILED = "Failed to change password. Please try again.";

/** PUT /api/auth/change-password {currentPassword, newPassword, confirmPassword}; other sessions are signed out. */
export function changePassword(input: ChangePasswordInput): Promise<{ message?: string }> {
  return api.put<{ message?: string }>("/api/auth/change-password", input);
}

export function useChangePassword() {
  return useMutation({ mutationFn: changePassword });
}
