// Influencer signup, 'Become an Influencer' (docs/product.md, "Screens" and "When something
// fails"): full name, email, password, platform (Instagram default), handle. Empty field -> 'All
// fields are required.'; failures show the server message or 'An unexpected error occurred.'
// Success stores the token, says the user is logged in, opens the influencer dashboard.
import { useState, type FormEvent } from "react";
import { Link, useNavigate } from "react-router-dom";
import { influencerRegistrationSchema } from "@contract/auth.ts";
import { paths } from "@/config/paths.ts";
import { errorMessage } from "@/lib/api-client.ts";
import { hasEmptyField } from "@/lib/form-errors.ts";
import { t } from "@/features/auth/i18n.ts";
import { useFieldErrors } from "@/lib/use-field-errors.ts";
import { setToken } from "@/lib/token.ts";
import { Alert, Button, SelectField, TextField, useToast } from "@/components/ui/index.ts";
import { useRegisterInfluencer } from "@/features/auth/api/register-influencer.ts";
import { AuthPanel } from "./auth-panel.tsx";

const requiredFields = ["full_name", "email", "password", "social_media_page"] as const;
const inputs = [...requiredFields, "platform"] as const;
interface Values {
  full_name: string;
  email: string;
  password: string;
  platform: "instagram" | "facebook";
  social_media_page: string;
}

export function InfluencerSignupForm() {
  const navigate = useNavigate();
  const toast = useToast();
  const { mutateAsync: register, isPending } = useRegisterInfluencer();
  const [values, setValues] = useState<Values>({
    full_name: "",
    email: "",
    password: "",
    platform: "instagram",
    social_media_page: "",
  });
  const { errors, formRef, ...fieldErrors } = useFieldErrors(inputs);
  const [formError, setFormError] = useState<string | null>(null);

  const update = (field: keyof Values) => (event: { target: { value: string } }) =>
    setValues((current) => ({ ...current, [field]: event.target.value }));

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    fieldErrors.show();
    setFormError(null);
    if (hasEmptyField({ ...values }, requiredFields)) {
      setFormError(t("errors.allFieldsRequired"));
      return;
    }
    const parsed = influencerRegistrationSchema.safeParse(values);
    if (!parsed.success) {
      fieldErrors.fromSchema(parsed.error);
      return;
    }
    try {
      const { token } = await register(parsed.data);
      setToken(token);
      toast.success(t("influencerSignup.success"));
      navigate(paths.influencerDashboard, { replace: true });
    } catch (error) {
      const message = errorMessage(error, t("errors.unexpected"));
      if (!fieldErrors.fromServer(error, message)) setFormError(message);
    }
  }

  return (
    <AuthPanel
      title={t("influencerSignup.title")}
      subtitle={t("influencerSignup.subtitle")}
      footer={
        <>
          {t("influencerSignup.haveAccount")} <Link to={paths.login}>{t("influencerSignup.signIn")}</Link>
        </>
      }
    >
      <form className="form" onSubmit={onSubmit} noValidate ref={formRef}>
        {formError && <Alert tone="danger">{formError}</Alert>}
        <TextField
          label={t("influencerSignup.fullName")}
          name="full_name"
          autoComplete="name"
          required
          value={values.full_name}
          onChange={update("full_name")}
          error={errors.full_name}
        />
        <TextField
          label={t("influencerSignup.email")}
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
          label={t("influencerSignup.password")}
          type="password"
          name="password"
          autoComplete="new-password"
          required
          hint={t("influencerSignup.passwordHint")}
          value={values.password}
          onChange={update("password")}
          error={errors.password}
        />
        <SelectField
          label={t("influencerSignup.platform")}
          name="platform"
          required
          value={values.platform}
          onChange={update("platform")}
          error={errors.platform}
          options={[
            { value: "instagram", label: t("influencerSignup.platformInstagram") },
            { value: "facebook", label: t("influencerSignup.platformFacebook") },
          ]}
        />
        <TextField
          label={t("influencerSignup.handle")}
          name="social_media_page"
          autoCapitalize="none"
          autoCorrect="off"
          spellCheck={false}
          placeholder={t("influencerSignup.handlePlaceholder")}
          required
          hint={t("influencerSignup.handleHint")}
          value={values.social_media_page}
          onChange={update("social_media_page")}
          error={errors.social_media_page}
        />
        <Button type="submit" block size="lg" loading={isPending}>
          {isPending ? t("influencerSignup.submitting") : t("influencerSignup.submit")}
        </Button>
      </form>
    </AuthPanel>
  );
}
