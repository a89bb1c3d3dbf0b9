-- CreateTable
CREATE TABLE "messaging"."consent_log" (
    "id" UUID NOT NULL,
    "business_id" TEXT NOT NULL,
    "caller_number" TEXT NOT NULL,
    "action" TEXT NOT NULL,
    "method" TEXT NOT NULL,
    "matched" TEXT NOT NULL,
    "caller_message" TEXT NOT NULL,
    "confirmation_text" TEXT NOT NULL,
    "message_sid" TEXT NOT NULL,
    "occurred_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "consent_log_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "consent_log_business_id_occurred_at_idx" ON "messaging"."consent_log"("business_id", "occurred_at");
