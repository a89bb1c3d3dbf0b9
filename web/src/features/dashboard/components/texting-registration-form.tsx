import { zodResolver } from "@hookform/resolvers/zod";
import {
  REGISTRATION_BUSINESS_TYPES,
  REGISTRATION_INDUSTRIES,
  soleProprietorRegistrationSchema,
  standardRegistrationSchema,
  type SoleProprietorRegistrationInput,
  type StandardRegistrationInput,
  type TextingRegistrationKindName,
} from "@rebound/contracts/domain";
import { useQueryClient } from "@tanstack/react-query";
import { Button, Input, Select } from "antd";
import { useCallback, useEffect, type Dispatch, type SetStateAction } from "react";
import { Controller, useForm, type Control, type FieldErrors, type FieldValues, type Path, type UseFormSetError } from "react-hook-form";
import type { z } from "zod";
import { ApiError, errorMessage } from "@/shared/api/client";
import { businessQueryOptions } from "@/shared/business/get-business";
import { textingRegistrationQueryOptions } from "@/shared/texting-registration/get-texting-registration";
import { FormField } from "@/shared/ui/form-field";
import { SegmentedToggle } from "@/shared/ui/segmented-toggle";
import { toast } from "@/shared/ui/toast/toast-store";
import { useSubmitTextingRegistration } from "../api/texting-registration";
import { industryLabel } from "../lib/texting-registration";

export type StandardDraft = Partial<z.input<typeof standardRegistrationSchema>>;
export type SoleProprietorDraft = Partial<z.input<typeof soleProprietorRegistrationSchema>>;

/** What the owner typed, kept in the card's state so a failed registration reopens prefilled (the API never returns the EIN). */
export interface RegistrationDrafts {
  kind: TextingRegistrationKindName;
  standard: StandardDraft;
  sole_proprietor: SoleProprietorDraft;
}

interface FieldDef<T> {
  name: Path<T>;
  label: string;
  type?: string;
  autoComplete?: string;
  placeholder?: string;
  extra?: string;
  full?: boolean;
  options?: { value: string; label: string }[];
  maxLength?: number;
}

const COUNTRIES = [
  { value: "US", label: "United States" },
  { value: "CA", label: "Canada" },
];

function addressFields<T extends { street?: unknown; city?: unknown; region?: unknown; postalCode?: unknown; country?: unknown }>(): FieldDef<T>[] {
  return [
    { name: "street" as Path<T>, label: "Street address", autoComplete: "street-address", placeholder: "123 Main St", full: true },
    { name: "city" as Path<T>, label: "City", autoComplete: "address-level2", placeholder: "Austin" },
    { name: "region" as Path<T>, label: "State or province", autoComplete: "address-level1", placeholder: "TX", maxLength: 2 },
    { name: "postalCode" as Path<T>, label: "ZIP or postal code", autoComplete: "postal-code", placeholder: "78701" },
    { name: "country" as Path<T>, label: "Country", options: COUNTRIES },
  ];
}

const STANDARD_FIELDS: { heading: string; fields: FieldDef<z.input<typeof standardRegistrationSchema>>[] }[] = [
  {
    heading: "Your business",
    fields: [
      {
        name: "legalName",
        label: "Legal business name",
        autoComplete: "organization",
        placeholder: "Sunrise Plumbing LLC",
        extra: "Exactly as on your IRS EIN letter.",
        full: true,
      },
      { name: "ein", label: "EIN (Employer Identification Number)", placeholder: "12-3456789" },
      { name: "businessType", label: "Business type", options: REGISTRATION_BUSINESS_TYPES.map((value) => ({ value, label: value })) },
      { name: "industry", label: "Industry", options: REGISTRATION_INDUSTRIES.map((value) => ({ value, label: industryLabel(value) })) },
      { name: "website", label: "Website", type: "url", autoComplete: "url", placeholder: "https://sunriseplumbing.com" },
    ],
  },
  { heading: "Business address", fields: addressFields() },
  {
    heading: "Contact person",
    fields: [
      { name: "contactFirstName", label: "Contact first name", autoComplete: "given-name" },
      { name: "contactLastName", label: "Contact last name", autoComplete: "family-name" },
      { name: "contactEmail", label: "Contact email", type: "email", autoComplete: "email" },
      { name: "contactPhone", label: "Contact phone", type: "tel", autoComplete: "tel", placeholder: "(512) 555-0123" },
    ],
  },
];

const SOLE_PROPRIETOR_FIELDS: { heading: string; fields: FieldDef<z.input<typeof soleProprietorRegistrationSchema>>[] }[] = [
  {
    heading: "You",
    fields: [
      { name: "firstName", label: "First name", autoComplete: "given-name" },
      { name: "lastName", label: "Last name", autoComplete: "family-name" },
      { name: "email", label: "Email", type: "email", autoComplete: "email" },
      {
        name: "mobilePhone",
        label: "Your mobile number",
        type: "tel",
        autoComplete: "tel",
        placeholder: "(512) 555-0123",
        extra: "Your own mobile, not your Rebound number: you will reply YES to a text on it.",
      },
    ],
  },
  { heading: "Your address", fields: addressFields() },
];

function Fields<T extends FieldValues>({
  groups,
  control,
  errors,
  idPrefix,
}: {
  groups: { heading: string; fields: FieldDef<T>[] }[];
  control: Control<T>;
  errors: FieldErrors<T>;
  idPrefix: string;
}) {
  return groups.map((group) => (
    <fieldset key={group.heading} className="rb-reg-form__group rb-form-grid-2">
      <legend className="rb-reg-form__legend">{group.heading}</legend>
      {group.fields.map((item) => (
        <div key={item.name} className={item.full ? "rb-form-grid-2__full" : undefined}>
          <Controller
            control={control}
            name={item.name}
            render={({ field }) => {
              const id = `${idPrefix}-${item.name}`;
              const error = errors[item.name]?.message;
              return (
                <FormField id={id} label={item.label} error={typeof error === "string" ? error : undefined} extra={item.extra}>
                  {item.options ? (
                    <Select
                      className="rb-full-width"
                      value={(field.value as string | undefined) || undefined}
                      onChange={field.onChange}
                      onBlur={field.onBlur}
                      options={item.options}
                      placeholder="Choose"
                      showSearch={{ optionFilterProp: "label" }}
                    />
                  ) : (
                    <Input
                      {...field}
                      value={(field.value as string | undefined) ?? ""}
                      type={item.type}
                      autoComplete={item.autoComplete}
                      placeholder={item.placeholder}
                      maxLength={item.maxLength}
                    />
                  )}
                </FormField>
              );
            }}
          />
        </div>
      ))}
    </fieldset>
  ));
}

/** The server's per-field messages onto the form's fields; true when there were some. */
function showFieldErrors<T extends FieldValues>(error: unknown, setError: UseFormSetError<T>, shape: object): boolean {
  if (!(error instanceof ApiError)) return false;
  const entries = Object.entries(error.fieldErrors).filter(([field]) => field in shape);
  entries.forEach(([field, message]) => setError(field as Path<T>, { message }));
  return entries.length > 0;
}

function useSubmit(onSubmitted?: () => void) {
  const submit = useSubmitTextingRegistration();
  const queryClient = useQueryClient();
  const send = <T extends FieldValues>(input: StandardRegistrationInput | SoleProprietorRegistrationInput, setError: UseFormSetError<T>, shape: object) =>
    submit.mutate(input, {
      onSuccess: () => {
        onSubmitted?.();
        toast({ title: "Registration Submitted", description: "US carriers are reviewing it. This card shows each step as it happens." });
      },
      onError: (error) => {
        const fields = showFieldErrors(error, setError, shape);
        if (error instanceof ApiError && error.status === 409) {
          void queryClient.invalidateQueries({ queryKey: textingRegistrationQueryOptions().queryKey });
          void queryClient.invalidateQueries({ queryKey: businessQueryOptions().queryKey });
        }
        toast({
          title: "Error",
          description: fields ? "Please correct the highlighted fields." : errorMessage(error, "Failed to submit your registration. Please try again."),
          variant: "destructive",
        });
      },
    });
  return { send, pending: submit.isPending };
}

interface FormProps<D> {
  draft: D;
  onDraft: (draft: D) => void;
  onCancel?: () => void;
  onSubmitted?: () => void;
}

function StandardForm({ draft, onDraft, onCancel, onSubmitted }: FormProps<StandardDraft>) {
  const { send, pending } = useSubmit(onSubmitted);
  const { control, handleSubmit, formState, setError, watch } = useForm<z.input<typeof standardRegistrationSchema>, unknown, StandardRegistrationInput>({
    resolver: zodResolver(standardRegistrationSchema),
    defaultValues: { country: "US", ...draft, kind: "standard" },
  });
  useEffect(() => {
    const subscription = watch((values) => onDraft(values as StandardDraft));
    return () => subscription.unsubscribe();
  }, [watch, onDraft]);
  const onSubmit = handleSubmit((input) => send(input, setError, standardRegistrationSchema.shape));
  return (
    <form noValidate onSubmit={onSubmit} aria-label="Standard registration" className="rb-reg-form">
      <Fields groups={STANDARD_FIELDS} control={control} errors={formState.errors} idPrefix="reg" />
      <FormActions pending={pending} onCancel={onCancel} />
    </form>
  );
}

function SoleProprietorForm({ draft, onDraft, onCancel, onSubmitted }: FormProps<SoleProprietorDraft>) {
  const { send, pending } = useSubmit(onSubmitted);
  const { control, handleSubmit, formState, setError, watch } = useForm<
    z.input<typeof soleProprietorRegistrationSchema>,
    unknown,
    SoleProprietorRegistrationInput
  >({
    resolver: zodResolver(soleProprietorRegistrationSchema),
    defaultValues: { country: "US", ...draft, kind: "sole_proprietor" },
  });
  useEffect(() => {
    const subscription = watch((values) => onDraft(values as SoleProprietorDraft));
    return () => subscription.unsubscribe();
  }, [watch, onDraft]);
  const onSubmit = handleSubmit((input) => send(input, setError, soleProprietorRegistrationSchema.shape));
  return (
    <form noValidate onSubmit={onSubmit} aria-label="Sole proprietor registration" className="rb-reg-form">
      <Fields groups={SOLE_PROPRIETOR_FIELDS} control={control} errors={formState.errors} idPrefix="reg-sp" />
      <FormActions pending={pending} onCancel={onCancel} />
    </form>
  );
}

function FormActions({ pending, onCancel }: { pending: boolean; onCancel?: () => void }) {
  return (
    <div className="rb-form-actions">
      {onCancel ? <Button onClick={onCancel}>Cancel</Button> : null}
      <Button type="primary" htmlType="submit" loading={pending}>
        Submit Registration
      </Button>
    </div>
  );
}

const KIND_OPTIONS = [
  { value: "standard", label: "With an EIN" },
  { value: "sole_proprietor", label: "Without an EIN" },
] as const;

/** The choice of path, then its form; `drafts` keeps what was typed in both (the card's state). */
export function TextingRegistrationForm({
  drafts,
  setDrafts,
  onCancel,
  onSubmitted,
}: {
  drafts: RegistrationDrafts;
  setDrafts: Dispatch<SetStateAction<RegistrationDrafts>>;
  onCancel?: () => void;
  onSubmitted?: () => void;
}) {
  const onStandard = useCallback((standard: StandardDraft) => setDrafts((current) => ({ ...current, standard })), [setDrafts]);
  const onSoleProprietor = useCallback(
    (soleProprietor: SoleProprietorDraft) => setDrafts((current) => ({ ...current, sole_proprietor: soleProprietor })),
    [setDrafts],
  );
  return (
    <div className="rb-reg-form__wrap">
      <SegmentedToggle<TextingRegistrationKindName>
        name="registration-kind"
        label="How your business registers"
        value={drafts.kind}
        options={KIND_OPTIONS}
        onChange={(kind) => setDrafts((current) => ({ ...current, kind }))}
      />
      {drafts.kind === "standard" ? (
        <StandardForm key="standard" draft={drafts.standard} onDraft={onStandard} onCancel={onCancel} onSubmitted={onSubmitted} />
      ) : (
        <SoleProprietorForm key="sole_proprietor" draft={drafts.sole_proprietor} onDraft={onSoleProprietor} onCancel={onCancel} onSubmitted={onSubmitted} />
      )}
    </div>
  );
}
