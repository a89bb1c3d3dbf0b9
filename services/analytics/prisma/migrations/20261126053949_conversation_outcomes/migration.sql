-- CreateTable
CREATE TABLE "analytics"."conversation_outcomes" (
    "business_id" TEXT NOT NULL,
    "caller_number" TEXT NOT NULL,
    "outcome" TEXT NOT NULL,
    "value_cents" INTEGER NOT NULL DEFAULT 0,
    "set_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "conversation_outcomes_pkey" PRIMARY KEY ("business_id","caller_number")
);

-- CreateIndex
CREATE INDEX "conversation_outcomes_business_id_set_at_idx" ON "analytics"."conversation_outcomes"("business_id", "set_at");
