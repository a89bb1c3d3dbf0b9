import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "@/shared/api/client";

/** POST /api/logout; non-OK is 'Logout failed'. Either way the cache is cleared and the browser goes to '/'. */
export async function logout(): Promise<void> {
  const response = await fetch("/api/logout", { method: "POST", credentials: "include", headers: { Accept: "application/json" } });
  await response.json().catch(() => undefined);
  if (!response.ok) throw new Error("Logout failed");
}

export function useLogout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: logout,
    onSettled: () => {
      queryClient.clear();
      window.location.assign("/");
    },
  });
}

/** POST /api/auth/resend-verification. */
export function resendVerification(): Promise<{ message: string }> {
  return apiRequest("POST", "/api/auth/resend-verification", {});
}
