import { type AdminMessage, OUTBOX_CHANNELS, OUTBOX_STATUSES } from '@portal/shared';
import { Fragment, useState } from 'react';
import { formatCount } from '@/components/leads/lead-format';
import { type OutboxParams, useOutbox } from '../api/outbox';
import { type Column, DataTable } from '../components/data-table';
import { FilterSelect } from '../components/filter-select';
import { FilterText } from '../components/filter-text';
import { ListToolbar, NoMatches } from '../components/list-toolbar';
import { LoadError } from '../components/load-error';
import {
  CHANNEL_LABELS,
  ChannelIcon,
  canRetry,
  MESSAGE_STATUS_LABELS,
  MessageStatusBadge,
  messageTitle,
} from '../components/message-format';
import { MessageSheet, RetryButton } from '../components/message-sheet';
import { AdminPageHeader } from '../components/page-header';
import { Pager } from '../components/pager';
import { ProviderLimits } from '../components/provider-limits';
import { tableSorting, useListParams } from '../components/use-list-params';
import { formatWhen } from '../components/when';

const FILTERS = ['status', 'channel', 'to'] as const;
const STATUS_OPTIONS = OUTBOX_STATUSES.map((value) => ({ value, label: MESSAGE_STATUS_LABELS[value] }));
const CHANNEL_OPTIONS = OUTBOX_CHANNELS.map((value) => ({ value, label: CHANNEL_LABELS[value] }));

const oneOf = <T extends string>(values: readonly T[], value: string): T | undefined =>
  (values as readonly string[]).includes(value) ? (value as T) : undefined;

/** `<wbr>` after each underscore: a line may break there, and a copy of the text is unchanged. */
function BreakAtUnderscores({ text }: { text: string }) {
  const parts = text.split('_');
  return (
    <>
      {parts.map((part, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one fixed string, in order
        <Fragment key={index}>
          {part}
          {index < parts.length - 1 ? (
            <>
              _<wbr />
            </>
          ) : null}
        </Fragment>
      ))}
    </>
  );
}

/** /admin/messages: the outbox of e-mails, texts and calls, with their delivery state. */
export function AdminMessagesPage() {
  const list = useListParams({
    filters: FILTERS,
    sorts: ['created_at'],
    defaults: { sort: 'created_at', order: 'desc' },
  });
  const params: OutboxParams = {
    status: oneOf(OUTBOX_STATUSES, list.filters.status),
    channel: oneOf(OUTBOX_CHANNELS, list.filters.channel),
    to: list.filters.to || undefined,
    skip: list.skip,
    limit: list.limit,
    order: list.order,
  };
  const messages = useOutbox(params);
  const [openId, setOpenId] = useState<string | null>(null);
  // The open message is read from the list, so a retry shows its new state.
  const open = messages.data?.items.find((message) => message.id === openId) ?? null;
  const filtered = Boolean(params.status || params.channel || params.to);

  const columns: Column<AdminMessage>[] = [
    {
      key: 'title',
      label: 'Subject or text',
      className: 'max-w-60',
      render: (message) => (
        <button
          type="button"
          onClick={() => setOpenId(message.id)}
          className="text-left font-medium [overflow-wrap:anywhere] underline-offset-4 hover:underline focus-visible:ring-[3px] focus-visible:ring-ring/50 focus-visible:outline-none"
        >
          {messageTitle(message)}
        </button>
      ),
    },
    { key: 'channel', label: 'Channel', render: (message) => <ChannelIcon channel={message.channel} /> },
    {
      key: 'to',
      label: 'To',
      className: 'max-w-44',
      render: (message) => <span className="break-all">{message.to}</span>,
    },
    {
      key: 'template',
      label: 'Template',
      // Template names are one long word (broker_signing_request): they may break after an underscore.
      className: 'max-w-36',
      render: (message) => (message.template ? <BreakAtUnderscores text={message.template} /> : '—'),
    },
    { key: 'status', label: 'Status', render: (message) => <MessageStatusBadge status={message.status} /> },
    { key: 'attempts', label: 'Attempts', numeric: true, render: (message) => formatCount(message.attempts) },
    {
      key: 'error',
      label: 'Last error',
      className: 'max-w-48',
      render: (message) =>
        message.last_error ? (
          <span className="line-clamp-2 [overflow-wrap:anywhere] text-destructive" title={message.last_error}>
            {message.last_error}
          </span>
        ) : (
          '—'
        ),
    },
    {
      key: 'created_at',
      sortable: true,
      label: 'Created / sent',
      render: (message) => (
        <span className="grid text-sm">
          <span>{formatWhen(message.created_at)}</span>
          <span className="text-muted-foreground">
            {message.sent_at ? `Sent ${formatWhen(message.sent_at)}` : 'Not sent'}
          </span>
        </span>
      ),
    },
    {
      key: 'actions',
      label: 'Actions',
      render: (message) => (canRetry(message) ? <RetryButton message={message} /> : null),
    },
  ];

  return (
    <div className="grid gap-6">
      <AdminPageHeader
        title="Messages"
        description="Every e-mail, text message and call the portal sends, newest first. Open one to see what it said and each attempt."
      />
      <ProviderLimits />
      <ListToolbar>
        <FilterSelect
          label="Status"
          allLabel="All statuses"
          value={params.status ?? ''}
          options={STATUS_OPTIONS}
          onChange={(value) => list.setFilter('status', value)}
        />
        <FilterSelect
          label="Channel"
          allLabel="All channels"
          value={params.channel ?? ''}
          options={CHANNEL_OPTIONS}
          onChange={(value) => list.setFilter('channel', value)}
        />
        <FilterText
          label="To"
          placeholder="E-mail or phone"
          value={list.filters.to}
          onChange={(value) => list.setFilter('to', value, true)}
        />
      </ListToolbar>
      {messages.isError ? (
        <LoadError title="The messages could not be loaded" query={messages} />
      ) : (
        <>
          <DataTable
            label="Messages"
            columns={columns}
            rows={messages.data?.items}
            rowKey={(message) => message.id}
            {...tableSorting(list)}
            loading={messages.isPending}
            minWidth="56rem"
            empty={
              filtered ? (
                <NoMatches
                  what="messages"
                  onClear={() => list.setFilters({ status: null, channel: null, to: null })}
                />
              ) : (
                'No messages yet. They appear here as soon as the portal sends one.'
              )
            }
          />
          {messages.data ? (
            <Pager
              skip={list.skip}
              limit={list.limit}
              total={messages.data.total}
              exact={messages.data.total_exact}
              shown={messages.data.items.length}
              onSkip={list.setSkip}
              noun="messages"
            />
          ) : null}
        </>
      )}
      <MessageSheet message={open} onClose={() => setOpenId(null)} />
    </div>
  );
}
