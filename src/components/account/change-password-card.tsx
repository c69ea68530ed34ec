// "Change password" (docs/product.md, "Profile"): the current password, the new one twice. The
// server decides what a new password may be (8 characters to 72 bytes, not among the most common,
// not the email) and says so next to the input; the SPA only checks the two new ones match. The
// account's other sessions end; this one stays.
import { useState, type FormEvent } from "react";
import { passwordChangeSchema } from "@contract/auth.ts";
import { errorMessage } from "@/lib/api-client.ts";
import { t } from "@/lib/i18n/index.ts";
import { useChangePassword } from "@/lib/sessions.ts";
import { Form, PasswordField, SubmitButton, useForm } from "@/components/forms/form.tsx";
import { Card, useToast } from "@/components/ui/index.ts";

export function ChangePasswordCard() {
  // A new, empty form after each change.
  const [changes, setChanges] = useState(0);
  return (
    <Card title={t("password.title")}>
      <ChangePasswordForm key={changes} onChanged={() => setChanges((n) => n + 1)} />
    </Card>
  );
}

const inputs = ["current_password", "new_password", "confirm_password"] as const;

function ChangePasswordForm({ onChanged }: { onChanged: () => void }) {
  const toast = useToast();
  const change = useChangePassword();
  const { values, field, formRef, ...fieldErrors } = useForm(
    { current_password: "", new_password: "", confirm_password: "" },
    inputs,
  );
  const [failure, setFailure] = useState<string | null>(null);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    setFailure(null);
    const parsed = passwordChangeSchema.safeParse(values);
    if (!parsed.success) {
      fieldErrors.fromSchema(parsed.error);
      return;
    }
    if (values.confirm_password !== values.new_password) {
      fieldErrors.show({ confirm_password: t("password.mismatch") });
      return;
    }
    fieldErrors.show();
    try {
      await change.mutateAsync(parsed.data);
      toast.success(t("password.changed"));
      onChanged();
    } catch (error) {
      const message = errorMessage(error, t("password.failed"));
      if (!fieldErrors.fromServer(error, message)) setFailure(message);
    }
  }

  return (
    <Form onSubmit={onSubmit} formRef={formRef} error={failure}>
      <PasswordField label={t("password.current")} autoComplete="current-password" {...field("current_password")} />
      <PasswordField
        label={t("password.new")}
        hint={t("password.hint")}
        autoComplete="new-password"
        {...field("new_password")}
      />
      <PasswordField label={t("password.confirm")} autoComplete="new-password" {...field("confirm_password")} />
      <SubmitButton pending={change.isPending} label={t("password.submit")} pendingLabel={t("password.submitting")} />
    </Form>
  );
}
