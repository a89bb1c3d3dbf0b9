import { Input } from "antd";
import { Controller, type Control, type FieldErrors } from "react-hook-form";
import { FormField } from "@/shared/ui/form-field";
import { enabledLabel, VOICE_NO_TEXT_OPTIONS, type BusinessFormValues } from "../lib/business-form";
import { ToggleRow } from "./toggle-row";

const NO_TEXT_HINTS: Record<BusinessFormValues["voiceNoTextAnswer"], string> = {
  say: "Your caller hears a short message, then the call ends.",
  silence: "The call is answered and ends without a word.",
  reject: "The call is declined; your caller hears a not-in-service message.",
};

interface CallerHandlingProps {
  control: Control<BusinessFormValues>;
  errors: FieldErrors<BusinessFormValues>;
  showNoTextMessage: boolean;
}

/** Who gets a text (international and unverified callers), what a missed caller hears when the call is answered, and voicemail. */
export function CallerHandlingFields({ control, errors, showNoTextMessage }: CallerHandlingProps) {
  return (
    <>
      <section className="rb-card rb-form-card" aria-labelledby="who-gets-a-text-title">
        <h2 id="who-gets-a-text-title" className="rb-h3">
          Who gets a text
        </h2>
        <Controller
          control={control}
          name="allowInternationalCallers"
          render={({ field }) => (
            <ToggleRow
              id="allowInternationalCallers"
              title="International callers"
              hint="Text callers from outside the US and Canada. These texts cost more."
              checked={field.value}
              onChange={field.onChange}
              stateLabel={enabledLabel(field.value)}
            />
          )}
        />
        <Controller
          control={control}
          name="textLikelySpoofedCallers"
          render={({ field }) => (
            <ToggleRow
              id="textLikelySpoofedCallers"
              title="Unverified numbers"
              hint="Text callers whose number the phone network could not verify. These are often spoofed calls or robocalls."
              checked={field.value}
              onChange={field.onChange}
              stateLabel={enabledLabel(field.value)}
            />
          )}
        />
      </section>

      <section className="rb-card rb-form-card" aria-labelledby="callers-hear-title">
        <div>
          <h2 id="callers-hear-title" className="rb-h3">
            What missed callers hear
          </h2>
          <p className="rb-hint">Your Rebound number answers the forwarded call before the text goes out.</p>
        </div>
        <Controller
          control={control}
          name="voiceTextMessage"
          render={({ field }) => (
            <FormField id="voiceTextMessage" label="When a text follows" error={errors.voiceTextMessage?.message} extra="Leave empty for the standard message.">
              <Input.TextArea {...field} autoSize={{ minRows: 2, maxRows: 5 }} placeholder="Sorry we missed your call. We will get back to you shortly." />
            </FormField>
          )}
        />
        <Controller
          control={control}
          name="voiceNoTextAnswer"
          render={({ field }) => (
            <fieldset className="rb-choices">
              <legend className="rb-choices__legend">When no text follows</legend>
              <p className="rb-hint" id="voiceNoTextAnswer-hint">
                No text goes out when the caller hides their number, calls from one of your own numbers, or texting is off.
              </p>
              {VOICE_NO_TEXT_OPTIONS.map((option) => (
                <label key={option.value} className={option.value === field.value ? "rb-choice rb-choice--active" : "rb-choice"}>
                  <input
                    type="radio"
                    name={field.name}
                    value={option.value}
                    checked={option.value === field.value}
                    onChange={() => field.onChange(option.value)}
                    aria-describedby={`voiceNoTextAnswer-${option.value}-hint`}
                  />
                  <span>
                    <span className="rb-choice__title">{option.label}</span>
                    <span className="rb-choice__hint" id={`voiceNoTextAnswer-${option.value}-hint`}>
                      {NO_TEXT_HINTS[option.value]}
                    </span>
                  </span>
                </label>
              ))}
            </fieldset>
          )}
        />
        {showNoTextMessage ? (
          <Controller
            control={control}
            name="voiceNoTextMessage"
            render={({ field }) => (
              <FormField
                id="voiceNoTextMessage"
                label="Message when no text follows"
                error={errors.voiceNoTextMessage?.message}
                extra="Leave empty for the standard message."
              >
                <Input.TextArea {...field} autoSize={{ minRows: 2, maxRows: 5 }} placeholder="Sorry we missed your call. Please call again later." />
              </FormField>
            )}
          />
        ) : null}
        <Controller
          control={control}
          name="voicemailEnabled"
          render={({ field }) => (
            <ToggleRow
              id="voicemailEnabled"
              title="Take voicemail"
              hint="Callers can leave a message after yours. Recordings are kept for 90 days."
              checked={field.value}
              onChange={field.onChange}
              stateLabel={enabledLabel(field.value)}
            />
          )}
        />
      </section>
    </>
  );
}

interface InboxForwardProps {
  control: Control<BusinessFormValues>;
  errors: FieldErrors<BusinessFormValues>;
  /** The mobile number field: only with the switch on. */
  showNumber: boolean;
}

/** Callers' replies and voicemails texted to the owner's own mobile (docs/conversations.md section 5): the switch, then the number. */
export function InboxForwardFields({ control, errors, showNumber }: InboxForwardProps) {
  return (
    <>
      <Controller
        control={control}
        name="inboxForwardEnabled"
        render={({ field }) => (
          <ToggleRow
            id="inboxForwardEnabled"
            title="Text me callers' replies and voicemails"
            hint="A text to your mobile from your Rebound number, at most one per caller every 5 minutes. E-mail alerts include them too."
            checked={field.value}
            onChange={field.onChange}
            stateLabel={enabledLabel(field.value)}
          />
        )}
      />
      {showNumber ? (
        <Controller
          control={control}
          name="inboxForwardNumber"
          render={({ field }) => (
            <FormField id="inboxForwardNumber" label="Your mobile number" error={errors.inboxForwardNumber?.message}>
              <Input {...field} type="tel" autoComplete="tel" inputMode="tel" placeholder="(415) 555-0123" className="rb-forward-number" />
            </FormField>
          )}
        />
      ) : null}
    </>
  );
}
