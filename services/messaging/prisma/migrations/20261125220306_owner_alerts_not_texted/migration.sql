-- AlterTable
ALTER TABLE "messaging"."owner_alerts" ADD COLUMN     "call_id" TEXT,
ADD COLUMN     "kind" TEXT NOT NULL DEFAULT 'texted',
ADD COLUMN     "reason" TEXT,
ALTER COLUMN "sms_id" DROP NOT NULL;

-- CreateIndex
CREATE UNIQUE INDEX "owner_alerts_call_id_key" ON "messaging"."owner_alerts"("call_id");
