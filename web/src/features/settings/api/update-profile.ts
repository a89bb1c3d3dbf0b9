import { profileSchema, type ProfileInput } from "@rebound/contracts/domain";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/shared/api/client";
import { userQueryOptions, type CurrentUser } from "@/shared/auth/get-user";

export { profileSchema, type ProfileInput };

/** PATCH /api/user/profile: name and e-mail (a new e-mail must be verified again). */
export function updateProfile(input: ProfileInput): Promise<CurrentUser> {
  return api.patch<CurrentUser>("/api/user/profile", input);
}

export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProfile,
    onSuccess: (user) => {
      queryClient.setQueryData(userQueryOptions().queryKey, user);
      void queryClient.invalidateQueries({ queryKey: userQueryOptions().queryKey });
    },
  });
}
