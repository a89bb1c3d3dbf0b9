-- AlterTable
ALTER TABLE "telephony"."business_directory" ADD COLUMN     "allow_international_callers" BOOLEAN NOT NULL DEFAULT false,
ADD COLUMN     "do_not_text_numbers" TEXT[] DEFAULT ARRAY[]::TEXT[],
ADD COLUMN     "is_active" BOOLEAN NOT NULL DEFAULT true,
ADD COLUMN     "text_likely_spoofed_callers" BOOLEAN NOT NULL DEFAULT false,
ADD COLUMN     "voice_no_text_answer" TEXT NOT NULL DEFAULT 'say',
ADD COLUMN     "voice_no_text_message" TEXT NOT NULL DEFAULT '',
ADD COLUMN     "voice_text_message" TEXT NOT NULL DEFAULT '';
