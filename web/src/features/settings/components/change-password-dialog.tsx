import { zodResolver } from "@hookform/resolvers/zod";
import { Button, Modal } from "antd";
import { Controller, useForm } from "react-hook-form";
import { errorMessage } from "@/shared/api/client";
import { FormField } from "@/shared/ui/form-field";
import { PasswordInput } from "@/shared/ui/password-input";
import { toast } from "@/shared/ui/toast/toast-store";
import { CHANGE_PASSWORD_FAILED, changePasswordSchema, useChangePassword, type ChangePasswordInput } from "../api/change-password";

const EMPTY: ChangePasswordInput = { currentPassword: "", newPassword: "", confirmPassword: "" };

/** The change-password dialog (docs/product.md section 5's messages and section 8's failure text). */
export function ChangePasswordDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const change = useChangePassword();
  const { control, handleSubmit, formState, reset } = useForm<ChangePasswordInput>({ resolver: zodResolver(changePasswordSchema), defaultValues: EMPTY });
  const close = () => {
    reset(EMPTY);
    onClose();
  };
  const onSubmit = handleSubmit((input) =>
    change.mutate(input, {
      onSuccess: (result) => {
        toast({ title: "Password Changed", description: result?.message || "Your password has been updated. Other devices have been signed out." });
        close();
      },
      onError: (error) => toast({ title: "Error", description: errorMessage(error, CHANGE_PASSWORD_FAILED), variant: "destructive" }),
    }),
  );
  const fields = [
    { name: "currentPassword", label: "Current password", autoComplete: "current-password" },
    { name: "newPassword", label: "New password", autoComplete: "new-password" },
    { name: "confirmPassword", label: "Confirm new password", autoComplete: "new-password" },
  ] as const;
  return (
    <Modal open={open} onCancel={close} title="Change Password" footer={null} destroyOnHidden>
      <form noValidate onSubmit={onSubmit} aria-label="Change password">
        {fields.map((item) => (
          <Controller
            key={item.name}
            control={control}
            name={item.name}
            render={({ field }) => (
              <FormField id={item.name} label={item.label} error={formState.errors[item.name]?.message}>
                <PasswordInput {...field} autoComplete={item.autoComplete} />
              </FormField>
            )}
          />
        ))}
        <div className="rb-form-actions">
          <Button onClick={close}>Cancel</Button>
          <Button type="primary" htmlType="submit" loading={change.isPending}>
            Update Password
          </Button>
        </div>
      </form>
    </Modal>
  );
}
