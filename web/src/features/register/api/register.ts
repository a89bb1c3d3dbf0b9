import { registerSchema, type RegisterInput } from "@rebound/contracts/domain";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api, ApiError } from "@/shared/api/client";
import { userQueryOptions, type CurrentUser } from "@/shared/auth/get-user";

export { registerSchema, type RegisterInput };

/** POST /api/register with no-cache headers: 201 with the user, and the session cookie set. */
export function register(input: RegisterInput): Promise<CurrentUser> {
  return api.post<CurrentUser>("/api/register", input, { headers: { "Cache-Control": "no-cache", Pragma: "no-cache" } });
}

export function useRegister() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: register,
    onSuccess: (user) => queryClient.setQueryData(userQueryOptions().queryKey, user),
  });
}

/** docs/product.md section 8: the server's message; a JSON body without one is 'Unable to create account'; a body that is not JSON is 'Registration failed'. */
export function registrationErrorDescription(error: unknown): string {
  if (!(error instanceof ApiError)) return "Registration failed";
  if (error.serverMessage) return error.serverMessage;
  try {
    JSON.parse(error.body);
    return "Unable to create account";
  } catch {
    return "Registration failed";
  }
}

const PAYMENT_SETUP_FAILED = "Failed to initialize payment. Please refresh the page.";

/**
 * Why the payment form could not be set up: a refusal (403, e.g. the page opened at an address
 * the server does not serve from) says what to do in the server's message, and a refresh would
 * not help; anything else is the generic advice.
 */
export function paymentSetupErrorDescription(error: unknown): string {
  if (error instanceof ApiError && error.status === 403 && error.serverMessage) return error.serverMessage;
  return PAYMENT_SETUP_FAILED;
}
