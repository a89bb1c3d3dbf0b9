import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/shared/api/client";
import { userQueryOptions } from "@/shared/auth/get-user";

/** POST /api/auth/verify-email {token}. */
export function verifyEmail(token: string): Promise<{ message: string }> {
  return api.post("/api/auth/verify-email", { token });
}

export function useVerifyEmail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: verifyEmail,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: userQueryOptions().queryKey }),
  });
}
