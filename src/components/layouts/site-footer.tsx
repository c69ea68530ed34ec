// Footer (docs/product.md, "Header and footer"): tagline, social links, Product / Resources /
// Company columns, legal links.
import { Link } from "react-router-dom";
import { socialLinks, support } from "@/config/app.ts";
import { paths } from "@/config/paths.ts";
import { currentYear } from "@/lib/format.ts";
import { t } from "@/lib/i18n/index.ts";
import { LogoMark } from "./logo.tsx";

const section = (hash: string) => ({ pathname: paths.home, hash: `#${hash}` });

export function SiteFooter() {
  return (
    <footer className="site-footer" aria-label={t("footer.label")}>
      <div className="container site-footer__grid">
        <div className="site-footer__brand">
          <p className="site-footer__logo">
            <LogoMark size={28} />
            <span>{t("app.name")}</span>
          </p>
          <p className="site-footer__tagline">{t("app.tagline")}</p>
          <ul className="social-links" aria-label={t("footer.social")}>
            {socialLinks.map((link) => (
              <li key={link.id}>
                <a href={link.href} target="_blank" rel="noopener noreferrer" className="social-links__link">
                  {t(`social.${link.id}`)}
                  <span className="visually-hidden"> {t("common.opensInNewTab")}</span>
                </a>
              </li>
            ))}
          </ul>
        </div>
        <nav className="site-footer__column" aria-labelledby="footer-product">
          <h2 id="footer-product" className="site-footer__heading">
            {t("footer.product")}
          </h2>
          <ul>
            <li>
              <Link to={section("features")}>{t("nav.features")}</Link>
            </li>
            <li>
              <Link to={section("how-it-works")}>{t("nav.howItWorks")}</Link>
            </li>
            <li>
              <Link to={section("pricing")}>{t("nav.pricing")}</Link>
            </li>
          </ul>
        </nav>
        <nav className="site-footer__column" aria-labelledby="footer-resources">
          <h2 id="footer-resources" className="site-footer__heading">
            {t("footer.resources")}
          </h2>
          <ul>
            <li>
              <Link to={paths.businessSignup}>{t("footer.forBusinesses")}</Link>
            </li>
            <li>
              <Link to={paths.influencerSignup}>{t("footer.forCreators")}</Link>
            </li>
            <li>
              <Link to={section("contact")}>{t("footer.contactSupport")}</Link>
            </li>
          </ul>
        </nav>
        <nav className="site-footer__column" aria-labelledby="footer-company">
          <h2 id="footer-company" className="site-footer__heading">
            {t("footer.company")}
          </h2>
          <ul>
            <li>
              <Link to={section("about-us")}>{t("nav.about")}</Link>
            </li>
            <li>
              <Link to={section("testimonials")}>{t("nav.testimonials")}</Link>
            </li>
            <li>
              <a href={support.phoneHref}>{support.phone}</a>
            </li>
          </ul>
        </nav>
      </div>
      <div className="container site-footer__bottom">
        <p>{t("footer.copyright", { year: currentYear() })}</p>
        <nav aria-label={t("footer.legal")}>
          <ul className="site-footer__legal">
            <li>
              <Link to={paths.privacyPolicy}>{t("footer.privacy")}</Link>
            </li>
            <li>
              <Link to={paths.termsOfService}>{t("footer.terms")}</Link>
            </li>
          </ul>
        </nav>
      </div>
    </footer>
  );
}
