import { CreditCardOutlined, InfoCircleOutlined } from "@ant-design/icons";
import { zodResolver } from "@hookform/resolvers/zod";
import { Input } from "antd";
import { useEffect } from "react";
import { Controller, useForm } from "react-hook-form";
import { ApiError } from "@/shared/api/client";
import { FormField } from "@/shared/ui/form-field";
import { formatCardNumber, formatExpiry, localCardSchema, parseExpiry, TEST_CARDS, type LocalCardFields } from "./local-card";
import { confirmLocalSetup, type PaymentHandle } from "./payment-api";

/** The local payment provider's card form: number, MM/YY, CVC, and which test cards to use. */
export function LocalCardForm({ clientSecret, onReady }: { clientSecret: string; onReady: (handle: PaymentHandle) => void }) {
  const { control, formState, trigger, getValues } = useForm<LocalCardFields>({
    resolver: zodResolver(localCardSchema),
    defaultValues: { cardNumber: "", expiry: "", cvc: "" },
    mode: "onTouched",
  });

  useEffect(() => {
    onReady({
      confirm: async () => {
        if (!(await trigger())) return { ok: false, invalidInput: true };
        const values = getValues();
        try {
          const { paymentMethodId } = await confirmLocalSetup({
            clientSecret,
            cardNumber: values.cardNumber.replace(/\s/g, ""),
            cvc: values.cvc,
            ...parseExpiry(values.expiry),
          });
          return paymentMethodId ? { ok: true, paymentMethodId } : { ok: false };
        } catch (error) {
          if (error instanceof ApiError) return { ok: false, message: error.serverMessage };
          throw error;
        }
      },
    });
  }, [clientSecret, getValues, onReady, trigger]);

  return (
    <div className="rb-card-form" data-testid="local-card-form">
      <Controller
        control={control}
        name="cardNumber"
        render={({ field }) => (
          <FormField id="cardNumber" label="Card number" error={formState.errors.cardNumber?.message}>
            <Input
              {...field}
              onChange={(event) => field.onChange(formatCardNumber(event.target.value))}
              inputMode="numeric"
              autoComplete="cc-number"
              size="large"
              placeholder="1234 1234 1234 1234"
              prefix={<CreditCardOutlined aria-hidden />}
            />
          </FormField>
        )}
      />
      <div className="rb-form-grid-2">
        <Controller
          control={control}
          name="expiry"
          render={({ field }) => (
            <FormField id="expiry" label="Expiry (MM/YY)" error={formState.errors.expiry?.message}>
              <Input
                {...field}
                onChange={(event) => field.onChange(formatExpiry(event.target.value))}
                inputMode="numeric"
                autoComplete="cc-exp"
                size="large"
                placeholder="MM/YY"
              />
            </FormField>
          )}
        />
        <Controller
          control={control}
          name="cvc"
          render={({ field }) => (
            <FormField id="cvc" label="CVC" error={formState.errors.cvc?.message}>
              <Input
                {...field}
                onChange={(event) => field.onChange(event.target.value.replace(/\D/g, "").slice(0, 4))}
                inputMode="numeric"
                autoComplete="cc-csc"
                size="large"
                placeholder="123"
              />
            </FormField>
          )}
        />
      </div>
      <div className="rb-test-cards" role="note">
        <InfoCircleOutlined aria-hidden />
        <div>
          <strong>Test mode: no real card is charged.</strong>
          <ul>
            {TEST_CARDS.map((card) => (
              <li key={card.number}>
                <code>{card.number}</code> {card.outcome}
              </li>
            ))}
          </ul>
          <span>Use any future expiry date and any 3-digit CVC.</span>
        </div>
      </div>
    </div>
  );
}
