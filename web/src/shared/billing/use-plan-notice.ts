import { useUser } from "@/shared/auth/get-user";
import { useBilling } from "./get-billing";
import { checkoutTarget, planNotice, type CheckoutTarget, type PlanNotice } from "./plan-notice";

export interface PlanNoticeState {
  /** null while GET /api/billing loads or after it failed: no warning is shown on a guess. */
  notice: PlanNotice | null;
  /** GET /api/billing has not answered yet. */
  pending: boolean;
  checkout: CheckoutTarget;
}

/** Whether the owner is to be sent to checkout, and where: the sign-up plan and frequency. */
export function usePlanNotice(): PlanNoticeState {
  const billing = useBilling();
  const { user } = useUser();
  return {
    notice: planNotice(billing.data),
    pending: billing.isPending,
    checkout: checkoutTarget(user ?? billing.data?.user),
  };
}
