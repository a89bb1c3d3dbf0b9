-- AlterTable
ALTER TABLE "business"."businesses" ADD COLUMN     "inbox_forward_number" VARCHAR(20) NOT NULL DEFAULT '';
