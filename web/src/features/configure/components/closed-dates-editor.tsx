import { DeleteOutlined } from "@ant-design/icons";
import { Button, DatePicker } from "antd";
import { useState } from "react";
import { addClosedDate, closedDateLabel, MAX_CLOSED_DATES, todayIn } from "../lib/closed-dates";

/**
 * Holidays and other days the business is closed ("YYYY-MM-DD", issue 28): picking a day adds it to
 * the list, each day has its remove button. The forwarding watchdog expects no calls on them.
 */
export default function ClosedDatesEditor({
  value,
  onChange,
  timeZone,
  error,
}: {
  value: string[];
  onChange: (dates: string[]) => void;
  timeZone?: string;
  error?: string;
}) {
  const [draftError, setDraftError] = useState<string | undefined>();
  const today = todayIn(timeZone);
  const shown = draftError ?? error;
  const add = (date: string) => {
    const next = addClosedDate(value, date);
    if ("error" in next) {
      setDraftError(next.error);
      return;
    }
    setDraftError(undefined);
    onChange(next.dates);
  };
  return (
    <div className="rb-closed-dates">
      <label htmlFor="closed-date-picker" className="rb-field__label">
        Add a day you're closed
      </label>
      <DatePicker
        id="closed-date-picker"
        value={null}
        format="YYYY-MM-DD"
        placeholder="Pick a date"
        disabledDate={(day) => day.format("YYYY-MM-DD") < today || value.includes(day.format("YYYY-MM-DD"))}
        onChange={(_, text) => {
          if (typeof text === "string" && text) add(text);
        }}
        status={shown ? "error" : undefined}
        aria-invalid={shown ? true : undefined}
        aria-describedby={shown ? "closed-dates-error" : "closed-dates-hint"}
        className="rb-closed-dates__picker"
      />
      <p id="closed-dates-hint" className="rb-hint">
        At most {MAX_CLOSED_DATES} days. Save your settings to keep changes.
      </p>
      {shown ? (
        <p id="closed-dates-error" className="rb-field-error" role="alert">
          {shown}
        </p>
      ) : null}
      {value.length === 0 ? (
        <p className="rb-muted" data-testid="closed-dates-empty">
          No closed days yet.
        </p>
      ) : (
        <ul className="rb-rules__list" aria-label="Days you're closed" data-testid="closed-dates">
          {value.map((date) => (
            <li key={date}>
              <span>{closedDateLabel(date)}</span>
              <Button
                type="text"
                icon={<DeleteOutlined />}
                aria-label={`Remove ${closedDateLabel(date)}`}
                onClick={() => {
                  setDraftError(undefined);
                  onChange(value.filter((item) => item !== date));
                }}
              />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
