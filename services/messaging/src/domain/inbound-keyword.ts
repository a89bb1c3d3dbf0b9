// Inbound SMS keywords and opt-out phrases: messaging reads every inbound text with the one
// classifier of @rebound/contracts (classifyInboundSms), under messaging's names.
import { classifyInboundSms, type ClassifiedInboundSms, type InboundSmsIntent } from "@rebound/contracts/domain";

export type InboundKindName = InboundSmsIntent;
export type ClassifiedInbound = ClassifiedInboundSms;

export const classifyInbound = (body: string): ClassifiedInbound => classifyInboundSms(body);
