-- CreateTable
CREATE TABLE "messaging"."inbound_reconcile_watermarks" (
    "phone_number" TEXT NOT NULL,
    "reconciled_until" TIMESTAMPTZ(3) NOT NULL,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "inbound_reconcile_watermarks_pkey" PRIMARY KEY ("phone_number")
);
