import { AppError, BILLING_PRINCIPAL, clientErrorOf, internalTransport, postInternal, type Logger, type Upstream } from "@rebound/platform";
import type { RegisterInput } from "@rebound/contracts/domain";

/** The new account as identity answers it: billing needs its id; the rest goes back to the client as is. */
export interface RegisteredUser {
  id: string;
  email: string;
  [field: string]: unknown;
}

/** Identity's internal API, as billing uses it (sign-up is billing's saga). */
export interface IdentityClient {
  /** Creates the account; identity's refusal (409 e-mail taken, 400) is the same AppError here, so the client sees identity's answer. */
  register(registration: RegisterInput, requestId?: string): Promise<RegisteredUser>;
}

const TIMEOUT_MS = 15_000;

/**
 * Client of identity's `/internal/identity/register` (the kit's postInternal, signed as billing,
 * which that route admits) through identity's upstream: its router in this process (standalone)
 * or its URL (distributed), as the composition root passed it. None: sign-up answers 503.
 */
export function createIdentityClient(upstream: Upstream | undefined, secret: string, logger: Logger): IdentityClient {
  const send = upstream === undefined ? undefined : internalTransport(upstream, logger.child({ upstream: "identity" }));
  return {
    register: async (registration, requestId) => {
      const answer = await postInternal(send, "/internal/identity/register", registration, {
        caller: BILLING_PRINCIPAL,
        secret,
        requestId,
        timeoutMs: TIMEOUT_MS,
        unavailableMessage: "Service temporarily unavailable. Please try again.",
      });
      if (answer.ok && typeof answer.payload.id === "string" && typeof answer.payload.email === "string") return answer.payload as RegisteredUser;
      throw clientErrorOf(answer) ?? new AppError("UPSTREAM_FAILED", "Something went wrong. Please try again.");
    },
  };
}
