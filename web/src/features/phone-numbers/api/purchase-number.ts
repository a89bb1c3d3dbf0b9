import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/shared/api/client";
import { businessQueryOptions } from "@/shared/business/get-business";

export interface PurchaseResult {
  success: boolean;
  message: string;
  phoneNumber: string;
}

/** POST /api/phone-numbers/purchase {phoneNumber}. */
export function purchaseNumber(phoneNumber: string): Promise<PurchaseResult> {
  return api.post<PurchaseResult>("/api/phone-numbers/purchase", { phoneNumber });
}

export function usePurchaseNumber() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: purchaseNumber,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: businessQueryOptions().queryKey }),
  });
}
