-- CreateSchema
CREATE SCHEMA IF NOT EXISTS "billing";

-- CreateTable
CREATE TABLE "billing"."customers" (
    "id" VARCHAR(255) NOT NULL,
    "provider" VARCHAR(10) NOT NULL,
    "user_id" VARCHAR(64),
    "business_id" VARCHAR(64),
    "email" VARCHAR(255) NOT NULL,
    "name" VARCHAR(255) NOT NULL DEFAULT '',
    "signup_state" VARCHAR(20) NOT NULL,
    "signup_key" VARCHAR(64),
    "default_payment_method_id" VARCHAR(255),
    "published_state" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "customers_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "billing"."payment_methods" (
    "id" VARCHAR(255) NOT NULL,
    "customer_id" VARCHAR(255) NOT NULL,
    "brand" VARCHAR(30) NOT NULL,
    "last4" VARCHAR(4) NOT NULL,
    "exp_month" INTEGER NOT NULL,
    "exp_year" INTEGER NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "payment_methods_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "billing"."subscriptions" (
    "id" VARCHAR(255) NOT NULL,
    "customer_id" VARCHAR(255) NOT NULL,
    "plan" VARCHAR(20) NOT NULL,
    "billing_frequency" VARCHAR(10) NOT NULL,
    "status" VARCHAR(20) NOT NULL,
    "cancel_at_period_end" BOOLEAN NOT NULL,
    "current_period_start" TIMESTAMPTZ(3) NOT NULL,
    "current_period_end" TIMESTAMPTZ(3) NOT NULL,
    "trial_end" TIMESTAMPTZ(3),
    "ended_at" TIMESTAMPTZ(3),
    "has_number_item" BOOLEAN NOT NULL DEFAULT false,
    "created_at" TIMESTAMPTZ(3) NOT NULL,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "subscriptions_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "billing"."invoices" (
    "id" VARCHAR(255) NOT NULL,
    "customer_id" VARCHAR(255) NOT NULL,
    "subscription_id" VARCHAR(255),
    "number" VARCHAR(64),
    "status" VARCHAR(20) NOT NULL,
    "billing_reason" VARCHAR(40),
    "total_cents" INTEGER NOT NULL,
    "amount_paid_cents" INTEGER NOT NULL,
    "amount_due_cents" INTEGER NOT NULL,
    "currency" VARCHAR(3) NOT NULL DEFAULT 'usd',
    "lines" JSONB NOT NULL,
    "hosted_invoice_url" TEXT,
    "invoice_pdf" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "invoices_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "billing"."payment_events" (
    "id" VARCHAR(255) NOT NULL,
    "type" VARCHAR(80) NOT NULL,
    "processed_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "payment_events_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "billing"."local_objects" (
    "id" VARCHAR(255) NOT NULL,
    "kind" VARCHAR(30) NOT NULL,
    "customer_id" VARCHAR(255),
    "idempotency_key" VARCHAR(255),
    "due_at" TIMESTAMPTZ(3),
    "data" JSONB NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "local_objects_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "billing"."local_counters" (
    "name" VARCHAR(40) NOT NULL,
    "value" INTEGER NOT NULL,

    CONSTRAINT "local_counters_pkey" PRIMARY KEY ("name")
);

-- CreateTable
CREATE TABLE "billing"."event_log" (
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
CREATE TABLE "billing"."processed_events" (
    "consumer" TEXT NOT NULL,
    "event_id" UUID NOT NULL,
    "processed_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "processed_events_pkey" PRIMARY KEY ("consumer","event_id")
);

-- CreateIndex
CREATE UNIQUE INDEX "customers_user_id_key" ON "billing"."customers"("user_id");

-- CreateIndex
CREATE UNIQUE INDEX "customers_signup_key_key" ON "billing"."customers"("signup_key");

-- CreateIndex
CREATE INDEX "customers_signup_state_created_at_idx" ON "billing"."customers"("signup_state", "created_at");

-- CreateIndex
CREATE INDEX "payment_methods_customer_id_idx" ON "billing"."payment_methods"("customer_id");

-- CreateIndex
CREATE INDEX "subscriptions_customer_id_created_at_idx" ON "billing"."subscriptions"("customer_id", "created_at");

-- CreateIndex
CREATE INDEX "invoices_customer_id_created_at_idx" ON "billing"."invoices"("customer_id", "created_at");

-- CreateIndex
CREATE UNIQUE INDEX "local_objects_idempotency_key_key" ON "billing"."local_objects"("idempotency_key");

-- CreateIndex
CREATE INDEX "local_objects_kind_due_at_idx" ON "billing"."local_objects"("kind", "due_at");

-- CreateIndex
CREATE INDEX "local_objects_customer_id_kind_idx" ON "billing"."local_objects"("customer_id", "kind");

-- CreateIndex
CREATE UNIQUE INDEX "event_log_id_key" ON "billing"."event_log"("id");

-- CreateIndex
CREATE INDEX "event_log_published_at_idx" ON "billing"."event_log"("published_at");
