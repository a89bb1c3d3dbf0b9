-- CreateSchema
CREATE SCHEMA IF NOT EXISTS "gateway";

-- CreateTable
CREATE TABLE "gateway"."sessions" (
    "sid" TEXT NOT NULL,
    "sess" JSONB NOT NULL,
    "expire" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "sessions_pkey" PRIMARY KEY ("sid")
);

-- CreateTable
CREATE TABLE "gateway"."event_log" (
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
CREATE TABLE "gateway"."processed_events" (
    "consumer" TEXT NOT NULL,
    "event_id" UUID NOT NULL,
    "processed_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "processed_events_pkey" PRIMARY KEY ("consumer","event_id")
);

-- CreateIndex
CREATE INDEX "sessions_expire_idx" ON "gateway"."sessions"("expire");

-- CreateIndex
CREATE UNIQUE INDEX "event_log_id_key" ON "gateway"."event_log"("id");

-- CreateIndex
CREATE INDEX "event_log_published_at_idx" ON "gateway"."event_log"("published_at");
