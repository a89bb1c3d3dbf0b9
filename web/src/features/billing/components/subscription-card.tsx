import { Alert, Button, Modal } from "antd";
import { Badge } from "@/shared/ui/badge";
import { useState } from "react";
import { errorMessage } from "@/shared/api/client";
import { toast } from "@/shared/ui/toast/toast-store";
import { useCancelSubscription, useReactivateSubscription } from "../api/subscription-actions";
import type { SubscriptionSummary } from "../lib/billing-display";

const LABEL_TONE = { Active: "success", Trial: "accent", Cancelled: "danger", Inactive: "neutral" } as const;

/** Status, plan, trial end and next billing date; Cancel Plan, or Reactivate Subscription while cancellation is scheduled. */
export function SubscriptionCard({ summary, hasSubscription }: { summary: SubscriptionSummary; hasSubscription: boolean }) {
  const [confirming, setConfirming] = useState(false);
  const cancel = useCancelSubscription();
  const reactivate = useReactivateSubscription();
  const onCancel = () =>
    cancel.mutate(undefined, {
      onSuccess: (result) => {
        setConfirming(false);
        toast({ title: "Subscription Cancelled", description: result?.message || `Your plan stays active until ${summary.nextBilling}.` });
      },
      onError: (error) =>
        toast({ title: "Cancellation Failed", description: errorMessage(error, "Failed to cancel subscription. Please try again."), variant: "destructive" }),
    });
  const onReactivate = () =>
    reactivate.mutate(undefined, {
      onSuccess: (result) => toast({ title: "Subscription Reactivated", description: result?.message || "Your subscription continues as before." }),
      onError: (error) =>
        toast({
          title: "Reactivation Failed",
          description: errorMessage(error, "Failed to reactivate subscription. Please try again."),
          variant: "destructive",
        }),
    });
  return (
    <section className="rb-card rb-billing__status" aria-labelledby="subscription">
      <div className="rb-billing__head">
        <h2 id="subscription" className="rb-h3">
          Subscription
        </h2>
        <Badge tone={LABEL_TONE[summary.label]} className="rb-billing__label" testId="subscription-status">
          {summary.label}
        </Badge>
      </div>
      <p className="rb-billing__plan">
        <strong>{summary.planName}</strong> · {summary.price} · billed {summary.frequency}
      </p>
      <dl className="rb-billing__facts">
        {summary.trialEnds ? (
          <div>
            <dt>Trial ends</dt>
            <dd>{summary.trialEnds}</dd>
          </div>
        ) : null}
        {summary.nextBilling ? (
          <div>
            <dt>{summary.cancelScheduled ? "Access until" : "Next billing date"}</dt>
            <dd data-testid="next-billing">{summary.nextBilling}</dd>
          </div>
        ) : null}
      </dl>
      {summary.cancelScheduled ? (
        <Alert
          type="warning"
          showIcon
          title="Your subscription is set to end"
          description={`You won't be charged again. Rebound keeps texting your callers until ${summary.nextBilling}.`}
          action={
            <Button type="primary" onClick={onReactivate} loading={reactivate.isPending}>
              Reactivate Subscription
            </Button>
          }
          className="rb-billing__alert"
        />
      ) : hasSubscription ? (
        <div className="rb-actions">
          <Button danger onClick={() => setConfirming(true)}>
            Cancel Plan
          </Button>
        </div>
      ) : null}
      <Modal
        open={confirming}
        title="Cancel your plan?"
        onCancel={() => setConfirming(false)}
        okText="Cancel Plan"
        cancelText="Keep My Plan"
        okButtonProps={{ danger: true, loading: cancel.isPending }}
        onOk={onCancel}
      >
        <p>
          Your subscription ends at the end of this billing period, on <strong>{summary.nextBilling}</strong>. You won't be charged again, and your account
          stays active until then: missed calls keep getting texts.
        </p>
        <p className="rb-muted">Changed your mind later? Reactivate any time before that date.</p>
      </Modal>
    </section>
  );
}
