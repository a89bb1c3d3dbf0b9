-- Identity stops storing billing's data (docs/decisions.md, "One owner for the sign-up saga"):
-- what the web app reads about the plan moves to a table named as what it is, a projection of
-- billing's SubscriptionChanged, with every account's current values; the Stripe ids are dropped
-- (billing's mirror has them, nobody read them here).

-- CreateTable
CREATE TABLE "identity"."subscription_projection" (
    "user_id" UUID NOT NULL,
    "plan" VARCHAR(20) NOT NULL,
    "billing_frequency" VARCHAR(10) NOT NULL,
    "status" VARCHAR(20) NOT NULL,
    "trial_ends_at" TIMESTAMPTZ(3) NOT NULL,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "subscription_projection_pkey" PRIMARY KEY ("user_id")
);

-- Every account keeps what it showed before the move.
INSERT INTO "identity"."subscription_projection" ("user_id", "plan", "billing_frequency", "status", "trial_ends_at", "updated_at")
SELECT "id", "subscription_plan", "billing_frequency", "subscription_status", "trial_ends_at", "updated_at"
FROM "identity"."users";

-- AlterTable
ALTER TABLE "identity"."users" DROP COLUMN "billing_frequency",
DROP COLUMN "stripe_customer_id",
DROP COLUMN "stripe_subscription_id",
DROP COLUMN "subscription_plan",
DROP COLUMN "subscription_status",
DROP COLUMN "trial_ends_at";
