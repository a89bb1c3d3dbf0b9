import { ClockCircleOutlined, DownOutlined, UpOutlined } from "@ant-design/icons";
import { zodResolver } from "@hookform/resolvers/zod";
import { buildPlaceholderValues, renderMessage, TIME_ZONES, type WeeklyHours } from "@rebound/contracts/domain";
import { Button, Input, Select, Skeleton } from "antd";
import { lazy, Suspense, useState } from "react";
import { Controller, useForm, useWatch } from "react-hook-form";
import { ApiError, errorMessage } from "@/shared/api/client";
import { textedBusinessName, type Business } from "@/shared/business/get-business";
import { SETTINGS_SAVE_FAILED, SETTINGS_SAVED, useUpdateBusiness } from "@/shared/business/update-business";
import { FormField } from "@/shared/ui/form-field";
import { toast } from "@/shared/ui/toast/toast-store";
import { useTemplates } from "../api/get-templates";
import {
  activeLabel,
  businessFormSchema,
  enabledLabel,
  formValuesFromBusiness,
  formVisibility,
  hoursToggleLabel,
  payloadFromForm,
  type BusinessFormValues,
} from "../lib/business-form";
import { CallerHandlingFields, InboxForwardFields } from "./caller-handling-fields";
import { HoursEditor } from "./hours-editor";
import { MessagePreview } from "./message-preview";
import { TemplatePicker } from "./template-picker";
import { ToggleRow } from "./toggle-row";

// The date picker (rc-picker and dayjs) loads only when Configure shows, not with every dashboard section.
const ClosedDatesEditor = lazy(() => import("./closed-dates-editor"));

const SERVER_FIELDS: Record<string, keyof BusinessFormValues> = {
  customMessage: "customMessage",
  smsMessage: "customMessage",
  afterHoursMessage: "afterHoursMessage",
  smsAutoReplyMessage: "smsAutoReplyMessage",
  timeZone: "timeZone",
  voiceTextMessage: "voiceTextMessage",
  voiceNoTextMessage: "voiceNoTextMessage",
  inboxForwardNumber: "inboxForwardNumber",
  closedDates: "closedDates",
};

/** Business Setup (docs/product.md sections 2, 4, 5): filled once from the loaded business, with a live preview. */
export function BusinessForm({ business }: { business: Business }) {
  const [hoursOpen, setHoursOpen] = useState(false);
  const templates = useTemplates();
  const save = useUpdateBusiness();
  const { control, handleSubmit, formState, setValue, setError } = useForm<BusinessFormValues>({
    resolver: zodResolver(businessFormSchema),
    defaultValues: formValuesFromBusiness(business),
  });
  const values = useWatch({ control }) as BusinessFormValues;
  const visible = formVisibility(values);
  const errors = formState.errors;

  const placeholderValues = buildPlaceholderValues(
    {
      businessName: textedBusinessName(business),
      website: business.website,
      email: business.email,
      emergencyNumber: business.emergencyNumber,
      businessHours: values.businessHours as WeeklyHours,
      timeZone: values.timeZone,
    },
    new Date(),
  );
  const preview = (template: string) => renderMessage(template ?? "", placeholderValues);

  const applyTemplate = (field: "customMessage" | "afterHoursMessage", message: string) => {
    setValue(field, message, { shouldDirty: true, shouldValidate: formState.isSubmitted });
    toast({ title: "Template Applied", description: "Review the message, then save your settings." });
  };

  const onSubmit = handleSubmit((form) =>
    save.mutate(payloadFromForm(form), {
      onSuccess: () => toast(SETTINGS_SAVED),
      onError: (error) => {
        if (error instanceof ApiError) {
          Object.entries(error.fieldErrors).forEach(([field, message]) => {
            // An item's message ("closedDates.2") shows on its list.
            const target = SERVER_FIELDS[field] ?? SERVER_FIELDS[field.split(".")[0] ?? ""];
            if (target) setError(target, { message });
          });
        }
        toast({ title: "Error", description: errorMessage(error, SETTINGS_SAVE_FAILED), variant: "destructive" });
      },
    }),
  );

  return (
    <form noValidate onSubmit={onSubmit} aria-label="Business Setup" className="rb-configure">
      <div className="rb-configure__form">
        <section className="rb-card rb-form-card" aria-labelledby="missed-call-title">
          <h2 id="missed-call-title" className="rb-h3">
            Missed-call text
          </h2>
          <Controller
            control={control}
            name="isActive"
            render={({ field }) => (
              <ToggleRow
                id="isActive"
                title="SMS automation"
                hint="Text every caller you miss."
                checked={field.value}
                onChange={field.onChange}
                stateLabel={activeLabel(field.value)}
              />
            )}
          />
          <TemplatePicker
            id="missed-call-template"
            label="Missed-call templates"
            categories={templates.data?.missedCall}
            loading={templates.isPending}
            onApply={(message) => applyTemplate("customMessage", message)}
          />
          <Controller
            control={control}
            name="customMessage"
            render={({ field }) => (
              <FormField
                id="customMessage"
                label="Your message"
                error={errors.customMessage?.message}
                extra="Placeholders: [Business Name], [WEBSITE], [EMAIL], [EMERGENCY_NUMBER], [OPEN_TIME], [BUSINESS_HOURS]"
              >
                <Input.TextArea {...field} autoSize={{ minRows: 3, maxRows: 8 }} />
              </FormField>
            )}
          />
          <MessagePreview label="Your caller receives" text={preview(values.customMessage)} testId="preview-missed-call" />
          {business.businessName ? null : <p className="rb-hint">Add your business name in Business profile below, so your callers know who is texting.</p>}
        </section>

        <section className="rb-card rb-form-card" aria-labelledby="after-hours-title">
          <h2 id="after-hours-title" className="rb-h3">
            After hours
          </h2>
          <Controller
            control={control}
            name="afterHoursEnabled"
            render={({ field }) => (
              <ToggleRow
                id="afterHoursEnabled"
                title="After-hours messaging"
                hint="Send a different text when you're closed."
                checked={field.value}
                onChange={field.onChange}
                stateLabel={enabledLabel(field.value)}
              />
            )}
          />
          {visible.afterHoursDetails ? (
            <div className="rb-reveal">
              <TemplatePicker
                id="after-hours-template"
                label="After-hours templates"
                categories={templates.data?.afterHours}
                loading={templates.isPending}
                onApply={(message) => applyTemplate("afterHoursMessage", message)}
              />
              <Controller
                control={control}
                name="afterHoursMessage"
                render={({ field }) => (
                  <FormField id="afterHoursMessage" label="After-hours message" error={errors.afterHoursMessage?.message}>
                    <Input.TextArea {...field} autoSize={{ minRows: 3, maxRows: 8 }} />
                  </FormField>
                )}
              />
              <MessagePreview label="After hours, your caller receives" text={preview(values.afterHoursMessage)} testId="preview-after-hours" />
              <Controller
                control={control}
                name="timeZone"
                render={({ field }) => (
                  <FormField id="timeZone" label="Time zone" error={errors.timeZone?.message}>
                    <Select {...field} options={TIME_ZONES.map((zone) => ({ value: zone.value, label: zone.label }))} className="rb-full-width" />
                  </FormField>
                )}
              />
              <Button
                icon={hoursOpen ? <UpOutlined /> : <ClockCircleOutlined />}
                onClick={() => setHoursOpen((open) => !open)}
                aria-expanded={hoursOpen}
                aria-controls="hours-editor"
              >
                {hoursToggleLabel(hoursOpen)} {hoursOpen ? null : <DownOutlined aria-hidden className="rb-icon-small" />}
              </Button>
              {hoursOpen ? (
                <div id="hours-editor">
                  <HoursEditor control={control} errors={errors.businessHours} />
                </div>
              ) : null}
            </div>
          ) : null}
        </section>

        <section className="rb-card rb-form-card" aria-labelledby="closed-days-title">
          <h2 id="closed-days-title" className="rb-h3">
            Holidays
          </h2>
          <p className="rb-muted">Days you're closed. We don't expect forwarded calls on them, so a quiet holiday never sets off a forwarding alert.</p>
          <Controller
            control={control}
            name="closedDates"
            render={({ field }) => (
              <Suspense fallback={<Skeleton.Input active />}>
                <ClosedDatesEditor
                  value={field.value}
                  onChange={(dates) => field.onChange(dates)}
                  timeZone={values.timeZone}
                  error={errors.closedDates?.message ?? errors.closedDates?.root?.message}
                />
              </Suspense>
            )}
          />
        </section>

        <CallerHandlingFields control={control} errors={errors} showNoTextMessage={visible.voiceNoTextMessage} />

        <section className="rb-card rb-form-card" aria-labelledby="auto-reply-title">
          <h2 id="auto-reply-title" className="rb-h3">
            Replies to your Rebound number
          </h2>
          <Controller
            control={control}
            name="smsAutoReplyEnabled"
            render={({ field }) => (
              <ToggleRow
                id="smsAutoReplyEnabled"
                title="Auto-reply"
                hint="Answer callers who text your Rebound number."
                checked={field.value}
                onChange={field.onChange}
                stateLabel={enabledLabel(field.value)}
              />
            )}
          />
          {visible.autoReplyMessage ? (
            <Controller
              control={control}
              name="smsAutoReplyMessage"
              render={({ field }) => (
                <FormField id="smsAutoReplyMessage" label="Auto-reply message" error={errors.smsAutoReplyMessage?.message}>
                  <Input.TextArea {...field} autoSize={{ minRows: 2, maxRows: 6 }} />
                </FormField>
              )}
            />
          ) : null}
          <InboxForwardFields control={control} errors={errors} showNumber={visible.inboxForwardNumber} />
        </section>
        <div className="rb-form-actions">
          <Button type="primary" htmlType="submit" size="large" loading={save.isPending}>
            Save Settings
          </Button>
        </div>
      </div>
    </form>
  );
}
