import { UPLOAD_KINDS } from '@portal/shared';
import { ArrowDown, ArrowUp, Trash } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { errorMessage } from '@/lib/api-client';
import { type MediaField, useDeleteMedia, useReorderMedia } from '@/lib/media-api';
import { toast } from '@/lib/toast';
import { cn } from '@/lib/utils';
import { MediaDeleteDialog } from './media-delete-dialog';
import { isLogoKind, isVideoKind, type ListKind, MEDIA_WORDS } from './media-kinds';

const capitalise = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/**
 * The files of one list (headshots, logos, videos...) in their order: each can move up or down
 * (saved at once, put back if the server refuses) or be deleted after a confirmation.
 */
export function MediaGallery({ kind, urls }: { kind: ListKind; urls: string[] }) {
  const spec = UPLOAD_KINDS[kind];
  const field = spec.field as MediaField;
  const words = MEDIA_WORDS[kind];
  const video = isVideoKind(kind);
  const reorder = useReorderMedia();
  const remove = useDeleteMedia();
  const [deleting, setDeleting] = useState<{ url: string; name: string } | null>(null);
  const listRef = useRef<HTMLOListElement>(null);
  const emptyRef = useRef<HTMLParagraphElement>(null);
  const justDeleted = useRef(false);
  // After a move, keep the keyboard on the moved file's buttons (its first or last place
  // disables one of them).
  const focusAfterMove = useRef<{ url: string; direction: 'up' | 'down' } | null>(null);

  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the order on screen changes
  useEffect(() => {
    const target = focusAfterMove.current;
    if (!target || !listRef.current) return;
    focusAfterMove.current = null;
    const item = Array.from(listRef.current.querySelectorAll<HTMLElement>('li[data-url]')).find(
      (element) => element.dataset.url === target.url,
    );
    const buttons = [target.direction, target.direction === 'up' ? 'down' : 'up'].map((direction) =>
      item?.querySelector<HTMLButtonElement>(`button[data-move="${direction}"]`),
    );
    buttons.find((button) => button && !button.disabled)?.focus();
  }, [urls]);

  const move = (index: number, direction: 'up' | 'down') => {
    const to = direction === 'up' ? index - 1 : index + 1;
    // One move at a time, so a refused one rolls back to a known order.
    if (reorder.isPending || to < 0 || to >= urls.length) return;
    const next = [...urls];
    const [moved] = next.splice(index, 1);
    next.splice(to, 0, moved!);
    focusAfterMove.current = { url: moved!, direction };
    reorder.mutate(
      { field, urls: next },
      {
        onError: (error) =>
          toast.error(`The new order was not saved. ${errorMessage(error, 'Please try again.')}`),
      },
    );
  };

  const confirmDelete = () => {
    if (!deleting) return;
    remove.mutate(deleting.url, {
      onSuccess: () => {
        justDeleted.current = true;
        setDeleting(null);
        toast.success(`${capitalise(words.noun)} deleted.`);
      },
      onError: (error) => {
        setDeleting(null);
        toast.error(`The ${words.noun} was not deleted. ${errorMessage(error, 'Please try again.')}`);
      },
    });
  };

  const label = `Your ${words.plural}`;
  return (
    <>
      {urls.length === 0 ? (
        <p ref={emptyRef} tabIndex={-1} className="text-sm text-muted-foreground outline-none">
          You have not uploaded any {words.plural} yet.
        </p>
      ) : (
        <ol
          ref={listRef}
          aria-label={label}
          tabIndex={-1}
          className={cn(
            'grid gap-4 outline-none',
            video ? 'sm:grid-cols-2' : 'grid-cols-1 min-[420px]:grid-cols-2 lg:grid-cols-3',
          )}
        >
          {urls.map((url, index) => {
            const name = `${spec.label} ${index + 1} of ${urls.length}`;
            return (
              <li
                key={url}
                data-url={url}
                className="grid content-start gap-3 rounded-lg border border-border bg-card p-3"
              >
                {video ? (
                  // biome-ignore lint/a11y/useMediaCaption: the agent's own recordings, shown back to them
                  <video
                    controls
                    preload="metadata"
                    src={url}
                    aria-label={name}
                    className="aspect-video w-full rounded-md bg-black"
                  />
                ) : (
                  <img
                    src={url}
                    alt={name}
                    loading="lazy"
                    className={cn(
                      'aspect-square w-full rounded-md bg-muted',
                      isLogoKind(kind) ? 'bg-white object-contain p-2' : 'object-cover',
                    )}
                  />
                )}
                <p className="text-sm font-medium" aria-hidden="true">
                  {index + 1}. {spec.label}
                </p>
                <div className="grid grid-cols-2 gap-2">
                  <Button
                    type="button"
                    variant="outline"
                    size="sm"
                    data-move="up"
                    disabled={index === 0}
                    // Not disabled while saving: the button keeps the keyboard focus.
                    aria-disabled={reorder.isPending || undefined}
                    onClick={() => move(index, 'up')}
                  >
                    <ArrowUp aria-hidden="true" />
                    Move up <span className="sr-only">{name}</span>
                  </Button>
                  <Button
                    type="button"
                    variant="outline"
                    size="sm"
                    data-move="down"
                    disabled={index === urls.length - 1}
                    // Not disabled while saving: the button keeps the keyboard focus.
                    aria-disabled={reorder.isPending || undefined}
                    onClick={() => move(index, 'down')}
                  >
                    <ArrowDown aria-hidden="true" />
                    Move down <span className="sr-only">{name}</span>
                  </Button>
                  <Button
                    type="button"
                    variant="outline"
                    size="sm"
                    className="col-span-2 text-destructive"
                    onClick={() => setDeleting({ url, name })}
                  >
                    <Trash aria-hidden="true" />
                    Delete <span className="sr-only">{name}</span>
                  </Button>
                </div>
              </li>
            );
          })}
        </ol>
      )}
      <MediaDeleteDialog
        open={deleting !== null}
        onOpenChange={(open) => {
          if (!open) setDeleting(null);
        }}
        noun={words.noun}
        itemName={deleting?.name ?? ''}
        pending={remove.isPending}
        onConfirm={confirmDelete}
        onCloseAutoFocus={(event) => {
          // The deleted file's button is gone: land on the list (or its empty state) instead.
          if (!justDeleted.current) return;
          justDeleted.current = false;
          event.preventDefault();
          (listRef.current ?? emptyRef.current)?.focus();
        }}
      />
    </>
  );
}
