import { ChevronDown, Link2 } from 'lucide-react';
import { createContext, Fragment, useContext, useEffect, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { type FaqBlock, type FaqEntry, type FaqInline, type FaqTopic, matchesQuery } from './faq-entries';

/** The office's address, once the server has said it (null while unknown). */
const OfficeEmail = createContext<string | null>(null);

/** A mailto link to the office, or the words "the office's e-mail address" while it is unknown. */
export function OfficeEmailLink() {
  const email = useContext(OfficeEmail);
  return email ? <a href={`mailto:${email}`}>{email}</a> : <>the office's e-mail address</>;
}

function Inline({ parts }: { parts: FaqInline[] }) {
  return parts.map((part, index) =>
    typeof part === 'string' ? (
      // Parts of one paragraph never reorder: the index is a stable key.
      // biome-ignore lint/suspicious/noArrayIndexKey: see above
      <Fragment key={index}>{part}</Fragment>
    ) : 'officeEmail' in part ? (
      // biome-ignore lint/suspicious/noArrayIndexKey: see above
      <OfficeEmailLink key={index} />
    ) : (
      // biome-ignore lint/suspicious/noArrayIndexKey: see above
      <Link key={index} to={part.to}>
        {part.text}
      </Link>
    ),
  );
}

function Answer({ blocks }: { blocks: FaqBlock[] }) {
  return blocks.map((block, index) =>
    Array.isArray(block) ? (
      // biome-ignore lint/suspicious/noArrayIndexKey: the blocks of an answer never reorder
      <p key={index}>
        <Inline parts={block} />
      </p>
    ) : (
      // biome-ignore lint/suspicious/noArrayIndexKey: the blocks of an answer never reorder
      <ul key={index} className="grid list-disc gap-1 pl-5">
        {block.list.map((item, itemIndex) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: the items of a list never reorder
          <li key={itemIndex}>
            <Inline parts={item} />
          </li>
        ))}
      </ul>
    ),
  );
}

/** One question: a native disclosure (Enter or Space opens it), with a link to itself. */
function FaqItem({ entry, hidden }: { entry: FaqEntry; hidden: boolean }) {
  return (
    <details
      id={entry.id}
      hidden={hidden}
      className="group scroll-mt-4 rounded-lg border border-border bg-card open:shadow-sm"
    >
      <summary className="flex cursor-pointer list-none items-start justify-between gap-3 rounded-lg p-4 font-medium outline-none hover:bg-muted focus-visible:ring-[3px] focus-visible:ring-ring/50 [&::-webkit-details-marker]:hidden">
        <span>{entry.question}</span>
        <ChevronDown
          aria-hidden="true"
          className="mt-0.5 size-5 shrink-0 transition-transform group-open:rotate-180"
        />
      </summary>
      <div className="grid gap-3 px-4 pb-4 leading-relaxed">
        <Answer blocks={entry.answer} />
        <Link
          to={{ hash: entry.id }}
          className="inline-flex items-center gap-1 justify-self-start text-sm text-muted-foreground"
        >
          <Link2 aria-hidden="true" className="size-4" />
          Link to this answer<span className="sr-only">: {entry.question}</span>
        </Link>
      </div>
    </details>
  );
}

/**
 * The questions by topic, with a search box that narrows them by words in the question or the
 * answer. /resources/faq#<question> opens that answer and scrolls to it; #<topic> scrolls to the
 * topic.
 */
export function FaqList({ topics, officeEmail = null }: { topics: FaqTopic[]; officeEmail?: string | null }) {
  const location = useLocation();
  const [query, setQuery] = useState('');
  const [anchor, setAnchor] = useState<string | null>(null);
  const total = topics.reduce((sum, topic) => sum + topic.entries.length, 0);
  const visible = new Set(
    topics.flatMap((topic) => topic.entries.filter((entry) => matchesQuery(entry, query)).map((e) => e.id)),
  );

  // A deep link shows every question again, then opens its answer once that is rendered.
  useEffect(() => {
    const id = decodeURIComponent(location.hash.slice(1));
    if (!id) return;
    setQuery('');
    setAnchor(id);
  }, [location.hash]);

  useEffect(() => {
    if (!anchor) return;
    setAnchor(null);
    const target = document.getElementById(anchor);
    if (!target) return;
    if (target instanceof HTMLDetailsElement) target.open = true;
    target.scrollIntoView({ block: 'start' });
    (target.querySelector('summary') ?? target.querySelector('h2'))?.focus();
  }, [anchor]);

  return (
    <OfficeEmail.Provider value={officeEmail}>
      <div className="grid gap-8">
        <div className="grid gap-3">
          <div>
            <Field
              label="Search the questions"
              description="For example: ZIP code, broker, videos, password."
            >
              <Input
                type="search"
                value={query}
                onChange={(event) => setQuery(event.target.value)}
                autoComplete="off"
                className="max-w-xl"
              />
            </Field>
          </div>
          <p className="text-sm text-muted-foreground" aria-live="polite">
            {query.trim()
              ? `${visible.size} of ${total} questions match “${query.trim()}”.`
              : `${total} questions in ${topics.length} topics.`}
          </p>
        </div>

        {visible.size === 0 ? (
          <div className="grid justify-items-start gap-2 rounded-lg border border-dashed border-border p-6">
            <p className="font-medium">No matching data</p>
            <p className="text-muted-foreground">
              No question mentions “{query.trim()}”. Try another word, or ask the office at{' '}
              <OfficeEmailLink /> or reply to any e-mail we have sent you.
            </p>
            <Button type="button" variant="outline" onClick={() => setQuery('')}>
              Clear the search
            </Button>
          </div>
        ) : null}

        {query.trim() ? null : (
          <nav aria-label="Topics">
            <ul className="flex flex-wrap gap-2">
              {topics.map((topic) => (
                <li key={topic.id}>
                  <Link
                    to={{ hash: topic.id }}
                    className="inline-block rounded-full border border-border bg-background px-3 py-1 text-sm no-underline hover:bg-muted"
                  >
                    {topic.title}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
        )}

        {topics.map((topic) => {
          const shown = topic.entries.some((entry) => visible.has(entry.id));
          return (
            <section
              key={topic.id}
              id={topic.id}
              aria-labelledby={`${topic.id}-title`}
              hidden={!shown}
              className="grid scroll-mt-4 gap-3"
            >
              <h2
                id={`${topic.id}-title`}
                tabIndex={-1}
                className="text-xl font-semibold tracking-tight outline-none"
              >
                {topic.title}
              </h2>
              <div className="grid gap-2">
                {topic.entries.map((entry) => (
                  <FaqItem key={entry.id} entry={entry} hidden={!visible.has(entry.id)} />
                ))}
              </div>
            </section>
          );
        })}
      </div>
    </OfficeEmail.Provider>
  );
}
