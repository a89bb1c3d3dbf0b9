import { AppError } from "@rebound/platform";
import { Prisma } from "../generated/prisma/client";
import type { UserRecord } from "../domain/user";
import type { IdentityDb, IdentityTx } from "./identity-db";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const EMAIL_TAKEN = "An account with this email already exists";

export type NewUser = Pick<
  UserRecord,
  "id" | "email" | "passwordHash" | "firstName" | "lastName" | "emailVerificationToken" | "emailVerificationExpires" | "createdAt"
>;

export type UserChanges = Partial<Omit<UserRecord, "id" | "createdAt" | "updatedAt">>;

/** The users table. Token columns only ever receive SHA-256 hashes. */
export class UserRepository {
  constructor(private readonly db: IdentityDb) {}

  async findById(id: string): Promise<UserRecord | null> {
    if (!UUID.test(id)) return null;
    return this.db.client.user.findUnique({ where: { id } });
  }

  /** The row as a transaction sees it (PGlite: never the root client inside a transaction). */
  async findByIdIn(tx: IdentityTx, id: string): Promise<UserRecord | null> {
    return tx.user.findUnique({ where: { id } });
  }

  async findByEmail(email: string): Promise<UserRecord | null> {
    return this.db.client.user.findUnique({ where: { email } });
  }

  async findByVerificationToken(tokenHash: string): Promise<UserRecord | null> {
    return this.db.client.user.findUnique({ where: { emailVerificationToken: tokenHash } });
  }

  async findByPendingEmailToken(tokenHash: string): Promise<UserRecord | null> {
    return this.db.client.user.findUnique({ where: { pendingEmailToken: tokenHash } });
  }

  async findByResetToken(tokenHash: string): Promise<UserRecord | null> {
    return this.db.client.user.findUnique({ where: { passwordResetToken: tokenHash } });
  }

  async insert(tx: IdentityTx, user: NewUser): Promise<UserRecord> {
    return uniqueEmail(() => tx.user.create({ data: { ...user, updatedAt: user.createdAt } }));
  }

  async update(tx: IdentityTx, id: string, changes: UserChanges): Promise<UserRecord> {
    return uniqueEmail(() => tx.user.update({ where: { id }, data: changes }));
  }

  /**
   * Applies `changes` only while the row still holds `tokenHash` (null: no token) in the given
   * token column, so a token is used at most once even by two concurrent requests.
   */
  async updateIfToken(
    tx: IdentityTx,
    id: string,
    column: "emailVerificationToken" | "passwordResetToken" | "pendingEmailToken",
    tokenHash: string | null,
    changes: UserChanges,
  ): Promise<UserRecord | null> {
    const { count } = await uniqueEmail(() => tx.user.updateMany({ where: { id, [column]: tokenHash }, data: changes }));
    return count === 1 ? tx.user.findUnique({ where: { id } }) : null;
  }
}

async function uniqueEmail<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (error instanceof Prisma.PrismaClientKnownRequestError && error.code === "P2002") {
      throw new AppError("CONFLICT", EMAIL_TAKEN, { cause: error });
    }
    throw error;
  }
}
