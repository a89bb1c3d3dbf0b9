import { ChoosePlanAlert } from "@/shared/billing/choose-plan-alert";
import { PLAN_NOTICE_TEXT } from "@/shared/billing/plan-notice";
import { usePlanNotice } from "@/shared/billing/use-plan-notice";

/** Above every dashboard section while the account has no subscription in good standing; nothing while billing loads or fails. */
export function PlanBanner() {
  const { notice, checkout } = usePlanNotice();
  if (!notice) return null;
  const text = PLAN_NOTICE_TEXT[notice];
  return <ChoosePlanAlert title={text.title} description={text.description} checkout={checkout} testId="plan-banner" className="rb-plan-banner" />;
}
