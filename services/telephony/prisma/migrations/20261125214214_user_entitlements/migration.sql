-- CreateTable
CREATE TABLE "telephony"."user_entitlements" (
    "user_id" TEXT NOT NULL,
    "status" TEXT NOT NULL,
    "source" TEXT NOT NULL,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "user_entitlements_pkey" PRIMARY KEY ("user_id")
);
