-- CreateSchema
CREATE SCHEMA IF NOT EXISTS "messaging";

-- CreateTable
CREATE TABLE "messaging"."event_log" (
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
CREATE TABLE "messaging"."processed_events" (
    "consumer" TEXT NOT NULL,
    "event_id" UUID NOT NULL,
    "processed_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "processed_events_pkey" PRIMARY KEY ("consumer","event_id")
);

-- CreateTable
CREATE TABLE "messaging"."business_configs" (
    "business_id" TEXT NOT NULL,
    "user_id" TEXT,
    "settings" JSONB,
    "profile" JSONB,
    "dedicated_number" TEXT,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "business_configs_pkey" PRIMARY KEY ("business_id")
);

-- CreateTable
CREATE TABLE "messaging"."subscriptions" (
    "user_id" TEXT NOT NULL,
    "plan" TEXT NOT NULL,
    "status" TEXT NOT NULL,
    "source" TEXT NOT NULL,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "subscriptions_pkey" PRIMARY KEY ("user_id")
);

-- CreateTable
CREATE TABLE "messaging"."opt_outs" (
    "business_id" TEXT NOT NULL,
    "caller_number" TEXT NOT NULL,
    "opted_out" BOOLEAN NOT NULL,
    "source" TEXT NOT NULL,
    "keyword" TEXT NOT NULL,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "opt_outs_pkey" PRIMARY KEY ("business_id","caller_number")
);

-- CreateTable
CREATE TABLE "messaging"."monthly_usage" (
    "business_id" TEXT NOT NULL,
    "month" TEXT NOT NULL,
    "texted" INTEGER NOT NULL,

    CONSTRAINT "monthly_usage_pkey" PRIMARY KEY ("business_id","month")
);

-- CreateTable
CREATE TABLE "messaging"."caller_contacts" (
    "business_id" TEXT NOT NULL,
    "caller_number" TEXT NOT NULL,
    "last_texted_at" TIMESTAMPTZ(3),
    "last_auto_reply_at" TIMESTAMPTZ(3),

    CONSTRAINT "caller_contacts_pkey" PRIMARY KEY ("business_id","caller_number")
);

-- CreateTable
CREATE TABLE "messaging"."call_dispatches" (
    "call_id" TEXT NOT NULL,
    "business_id" TEXT NOT NULL,
    "event_id" TEXT NOT NULL,
    "outcome" TEXT NOT NULL,
    "reason" TEXT,
    "sms_id" UUID,
    "decided_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "call_dispatches_pkey" PRIMARY KEY ("call_id")
);

-- CreateTable
CREATE TABLE "messaging"."sms_logs" (
    "id" UUID NOT NULL,
    "business_id" TEXT NOT NULL,
    "call_id" TEXT,
    "recipient_number" TEXT NOT NULL,
    "sender_number" TEXT NOT NULL,
    "message" TEXT NOT NULL,
    "kind" TEXT NOT NULL,
    "provider_sid" TEXT,
    "status" TEXT NOT NULL,
    "error_code" TEXT,
    "error_message" TEXT,
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "lease_until" TIMESTAMPTZ(3),
    "sent_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "accepted_at" TIMESTAMPTZ(3),
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "sms_logs_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "messaging"."inbound_sms" (
    "message_sid" TEXT NOT NULL,
    "business_id" TEXT NOT NULL,
    "from_number" TEXT NOT NULL,
    "to_number" TEXT NOT NULL,
    "body" TEXT NOT NULL,
    "kind" TEXT NOT NULL,
    "received_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "inbound_sms_pkey" PRIMARY KEY ("message_sid")
);

-- CreateTable
CREATE TABLE "messaging"."owner_alerts" (
    "id" UUID NOT NULL,
    "business_id" TEXT NOT NULL,
    "sms_id" UUID NOT NULL,
    "caller_number" TEXT NOT NULL,
    "message" TEXT NOT NULL,
    "texted_at" TIMESTAMPTZ(3) NOT NULL,
    "emailed_at" TIMESTAMPTZ(3),
    "skipped" BOOLEAN NOT NULL DEFAULT false,

    CONSTRAINT "owner_alerts_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "event_log_id_key" ON "messaging"."event_log"("id");

-- CreateIndex
CREATE INDEX "event_log_published_at_idx" ON "messaging"."event_log"("published_at");

-- CreateIndex
CREATE UNIQUE INDEX "business_configs_dedicated_number_key" ON "messaging"."business_configs"("dedicated_number");

-- CreateIndex
CREATE INDEX "business_configs_user_id_idx" ON "messaging"."business_configs"("user_id");

-- CreateIndex
CREATE INDEX "business_configs_updated_at_idx" ON "messaging"."business_configs"("updated_at");

-- CreateIndex
CREATE INDEX "subscriptions_updated_at_idx" ON "messaging"."subscriptions"("updated_at");

-- CreateIndex
CREATE INDEX "opt_outs_updated_at_idx" ON "messaging"."opt_outs"("updated_at");

-- CreateIndex
CREATE INDEX "caller_contacts_last_texted_at_idx" ON "messaging"."caller_contacts"("last_texted_at");

-- CreateIndex
CREATE UNIQUE INDEX "sms_logs_call_id_key" ON "messaging"."sms_logs"("call_id");

-- CreateIndex
CREATE UNIQUE INDEX "sms_logs_provider_sid_key" ON "messaging"."sms_logs"("provider_sid");

-- CreateIndex
CREATE INDEX "sms_logs_status_lease_until_idx" ON "messaging"."sms_logs"("status", "lease_until");

-- CreateIndex
CREATE INDEX "sms_logs_business_id_sent_at_idx" ON "messaging"."sms_logs"("business_id", "sent_at");

-- CreateIndex
CREATE INDEX "inbound_sms_business_id_received_at_idx" ON "messaging"."inbound_sms"("business_id", "received_at");

-- CreateIndex
CREATE UNIQUE INDEX "owner_alerts_sms_id_key" ON "messaging"."owner_alerts"("sms_id");

-- CreateIndex
CREATE INDEX "owner_alerts_business_id_emailed_at_idx" ON "messaging"."owner_alerts"("business_id", "emailed_at");

-- CreateIndex
CREATE INDEX "owner_alerts_emailed_at_idx" ON "messaging"."owner_alerts"("emailed_at");
