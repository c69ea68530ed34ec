// Forgot password (docs/product.md, "Screens"): the account's email; the answer is the same
// whether or not an account uses it, and says where the link went. The email is written in the
// language of this page.
import { useState, type FormEvent } from "react";
import { Link } from "react-router-dom";
import { passwordResetSchema } from "@contract/auth.ts";
import { paths } from "@/config/paths.ts";
import { errorMessage } from "@/lib/api-client.ts";
import { getLocale } from "@/lib/i18n/index.ts";
import { t } from "@/features/auth/i18n.ts";
import { Alert } from "@/components/ui/index.ts";
import { EmailField, Form, SubmitButton, useForm } from "@/components/forms/form.tsx";
import { useRequestPasswordReset } from "@/features/auth/api/password-reset.ts";
import { AuthPanel } from "./auth-panel.tsx";

export function ForgotPasswordForm() {
  const request = useRequestPasswordReset();
  const { values, field, formRef, ...fieldErrors } = useForm({ email: "" }, ["email"]);
  const [failure, setFailure] = useState<string | null>(null);
  const [sent, setSent] = useState(false);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    setFailure(null);
    const parsed = passwordResetSchema.safeParse({ ...values, language: getLocale() });
    if (!parsed.success) {
      fieldErrors.fromSchema(parsed.error);
      return;
    }
    fieldErrors.show();
    try {
      await request.mutateAsync(parsed.data);
      setSent(true);
    } catch (error) {
      const message = errorMessage(error, t("errors.unexpected"));
      if (!fieldErrors.fromServer(error, message)) setFailure(message);
    }
  }

  return (
    <AuthPanel
      title={t("forgot.title")}
      subtitle={t("forgot.subtitle")}
      footer={<Link to={paths.login}>{t("forgot.backToLogin")}</Link>}
    >
      {sent ? (
        <Alert tone="success">{t("forgot.sent")}</Alert>
      ) : (
        <Form onSubmit={onSubmit} formRef={formRef} error={failure}>
          <EmailField label={t("login.email")} {...field("email")} />
          <SubmitButton pending={request.isPending} label={t("forgot.submit")} pendingLabel={t("forgot.submitting")} />
        </Form>
      )}
    </AuthPanel>
  );
}
