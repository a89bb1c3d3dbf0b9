-- AlterTable
ALTER TABLE "telephony"."business_directory" ADD COLUMN     "business_hours" JSONB NOT NULL DEFAULT '{}',
ADD COLUMN     "closed_dates" TEXT[] DEFAULT ARRAY[]::TEXT[],
ADD COLUMN     "forwarding_alerts_enabled" BOOLEAN NOT NULL DEFAULT true,
ADD COLUMN     "time_zone" TEXT NOT NULL DEFAULT 'America/New_York';

-- CreateTable
CREATE TABLE "telephony"."forwarding_watchdog" (
    "business_id" TEXT NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'unknown',
    "check_needed_since" TIMESTAMPTZ(3),
    "last_alert_at" TIMESTAMPTZ(3),
    "alert_open" BOOLEAN NOT NULL DEFAULT false,
    "version" INTEGER NOT NULL DEFAULT 0,
    "self_test_enabled" BOOLEAN NOT NULL DEFAULT false,
    "self_test_weekday" TEXT NOT NULL DEFAULT 'tuesday',
    "self_test_time" TEXT NOT NULL DEFAULT '10:00',
    "self_test_slot" TEXT,
    "self_test_failed_at" TIMESTAMPTZ(3),
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "forwarding_watchdog_pkey" PRIMARY KEY ("business_id")
);

-- CreateIndex
CREATE INDEX "forwarding_watchdog_self_test_enabled_idx" ON "telephony"."forwarding_watchdog"("self_test_enabled");
