import type { MessagePreview } from '@portal/shared';
import type * as React from 'react';
import { Card } from '@/components/ui/card';
import { CHANNEL_LABEL } from './message-view';

export const previewKey = (preview: MessagePreview) => `${preview.name}:${preview.variant}`;

export const previewTitle = (preview: MessagePreview) => `${preview.name} (${preview.variant})`;

/**
 * One template with its sample data. As in the mailbox, the HTML is shown only in a sandboxed
 * frame: no script runs and nothing reaches this origin. Frames are 600 px wide at most, as an
 * e-mail client shows them.
 */
export function TemplatePreview({
  preview,
  headingRef,
}: {
  preview: MessagePreview;
  /** The heading, focused (tabIndex -1) when a template is chosen from the list. */
  headingRef?: React.Ref<HTMLHeadingElement>;
}) {
  const id = previewKey(preview).replace(/[^\w-]/g, '-');
  return (
    <Card className="gap-5">
      <div className="grid gap-1">
        <h2 ref={headingRef} tabIndex={-1} className="text-xl font-semibold break-words outline-none">
          {previewTitle(preview)}
        </h2>
        <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
          <dt className="text-muted-foreground">Channel</dt>
          <dd>{CHANNEL_LABEL[preview.channel]}</dd>
          {preview.subject ? (
            <>
              <dt className="text-muted-foreground">Subject</dt>
              <dd className="break-words">{preview.subject}</dd>
            </>
          ) : null}
          {preview.sms_segments !== null ? (
            <>
              <dt className="text-muted-foreground">SMS segments</dt>
              <dd>
                {preview.sms_segments} ({preview.text.length} characters)
              </dd>
            </>
          ) : null}
        </dl>
      </div>
      {preview.html ? (
        <section className="grid gap-2" aria-labelledby={`${id}-html`}>
          <h3 id={`${id}-html`} className="font-medium">
            HTML
          </h3>
          <iframe
            title={`HTML of ${previewTitle(preview)}`}
            sandbox=""
            referrerPolicy="no-referrer"
            srcDoc={preview.html}
            className="h-[40rem] w-full max-w-[600px] rounded-md border border-border bg-white"
          />
        </section>
      ) : null}
      <section className="grid gap-2" aria-labelledby={`${id}-text`}>
        <h3 id={`${id}-text`} className="font-medium">
          {preview.channel === 'call' ? 'What the call reads out' : 'Text'}
        </h3>
        <pre className="max-w-[600px] overflow-x-auto whitespace-pre-wrap break-words rounded-md bg-muted p-4 font-sans text-sm">
          {preview.text}
        </pre>
      </section>
    </Card>
  );
}
