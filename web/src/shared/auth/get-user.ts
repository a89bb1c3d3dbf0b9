import { queryOptions, useQuery, type QueryClient } from "@tanstack/react-query";
import { api } from "@/shared/api/client";

/** What the client reads about the signed-in user (docs/product.md section 3). */
export interface CurrentUser {
  id: string;
  email: string;
  firstName: string | null;
  lastName: string | null;
  isEmailVerified: boolean;
  /** An e-mail change waiting for its link to be followed (the account keeps `email` until then). */
  pendingEmail?: string | null;
  subscriptionPlan: string;
  subscriptionStatus: string;
  billingFrequency: string;
  trialEndsAt: string;
  hasSeenTutorial: boolean;
}

/**
 * The gateway's "this browser is signed in" cookie: readable by the page (the session cookie is
 * httpOnly), no secret, set and cleared with the session (docs/decisions.md, "Signed-in hint").
 */
export const SIGNED_IN_HINT_COOKIE = "rebound.signed-in";

export function hasSignedInHint(cookies: string = document.cookie): boolean {
  return cookies.split(";").some((part) => part.trim().startsWith(`${SIGNED_IN_HINT_COOKIE}=`));
}

/** GET /api/auth/user: the user, or null when signed out (401). */
export function getUser(): Promise<CurrentUser | null> {
  return api.get<CurrentUser | null>("/api/auth/user", { nullOn401: true });
}

/** The same answer without the call when the browser holds no session: a visitor is never asked only to hear 401. */
export function getUserIfSignedIn(): Promise<CurrentUser | null> {
  return hasSignedInHint() ? getUser() : Promise.resolve(null);
}

export const USER_QUERY_KEY = ["/api/auth/user"] as const;

/** The current user for any screen (public ones skip the call for visitors). */
export function userQueryOptions() {
  return queryOptions({ queryKey: USER_QUERY_KEY, queryFn: getUserIfSignedIn });
}

/** The current user for signed-in destinations: the known user, else the server's answer (a session without a hint still gets in). */
export async function ensureSignedInUser(queryClient: QueryClient): Promise<CurrentUser | null> {
  return queryClient.getQueryData<CurrentUser | null>(USER_QUERY_KEY) ?? queryClient.fetchQuery(queryOptions({ queryKey: USER_QUERY_KEY, queryFn: getUser }));
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
