// POST /webhooks/twilio/status (the gateway checked X-Twilio-Signature before this).
import express, { Router } from "express";
import { z } from "zod";
import { parseInput } from "@rebound/platform";
import type { RecordStatus } from "./record-status.use-case";

const statusCallbackSchema = z.object({
  MessageSid: z.string({ error: "MessageSid is required" }).trim().min(1, "MessageSid is required"),
  MessageStatus: z.string({ error: "MessageStatus is required" }).trim().min(1, "MessageStatus is required"),
  ErrorCode: z.string().trim().optional().default(""),
  ErrorMessage: z.string().trim().optional().default(""),
});

export function statusCallbackRouter(useCase: RecordStatus): Router {
  const router = Router();
  router.post("/webhooks/twilio/status", express.urlencoded({ extended: false, limit: "64kb" }), async (req, res) => {
    const input = parseInput(statusCallbackSchema, req.body ?? {});
    await useCase.execute({
      messageSid: input.MessageSid,
      messageStatus: input.MessageStatus,
      errorCode: input.ErrorCode,
      errorMessage: input.ErrorMessage,
    });
    res.status(204).end();
  });
  return router;
}
