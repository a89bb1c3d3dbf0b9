import { useMutation, useQueryClient } from "@tanstack/react-query";
import { z } from "zod";
import { api } from "@/shared/api/client";
import { businessQueryOptions } from "@/shared/business/get-business";
import { invalidateForwardingStatus } from "@/shared/forwarding/forwarding-status";

/** The test form (docs/product.md section 5). */
export const forwardingTestSchema = z.object({ testPhoneNumber: z.string().trim().min(1, "Test phone number is required") });
export type ForwardingTestInput = z.infer<typeof forwardingTestSchema>;

export interface ForwardingTestResult {
  success: boolean;
  message: string;
  interpretation: string;
}

/** POST /api/test/call-forwarding {phoneNumber}; the business (last test status) and the forwarding status are refetched. */
export function runForwardingTest(phoneNumber: string): Promise<ForwardingTestResult> {
  return api.post<ForwardingTestResult>("/api/test/call-forwarding", { phoneNumber });
}

export function useRunForwardingTest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: runForwardingTest,
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: businessQueryOptions().queryKey });
      void invalidateForwardingStatus(queryClient);
    },
  });
}
