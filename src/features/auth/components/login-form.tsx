// Login (docs/product.md, "Screens"): email and password; 'Login failed: ' + message, or 'Login
// successful!' and on to the dashboard of the user's type (unknown type to /).
import { useState, type FormEvent } from "react";
import { Link, useNavigate } from "react-router-dom";
import { loginSchema } from "@contract/auth.ts";
import { paths } from "@/config/paths.ts";
import { errorMessage } from "@/lib/api-client.ts";
import { t } from "@/features/auth/i18n.ts";
import { useFieldErrors } from "@/lib/use-field-errors.ts";
import { dashboardPathFor, setToken } from "@/lib/token.ts";
import { Alert, Button, TextField, useToast } from "@/components/ui/index.ts";
import { useLogin } from "@/features/auth/api/login.ts";
import { AuthPanel } from "./auth-panel.tsx";

export function LoginForm() {
  const navigate = useNavigate();
  const toast = useToast();
  const { mutateAsync: logIn, isPending } = useLogin();
  const [values, setValues] = useState({ email: "", password: "" });
  const { errors, formRef, ...fieldErrors } = useFieldErrors(["email", "password"]);
  const [failure, setFailure] = useState<string | null>(null);

  const update = (field: keyof typeof values) => (event: { target: { value: string } }) =>
    setValues((current) => ({ ...current, [field]: event.target.value }));

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
      const { token, user } = await logIn(parsed.data);
      setToken(token);
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
      <form className="form" onSubmit={onSubmit} noValidate ref={formRef}>
        {failure && <Alert tone="danger">{failure}</Alert>}
        <TextField
          label={t("login.email")}
          type="email"
          name="email"
          autoComplete="email"
          inputMode="email"
          required
          value={values.email}
          onChange={update("email")}
          error={errors.email}
        />
        <TextField
          label={t("login.password")}
          type="password"
          name="password"
          autoComplete="current-password"
          required
          value={values.password}
          onChange={update("password")}
          error={errors.password}
        />
        <Button type="submit" block size="lg" loading={isPending}>
          {isPending ? t("login.submitting") : t("login.submit")}
        </Button>
      </form>
    </AuthPanel>
  );
}
