import { zodResolver } from "@hookform/resolvers/zod";
import { Button, Input } from "antd";
import { Controller, useForm, useWatch } from "react-hook-form";
import { errorMessage } from "@/shared/api/client";
import type { CurrentUser } from "@/shared/auth/get-user";
import { FormField } from "@/shared/ui/form-field";
import { toast } from "@/shared/ui/toast/toast-store";
import { profileSchema, useUpdateProfile, type ProfileInput } from "../api/update-profile";

/** An e-mail change waiting for its link: the account keeps its address until then. */
function pendingChangeHint(user: CurrentUser): string | undefined {
  if (!user.pendingEmail) return undefined;
  return `Waiting for confirmation of ${user.pendingEmail}: your account keeps ${user.email} until you follow the link we sent there.`;
}

/** Name and e-mail (docs/product.md section 5's messages); 'Profile Updated' on success. */
export function ProfileForm({ user }: { user: CurrentUser }) {
  const save = useUpdateProfile();
  const { control, handleSubmit, formState } = useForm<ProfileInput>({
    resolver: zodResolver(profileSchema),
    defaultValues: { firstName: user.firstName ?? "", lastName: user.lastName ?? "", email: user.email },
  });
  // Moving the account to another e-mail needs the current password (a stolen session alone must not).
  const emailChanged = useWatch({ control, name: "email" }).trim().toLowerCase() !== user.email.toLowerCase();
  const onSubmit = handleSubmit((form) => {
    const input = emailChanged ? form : { ...form, currentPassword: undefined };
    save.mutate(input, {
      onSuccess: () =>
        toast({
          title: "Profile Updated",
          description: input.email !== user.email ? "Check your inbox to verify your new email address." : "Your profile has been saved.",
        }),
      onError: (error) => toast({ title: "Error", description: errorMessage(error, "Failed to update profile. Please try again."), variant: "destructive" }),
    });
  });
  return (
    <form noValidate onSubmit={onSubmit} aria-label="Profile" className="rb-form-grid-2">
      <Controller
        control={control}
        name="firstName"
        render={({ field }) => (
          <FormField id="firstName" label="First name" error={formState.errors.firstName?.message}>
            <Input {...field} autoComplete="given-name" />
          </FormField>
        )}
      />
      <Controller
        control={control}
        name="lastName"
        render={({ field }) => (
          <FormField id="lastName" label="Last name" error={formState.errors.lastName?.message}>
            <Input {...field} autoComplete="family-name" />
          </FormField>
        )}
      />
      <div className="rb-form-grid-2__full">
        <Controller
          control={control}
          name="email"
          render={({ field }) => (
            <FormField id="email" label="Email" error={formState.errors.email?.message} extra={pendingChangeHint(user)}>
              <Input {...field} type="email" autoComplete="email" />
            </FormField>
          )}
        />
      </div>
      {emailChanged && (
        <div className="rb-form-grid-2__full">
          <Controller
            control={control}
            name="currentPassword"
            render={({ field }) => (
              <FormField id="currentPassword" label="Current password (needed to change your email)" error={formState.errors.currentPassword?.message}>
                <Input.Password {...field} value={field.value ?? ""} autoComplete="current-password" />
              </FormField>
            )}
          />
        </div>
      )}
      <div className="rb-form-actions rb-form-grid-2__full">
        <Button type="primary" htmlType="submit" loading={save.isPending}>
          Save Profile
        </Button>
      </div>
    </form>
  );
}
