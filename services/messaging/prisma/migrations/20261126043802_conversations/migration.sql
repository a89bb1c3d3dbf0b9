-- CreateTable
CREATE TABLE "messaging"."conversations" (
    "id" UUID NOT NULL,
    "business_id" TEXT NOT NULL,
    "caller_number" TEXT NOT NULL,
    "last_activity_at" TIMESTAMPTZ(3),
    "preview" TEXT NOT NULL DEFAULT '',
    "unread_count" INTEGER NOT NULL DEFAULT 0,
    "opted_out" BOOLEAN NOT NULL DEFAULT false,
    "read_up_to" TIMESTAMPTZ(3),
    "outcome" TEXT,
    "value_cents" INTEGER,
    "outcome_set_at" TIMESTAMPTZ(3),
    "outcome_event_id" TEXT NOT NULL DEFAULT '',
    "change_seq" BIGINT NOT NULL DEFAULT 0,

    CONSTRAINT "conversations_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "messaging"."conversation_items" (
    "id" UUID NOT NULL,
    "conversation_id" UUID NOT NULL,
    "business_id" TEXT NOT NULL,
    "kind" TEXT NOT NULL,
    "at" TIMESTAMPTZ(3) NOT NULL,
    "at_final" BOOLEAN NOT NULL DEFAULT true,
    "body" TEXT NOT NULL DEFAULT '',
    "sms_id" TEXT,
    "voicemail_id" TEXT NOT NULL DEFAULT '',
    "seconds" INTEGER NOT NULL DEFAULT 0,
    "transcript" TEXT NOT NULL DEFAULT '',
    "audio_deleted" BOOLEAN NOT NULL DEFAULT false,

    CONSTRAINT "conversation_items_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "messaging"."conversation_text_statuses" (
    "sms_id" TEXT NOT NULL,
    "business_id" TEXT NOT NULL,
    "status" TEXT NOT NULL,

    CONSTRAINT "conversation_text_statuses_pkey" PRIMARY KEY ("sms_id")
);

-- CreateTable
CREATE TABLE "messaging"."conversation_changes" (
    "business_id" TEXT NOT NULL,
    "seq" BIGINT NOT NULL,

    CONSTRAINT "conversation_changes_pkey" PRIMARY KEY ("business_id")
);

-- CreateIndex
CREATE INDEX "conversations_business_id_last_activity_at_id_idx" ON "messaging"."conversations"("business_id", "last_activity_at" DESC, "id" DESC);

-- CreateIndex
CREATE INDEX "conversations_business_id_change_seq_idx" ON "messaging"."conversations"("business_id", "change_seq");

-- CreateIndex
CREATE UNIQUE INDEX "conversations_business_id_caller_number_key" ON "messaging"."conversations"("business_id", "caller_number");

-- CreateIndex
CREATE UNIQUE INDEX "conversation_items_sms_id_key" ON "messaging"."conversation_items"("sms_id");

-- CreateIndex
CREATE INDEX "conversation_items_conversation_id_at_idx" ON "messaging"."conversation_items"("conversation_id", "at");
