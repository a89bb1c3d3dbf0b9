import { loginSchema, type LoginInput } from "@rebound/contracts/domain";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/shared/api/client";
import { userQueryOptions, type CurrentUser } from "@/shared/auth/get-user";

export { loginSchema, type LoginInput };

/** POST /api/login: the user; the current-user data is refreshed. */
export function login(input: LoginInput): Promise<CurrentUser> {
  return api.post<CurrentUser>("/api/login", input);
}

export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: login,
    onSuccess: (user) => {
      queryClient.setQueryData(userQueryOptions().queryKey, user);
      void queryClient.invalidateQueries({ queryKey: userQueryOptions().queryKey });
    },
  });
}
