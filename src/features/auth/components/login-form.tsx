// Login (docs/product.md, "Screens"): email and password; 'Login failed: ' + message, or 'Login
// successful!' and on to the dashboard of the user's type (unknown type to /).
import { useEffect, useState, type FormEvent } from "react";
import { Link, useNavigate } from "react-router-dom";
import { loginSchema } from "@contract/auth.ts";
import { paths } from "@/config/paths.ts";
import { errorMessage } from "@/lib/api-client.ts";
import { t } from "@/features/auth/i18n.ts";
import { dashboardPathFor, forgetSignedOutReason, setTokens, signedOutReason } from "@/lib/token.ts";
import { EmailField, Form, PasswordField, SubmitButton, useForm } from "@/components/forms/form.tsx";
import { useToast } from "@/components/ui/index.ts";
import { useLogin } from "@/features/auth/api/login.ts";
import { AuthPanel } from "./auth-panel.tsx";

export function LoginForm() {
  const navigate = useNavigate();
  const toast = useToast();
  const { mutateAsync: logIn, isPending } = useLogin();
  const { values, field, formRef, ...fieldErrors } = useForm({ email: "", password: "" }, ["email", "password"]);
  // A session the server ended (signed out elsewhere, a reused sign-in) says why, once.
  const [failure, setFailure] = useState<string | null>(signedOutReason);
  useEffect(forgetSignedOutReason, []);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    setFailure(null);
    const parsed = loginSchema.safeParse(values);
    if (!parsed.success) {
      fieldErrors.fromSchema(parsed.error);
      return;
    }
    fieldErrors.show();
    try {
      const { user, ...tokens } = await logIn(parsed.data);
      setTokens(tokens);
      toast.success(t("login.success"));
      navigate(dashboardPathFor(user.user_type), { replace: true });
    } catch (error) {
      setFailure(t("login.failed", { message: errorMessage(error, t("errors.unexpected")) }));
    }
  }

  return (
    <AuthPanel
      title={t("login.title")}
      subtitle={t("login.subtitle")}
      footer={
        <>
          {t("login.noAccount")} <Link to={paths.signupSelection}>{t("login.createAccount")}</Link>
        </>
      }
    >
      <Form onSubmit={onSubmit} formRef={formRef} error={failure}>
        <EmailField label={t("login.email")} {...field("email")} />
        <PasswordField label={t("login.password")} autoComplete="current-password" {...field("password")} />
        <p className="auth-panel__aside">
          <Link to={paths.forgotPassword}>{t("login.forgot")}</Link>
        </p>
        <SubmitButton pending={isPending} label={t("login.submit")} pendingLabel={t("login.submitting")} />
      </Form>
    </AuthPanel>
  );
}
