-- CreateSchema
CREATE SCHEMA IF NOT EXISTS "telephony";

-- CreateTable
CREATE TABLE "telephony"."event_log" (
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
CREATE TABLE "telephony"."processed_events" (
    "consumer" TEXT NOT NULL,
    "event_id" UUID NOT NULL,
    "processed_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "processed_events_pkey" PRIMARY KEY ("consumer","event_id")
);

-- CreateTable
CREATE TABLE "telephony"."phone_numbers" (
    "id" UUID NOT NULL,
    "business_id" TEXT NOT NULL,
    "user_id" TEXT NOT NULL,
    "phone_number" TEXT NOT NULL,
    "provider_sid" TEXT NOT NULL,
    "country" TEXT NOT NULL DEFAULT 'US',
    "purchased_at" TIMESTAMPTZ(3) NOT NULL,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "phone_numbers_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "telephony"."calls" (
    "id" UUID NOT NULL,
    "business_id" TEXT NOT NULL,
    "call_sid" TEXT NOT NULL,
    "caller_number" TEXT NOT NULL,
    "to_number" TEXT NOT NULL,
    "call_status" TEXT NOT NULL,
    "call_direction" TEXT NOT NULL,
    "call_duration" INTEGER,
    "purpose" TEXT NOT NULL,
    "forwarded_from" TEXT,
    "start_time" TIMESTAMPTZ(3) NOT NULL,
    "end_time" TIMESTAMPTZ(3),
    "was_answered" BOOLEAN NOT NULL DEFAULT false,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "calls_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "telephony"."forwarding_tests" (
    "id" UUID NOT NULL,
    "business_id" TEXT NOT NULL,
    "user_id" TEXT NOT NULL,
    "tested_number" TEXT NOT NULL,
    "dedicated_number" TEXT NOT NULL,
    "test_call_sid" TEXT,
    "forwarded_call_sid" TEXT,
    "status" TEXT NOT NULL DEFAULT 'pending',
    "test_call_status" TEXT,
    "test_call_ended_at" TIMESTAMPTZ(3),
    "message" TEXT,
    "interpretation" TEXT,
    "started_at" TIMESTAMPTZ(3) NOT NULL,
    "completed_at" TIMESTAMPTZ(3),

    CONSTRAINT "forwarding_tests_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "telephony"."phone_number_releases" (
    "id" UUID NOT NULL,
    "user_id" TEXT NOT NULL,
    "business_id" TEXT NOT NULL,
    "phone_number" TEXT NOT NULL,
    "provider_sid" TEXT NOT NULL,
    "scheduled_release_date" TIMESTAMPTZ(3) NOT NULL,
    "released_at" TIMESTAMPTZ(3),
    "cancelled_at" TIMESTAMPTZ(3),
    "reason" TEXT NOT NULL DEFAULT 'subscription_cancellation',
    "status" TEXT NOT NULL DEFAULT 'scheduled',
    "claimed_at" TIMESTAMPTZ(3),
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "last_error" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "phone_number_releases_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "telephony"."business_directory" (
    "business_id" TEXT NOT NULL,
    "user_id" TEXT NOT NULL,
    "business_phone" TEXT NOT NULL DEFAULT '',
    "answer_calls" BOOLEAN NOT NULL DEFAULT true,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "business_directory_pkey" PRIMARY KEY ("business_id")
);

-- CreateIndex
CREATE UNIQUE INDEX "event_log_id_key" ON "telephony"."event_log"("id");

-- CreateIndex
CREATE INDEX "event_log_published_at_idx" ON "telephony"."event_log"("published_at");

-- CreateIndex
CREATE UNIQUE INDEX "phone_numbers_business_id_key" ON "telephony"."phone_numbers"("business_id");

-- CreateIndex
CREATE UNIQUE INDEX "phone_numbers_phone_number_key" ON "telephony"."phone_numbers"("phone_number");

-- CreateIndex
CREATE INDEX "phone_numbers_user_id_idx" ON "telephony"."phone_numbers"("user_id");

-- CreateIndex
CREATE UNIQUE INDEX "calls_call_sid_key" ON "telephony"."calls"("call_sid");

-- CreateIndex
CREATE INDEX "calls_business_id_created_at_idx" ON "telephony"."calls"("business_id", "created_at");

-- CreateIndex
CREATE INDEX "forwarding_tests_business_id_status_idx" ON "telephony"."forwarding_tests"("business_id", "status");

-- CreateIndex
CREATE INDEX "phone_number_releases_status_scheduled_release_date_idx" ON "telephony"."phone_number_releases"("status", "scheduled_release_date");

-- CreateIndex
CREATE UNIQUE INDEX "phone_number_releases_user_id_phone_number_status_key" ON "telephony"."phone_number_releases"("user_id", "phone_number", "status");

-- CreateIndex
CREATE UNIQUE INDEX "business_directory_user_id_key" ON "telephony"."business_directory"("user_id");
