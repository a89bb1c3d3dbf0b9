import { hash, verify, type Algorithm, type Options } from "@node-rs/argon2";

const ARGON2ID = 2 as Algorithm;

/** argon2id with OWASP's minimum settings (19 MiB, 2 passes, 1 lane). */
const OPTIONS: Options = { algorithm: ARGON2ID, memoryCost: 19_456, timeCost: 2, parallelism: 1 };

export interface PasswordHasher {
  hash(password: string): Promise<string>;
  /** False for a wrong password or a malformed hash. */
  verify(passwordHash: string, password: string): Promise<boolean>;
  /**
   * Spends the same time as a real verification, for an unknown e-mail, so a
   * login's timing does not tell whether the account exists.
   */
  verifyNothing(password: string): Promise<void>;
}

export function createArgon2Hasher(): PasswordHasher {
  let dummy: Promise<string> | undefined;
  const check = async (passwordHash: string, password: string) => {
    try {
      return await verify(passwordHash, password);
    } catch {
      return false;
    }
  };
  return {
    hash: (password) => hash(password, OPTIONS),
    verify: check,
    verifyNothing: async (password) => {
      dummy ??= hash("timing-equaliser-not-a-password", OPTIONS);
      await check(await dummy, password);
    },
  };
}
