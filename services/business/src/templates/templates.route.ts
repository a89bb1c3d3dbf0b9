import { PLACEHOLDERS, SAMPLE_PLACEHOLDER_VALUES } from "@rebound/contracts/domain";
import type { RequestHandler } from "express";
import { MESSAGE_TEMPLATES } from "../domain/message-templates";

/**
 * GET /api/business/templates: the industry catalogue, plus the placeholders the UI can insert
 * and the sample values its live preview renders with (the same renderer as the SMS sender).
 */
export function templatesRoute(): RequestHandler {
  const body = {
    missedCall: MESSAGE_TEMPLATES.missedCall,
    afterHours: MESSAGE_TEMPLATES.afterHours,
    placeholders: PLACEHOLDERS,
    sampleValues: SAMPLE_PLACEHOLDER_VALUES,
  };
  return (_req, res) => {
    res.json(body);
  };
}
