// A legal document from the i18n dictionary: title, date, contents and numbered sections. Section
// bodies use the dictionary's small format: blank line between paragraphs, "- " for list items.
import { Link } from "react-router-dom";
import { support } from "@/config/app.ts";
import { paths } from "@/config/paths.ts";
import { formatDate } from "@/lib/format-date.ts";
import { t, type MessageKey } from "@/features/legal/i18n.ts";

/** When the legal texts last changed. */
export const LEGAL_UPDATED_AT = "2026-11-22T12:00:00+07:00";

function Body({ text }: { text: string }) {
  const blocks = text.split(/\n\s*\n/);
  return (
    <>
      {blocks.map((block, index) => {
        const lines = block.split("\n");
        if (lines.every((line) => line.startsWith("- "))) {
          return (
            <ul key={index} className="legal__list">
              {lines.map((line, item) => (
                <li key={item}>{line.slice(2)}</li>
              ))}
            </ul>
          );
        }
        return <p key={index}>{block}</p>;
      })}
    </>
  );
}

interface LegalPageProps {
  /** Dictionary prefix: "privacy" or "terms". */
  doc: "privacy" | "terms";
  sections: readonly string[];
}

export function LegalPage({ doc, sections }: LegalPageProps) {
  const params = { email: support.email, phone: support.phone };
  return (
    <article className="container page legal" aria-labelledby="legal-title">
      <Link to={paths.home} className="back-link">
        <span aria-hidden="true">←</span>
        {t("common.backHome")}
      </Link>
      <h1 id="legal-title" className="legal__title">
        {t(`${doc}.title`)}
      </h1>
      <p className="legal__updated">{t("legal.lastUpdated", { date: formatDate(LEGAL_UPDATED_AT) })}</p>
      <p className="legal__intro">{t(`${doc}.intro`)}</p>
      <nav className="legal__toc card" aria-labelledby="legal-toc">
        <h2 id="legal-toc" className="legal__toc-title">
          {t("legal.contents")}
        </h2>
        <ol>
          {sections.map((section) => (
            <li key={section}>
              <a href={`#${doc}-${section}`}>{t(`${doc}.${section}.title` as MessageKey).replace(/^\d+\.\s*/, "")}</a>
            </li>
          ))}
        </ol>
      </nav>
      {sections.map((section) => (
        <section
          key={section}
          id={`${doc}-${section}`}
          className="legal__section"
          aria-labelledby={`${doc}-${section}-title`}
        >
          <h2 id={`${doc}-${section}-title`}>{t(`${doc}.${section}.title` as MessageKey)}</h2>
          <Body text={t(`${doc}.${section}.body` as MessageKey, params)} />
        </section>
      ))}
    </article>
  );
}
