// Business signup (docs/product.md, "Screens" and "When something fails"): shop name, email,
// password, social page URL, store phone. Empty field -> 'All fields are required.'; server errors
// inline and as 'Registration failed: {message}'. Success stores the token, says the account is
// pending approval, opens the business dashboard.
import { Link } from "react-router-dom";
import { businessRegistrationSchema } from "@contract/auth.ts";
import { paths } from "@/config/paths.ts";
import { t } from "@/features/auth/i18n.ts";
import { EmailField, Form, PasswordField, SubmitButton, useForm } from "@/components/forms/form.tsx";
import { TextField } from "@/components/ui/index.ts";
import { useRegisterBusiness } from "@/features/auth/api/register-business.ts";
import { AuthPanel } from "./auth-panel.tsx";
import { useSignupSubmit } from "./use-signup-submit.ts";

// The API keeps business_name optional (SPEC compatibility); this form asks for it.
const fields = ["business_name", "email", "password", "social_media_page", "store_phone"] as const;

export function BusinessSignupForm() {
  const { mutateAsync: register, isPending } = useRegisterBusiness();
  const { values, field, formRef, ...fieldErrors } = useForm(
    { business_name: "", email: "", password: "", social_media_page: "", store_phone: "" },
    fields,
  );
  const { formError, onSubmit } = useSignupSubmit({
    values,
    requiredFields: fields,
    fieldErrors,
    schema: businessRegistrationSchema,
    register,
    successText: t("businessSignup.success"),
    next: paths.businessDashboard,
    failedDefault: t("businessSignup.failedDefault"),
    failedToast: (message) => t("businessSignup.failed", { message }),
  });

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
      <Form onSubmit={onSubmit} formRef={formRef} error={formError}>
        <TextField
          label={t("businessSignup.shopName")}
          autoComplete="organization"
          required
          maxLength={100}
          hint={t("businessSignup.shopNameHint")}
          {...field("business_name")}
        />
        <EmailField label={t("businessSignup.email")} {...field("email")} />
        <PasswordField
          label={t("businessSignup.password")}
          autoComplete="new-password"
          hint={t("businessSignup.passwordHint")}
          {...field("password")}
        />
        <TextField
          label={t("businessSignup.socialPage")}
          type="url"
          inputMode="url"
          placeholder={t("businessSignup.socialPagePlaceholder")}
          required
          hint={t("businessSignup.socialPageHint")}
          {...field("social_media_page")}
        />
        <TextField
          label={t("businessSignup.storePhone")}
          type="tel"
          autoComplete="tel"
          inputMode="tel"
          required
          hint={t("businessSignup.storePhoneHint")}
          {...field("store_phone")}
        />
        <SubmitButton
          pending={isPending}
          label={t("businessSignup.submit")}
          pendingLabel={t("businessSignup.submitting")}
        />
      </Form>
    </AuthPanel>
  );
}
