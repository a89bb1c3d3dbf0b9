import { zodResolver } from "@hookform/resolvers/zod";
import type { AnalyticsSummaryResponse } from "@rebound/contracts/domain";
import { useQueryClient } from "@tanstack/react-query";
import { Button, InputNumber } from "antd";
import { Controller, useForm } from "react-hook-form";
import { errorMessage } from "@/shared/api/client";
import { useBusiness } from "@/shared/business/get-business";
import { SETTINGS_SAVE_FAILED, settingsPayload, useUpdateBusiness } from "@/shared/business/update-business";
import { FormField } from "@/shared/ui/form-field";
import { toast } from "@/shared/ui/toast/toast-store";
import { summaryQueryOptions } from "../api/get-summary";
import { revenueInputsSchema, type RevenueInputs } from "../api/update-revenue-inputs";
import { formatRevenue } from "../lib/results-display";

/** The estimated revenue recovered, with its two inputs editable, and what was measurably booked beside it. */
export function RevenueCard({
  revenue,
  callersWhoReplied,
  booked,
}: {
  revenue: AnalyticsSummaryResponse["revenue"];
  callersWhoReplied: number;
  /** Measured from the conversations marked booked; shown beside the estimate when there are any. */
  booked?: AnalyticsSummaryResponse["booked"];
}) {
  const business = useBusiness();
  const save = useUpdateBusiness();
  const queryClient = useQueryClient();
  const { control, handleSubmit, formState } = useForm<RevenueInputs>({
    resolver: zodResolver(revenueInputsSchema),
    defaultValues: { averageClientValue: revenue.averageClientValue, closeRate: revenue.closeRatePercent },
  });
  const onSubmit = handleSubmit((inputs) => {
    if (!business.data) return;
    save.mutate(settingsPayload(business.data, inputs), {
      onSuccess: () => {
        toast({ title: "Settings Saved", description: "Your revenue estimate now uses these numbers." });
        void queryClient.invalidateQueries({ queryKey: summaryQueryOptions().queryKey });
      },
      onError: (error) => toast({ title: "Error", description: errorMessage(error, SETTINGS_SAVE_FAILED), variant: "destructive" }),
    });
  });
  return (
    <section className="rb-card rb-revenue" aria-labelledby="revenue-title">
      <div>
        <h2 id="revenue-title" className="rb-results__label">
          Estimated revenue recovered
        </h2>
        <p className="rb-revenue__value" data-testid="revenue">
          {formatRevenue(revenue.estimated)}
        </p>
        <p className="rb-muted">
          {callersWhoReplied} {callersWhoReplied === 1 ? "caller" : "callers"} replied × {revenue.closeRatePercent}% close rate ×{" "}
          {formatRevenue(revenue.averageClientValue)} average client value
          {revenue.usesDefaults ? " (default inputs: set your own)" : ""}.
        </p>
        {booked && booked.count > 0 ? (
          <p className="rb-muted" data-testid="revenue-booked">
            Measured: {formatRevenue(booked.valueCents / 100)} booked from {booked.count} {booked.count === 1 ? "conversation" : "conversations"} you marked.
          </p>
        ) : null}
      </div>
      <form noValidate onSubmit={onSubmit} aria-label="Revenue estimate inputs" className="rb-revenue__form">
        <Controller
          control={control}
          name="averageClientValue"
          render={({ field }) => (
            <FormField id="averageClientValue" label="Average client value ($)" error={formState.errors.averageClientValue?.message}>
              <InputNumber
                value={field.value}
                onChange={(value) => field.onChange(value ?? 0)}
                onBlur={field.onBlur}
                min={0}
                step={50}
                precision={0}
                className="rb-full-width"
              />
            </FormField>
          )}
        />
        <Controller
          control={control}
          name="closeRate"
          render={({ field }) => (
            <FormField id="closeRate" label="Close rate (%)" error={formState.errors.closeRate?.message}>
              <InputNumber
                value={field.value}
                onChange={(value) => field.onChange(value ?? 0)}
                onBlur={field.onBlur}
                min={0}
                max={100}
                step={5}
                precision={0}
                className="rb-full-width"
              />
            </FormField>
          )}
        />
        <Button htmlType="submit" loading={save.isPending} disabled={!business.data}>
          Update Estimate
        </Button>
      </form>
    </section>
  );
}
