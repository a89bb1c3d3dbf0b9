-- AlterTable
ALTER TABLE "telephony"."business_directory" ADD COLUMN     "after_hours_enabled" BOOLEAN NOT NULL DEFAULT false,
ADD COLUMN     "after_hours_message" TEXT NOT NULL DEFAULT '',
ADD COLUMN     "business_name" TEXT NOT NULL DEFAULT '',
ADD COLUMN     "email" TEXT NOT NULL DEFAULT '',
ADD COLUMN     "emergency_number" TEXT NOT NULL DEFAULT '',
ADD COLUMN     "owner_name" TEXT NOT NULL DEFAULT '',
ADD COLUMN     "sms_message" TEXT NOT NULL DEFAULT '',
ADD COLUMN     "website" TEXT NOT NULL DEFAULT '';

-- AlterTable
ALTER TABLE "telephony"."phone_numbers" ADD COLUMN     "account_sid" TEXT;

-- CreateTable
CREATE TABLE "telephony"."texting_accounts" (
    "business_id" TEXT NOT NULL,
    "account_sid" TEXT NOT NULL,
    "auth_token_sealed" TEXT NOT NULL,
    "key_id" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "texting_accounts_pkey" PRIMARY KEY ("business_id")
);

-- CreateTable
CREATE TABLE "telephony"."texting_registrations" (
    "id" UUID NOT NULL,
    "business_id" TEXT NOT NULL,
    "user_id" TEXT NOT NULL,
    "attempt" INTEGER NOT NULL,
    "kind" TEXT NOT NULL,
    "status" TEXT NOT NULL,
    "step" TEXT NOT NULL,
    "input" JSONB NOT NULL,
    "sids" JSONB NOT NULL DEFAULT '{}',
    "failure_code" TEXT,
    "failure_reason" TEXT,
    "step_times" JSONB NOT NULL DEFAULT '{}',
    "submitted_at" TIMESTAMPTZ(3) NOT NULL,
    "approved_at" TIMESTAMPTZ(3),
    "verification_sent_at" TIMESTAMPTZ(3),
    "lease_until" TIMESTAMPTZ(3),
    "last_error" TEXT,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "texting_registrations_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "texting_accounts_account_sid_key" ON "telephony"."texting_accounts"("account_sid");

-- CreateIndex
CREATE INDEX "texting_registrations_status_idx" ON "telephony"."texting_registrations"("status");

-- CreateIndex
CREATE UNIQUE INDEX "texting_registrations_business_id_attempt_key" ON "telephony"."texting_registrations"("business_id", "attempt");

-- At most one live registration per business (two in flight, or a new one beside an approved one: 409).
CREATE UNIQUE INDEX "texting_registrations_live_business_key" ON "telephony"."texting_registrations"("business_id")
  WHERE "status" IN ('submitted', 'brand_approved', 'needs_verification', 'approved');
