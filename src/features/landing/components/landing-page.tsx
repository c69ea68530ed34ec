// Landing page (docs/product.md, "Screens"): hero, features, how it works, pricing (Our
// Commission), testimonials, about us, contact, final call to action. Scrolls to the section named
// in the URL hash.
import { useEffect, type ReactNode } from "react";
import { useLocation } from "react-router-dom";
import { PLATFORM_FEE_RATE, support } from "@/config/app.ts";
import { paths } from "@/config/paths.ts";
import { formatPercent } from "@/lib/format.ts";
import { t, type MessageKey } from "@/features/landing/i18n.ts";
import { Icon, type IconName } from "@/components/ui/index.ts";
import { ButtonLink } from "@/components/ui/button-link.tsx";

const features: { icon: IconName; key: string }[] = [
  { icon: "link", key: "links" },
  { icon: "chat", key: "dm" },
  { icon: "cash", key: "cod" },
  { icon: "shield", key: "verified" },
  { icon: "bank", key: "payouts" },
  { icon: "users", key: "micro" },
];

const testimonials = [1, 2, 3] as const;

function useScrollToHash() {
  const { hash } = useLocation();
  useEffect(() => {
    const id = decodeURIComponent(hash.replace(/^#/, ""));
    if (!id) return;
    const target = document.getElementById(id);
    if (!target) return;
    const reduceMotion = window.matchMedia?.("(prefers-reduced-motion: reduce)").matches;
    target.scrollIntoView({ behavior: reduceMotion ? "auto" : "smooth", block: "start" });
    target.focus({ preventScroll: true });
  }, [hash]);
}

function Section({
  id,
  title,
  intro,
  children,
  tone,
}: {
  id: string;
  title: string;
  intro?: string;
  children: ReactNode;
  tone?: "muted";
}) {
  return (
    <section
      id={id}
      className={`landing-section${tone ? ` landing-section--${tone}` : ""}`}
      aria-labelledby={`${id}-title`}
      tabIndex={-1}
    >
      <div className="container">
        <h2 id={`${id}-title`} className="landing-section__title">
          {title}
        </h2>
        {intro && <p className="landing-section__intro">{intro}</p>}
        {children}
      </div>
    </section>
  );
}

export function LandingPage() {
  useScrollToHash();
  const fee = formatPercent(PLATFORM_FEE_RATE, 0);
  const keep = formatPercent(1, 0);

  return (
    <div className="landing">
      <section className="hero" aria-labelledby="hero-title">
        <div className="container hero__inner">
          <p className="hero__eyebrow">{t("landing.hero.eyebrow")}</p>
          <h1 id="hero-title" className="hero__title">
            {t("landing.hero.title")}
          </h1>
          <p className="hero__body">{t("landing.hero.body")}</p>
          <div className="hero__actions">
            <ButtonLink to={paths.signupSelection} size="lg" variant="accent">
              {t("landing.hero.primary")}
            </ButtonLink>
            <ButtonLink to={{ pathname: paths.home, hash: "#how-it-works" }} size="lg" variant="outline-light">
              {t("landing.hero.secondary")}
            </ButtonLink>
          </div>
          <dl className="hero__stats">
            <div>
              <dt>{t("landing.hero.stat1")}</dt>
              <dd>{fee}</dd>
            </div>
            <div>
              <dt>{t("landing.hero.stat2")}</dt>
              <dd>{keep}</dd>
            </div>
            <div>
              <dt>{t("landing.hero.stat3")}</dt>
              <dd>{t("landing.hero.stat3Value")}</dd>
            </div>
          </dl>
        </div>
      </section>

      <Section id="features" title={t("landing.features.title")} intro={t("landing.features.intro")}>
        <ul className="feature-grid">
          {features.map((feature) => (
            <li key={feature.key} className="feature card">
              <span className="feature__icon">
                <Icon name={feature.icon} />
              </span>
              <h3 className="feature__title">{t(`landing.features.${feature.key}.title` as MessageKey)}</h3>
              <p className="feature__body">{t(`landing.features.${feature.key}.body` as MessageKey)}</p>
            </li>
          ))}
        </ul>
      </Section>

      <Section id="how-it-works" title={t("landing.how.title")} tone="muted">
        <div className="how-grid">
          {(["b", "c"] as const).map((who) => (
            <div key={who} className="how card">
              <h3 className="how__title">
                <Icon name={who === "b" ? "store" : "megaphone"} />
                {t(who === "b" ? "landing.how.businesses" : "landing.how.creators")}
              </h3>
              <ol className="steps">
                {[1, 2, 3, 4].map((step) => (
                  <li key={step}>{t(`landing.how.${who}${step}` as MessageKey)}</li>
                ))}
              </ol>
            </div>
          ))}
        </div>
      </Section>

      <Section id="pricing" title={t("landing.pricing.title")} intro={t("landing.pricing.intro")}>
        <div className="pricing-grid">
          <div className="price card">
            <h3 className="price__title">{t("landing.pricing.business.title")}</h3>
            <p className="price__rate">
              <span className="price__value">{fee}</span> {t("landing.pricing.business.rate")}
            </p>
            <p>{t("landing.pricing.business.body", { rate: fee })}</p>
            <ul className="checklist">
              {[1, 2, 3].map((n) => (
                <li key={n}>
                  <Icon name="check" size={18} />
                  {t(`landing.pricing.business.point${n}` as MessageKey)}
                </li>
              ))}
            </ul>
          </div>
          <div className="price price--highlight card">
            <h3 className="price__title">{t("landing.pricing.creator.title")}</h3>
            <p className="price__rate">
              <span className="price__value">{keep}</span> {t("landing.pricing.creator.rate")}
            </p>
            <p>{t("landing.pricing.creator.body")}</p>
            <ul className="checklist">
              {[1, 2, 3].map((n) => (
                <li key={n}>
                  <Icon name="check" size={18} />
                  {t(`landing.pricing.creator.point${n}` as MessageKey)}
                </li>
              ))}
            </ul>
          </div>
        </div>
      </Section>

      <Section id="testimonials" title={t("landing.testimonials.title")} tone="muted">
        <ul className="testimonial-grid">
          {testimonials.map((n) => (
            <li key={n} className="testimonial card">
              <figure>
                <blockquote className="testimonial__quote">
                  <p>{t(`landing.testimonials.q${n}`)}</p>
                </blockquote>
                <figcaption className="testimonial__author">
                  <span className="testimonial__avatar" aria-hidden="true">
                    {t(`landing.testimonials.a${n}`).charAt(0)}
                  </span>
                  <span>
                    <strong>{t(`landing.testimonials.a${n}`)}</strong>
                    <br />
                    <span className="testimonial__role">{t(`landing.testimonials.r${n}`)}</span>
                  </span>
                </figcaption>
              </figure>
            </li>
          ))}
        </ul>
      </Section>

      <Section id="about-us" title={t("landing.about.title")}>
        <div className="about">
          <p>{t("landing.about.body1")}</p>
          <p>{t("landing.about.body2")}</p>
        </div>
      </Section>

      <Section id="contact" title={t("landing.contact.title")} intro={t("landing.contact.intro")} tone="muted">
        <ul className="contact-grid">
          <li className="contact card">
            <Icon name="phone" />
            <span className="contact__label">{t("landing.contact.phone")}</span>
            <a href={support.phoneHref}>{support.phone}</a>
          </li>
          <li className="contact card">
            <Icon name="mail" />
            <span className="contact__label">{t("landing.contact.email")}</span>
            <a href={`mailto:${support.email}`} className="break-anywhere">
              {support.email}
            </a>
          </li>
          <li className="contact card">
            <Icon name="clock" />
            <span className="contact__label">{t("landing.contact.hours")}</span>
            <span>{t("landing.contact.hoursValue")}</span>
          </li>
        </ul>
      </Section>

      <section className="final-cta" aria-labelledby="final-cta-title">
        <div className="container final-cta__inner">
          <h2 id="final-cta-title" className="final-cta__title">
            {t("landing.cta.title")}
          </h2>
          <p>{t("landing.cta.body")}</p>
          <ButtonLink to={paths.signupSelection} size="lg" variant="accent">
            {t("landing.cta.button")}
          </ButtonLink>
        </div>
      </section>
    </div>
  );
}
