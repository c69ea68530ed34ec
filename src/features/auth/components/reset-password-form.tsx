// Choose a new password (docs/product.md, "Screens"), reached from the link of a reset email or
// Telegram message (/reset-password?token=…): the new password twice. The server decides what it
// may be and whether the link still works (once, for 30 minutes); afterwards the user signs in with
// it, on this device and every other one (every session ended).
import { useState, type FormEvent } from "react";
import { Link, useNavigate, useSearchParams } from "react-router-dom";
import { passwordResetConfirmSchema } from "@contract/auth.ts";
import { paths } from "@/config/paths.ts";
import { errorMessage } from "@/lib/api-client.ts";
import { t } from "@/features/auth/i18n.ts";
import { useToast } from "@/components/ui/index.ts";
import { Form, PasswordField, SubmitButton, useForm } from "@/components/forms/form.tsx";
import { useConfirmPasswordReset } from "@/features/auth/api/password-reset.ts";
import { AuthPanel } from "./auth-panel.tsx";

const inputs = ["new_password", "confirm_password"] as const;

export function ResetPasswordForm() {
  const [search] = useSearchParams();
  const token = search.get("token") ?? "";
  const navigate = useNavigate();
  const toast = useToast();
  const confirm = useConfirmPasswordReset();
  const { values, field, formRef, ...fieldErrors } = useForm({ new_password: "", confirm_password: "" }, inputs);
  const [failure, setFailure] = useState<string | null>(token ? null : t("reset.noToken"));

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    setFailure(null);
    const parsed = passwordResetConfirmSchema.safeParse({ token, new_password: values.new_password });
    if (!parsed.success) {
      if (!fieldErrors.fromSchema(parsed.error)) setFailure(t("reset.noToken"));
      return;
    }
    if (values.confirm_password !== values.new_password) {
      fieldErrors.show({ confirm_password: t("password.mismatch") });
      return;
    }
    fieldErrors.show();
    try {
      await confirm.mutateAsync(parsed.data);
      toast.success(t("reset.done"));
      navigate(paths.login, { replace: true });
    } catch (error) {
      const message = errorMessage(error, t("errors.unexpected"));
      if (!fieldErrors.fromServer(error, message)) setFailure(message);
    }
  }

  return (
    <AuthPanel
      title={t("reset.title")}
      subtitle={t("reset.subtitle")}
      footer={<Link to={paths.forgotPassword}>{t("reset.askAgain")}</Link>}
    >
      <Form onSubmit={onSubmit} formRef={formRef} error={failure}>
        <PasswordField
          label={t("password.new")}
          hint={t("reset.hint")}
          autoComplete="new-password"
          {...field("new_password")}
        />
        <PasswordField label={t("password.confirm")} autoComplete="new-password" {...field("confirm_password")} />
        <SubmitButton pending={confirm.isPending} label={t("reset.submit")} pendingLabel={t("reset.submitting")} />
      </Form>
    </AuthPanel>
  );
}
