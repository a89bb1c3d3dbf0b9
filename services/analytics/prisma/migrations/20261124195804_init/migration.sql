-- CreateSchema
CREATE SCHEMA IF NOT EXISTS "analytics";

-- CreateTable
CREATE TABLE "analytics"."businesses" (
    "business_id" TEXT NOT NULL,
    "user_id" TEXT,
    "time_zone" TEXT NOT NULL DEFAULT 'America/New_York',
    "average_client_value" INTEGER,
    "close_rate_percent" INTEGER,
    "settings_at" TIMESTAMPTZ(3),

    CONSTRAINT "businesses_pkey" PRIMARY KEY ("business_id")
);

-- CreateTable
CREATE TABLE "analytics"."counters" (
    "business_id" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "value" INTEGER NOT NULL DEFAULT 0,

    CONSTRAINT "counters_pkey" PRIMARY KEY ("business_id","name")
);

-- CreateTable
CREATE TABLE "analytics"."calls" (
    "business_id" TEXT NOT NULL,
    "call_id" TEXT NOT NULL,
    "call_sid" TEXT NOT NULL DEFAULT '',
    "caller_number" TEXT NOT NULL DEFAULT '',
    "call_status" TEXT NOT NULL DEFAULT '',
    "answered" BOOLEAN NOT NULL DEFAULT false,
    "received" BOOLEAN NOT NULL DEFAULT false,
    "textable" BOOLEAN NOT NULL DEFAULT false,
    "occurred_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "calls_pkey" PRIMARY KEY ("business_id","call_id")
);

-- CreateTable
CREATE TABLE "analytics"."texts" (
    "business_id" TEXT NOT NULL,
    "sms_id" TEXT NOT NULL,
    "call_id" TEXT NOT NULL DEFAULT '',
    "recipient_number" TEXT NOT NULL DEFAULT '',
    "message" TEXT NOT NULL DEFAULT '',
    "kind" TEXT NOT NULL DEFAULT '',
    "status" TEXT NOT NULL,
    "at" TIMESTAMPTZ(3) NOT NULL,
    "queued_at" TIMESTAMPTZ(3),
    "sent_at" TIMESTAMPTZ(3),
    "delivered_at" TIMESTAMPTZ(3),
    "failed_at" TIMESTAMPTZ(3),

    CONSTRAINT "texts_pkey" PRIMARY KEY ("business_id","sms_id")
);

-- CreateTable
CREATE TABLE "analytics"."suppressions" (
    "business_id" TEXT NOT NULL,
    "call_id" TEXT NOT NULL,
    "recipient_number" TEXT NOT NULL DEFAULT '',
    "reason" TEXT NOT NULL,
    "suppressed_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "suppressions_pkey" PRIMARY KEY ("business_id","call_id")
);

-- CreateTable
CREATE TABLE "analytics"."inbound_messages" (
    "business_id" TEXT NOT NULL,
    "message_sid" TEXT NOT NULL,
    "from_number" TEXT NOT NULL,
    "kind" TEXT NOT NULL,
    "received_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "inbound_messages_pkey" PRIMARY KEY ("business_id","message_sid")
);

-- CreateTable
CREATE TABLE "analytics"."opt_outs" (
    "business_id" TEXT NOT NULL,
    "event_id" TEXT NOT NULL,
    "caller_number" TEXT NOT NULL,
    "source" TEXT NOT NULL,
    "opted_out_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "opt_outs_pkey" PRIMARY KEY ("business_id","event_id")
);

-- CreateTable
CREATE TABLE "analytics"."event_log" (
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
CREATE TABLE "analytics"."processed_events" (
    "consumer" TEXT NOT NULL,
    "event_id" UUID NOT NULL,
    "processed_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "processed_events_pkey" PRIMARY KEY ("consumer","event_id")
);

-- CreateIndex
CREATE UNIQUE INDEX "businesses_user_id_key" ON "analytics"."businesses"("user_id");

-- CreateIndex
CREATE INDEX "calls_business_id_occurred_at_idx" ON "analytics"."calls"("business_id", "occurred_at" DESC);

-- CreateIndex
CREATE INDEX "texts_business_id_at_idx" ON "analytics"."texts"("business_id", "at" DESC);

-- CreateIndex
CREATE INDEX "texts_business_id_call_id_idx" ON "analytics"."texts"("business_id", "call_id");

-- CreateIndex
CREATE INDEX "suppressions_business_id_suppressed_at_idx" ON "analytics"."suppressions"("business_id", "suppressed_at");

-- CreateIndex
CREATE INDEX "inbound_messages_business_id_received_at_idx" ON "analytics"."inbound_messages"("business_id", "received_at");

-- CreateIndex
CREATE INDEX "opt_outs_business_id_opted_out_at_idx" ON "analytics"."opt_outs"("business_id", "opted_out_at");

-- CreateIndex
CREATE UNIQUE INDEX "event_log_id_key" ON "analytics"."event_log"("id");

-- CreateIndex
CREATE INDEX "event_log_published_at_idx" ON "analytics"."event_log"("published_at");
