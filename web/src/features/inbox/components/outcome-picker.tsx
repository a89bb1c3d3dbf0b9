import { conversationOutcomeSchema, CONVERSATION_OUTCOMES, type ConversationOutcomeInput, type ConversationOutcomeName } from "@rebound/contracts/domain";
import { CheckCircleFilled } from "@ant-design/icons";
import { Button, Input, Radio } from "antd";
import { useEffect, useRef, useState } from "react";
import { errorMessage } from "@/shared/api/client";
import { toast } from "@/shared/ui/toast/toast-store";
import { useSetOutcome } from "../api/conversations";
import { centsToDollars, dollarsToCents, OUTCOME_FAILED, OUTCOME_LABELS } from "../lib/inbox-display";

const VALUE_INVALID = "Enter an amount in dollars, like 250 or 249.99";
const VALUE_TOO_BIG = "Enter at most $1,000,000";
export const VALUE_SAVED = "Value saved";
/** How long "Value saved" shows beside the button: long enough to read, gone before it gets in the way. */
export const VALUE_SAVED_MS = 2500;

/** The booked value typed in the field, checked: cents, nothing (empty), or why it is refused. */
function parseValue(text: string): { cents?: number; error?: string } {
  const cents = dollarsToCents(text);
  if (cents === null) return { error: VALUE_INVALID };
  if (cents !== undefined && cents > 100_000_000) return { error: VALUE_TOO_BIG };
  return { cents };
}

/**
 * How the conversation ended, for Your Results: Booked (with an optional value in dollars), Not a lead,
 * Lost, or cleared. Each choice is saved at once (PUT /api/conversations/{id}/outcome).
 */
export function OutcomePicker({
  conversationId,
  outcome,
  valueCents,
}: {
  conversationId: string;
  outcome: ConversationOutcomeName | null;
  valueCents: number | null;
}) {
  const save = useSetOutcome(conversationId);
  const [value, setValue] = useState(centsToDollars(valueCents));
  const [valueError, setValueError] = useState<string | null>(null);
  // "Value saved" beside the button for a moment, not a toast: a toast covered the thread's newest messages.
  const [confirmed, setConfirmed] = useState(false);
  const confirmTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => setValue(centsToDollars(valueCents)), [valueCents]);
  useEffect(() => () => clearTimeout(confirmTimer.current), []);

  const shown = save.isPending ? save.variables.outcome : outcome;

  const confirm = () => {
    clearTimeout(confirmTimer.current);
    setConfirmed(true);
    confirmTimer.current = setTimeout(() => setConfirmed(false), VALUE_SAVED_MS);
  };

  const put = (input: ConversationOutcomeInput, onSaved?: () => void) => {
    const parsed = conversationOutcomeSchema.safeParse(input);
    if (!parsed.success) return;
    setConfirmed(false);
    save.mutate(parsed.data, {
      onSuccess: () => onSaved?.(),
      onError: (error) => toast({ title: "Error", description: errorMessage(error, OUTCOME_FAILED), variant: "destructive" }),
    });
  };

  const choose = (next: ConversationOutcomeName) => {
    if (next !== "booked") return put({ outcome: next });
    const { cents } = parseValue(value);
    put(cents === undefined ? { outcome: "booked" } : { outcome: "booked", valueCents: cents });
  };

  const saveValue = () => {
    const { cents, error } = parseValue(value);
    setValueError(error ?? null);
    if (error) return;
    put(cents === undefined ? { outcome: "booked" } : { outcome: "booked", valueCents: cents }, confirm);
  };

  return (
    <div className="rb-outcome" data-testid="outcome-picker">
      <fieldset className="rb-outcome__choices">
        <legend className="rb-outcome__legend">Outcome</legend>
        <Radio.Group
          name={`outcome-${conversationId}`}
          optionType="button"
          buttonStyle="solid"
          value={shown}
          onChange={(event) => choose(event.target.value as ConversationOutcomeName)}
          options={CONVERSATION_OUTCOMES.map((name) => ({ value: name, label: OUTCOME_LABELS[name] }))}
        />
        {shown ? (
          <Button type="link" className="rb-inline-link" onClick={() => put({ outcome: null })} disabled={save.isPending}>
            Clear
          </Button>
        ) : null}
      </fieldset>
      {shown === "booked" ? (
        <div className="rb-outcome__value">
          <label htmlFor="outcome-value" className="rb-outcome__value-label">
            Booked value <span className="rb-muted">(optional)</span>
          </label>
          <div className="rb-outcome__value-row">
            <Input
              id="outcome-value"
              prefix="$"
              inputMode="decimal"
              value={value}
              status={valueError ? "error" : undefined}
              aria-invalid={valueError ? true : undefined}
              aria-describedby={valueError ? "outcome-value-error" : undefined}
              onChange={(event) => setValue(event.target.value)}
              onPressEnter={saveValue}
              placeholder="0"
            />
            <Button onClick={saveValue} loading={save.isPending}>
              Save value
            </Button>
            {/* Always in the page, so screen readers announce the words when they appear. */}
            <span className="rb-outcome__saved" role="status" data-testid="outcome-value-saved">
              {confirmed ? (
                <>
                  <CheckCircleFilled aria-hidden /> {VALUE_SAVED}
                </>
              ) : null}
            </span>
          </div>
          {valueError ? (
            <div className="rb-form-item__error" id="outcome-value-error">
              {valueError}
            </div>
          ) : null}
        </div>
      ) : null}
    </div>
  );
}
