-- AlterTable
ALTER TABLE "business"."businesses" ADD COLUMN     "closed_dates" TEXT[] DEFAULT ARRAY[]::TEXT[],
ADD COLUMN     "forwarding_alerts_enabled" BOOLEAN NOT NULL DEFAULT true;
