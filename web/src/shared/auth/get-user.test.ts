import { QueryClient } from "@tanstack/react-query";
import { stubFetch } from "@/test/render";
import { ensureSignedInUser, getUserIfSignedIn, hasSignedInHint, SIGNED_IN_HINT_COOKIE, USER_QUERY_KEY } from "./get-user";

const user = {
  id: "u1",
  email: "dana@example.com",
  firstName: "Dana",
  lastName: null,
  isEmailVerified: true,
  subscriptionPlan: "starter",
  subscriptionStatus: "trial",
  billingFrequency: "monthly",
  trialEndsAt: "2025-02-01T00:00:00.000Z",
  hasSeenTutorial: true,
};

const setHint = (present: boolean) => {
  document.cookie = present ? `${SIGNED_IN_HINT_COOKIE}=1; path=/` : `${SIGNED_IN_HINT_COOKIE}=; path=/; expires=Thu, 01 Jan 1970 00:00:00 GMT`;
};

afterEach(() => setHint(false));

describe("the signed-in hint", () => {
  it("given cookie strings, when read, then only the hint cookie counts", () => {
    expect(hasSignedInHint(`a=1; ${SIGNED_IN_HINT_COOKIE}=1`)).toBe(true);
    expect(hasSignedInHint(`${SIGNED_IN_HINT_COOKIE}=1`)).toBe(true);
    expect(hasSignedInHint("a=1; rebound.sid=x")).toBe(false);
    expect(hasSignedInHint("")).toBe(false);
  });

  it("given a visitor (no hint), when a public screen asks for the user, then no call is made and there is no user", async () => {
    const calls = stubFetch({ "GET /api/auth/user": () => ({ status: 401, body: { message: "Not signed in" } }) });
    await expect(getUserIfSignedIn()).resolves.toBeNull();
    expect(calls).toHaveLength(0);
  });

  it("given the hint, when a public screen asks for the user, then the server is asked", async () => {
    setHint(true);
    const calls = stubFetch({ "GET /api/auth/user": () => ({ status: 200, body: user }) });
    await expect(getUserIfSignedIn()).resolves.toMatchObject({ email: "dana@example.com" });
    expect(calls.map((call) => call.path)).toEqual(["/api/auth/user"]);
  });

  it("given no hint and nothing known, when a signed-in screen needs the user, then the server is asked anyway", async () => {
    const calls = stubFetch({ "GET /api/auth/user": () => ({ status: 200, body: user }) });
    const queryClient = new QueryClient();
    queryClient.setQueryData(USER_QUERY_KEY, null);
    await expect(ensureSignedInUser(queryClient)).resolves.toMatchObject({ id: "u1" });
    expect(calls).toHaveLength(1);
  });

  it("given a known user, when a signed-in screen needs the user, then no call is made", async () => {
    const calls = stubFetch({});
    const queryClient = new QueryClient();
    queryClient.setQueryData(USER_QUERY_KEY, user);
    await expect(ensureSignedInUser(queryClient)).resolves.toMatchObject({ id: "u1" });
    expect(calls).toHaveLength(0);
  });
});
