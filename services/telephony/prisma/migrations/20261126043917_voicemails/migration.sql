-- AlterTable
ALTER TABLE "telephony"."business_directory" ADD COLUMN     "voicemail_enabled" BOOLEAN NOT NULL DEFAULT false;

-- CreateTable
CREATE TABLE "telephony"."voicemails" (
    "id" UUID NOT NULL,
    "business_id" TEXT NOT NULL,
    "call_id" UUID NOT NULL,
    "call_sid" TEXT NOT NULL,
    "caller_number" TEXT NOT NULL,
    "dedicated_number" TEXT NOT NULL,
    "recording_sid" TEXT NOT NULL,
    "account_sid" TEXT NOT NULL,
    "duration_seconds" INTEGER NOT NULL,
    "recorded_at" TIMESTAMPTZ(3) NOT NULL,
    "transcript" TEXT,
    "transcribed_at" TIMESTAMPTZ(3),
    "deleted_at" TIMESTAMPTZ(3),

    CONSTRAINT "voicemails_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "voicemails_recording_sid_key" ON "telephony"."voicemails"("recording_sid");

-- CreateIndex
CREATE INDEX "voicemails_recorded_at_idx" ON "telephony"."voicemails"("recorded_at");

-- CreateIndex
CREATE INDEX "voicemails_business_id_recorded_at_idx" ON "telephony"."voicemails"("business_id", "recorded_at");
