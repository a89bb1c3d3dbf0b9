import { DAY_NAMES, type DayName } from "@rebound/contracts/domain";
import { Input, Switch } from "antd";
import { Controller, useWatch, type Control, type FieldErrors } from "react-hook-form";
import type { BusinessFormValues } from "../lib/business-form";

const label = (day: DayName) => day.charAt(0).toUpperCase() + day.slice(1);

/** Monday to Sunday: a disabled day shows Closed; an enabled one its open and close times. */
export function HoursEditor({ control, errors }: { control: Control<BusinessFormValues>; errors: FieldErrors<BusinessFormValues>["businessHours"] }) {
  const hours = useWatch({ control, name: "businessHours" });
  return (
    <fieldset className="rb-hours">
      <legend className="rb-visually-hidden">Business hours</legend>
      {DAY_NAMES.map((day) => {
        const enabled = hours?.[day]?.enabled ?? false;
        const dayErrors = errors?.[day];
        const message = dayErrors?.open?.message ?? dayErrors?.close?.message;
        return (
          <div key={day} className="rb-hours__row" data-day={day}>
            <span className="rb-hours__day" id={`day-${day}`}>
              {label(day)}
            </span>
            <Controller
              control={control}
              name={`businessHours.${day}.enabled`}
              render={({ field }) => <Switch checked={field.value} onChange={field.onChange} aria-label={`Open on ${label(day)}`} size="small" />}
            />
            {enabled ? (
              <span className="rb-hours__times">
                <Controller
                  control={control}
                  name={`businessHours.${day}.open`}
                  render={({ field }) => (
                    <Input
                      {...field}
                      type="time"
                      aria-label={`${label(day)} opens`}
                      className="rb-hours__time"
                      status={dayErrors?.open ? "error" : undefined}
                    />
                  )}
                />
                <span aria-hidden>to</span>
                <Controller
                  control={control}
                  name={`businessHours.${day}.close`}
                  render={({ field }) => (
                    <Input
                      {...field}
                      type="time"
                      aria-label={`${label(day)} closes`}
                      className="rb-hours__time"
                      status={dayErrors?.close ? "error" : undefined}
                    />
                  )}
                />
              </span>
            ) : (
              <span className="rb-hours__closed">Closed</span>
            )}
            {message ? (
              <span className="rb-hours__error" role="alert">
                {message}
              </span>
            ) : null}
          </div>
        );
      })}
    </fieldset>
  );
}
