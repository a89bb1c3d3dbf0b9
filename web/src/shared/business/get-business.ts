import type { SmsEncoding, VoiceNoTextAnswerName, WeeklyHours } from "@rebound/contracts/domain";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/shared/api/client";

export interface MessageStats {
  encoding: SmsEncoding;
  needsUcs2: boolean;
  characters: number;
  segments: number;
  perSegment: number;
}

/** GET /api/business as the web app reads it (services/business/src/http/business-response.ts). */
export interface Business {
  id: string;
  businessName: string;
  /** The account holder's name: what callers read as the business name until the owner sets one. */
  ownerName?: string;
  businessPhone: string;
  website: string;
  email: string;
  emergencyNumber: string;
  countryCode: string;
  dedicatedTwilioNumber: string | null;
  phoneNumberPurchasedAt: string | null;
  smsMessage: string;
  afterHoursMessage: string;
  afterHoursEnabled: boolean;
  autoReplyEnabled: boolean;
  smsAutoReplyEnabled: boolean;
  smsAutoReplyMessage: string;
  businessHours: WeeklyHours;
  timeZone: string;
  isActive: boolean;
  duplicateWindowHours: number;
  ownerAlertsEnabled: boolean;
  /** E-mail the owner when forwarding seems to have stopped (issue 28); absent from an older API: on. */
  forwardingAlertsEnabled?: boolean;
  /** Days the business is closed, "YYYY-MM-DD" (holidays: the forwarding watchdog ignores them); absent from an older API: none. */
  closedDates?: string[];
  doNotTextNumbers: string[];
  averageClientValue: number;
  closeRate: number;
  /** Text callers outside the US and Canada (international rates). */
  allowInternationalCallers: boolean;
  /** Text callers whose caller id the carrier could not verify (likely spoofed). */
  textLikelySpoofedCallers: boolean;
  /** Spoken to a missed caller who will get a text; empty: the standard message. */
  voiceTextMessage: string;
  /** Spoken to a missed caller who will get no text, when voiceNoTextAnswer is "say"; empty: the standard message. */
  voiceNoTextMessage: string;
  /** What a missed caller who will get no text hears: the message, silence, or a rejected call. */
  voiceNoTextAnswer: VoiceNoTextAnswerName;
  /** Record a voicemail after the spoken message (docs/conversations.md section 3); absent from an older API: off. */
  voicemailEnabled?: boolean;
  /** Callers' replies and voicemails texted to the owner's mobile: its E.164 number, "" when off; absent from an older API: off. */
  inboxForwardNumber?: string;
  setupCompleted: boolean;
  lastCallForwardingTestDate: string | null;
  lastCallForwardingTestStatus: "success" | "failed" | null;
  messageStats?: Record<"smsMessage" | "afterHoursMessage" | "smsAutoReplyMessage", MessageStats>;
}

/**
 * The name texted to callers: the business name, else the owner's name (messaging's businessNameOf;
 * kept in step by hand until that rule moves to @rebound/contracts).
 */
export function textedBusinessName(business: Pick<Business, "businessName" | "ownerName">): string {
  const clean = (value: string | undefined) => (value ?? "").replace(/\s+/g, " ").trim();
  return clean(business.businessName) || clean(business.ownerName);
}

export function getBusiness(): Promise<Business> {
  return api.get<Business>("/api/business");
}

export function businessQueryOptions() {
  return queryOptions({ queryKey: ["/api/business"] as const, queryFn: getBusiness });
}

export function useBusiness() {
  return useQuery(businessQueryOptions());
}
