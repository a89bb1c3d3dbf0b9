-- AlterTable
ALTER TABLE "messaging"."business_configs" ADD COLUMN     "account_sid" TEXT,
ADD COLUMN     "messaging_service_sid" TEXT,
ADD COLUMN     "registration_changed_at" TIMESTAMPTZ(3),
ADD COLUMN     "us_texting_allowed" BOOLEAN NOT NULL DEFAULT false;

-- CreateTable
CREATE TABLE "messaging"."registration_emails" (
    "registration_id" TEXT NOT NULL,
    "status" TEXT NOT NULL,
    "business_id" TEXT NOT NULL,
    "failure_reason" TEXT NOT NULL DEFAULT '',
    "created_at" TIMESTAMPTZ(3) NOT NULL,
    "emailed_at" TIMESTAMPTZ(3),
    "skipped" BOOLEAN NOT NULL DEFAULT false,

    CONSTRAINT "registration_emails_pkey" PRIMARY KEY ("registration_id","status")
);

-- CreateIndex
CREATE INDEX "registration_emails_emailed_at_idx" ON "messaging"."registration_emails"("emailed_at");
