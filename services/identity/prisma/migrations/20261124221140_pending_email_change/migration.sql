-- AlterTable
ALTER TABLE "identity"."users" ADD COLUMN     "pending_email" VARCHAR(255),
ADD COLUMN     "pending_email_expires" TIMESTAMPTZ(3),
ADD COLUMN     "pending_email_token" TEXT;

-- CreateIndex
CREATE UNIQUE INDEX "users_pending_email_token_key" ON "identity"."users"("pending_email_token");
