import { Link } from "react-router-dom";
import { paths } from "@/config/paths.ts";
import { t } from "@/features/auth/i18n.ts";
import { Icon } from "@/components/ui/index.ts";
import { AuthPanel } from "./auth-panel.tsx";

const choices = [
  { to: paths.businessSignup, icon: "store", title: "signup.business.title", body: "signup.business.body" },
  { to: paths.influencerSignup, icon: "megaphone", title: "signup.creator.title", body: "signup.creator.body" },
] as const;

export function SignupSelection() {
  return (
    <AuthPanel
      title={t("signup.title")}
      subtitle={t("signup.subtitle")}
      footer={
        <>
          {t("signup.haveAccount")} <Link to={paths.login}>{t("signup.signIn")}</Link>
        </>
      }
    >
      <ul className="choice-list">
        {choices.map((choice) => (
          <li key={choice.to}>
            <Link to={choice.to} className="choice-card">
              <span className="choice-card__icon">
                <Icon name={choice.icon} size={28} />
              </span>
              <span className="choice-card__text">
                <span className="choice-card__title">{t(choice.title)}</span>
                <span className="choice-card__body">{t(choice.body)}</span>
              </span>
              <Icon name="arrowRight" className="choice-card__arrow" />
            </Link>
          </li>
        ))}
      </ul>
    </AuthPanel>
  );
}
