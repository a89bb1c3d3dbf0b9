import { zodResolver } from "@hookform/resolvers/zod";
import { TIME_ZONES } from "@rebound/contracts/domain";
import { Alert, Button, Input, Select, Skeleton, Switch } from "antd";
import { useState } from "react";
import { Controller, useForm, useWatch } from "react-hook-form";
import { ApiError, errorMessage } from "@/shared/api/client";
import { selfTestSummary, weekdayLabel } from "@/shared/forwarding/forwarding-display";
import { selfTestSchema, useForwardingStatus, useUpdateSelfTest, WEEKDAYS, type SelfTestSettings } from "@/shared/forwarding/forwarding-status";
import { FormField } from "@/shared/ui/form-field";
import { SectionError } from "@/shared/ui/section-error";
import { toast } from "@/shared/ui/toast/toast-store";

export const SELF_TEST_SAVE_FAILED = "We couldn't save your weekly test. Please try again.";
const WEEKDAY_OPTIONS = WEEKDAYS.map((day) => ({ value: day, label: weekdayLabel(day) }));

function zoneLabel(timeZone: string | undefined): string {
  if (!timeZone) return "your business's time zone";
  return `${TIME_ZONES.find((zone) => zone.value === timeZone)?.label ?? timeZone} time`;
}

/** The weekly forwarding self-test's switch, day and time (PUT /api/forwarding/self-test; issue 28). */
export function SelfTestForm({ initial, timeZone }: { initial: SelfTestSettings; timeZone?: string }) {
  const save = useUpdateSelfTest();
  const [serverError, setServerError] = useState<string | null>(null);
  const { control, handleSubmit, formState, setError } = useForm<SelfTestSettings>({ resolver: zodResolver(selfTestSchema), defaultValues: initial });
  const enabled = useWatch({ control, name: "enabled" });

  const onSubmit = handleSubmit((settings) => {
    setServerError(null);
    save.mutate(settings, {
      onSuccess: (status) =>
        toast({
          title: "Weekly test saved",
          description: status.selfTest.enabled
            ? `${selfTestSummary(status.selfTest)}, we'll check that your missed calls still reach Rebound.`
            : "Weekly forwarding tests are off.",
        }),
      onError: (error) => {
        const fields = error instanceof ApiError ? error.fieldErrors : {};
        let shown = false;
        for (const name of ["weekday", "time"] as const) {
          if (fields[name]) {
            setError(name, { message: fields[name] });
            shown = true;
          }
        }
        if (!shown) setServerError(errorMessage(error, SELF_TEST_SAVE_FAILED));
      },
    });
  });

  return (
    <form noValidate onSubmit={onSubmit} aria-label="Weekly forwarding test" className="rb-self-test">
      <Controller
        control={control}
        name="enabled"
        render={({ field }) => (
          <div className="rb-toggle-row">
            <div>
              <span id="self-test-label" className="rb-toggle-row__title">
                Test my forwarding every week
              </span>
              <span id="self-test-hint" className="rb-toggle-row__hint">
                Once a week we call your business line from a test line and check that it forwards to Rebound, the same test as above.
              </span>
            </div>
            <span className="rb-toggle-row__control">
              <span className={field.value ? "rb-state rb-state--on" : "rb-state"}>{field.value ? "On" : "Off"}</span>
              <Switch
                id="self-test-enabled"
                checked={field.value}
                onChange={field.onChange}
                aria-labelledby="self-test-label"
                aria-describedby="self-test-hint"
              />
            </span>
          </div>
        )}
      />
      <div className="rb-self-test__when">
        <Controller
          control={control}
          name="weekday"
          render={({ field }) => (
            <FormField id="self-test-weekday" label="Day" error={formState.errors.weekday?.message}>
              <Select
                value={field.value}
                onChange={field.onChange}
                onBlur={field.onBlur}
                options={WEEKDAY_OPTIONS}
                disabled={!enabled}
                className="rb-self-test__day"
              />
            </FormField>
          )}
        />
        <Controller
          control={control}
          name="time"
          render={({ field }) => (
            <FormField id="self-test-time" label="Time" error={formState.errors.time?.message} extra={`Inside your business hours, ${zoneLabel(timeZone)}.`}>
              <Input {...field} type="time" step={60} disabled={!enabled} className="rb-self-test__time" />
            </FormField>
          )}
        />
      </div>
      {serverError ? (
        <Alert type="error" showIcon title={serverError} role="alert" data-testid="self-test-error" closable={{ onClose: () => setServerError(null) }} />
      ) : null}
      <div className="rb-form-actions">
        <Button type="primary" htmlType="submit" loading={save.isPending}>
          Save Weekly Test
        </Button>
      </div>
    </form>
  );
}

/** The Test screen's weekly self-test card: loads the status, then the form (nothing while telephony does not serve it). */
export function SelfTestCard({ timeZone }: { timeZone?: string }) {
  const status = useForwardingStatus();
  if (status.isPending) {
    return (
      <section className="rb-card" aria-busy="true" aria-label="Weekly forwarding test">
        <Skeleton active paragraph={{ rows: 3 }} />
      </section>
    );
  }
  if (status.isError) return <SectionError what="your weekly test settings" onRetry={() => void status.refetch()} />;
  if (!status.data) return null;
  return (
    <section className="rb-card rb-form-card" aria-labelledby="self-test-title" data-testid="self-test-card">
      <h2 id="self-test-title" className="rb-h3">
        Weekly forwarding test
      </h2>
      <p className="rb-muted">Carriers can turn forwarding off after a plan or SIM change. A weekly test tells you before your callers do.</p>
      <SelfTestForm initial={status.data.selfTest} timeZone={timeZone} />
    </section>
  );
}
