-- AlterTable
ALTER TABLE "bus"."consumer_offsets" ADD COLUMN     "handled_above" BIGINT[] DEFAULT ARRAY[]::BIGINT[];
