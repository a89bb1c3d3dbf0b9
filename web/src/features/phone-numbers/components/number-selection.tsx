import "@/styles/signed-in.css";
import { CheckCircleFilled, EnvironmentOutlined, SearchOutlined } from "@ant-design/icons";
import { zodResolver } from "@hookform/resolvers/zod";
import { CHOOSE_PLAN_FOR_NUMBER_MESSAGE, DEDICATED_NUMBER_MONTHLY_CENTS } from "@rebound/contracts/domain";
import { useQueryClient } from "@tanstack/react-query";
import { useNavigate } from "@tanstack/react-router";
import { Button, Input, Skeleton } from "antd";
import { useEffect, useRef, useState } from "react";
import { Controller, useForm, useWatch } from "react-hook-form";
import { errorMessage } from "@/shared/api/client";
import { ChoosePlanAlert } from "@/shared/billing/choose-plan-alert";
import { usePlanNotice } from "@/shared/billing/use-plan-notice";
import { useBusiness } from "@/shared/business/get-business";
import { formatPhoneNumber } from "@/shared/lib/status";
import { FormField } from "@/shared/ui/form-field";
import { LinkButton } from "@/shared/ui/link-button";
import { toast } from "@/shared/ui/toast/toast-store";
import { usePurchaseNumber } from "../api/purchase-number";
import { areaCodeInput, areaCodeSchema, searchNumbersQueryOptions, type AreaCodeInput, type AvailableNumber } from "../api/search-numbers";
import { purchaseFailure } from "../lib/purchase-error";

export const PURCHASE_REDIRECT_MS = 1500;

const PLAN_FIRST = "Your dedicated number comes with your plan: choose one, then come back here to pick your number.";

const price = `$${(DEDICATED_NUMBER_MONTHLY_CENTS / 100).toFixed(2)}`;

function Capabilities({ capabilities }: { capabilities: AvailableNumber["capabilities"] }) {
  const tags = (["voice", "sms", "mms"] as const).filter((key) => capabilities[key]);
  return (
    <span className="rb-caps">
      {tags.map((tag) => (
        <span key={tag} className="rb-tag">
          {tag === "voice" ? "Voice" : tag.toUpperCase()}
        </span>
      ))}
    </span>
  );
}

/** Pick a dedicated number: area code search, results, select, purchase (docs/product.md sections 2, 4, 8). */
export function NumberSelection() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const business = useBusiness();
  const purchase = usePurchaseNumber();
  const plan = usePlanNotice();
  /** The server's 402 message: the purchase needs a subscription in good standing. */
  const [planRequired, setPlanRequired] = useState<string | null>(null);
  const [results, setResults] = useState<AvailableNumber[] | null>(null);
  const [searching, setSearching] = useState(false);
  const [selected, setSelected] = useState<string | null>(null);
  const [purchased, setPurchased] = useState<string | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  const { control, handleSubmit, formState } = useForm<AreaCodeInput>({
    resolver: zodResolver(areaCodeSchema),
    defaultValues: { areaCode: "" },
    mode: "onTouched",
  });
  const areaCode = useWatch({ control, name: "areaCode" });

  const onSearch = handleSubmit(async ({ areaCode: code }) => {
    setSearching(true);
    setSelected(null);
    try {
      const numbers = await queryClient.fetchQuery(searchNumbersQueryOptions(code));
      setResults(numbers);
      if (numbers.length === 0)
        toast({ title: "No Numbers Available", description: `No numbers are available in area code ${code}. Try a nearby area code.`, variant: "destructive" });
    } catch (error) {
      setResults(null);
      toast({ title: "Search Failed", description: errorMessage(error, "Failed to search for phone numbers. Please try again."), variant: "destructive" });
    } finally {
      setSearching(false);
    }
  });

  const onPurchase = () => {
    if (!selected) return;
    setPlanRequired(null);
    purchase.mutate(selected, {
      onSuccess: (result) => {
        setPurchased(result.phoneNumber ?? selected);
        toast({ title: "Number Purchased", description: `${formatPhoneNumber(result.phoneNumber ?? selected)} is yours. Next: set up call forwarding.` });
        timer.current = setTimeout(() => void navigate({ to: "/dashboard" }), PURCHASE_REDIRECT_MS);
      },
      onError: (error) => {
        const failure = purchaseFailure(error);
        if (failure.kind === "plan-required") setPlanRequired(failure.message);
        else toast({ title: "Purchase Failed", description: failure.message, variant: "destructive" });
      },
    });
  };

  const existing = business.data?.dedicatedTwilioNumber;
  if (business.isPending) return <Skeleton active paragraph={{ rows: 4 }} />;
  if (existing && !purchased) {
    return (
      <section className="rb-card rb-center-card rb-number-done">
        <CheckCircleFilled className="rb-auth__icon--success rb-big-icon" aria-hidden />
        <h1 className="rb-h2">You already have a number</h1>
        <p className="rb-number-card__value">{formatPhoneNumber(existing)}</p>
        <LinkButton to="/app/{-$section}" params={{ section: "setup" }} buttonType="primary" size="large">
          Set up call forwarding
        </LinkButton>
      </section>
    );
  }
  if (purchased) {
    return (
      <section className="rb-card rb-center-card rb-number-done" role="status">
        <CheckCircleFilled className="rb-auth__icon--success rb-big-icon" aria-hidden />
        <h1 className="rb-h2">Your number is ready</h1>
        <p className="rb-number-card__value">{formatPhoneNumber(purchased)}</p>
        <p className="rb-muted">Taking you to your dashboard...</p>
      </section>
    );
  }

  return (
    <div className="rb-numbers">
      <header className="rb-doc__header">
        <h1 className="rb-h2">Choose Your Number</h1>
        <p className="rb-lead">Pick a local number your callers will recognise. Missed calls forward to it and your texts come from it.</p>
      </header>
      {plan.notice && !planRequired ? (
        <ChoosePlanAlert title={CHOOSE_PLAN_FOR_NUMBER_MESSAGE} description={PLAN_FIRST} checkout={plan.checkout} testId="number-plan-required" />
      ) : null}
      <section className="rb-card">
        <form noValidate onSubmit={onSearch} aria-label="Search phone numbers" className="rb-numbers__search">
          <Controller
            control={control}
            name="areaCode"
            render={({ field }) => (
              <FormField id="areaCode" label="Area code" error={formState.errors.areaCode?.message} extra="3 digits, such as 212 or 416">
                <Input
                  {...field}
                  onChange={(event) => field.onChange(areaCodeInput(event.target.value))}
                  inputMode="numeric"
                  maxLength={3}
                  placeholder="212"
                  autoComplete="off"
                />
              </FormField>
            )}
          />
          <Button type="primary" htmlType="submit" icon={<SearchOutlined />} loading={searching} disabled={areaCode.length !== 3}>
            Search
          </Button>
        </form>
      </section>
      {searching ? <Skeleton active paragraph={{ rows: 4 }} /> : null}
      {!searching && results?.length === 0 ? (
        <div className="rb-empty" role="status">
          <p className="rb-empty__title">No Numbers Available</p>
          <p className="rb-muted">Try a nearby area code.</p>
        </div>
      ) : null}
      {!searching && results && results.length > 0 ? (
        <section aria-labelledby="results-title" className="rb-numbers__results">
          <h2 id="results-title" className="rb-h3">
            {results.length} numbers available
          </h2>
          <fieldset className="rb-number-list">
            <legend className="rb-visually-hidden">Available numbers</legend>
            {results.map((item) => (
              <label key={item.phoneNumber} className={`rb-number-option${selected === item.phoneNumber ? " rb-number-option--selected" : ""}`}>
                <input
                  type="radio"
                  name="phoneNumber"
                  value={item.phoneNumber}
                  checked={selected === item.phoneNumber}
                  onChange={() => setSelected(item.phoneNumber)}
                />
                <span className="rb-number-option__number">{formatPhoneNumber(item.phoneNumber)}</span>
                <span className="rb-number-option__place">
                  <EnvironmentOutlined aria-hidden /> {[item.locality, item.region].filter(Boolean).join(", ") || "Local number"}
                </span>
                <Capabilities capabilities={item.capabilities} />
              </label>
            ))}
          </fieldset>
          <div className="rb-numbers__buy">
            <p className="rb-muted">
              {price} a month, billed with your plan. {selected ? `Selected: ${formatPhoneNumber(selected)}` : "Select a number above."}
            </p>
            <Button type="primary" size="large" disabled={!selected} loading={purchase.isPending} onClick={onPurchase}>
              Get This Number
            </Button>
          </div>
          {planRequired ? (
            <ChoosePlanAlert
              title={planRequired}
              description={PLAN_FIRST}
              checkout={plan.checkout}
              testId="number-plan-required"
              className="rb-numbers__plan"
            />
          ) : null}
        </section>
      ) : null}
    </div>
  );
}
