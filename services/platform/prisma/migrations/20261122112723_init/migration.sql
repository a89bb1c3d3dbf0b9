-- CreateSchema
CREATE SCHEMA IF NOT EXISTS "bus";

-- CreateTable
CREATE TABLE "bus"."messages" (
    "seq" BIGSERIAL NOT NULL,
    "topic" TEXT NOT NULL,
    "partition" INTEGER NOT NULL,
    "key" TEXT NOT NULL,
    "headers" JSONB NOT NULL,
    "value" BYTEA NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "messages_pkey" PRIMARY KEY ("seq")
);

-- CreateTable
CREATE TABLE "bus"."consumer_offsets" (
    "group_id" TEXT NOT NULL,
    "topic" TEXT NOT NULL,
    "committed_seq" BIGINT NOT NULL,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "consumer_offsets_pkey" PRIMARY KEY ("group_id","topic")
);

-- CreateIndex
CREATE INDEX "messages_topic_seq_idx" ON "bus"."messages"("topic", "seq");
