import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { z } from "zod";
import { api, ApiError } from "@/shared/api/client";

/** The days a weekly self-test can run on (business hours' day names). */
export const WEEKDAYS = ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"] as const;
export type Weekday = (typeof WEEKDAYS)[number];

export const FORWARDING_STATUSES = ["unknown", "verified", "check_needed"] as const;
export type ForwardingStatusName = (typeof FORWARDING_STATUSES)[number];

const iso = z
  .string()
  .nullish()
  .transform((value) => value ?? null);

/** The weekly forwarding self-test's settings (PUT /api/forwarding/self-test's body). */
export const selfTestSchema = z.object({
  enabled: z.boolean(),
  weekday: z.enum(WEEKDAYS),
  time: z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, "Enter a time such as 10:00"),
});
export type SelfTestSettings = z.infer<typeof selfTestSchema>;

export const DEFAULT_SELF_TEST: SelfTestSettings = { enabled: false, weekday: "tuesday", time: "10:00" };

/**
 * GET /api/forwarding/status (issue 28): read leniently, so a field an older or newer telephony
 * leaves out or adds does not blank the status (an unknown status reads as "unknown").
 */
export const forwardingStatusSchema = z.object({
  status: z.enum(FORWARDING_STATUSES).catch("unknown"),
  lastForwardedCallAt: iso,
  lastTestAt: iso,
  lastTestResult: z
    .enum(["success", "failed"])
    .nullish()
    .catch(null)
    .transform((value) => value ?? null),
  expectedCallsPerDay: z
    .number()
    .nullish()
    .catch(null)
    .transform((value) => value ?? null),
  checkNeededSince: iso.catch(null),
  selfTest: selfTestSchema.catch(DEFAULT_SELF_TEST).default(DEFAULT_SELF_TEST),
});
export type ForwardingStatus = z.infer<typeof forwardingStatusSchema>;

/** The status, or null while telephony does not serve it yet (404). */
export async function getForwardingStatus(): Promise<ForwardingStatus | null> {
  try {
    return forwardingStatusSchema.parse(await api.get<unknown>("/api/forwarding/status"));
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
}

export function forwardingStatusQueryOptions() {
  return queryOptions({ queryKey: ["/api/forwarding/status"] as const, queryFn: getForwardingStatus });
}

export function useForwardingStatus(options: { enabled?: boolean } = {}) {
  return useQuery({ ...forwardingStatusQueryOptions(), enabled: options.enabled ?? true });
}

/** PUT /api/forwarding/self-test: answers the whole status (400 with a message for a time outside open hours). */
export async function updateSelfTest(settings: SelfTestSettings): Promise<ForwardingStatus> {
  return forwardingStatusSchema.parse(await api.put<unknown>("/api/forwarding/self-test", settings));
}

export function useUpdateSelfTest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateSelfTest,
    onSuccess: (status) => queryClient.setQueryData(forwardingStatusQueryOptions().queryKey, status),
  });
}

/** Refetch the status (after a forwarding test: its result moves the status). */
export function invalidateForwardingStatus(queryClient: ReturnType<typeof useQueryClient>): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: forwardingStatusQueryOptions().queryKey });
}
