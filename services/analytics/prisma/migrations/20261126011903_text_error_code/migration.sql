-- AlterTable
ALTER TABLE "analytics"."texts" ADD COLUMN     "error_code" TEXT NOT NULL DEFAULT '';
