-- CreateSchema
CREATE SCHEMA IF NOT EXISTS "business";

-- CreateTable
CREATE TABLE "business"."businesses" (
    "id" UUID NOT NULL,
    "user_id" TEXT NOT NULL,
    "business_name" VARCHAR(100) NOT NULL DEFAULT '',
    "business_phone" VARCHAR(20) NOT NULL DEFAULT '',
    "website" VARCHAR(255) NOT NULL DEFAULT '',
    "email" VARCHAR(255) NOT NULL DEFAULT '',
    "emergency_number" VARCHAR(20) NOT NULL DEFAULT '',
    "owner_email" VARCHAR(255) NOT NULL DEFAULT '',
    "country_code" VARCHAR(5) NOT NULL DEFAULT '+1',
    "dedicated_number" VARCHAR(20),
    "number_sid" VARCHAR(64),
    "phone_number_purchased_at" TIMESTAMPTZ(3),
    "phone_number_country" VARCHAR(2) NOT NULL DEFAULT 'US',
    "sms_message" TEXT NOT NULL,
    "after_hours_message" TEXT NOT NULL,
    "after_hours_enabled" BOOLEAN NOT NULL DEFAULT false,
    "auto_reply_enabled" BOOLEAN NOT NULL DEFAULT true,
    "sms_auto_reply_enabled" BOOLEAN NOT NULL DEFAULT false,
    "sms_auto_reply_message" TEXT NOT NULL,
    "business_hours" JSONB NOT NULL,
    "time_zone" VARCHAR(64) NOT NULL DEFAULT 'America/New_York',
    "is_active" BOOLEAN NOT NULL DEFAULT true,
    "duplicate_window_seconds" INTEGER NOT NULL DEFAULT 86400,
    "owner_alerts_enabled" BOOLEAN NOT NULL DEFAULT true,
    "do_not_text_numbers" TEXT[] DEFAULT ARRAY[]::TEXT[],
    "setup_completed" BOOLEAN NOT NULL DEFAULT false,
    "last_sms_test_date" TIMESTAMPTZ(3),
    "last_sms_test_status" VARCHAR(20),
    "last_call_forwarding_test_date" TIMESTAMPTZ(3),
    "last_call_forwarding_test_status" VARCHAR(20),
    "created_at" TIMESTAMPTZ(3) NOT NULL,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "businesses_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "business"."event_log" (
    "seq" BIGSERIAL NOT NULL,
    "id" UUID NOT NULL,
    "type" TEXT NOT NULL,
    "topic" TEXT NOT NULL,
    "key" TEXT NOT NULL,
    "payload" BYTEA NOT NULL,
    "traceparent" TEXT,
    "occurred_at" TIMESTAMPTZ(3) NOT NULL,
    "recorded_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "published_at" TIMESTAMPTZ(3),

    CONSTRAINT "event_log_pkey" PRIMARY KEY ("seq")
);

-- CreateTable
CREATE TABLE "business"."processed_events" (
    "consumer" TEXT NOT NULL,
    "event_id" UUID NOT NULL,
    "processed_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "processed_events_pkey" PRIMARY KEY ("consumer","event_id")
);

-- CreateIndex
CREATE UNIQUE INDEX "businesses_user_id_key" ON "business"."businesses"("user_id");

-- CreateIndex
CREATE UNIQUE INDEX "event_log_id_key" ON "business"."event_log"("id");

-- CreateIndex
CREATE INDEX "event_log_published_at_idx" ON "business"."event_log"("published_at");
