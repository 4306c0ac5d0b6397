import { useQuery } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState } from 'react';
import { PageLoading } from '@/components/page-loading';
import { Label } from '@/components/ui/label';
import { NativeSelect } from '@/components/ui/native-select';
import { useDocumentTitle } from '@/lib/use-document-title';
import { cn } from '@/lib/utils';
import { templatesQueryOptions } from '../api/get-templates';
import { DevMailboxNav } from '../components/dev-mailbox-nav';
import { MailboxError } from '../components/mailbox-error';
import { CHANNEL_LABEL } from '../components/message-view';
import { previewKey, TemplatePreview } from '../components/template-preview';

/** Every message the portal writes, rendered with sample data: for checking them by eye. */
export function DevTemplatesPage() {
  useDocumentTitle('Message templates');
  const templates = useQuery(templatesQueryOptions());
  const items = templates.data?.items ?? [];
  const [selectedKey, setSelectedKey] = useState<string | null>(null);
  const selected = items.find((item) => previewKey(item) === selectedKey) ?? items[0] ?? null;
  const pickerId = useId();
  const headingRef = useRef<HTMLHeadingElement>(null);
  // A template picked from the list (not the first one shown): its preview comes into view and
  // takes the focus, so it is read next, wherever in the long list it was picked.
  const [picked, setPicked] = useState(0);
  useEffect(() => {
    if (picked === 0) return;
    const heading = headingRef.current;
    // The heading, not the whole card: a tall preview shows from its top.
    heading?.scrollIntoView({ block: 'nearest' });
    heading?.focus({ preventScroll: true });
  }, [picked]);

  return (
    <div className="grid gap-6">
      <div className="grid gap-2">
        <h1 className="text-3xl font-semibold tracking-tight">Message templates</h1>
        <p className="text-muted-foreground">
          Every e-mail, text message and call the portal sends, filled with sample data: once with every
          field, and once with only the required ones where that changes the message.
        </p>
      </div>
      <DevMailboxNav />

      {templates.isPending ? <PageLoading label="Loading templates…" /> : null}
      {templates.isError ? <MailboxError error={templates.error} /> : null}

      {items.length > 0 ? (
        <div className="grid gap-6 lg:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]">
          {/* On a phone a picker, so the chosen template is not below a long list. */}
          <div className="grid gap-2 lg:hidden">
            <Label htmlFor={pickerId}>Template</Label>
            <NativeSelect
              id={pickerId}
              value={selected ? previewKey(selected) : ''}
              onChange={(event) => setSelectedKey(event.target.value)}
            >
              {items.map((item) => (
                <option key={previewKey(item)} value={previewKey(item)}>
                  {item.name} ({item.variant})
                </option>
              ))}
            </NativeSelect>
          </div>
          <section aria-labelledby="templates-list-title" className="hidden content-start gap-2 lg:grid">
            <h2 id="templates-list-title" className="sr-only">
              Templates
            </h2>
            <ul className="grid gap-2">
              {items.map((item) => {
                const key = previewKey(item);
                const current = selected !== null && previewKey(selected) === key;
                return (
                  <li key={key}>
                    <button
                      type="button"
                      aria-current={current ? 'true' : undefined}
                      onClick={() => {
                        setSelectedKey(key);
                        setPicked((count) => count + 1);
                      }}
                      className={cn(
                        'grid w-full gap-1 rounded-lg border border-border bg-background p-3 text-left text-sm hover:bg-muted focus-visible:ring-[3px] focus-visible:ring-ring/50 focus-visible:outline-none',
                        current && 'border-primary bg-primary-soft',
                      )}
                    >
                      <span className="flex flex-wrap items-center justify-between gap-2">
                        <span className="font-mono font-medium break-all">{item.name}</span>
                        <span className="rounded bg-secondary-soft px-1.5 py-0.5 text-xs font-semibold uppercase text-secondary-hover">
                          {CHANNEL_LABEL[item.channel]}
                        </span>
                      </span>
                      <span className="text-muted-foreground">{item.variant}</span>
                      {item.subject ? <span className="break-words">{item.subject}</span> : null}
                    </button>
                  </li>
                );
              })}
            </ul>
          </section>
          {/* Beside the list on a wide screen, staying in view while the list scrolls by. */}
          <div className="min-w-0 lg:sticky lg:top-4 lg:self-start">
            {selected ? <TemplatePreview preview={selected} headingRef={headingRef} /> : null}
          </div>
        </div>
      ) : null}
    </div>
  );
}
