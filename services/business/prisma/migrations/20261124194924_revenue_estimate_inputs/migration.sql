-- AlterTable
ALTER TABLE "business"."businesses" ADD COLUMN     "average_client_value" INTEGER NOT NULL DEFAULT 500,
ADD COLUMN     "close_rate_percent" INTEGER NOT NULL DEFAULT 25;
