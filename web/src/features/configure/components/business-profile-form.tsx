import { zodResolver } from "@hookform/resolvers/zod";
import { Button, Input } from "antd";
import { Controller, useForm } from "react-hook-form";
import { ApiError, errorMessage } from "@/shared/api/client";
import type { Business } from "@/shared/business/get-business";
import { formatPhoneNumber } from "@/shared/lib/status";
import { FormField } from "@/shared/ui/form-field";
import { toast } from "@/shared/ui/toast/toast-store";
import { businessProfileSchema, useUpdateBusinessProfile, type BusinessProfileInput } from "../api/update-profile";

const FIELDS: { name: keyof BusinessProfileInput; label: string; type?: string; autoComplete?: string; placeholder?: string; extra?: string }[] = [
  { name: "businessName", label: "Business name", autoComplete: "organization", placeholder: "Sunrise Plumbing", extra: "Fills [Business Name]." },
  { name: "businessPhone", label: "Business phone", type: "tel", autoComplete: "tel", placeholder: "(212) 555-0123" },
  { name: "website", label: "Website", autoComplete: "url", placeholder: "sunriseplumbing.com", extra: "Fills [WEBSITE]." },
  { name: "email", label: "Email for customers", type: "email", autoComplete: "email", placeholder: "hello@sunriseplumbing.com", extra: "Fills [EMAIL]." },
  { name: "emergencyNumber", label: "Emergency number", type: "tel", placeholder: "(212) 555-0199", extra: "Fills [EMERGENCY_NUMBER]." },
];

/** Who the business is: the values that fill the message placeholders (PATCH /api/business/profile). */
export function BusinessProfileForm({ business }: { business: Business }) {
  const save = useUpdateBusinessProfile();
  const { control, handleSubmit, formState, setError } = useForm<BusinessProfileInput>({
    resolver: zodResolver(businessProfileSchema),
    defaultValues: {
      businessName: business.businessName,
      businessPhone: formatPhoneNumber(business.businessPhone),
      website: business.website,
      email: business.email,
      emergencyNumber: formatPhoneNumber(business.emergencyNumber),
    },
  });
  const onSubmit = handleSubmit((input) =>
    save.mutate(input, {
      onSuccess: () => toast({ title: "Business Profile Saved", description: "Your messages now use these details." }),
      onError: (error) => {
        if (error instanceof ApiError) {
          Object.entries(error.fieldErrors).forEach(([field, message]) => {
            if (field in businessProfileSchema.shape) setError(field as keyof BusinessProfileInput, { message });
          });
        }
        toast({ title: "Error", description: errorMessage(error, "Failed to save settings. Please try again."), variant: "destructive" });
      },
    }),
  );
  return (
    <section className="rb-card rb-form-card" aria-labelledby="profile-title">
      <h2 id="profile-title" className="rb-h3">
        Business profile
      </h2>
      <p className="rb-muted">These details fill the placeholders in your messages.</p>
      <form noValidate onSubmit={onSubmit} aria-label="Business profile" className="rb-form-grid-2">
        {FIELDS.map((item) => (
          <Controller
            key={item.name}
            control={control}
            name={item.name}
            render={({ field }) => (
              <FormField id={`profile-${item.name}`} label={item.label} error={formState.errors[item.name]?.message} extra={item.extra}>
                <Input {...field} type={item.type} autoComplete={item.autoComplete} placeholder={item.placeholder} />
              </FormField>
            )}
          />
        ))}
        <div className="rb-form-actions rb-form-grid-2__full">
          <Button htmlType="submit" type="primary" ghost loading={save.isPending}>
            Save Profile
          </Button>
        </div>
      </form>
    </section>
  );
}
