import { DeleteOutlined, PlusOutlined } from "@ant-design/icons";
import { zodResolver } from "@hookform/resolvers/zod";
import { Button, Input, InputNumber, Switch } from "antd";
import { useState } from "react";
import { Controller, useForm } from "react-hook-form";
import { errorMessage } from "@/shared/api/client";
import type { Business } from "@/shared/business/get-business";
import { SETTINGS_SAVE_FAILED, SETTINGS_SAVED, settingsPayload, useUpdateBusiness } from "@/shared/business/update-business";
import { formatPhoneNumber } from "@/shared/lib/status";
import { FormField } from "@/shared/ui/form-field";
import { toast } from "@/shared/ui/toast/toast-store";
import { MAX_DUPLICATE_WINDOW_HOURS, parseDoNotTextNumber, textingRulesSchema, type TextingRules } from "../lib/texting-rules";

/** Owner alerts and forwarding alerts on/off, the suppression window and the numbers never to text (POST /api/business). */
export function TextingRulesForm({ business }: { business: Business }) {
  const save = useUpdateBusiness();
  const [draft, setDraft] = useState("");
  const [draftError, setDraftError] = useState<string | undefined>();
  const { control, handleSubmit, formState, watch, setValue } = useForm<TextingRules>({
    resolver: zodResolver(textingRulesSchema),
    defaultValues: {
      ownerAlertsEnabled: business.ownerAlertsEnabled,
      // Absent from an older API: on (business's default).
      forwardingAlertsEnabled: business.forwardingAlertsEnabled ?? true,
      duplicateWindowHours: business.duplicateWindowHours,
      doNotTextNumbers: business.doNotTextNumbers,
    },
  });
  const numbers = watch("doNotTextNumbers");
  const add = () => {
    const parsed = parseDoNotTextNumber(draft, numbers);
    if ("error" in parsed) {
      setDraftError(parsed.error);
      return;
    }
    setValue("doNotTextNumbers", [...numbers, parsed.number], { shouldDirty: true });
    setDraft("");
    setDraftError(undefined);
  };
  const onSubmit = handleSubmit((rules) =>
    save.mutate(settingsPayload(business, rules), {
      onSuccess: () => toast(SETTINGS_SAVED),
      onError: (error) => toast({ title: "Error", description: errorMessage(error, SETTINGS_SAVE_FAILED), variant: "destructive" }),
    }),
  );
  return (
    <form noValidate onSubmit={onSubmit} aria-label="Texting rules" className="rb-rules">
      <Controller
        control={control}
        name="ownerAlertsEnabled"
        render={({ field }) => (
          <div className="rb-toggle-row">
            <div>
              <span id="owner-alerts-label" className="rb-toggle-row__title">
                Owner alerts
              </span>
              <span id="owner-alerts-hint" className="rb-toggle-row__hint">
                Email me when a text to a caller fails or the monthly limit is near.
              </span>
            </div>
            <span className="rb-toggle-row__control">
              <span className={field.value ? "rb-state rb-state--on" : "rb-state"}>{field.value ? "On" : "Off"}</span>
              <Switch checked={field.value} onChange={field.onChange} aria-labelledby="owner-alerts-label" aria-describedby="owner-alerts-hint" />
            </span>
          </div>
        )}
      />
      <Controller
        control={control}
        name="forwardingAlertsEnabled"
        render={({ field }) => (
          <div className="rb-toggle-row">
            <div>
              <span id="forwarding-alerts-label" className="rb-toggle-row__title">
                Forwarding alerts
              </span>
              <span id="forwarding-alerts-hint" className="rb-toggle-row__hint">
                Email me when forwarding seems to have stopped: no forwarded calls for longer than usual while you're open.
              </span>
            </div>
            <span className="rb-toggle-row__control">
              <span className={field.value ? "rb-state rb-state--on" : "rb-state"}>{field.value ? "On" : "Off"}</span>
              <Switch checked={field.value} onChange={field.onChange} aria-labelledby="forwarding-alerts-label" aria-describedby="forwarding-alerts-hint" />
            </span>
          </div>
        )}
      />
      <Controller
        control={control}
        name="duplicateWindowHours"
        render={({ field }) => (
          <FormField
            id="duplicateWindowHours"
            label="Don't text the same caller again within (hours)"
            error={formState.errors.duplicateWindowHours?.message}
            extra={`Set 0 to text every missed call. At most ${MAX_DUPLICATE_WINDOW_HOURS} hours (30 days).`}
          >
            <InputNumber
              value={field.value}
              onChange={(value) => field.onChange(value ?? 0)}
              onBlur={field.onBlur}
              min={0}
              max={MAX_DUPLICATE_WINDOW_HOURS}
              step={1}
              precision={0}
              className="rb-rules__hours"
            />
          </FormField>
        )}
      />
      <div className="rb-rules__numbers">
        <label htmlFor="do-not-text" className="rb-field__label">
          Numbers never to text
        </label>
        <p className="rb-hint">Your own mobile, staff, suppliers: calls from these numbers never get a text.</p>
        <div className="rb-rules__add">
          <Input
            id="do-not-text"
            type="tel"
            value={draft}
            placeholder="(212) 555-0123"
            status={draftError ? "error" : undefined}
            aria-invalid={draftError ? true : undefined}
            aria-describedby={draftError ? "do-not-text-error" : undefined}
            onChange={(event) => setDraft(event.target.value)}
            onPressEnter={(event) => {
              event.preventDefault();
              add();
            }}
          />
          <Button icon={<PlusOutlined />} onClick={add}>
            Add
          </Button>
        </div>
        {draftError ? (
          <p id="do-not-text-error" className="rb-field-error" role="alert">
            {draftError}
          </p>
        ) : null}
        {numbers.length === 0 ? (
          <p className="rb-muted">No numbers yet.</p>
        ) : (
          <ul className="rb-rules__list">
            {numbers.map((number) => (
              <li key={number}>
                <span>{formatPhoneNumber(number)}</span>
                <Button
                  type="text"
                  icon={<DeleteOutlined />}
                  aria-label={`Remove ${formatPhoneNumber(number)}`}
                  onClick={() =>
                    setValue(
                      "doNotTextNumbers",
                      numbers.filter((item) => item !== number),
                      { shouldDirty: true },
                    )
                  }
                />
              </li>
            ))}
          </ul>
        )}
      </div>
      <div className="rb-form-actions">
        <Button type="primary" htmlType="submit" loading={save.isPending}>
          Save Texting Rules
        </Button>
      </div>
    </form>
  );
}
