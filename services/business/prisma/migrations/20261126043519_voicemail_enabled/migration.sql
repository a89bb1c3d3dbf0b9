-- AlterTable
ALTER TABLE "business"."businesses" ADD COLUMN     "voicemail_enabled" BOOLEAN NOT NULL DEFAULT false;
