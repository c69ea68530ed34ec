// Influencer signup, 'Become an Influencer' (docs/product.md, "Screens" and "When something
// fails"): full name, email, password, platform (Instagram default), handle. Empty field -> 'All
// fields are required.'; failures show the server message or 'An unexpected error occurred.'
// Success stores the token, says the user is logged in, opens the influencer dashboard.
import { Link } from "react-router-dom";
import { influencerRegistrationSchema } from "@contract/auth.ts";
import { paths } from "@/config/paths.ts";
import { t } from "@/features/auth/i18n.ts";
import { EmailField, Form, PasswordField, SubmitButton, useForm } from "@/components/forms/form.tsx";
import { SelectField, TextField } from "@/components/ui/index.ts";
import { useRegisterInfluencer } from "@/features/auth/api/register-influencer.ts";
import { AuthPanel } from "./auth-panel.tsx";
import { useSignupSubmit } from "./use-signup-submit.ts";

const requiredFields = ["full_name", "email", "password", "social_media_page"] as const;
const inputs = [...requiredFields, "platform"] as const;

export function InfluencerSignupForm() {
  const { mutateAsync: register, isPending } = useRegisterInfluencer();
  const { values, field, formRef, ...fieldErrors } = useForm(
    { full_name: "", email: "", password: "", platform: "instagram", social_media_page: "" },
    inputs,
  );
  const { formError, onSubmit } = useSignupSubmit({
    values,
    requiredFields,
    fieldErrors,
    schema: influencerRegistrationSchema,
    register,
    successText: t("influencerSignup.success"),
    next: paths.influencerDashboard,
    failedDefault: t("errors.unexpected"),
  });

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
      <Form onSubmit={onSubmit} formRef={formRef} error={formError}>
        <TextField label={t("influencerSignup.fullName")} autoComplete="name" required {...field("full_name")} />
        <EmailField label={t("influencerSignup.email")} {...field("email")} />
        <PasswordField
          label={t("influencerSignup.password")}
          autoComplete="new-password"
          hint={t("influencerSignup.passwordHint")}
          {...field("password")}
        />
        <SelectField
          label={t("influencerSignup.platform")}
          required
          {...field("platform")}
          options={[
            { value: "instagram", label: t("influencerSignup.platformInstagram") },
            { value: "facebook", label: t("influencerSignup.platformFacebook") },
          ]}
        />
        <TextField
          label={t("influencerSignup.handle")}
          autoCapitalize="none"
          autoCorrect="off"
          spellCheck={false}
          placeholder={t("influencerSignup.handlePlaceholder")}
          required
          hint={t("influencerSignup.handleHint")}
          {...field("social_media_page")}
        />
        <SubmitButton
          pending={isPending}
          label={t("influencerSignup.submit")}
          pendingLabel={t("influencerSignup.submitting")}
        />
      </Form>
    </AuthPanel>
  );
}
