import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/shared/api/client";

/** What the client reads about the signed-in user (spec section 3). */
export interface CurrentUser {
  id: string;
  email: string;
  firstName: string | null;
  lastName: string | null;
  isEmailVerified: boolean;
  subscriptionPlan: string;
  subscriptionStatus: string;
  billingFrequency: string;
  trialEndsAt: string;
  hasSeenTutorial: boolean;
}

/** GET /api/auth/user: the user, or null when signed out (401). */
export function getUser(): Promise<CurrentUser | null> {
  return api.get<CurrentUser | null>("/api/auth/user", { nullOn401: true });
}

export const USER_QUERY_KEY = ["/api/auth/user"] as const;

export function userQueryOptions() {
  return queryOptions({ queryKey: USER_QUERY_KEY, queryFn: getUser });
}

/** The current user; `refetchEveryMs` polls (the unverified-e-mail banner asks for 30 s). */
export function useUser(refetchEveryMs?: number) {
  const query = useQuery({ ...userQueryOptions(), refetchInterval: refetchEveryMs ?? false });
  return { user: query.data ?? null, isLoading: query.isPending, query };
}

/** The name shown in the header: first name, else the e-mail's initial. */
export function displayName(user: Pick<CurrentUser, "firstName" | "lastName" | "email">): string {
  const name = [user.firstName, user.lastName].filter(Boolean).join(" ").trim();
  return name || user.email.charAt(0).toUpperCase();
}

export function userInitial(user: Pick<CurrentUser, "firstName" | "email">): string {
  return (user.firstName?.trim() || user.email).charAt(0).toUpperCase();
}
