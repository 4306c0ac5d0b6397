import type { AgreementSection } from '@portal/shared';

/** The agreement's text, section by section, in a measure that reads well on a phone. */
export function AgreementText({ sections, label }: { sections: AgreementSection[]; label: string }) {
  return (
    <article
      aria-label={label}
      className="grid gap-6 rounded-xl border border-border bg-card p-4 text-card-foreground shadow-sm sm:p-8"
    >
      {sections.map((section, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: a fixed text, never reordered; headings may repeat
        <section key={index} className="grid max-w-prose gap-3">
          <h2 className="text-lg font-semibold">{section.heading}</h2>
          {/* wrap-anywhere, not break-words: a party's e-mail address must not set the page's width. */}
          {section.paragraphs.map((paragraph, line) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: a fixed text, never reordered; lines may repeat
            <p key={line} className="leading-relaxed wrap-anywhere">
              {paragraph}
            </p>
          ))}
        </section>
      ))}
    </article>
  );
}
