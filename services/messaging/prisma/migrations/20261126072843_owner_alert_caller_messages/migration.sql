-- AlterTable
ALTER TABLE "messaging"."owner_alerts" ADD COLUMN     "conversation_id" UUID,
ADD COLUMN     "forward_state" TEXT,
ADD COLUMN     "forwarded_at" TIMESTAMPTZ(3),
ADD COLUMN     "ready_at" TIMESTAMPTZ(3),
ADD COLUMN     "seconds" INTEGER NOT NULL DEFAULT 0,
ADD COLUMN     "source_id" TEXT;

-- CreateIndex
CREATE UNIQUE INDEX "owner_alerts_source_id_key" ON "messaging"."owner_alerts"("source_id");

-- CreateIndex
CREATE INDEX "owner_alerts_forward_state_conversation_id_idx" ON "messaging"."owner_alerts"("forward_state", "conversation_id");
