import type { BillingFrequency, PlanName } from "@rebound/contracts/domain";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/shared/api/client";
import { userQueryOptions } from "@/shared/auth/get-user";
import { billingQueryOptions } from "@/shared/billing/get-billing";
import { businessQueryOptions } from "@/shared/business/get-business";

interface Message {
  message: string;
}

export interface ChangePlanInput {
  planName: PlanName;
  billingFrequency: BillingFrequency;
}

/** POST /api/billing/change-plan {planName, billingFrequency} -> {message}. */
export function changePlan(input: ChangePlanInput): Promise<Message> {
  return api.post<Message>("/api/billing/change-plan", input);
}

/** POST /api/billing/cancel -> {message}: ends at period end. */
export function cancelSubscription(): Promise<Message> {
  return api.post<Message>("/api/billing/cancel");
}

/** POST /api/billing/reactivate -> {message}: undoes a scheduled cancellation. */
export function reactivateSubscription(): Promise<Message> {
  return api.post<Message>("/api/billing/reactivate");
}

function useBillingMutation<I>(mutationFn: (input: I) => Promise<Message>, alsoUserAndBusiness = false) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: billingQueryOptions().queryKey });
      void queryClient.invalidateQueries({ queryKey: userQueryOptions().queryKey });
      if (alsoUserAndBusiness) void queryClient.invalidateQueries({ queryKey: businessQueryOptions().queryKey });
    },
  });
}

export const useChangePlan = () => useBillingMutation(changePlan);
export const useCancelSubscription = () => useBillingMutation<void>(() => cancelSubscription());
export const useReactivateSubscription = () => useBillingMutation<void>(() => reactivateSubscription(), true);
