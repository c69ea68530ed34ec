// Business signup (docs/product.md, "Screens" and "When something fails"): shop name, email,
// password, social page URL, store phone. Empty field -> 'All fields are required.'; server errors
// inline and as 'Registration failed: {message}'. Success stores the token, says the account is
// pending approval, opens the business dashboard.
import { useState, type FormEvent } from "react";
import { Link, useNavigate } from "react-router-dom";
import { businessRegistrationSchema } from "@contract/auth.ts";
import { paths } from "@/config/paths.ts";
import { errorMessage } from "@/lib/api-client.ts";
import { hasEmptyField } from "@/lib/form-errors.ts";
import { t } from "@/features/auth/i18n.ts";
import { useFieldErrors } from "@/lib/use-field-errors.ts";
import { setToken } from "@/lib/token.ts";
import { Alert, Button, TextField, useToast } from "@/components/ui/index.ts";
import { useRegisterBusiness } from "@/features/auth/api/register-business.ts";
import { AuthPanel } from "./auth-panel.tsx";

// The API keeps business_name optional (SPEC compatibility); this form asks for it.
const fields = ["business_name", "email", "password", "social_media_page", "store_phone"] as const;
type Values = Record<(typeof fields)[number], string>;

export function BusinessSignupForm() {
  const navigate = useNavigate();
  const toast = useToast();
  const { mutateAsync: register, isPending } = useRegisterBusiness();
  const [values, setValues] = useState<Values>({
    business_name: "",
    email: "",
    password: "",
    social_media_page: "",
    store_phone: "",
  });
  const { errors, formRef, ...fieldErrors } = useFieldErrors(fields);
  const [formError, setFormError] = useState<string | null>(null);

  const update = (field: keyof Values) => (event: { target: { value: string } }) =>
    setValues((current) => ({ ...current, [field]: event.target.value }));

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    fieldErrors.show();
    setFormError(null);
    if (hasEmptyField(values, fields)) {
      setFormError(t("errors.allFieldsRequired"));
      return;
    }
    const parsed = businessRegistrationSchema.safeParse(values);
    if (!parsed.success) {
      fieldErrors.fromSchema(parsed.error);
      return;
    }
    try {
      const { token } = await register(parsed.data);
      setToken(token);
      toast.success(t("businessSignup.success"));
      navigate(paths.businessDashboard, { replace: true });
    } catch (error) {
      const message = errorMessage(error, t("businessSignup.failedDefault"));
      if (!fieldErrors.fromServer(error, message)) setFormError(message);
      toast.error(t("businessSignup.failed", { message }));
    }
  }

  return (
    <AuthPanel
      title={t("businessSignup.title")}
      subtitle={t("businessSignup.subtitle")}
      footer={
        <>
          {t("businessSignup.haveAccount")} <Link to={paths.login}>{t("businessSignup.signIn")}</Link>
        </>
      }
    >
      <form className="form" onSubmit={onSubmit} noValidate ref={formRef}>
        {formError && <Alert tone="danger">{formError}</Alert>}
        <TextField
          label={t("businessSignup.shopName")}
          name="business_name"
          autoComplete="organization"
          required
          maxLength={100}
          hint={t("businessSignup.shopNameHint")}
          value={values.business_name}
          onChange={update("business_name")}
          error={errors.business_name}
        />
        <TextField
          label={t("businessSignup.email")}
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
          label={t("businessSignup.password")}
          type="password"
          name="password"
          autoComplete="new-password"
          required
          hint={t("businessSignup.passwordHint")}
          value={values.password}
          onChange={update("password")}
          error={errors.password}
        />
        <TextField
          label={t("businessSignup.socialPage")}
          type="url"
          name="social_media_page"
          inputMode="url"
          placeholder={t("businessSignup.socialPagePlaceholder")}
          required
          hint={t("businessSignup.socialPageHint")}
          value={values.social_media_page}
          onChange={update("social_media_page")}
          error={errors.social_media_page}
        />
        <TextField
          label={t("businessSignup.storePhone")}
          type="tel"
          name="store_phone"
          autoComplete="tel"
          inputMode="tel"
          required
          hint={t("businessSignup.storePhoneHint")}
          value={values.store_phone}
          onChange={update("store_phone")}
          error={errors.store_phone}
        />
        <Button type="submit" block size="lg" loading={isPending}>
          {isPending ? t("businessSignup.submitting") : t("businessSignup.submit")}
        </Button>
      </form>
    </AuthPanel>
  );
}
