-- AlterTable
ALTER TABLE "business"."businesses" ADD COLUMN     "allow_international_callers" BOOLEAN NOT NULL DEFAULT false,
ADD COLUMN     "owner_name" VARCHAR(100) NOT NULL DEFAULT '',
ADD COLUMN     "text_likely_spoofed_callers" BOOLEAN NOT NULL DEFAULT false,
ADD COLUMN     "voice_no_text_answer" VARCHAR(10) NOT NULL DEFAULT 'say',
ADD COLUMN     "voice_no_text_message" VARCHAR(300) NOT NULL DEFAULT '',
ADD COLUMN     "voice_text_message" VARCHAR(300) NOT NULL DEFAULT '';
