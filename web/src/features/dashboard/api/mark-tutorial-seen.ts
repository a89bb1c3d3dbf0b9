import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/shared/api/client";
import { userQueryOptions, type CurrentUser } from "@/shared/auth/get-user";

/** PATCH /api/user/mark-tutorial-seen; then the user is refetched. A failure is only logged (docs/product.md section 8). */
export function markTutorialSeen(): Promise<CurrentUser> {
  return api.patch<CurrentUser>("/api/user/mark-tutorial-seen");
}

export function useMarkTutorialSeen() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markTutorialSeen,
    onSettled: () => void queryClient.invalidateQueries({ queryKey: userQueryOptions().queryKey }),
    onError: (error) => console.error("Failed to mark the tutorial seen", error),
  });
}
