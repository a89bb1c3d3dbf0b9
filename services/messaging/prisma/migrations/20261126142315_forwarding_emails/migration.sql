-- CreateTable
CREATE TABLE "messaging"."forwarding_emails" (
    "event_id" UUID NOT NULL,
    "business_id" TEXT NOT NULL,
    "kind" TEXT NOT NULL,
    "cause" TEXT NOT NULL DEFAULT '',
    "silent_since" TIMESTAMPTZ(3),
    "last_forwarded_call_at" TIMESTAMPTZ(3),
    "expected_calls_per_day" DOUBLE PRECISION,
    "time_zone" TEXT NOT NULL,
    "dedicated_number" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL,
    "emailed_at" TIMESTAMPTZ(3),
    "skipped" BOOLEAN NOT NULL DEFAULT false,

    CONSTRAINT "forwarding_emails_pkey" PRIMARY KEY ("event_id")
);

-- CreateIndex
CREATE INDEX "forwarding_emails_emailed_at_idx" ON "messaging"."forwarding_emails"("emailed_at");
