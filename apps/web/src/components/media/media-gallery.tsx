import { THUMB_IMAGE_SIZE, UPLOAD_KINDS, WEB_IMAGE_SIZE } from '@portal/shared';
import { ArrowDown, ArrowUp, Trash } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Tooltip, TooltipContent, TooltipTrigger } from '@/components/ui/tooltip';
import { errorMessage } from '@/lib/api-client';
import {
  type MediaField,
  thumbnailUrl,
  useDeleteMedia,
  useMediaNames,
  useReorderMedia,
} from '@/lib/media-api';
import { toast } from '@/lib/toast';
import { cn } from '@/lib/utils';
import { MediaDeleteDialog } from './media-delete-dialog';
import { isLogoKind, isVideoKind, type ListKind, MEDIA_WORDS } from './media-kinds';

const capitalise = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** Up or down one place: an icon button, named for screen readers and shown in a tooltip. */
function MoveButton({
  direction,
  name,
  disabled,
  busy,
  onClick,
}: {
  direction: 'up' | 'down';
  name: string;
  disabled: boolean;
  busy: boolean;
  onClick: () => void;
}) {
  const Icon = direction === 'up' ? ArrowUp : ArrowDown;
  const words = direction === 'up' ? 'Move up' : 'Move down';
  return (
    <Tooltip>
      <TooltipTrigger asChild>
        <Button
          type="button"
          variant="outline"
          size="icon"
          data-move={direction}
          aria-label={`${words}: ${name}`}
          disabled={disabled}
          // Not disabled while saving: the button keeps the keyboard focus.
          aria-disabled={busy || undefined}
          onClick={onClick}
        >
          <Icon aria-hidden="true" />
        </Button>
      </TooltipTrigger>
      <TooltipContent>{words}</TooltipContent>
    </Tooltip>
  );
}

/** What the browser may load for a thumbnail: the small version, the web version on wide screens. */
const THUMB_SIZES = '(min-width: 640px) 16rem, 45vw';

/**
 * The files of one list (headshots, logos, videos...) in their order, each under the name it was
 * uploaded with: each can move up or down (saved at once, put back if the server refuses) or be
 * deleted after a confirmation. Photos show whole (a portrait is not cut to a square), from a
 * thumbnail-sized version.
 */
export function MediaGallery({ kind, urls }: { kind: ListKind; urls: string[] }) {
  const spec = UPLOAD_KINDS[kind];
  const field = spec.field as MediaField;
  const words = MEDIA_WORDS[kind];
  const video = isVideoKind(kind);
  const reorder = useReorderMedia();
  const remove = useDeleteMedia();
  const names = useMediaNames();
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
            // As many columns as leave each file room for its name and its three buttons.
            video
              ? 'grid-cols-[repeat(auto-fill,minmax(min(100%,16rem),1fr))]'
              : 'grid-cols-[repeat(auto-fill,minmax(min(100%,10rem),1fr))]',
          )}
        >
          {urls.map((url, index) => {
            const name = `${spec.label} ${index + 1} of ${urls.length}`;
            const fileName = names.get(url);
            return (
              <li
                key={url}
                data-url={url}
                className="grid min-w-0 content-start gap-3 rounded-lg border border-border bg-card p-3"
              >
                {video ? (
                  // biome-ignore lint/a11y/useMediaCaption: the agent's own recordings, shown back to them
                  <video
                    controls
                    preload="metadata"
                    src={url}
                    aria-label={fileName ? `${fileName} (${name})` : name}
                    className="aspect-video w-full rounded-md bg-black"
                  />
                ) : (
                  <img
                    src={url}
                    srcSet={`${thumbnailUrl(url)} ${THUMB_IMAGE_SIZE}w, ${url} ${WEB_IMAGE_SIZE}w`}
                    sizes={THUMB_SIZES}
                    alt={name}
                    loading="lazy"
                    className={cn(
                      // The whole photo, whatever its shape: letterboxed in the square, never cut.
                      'aspect-square w-full rounded-md object-contain',
                      isLogoKind(kind) ? 'bg-white p-2' : 'bg-muted',
                    )}
                  />
                )}
                <p className="grid min-w-0 text-sm" aria-hidden="true">
                  <span className="truncate font-medium" title={fileName}>
                    {fileName ?? spec.label}
                  </span>
                  <span className="text-muted-foreground">
                    {index + 1} of {urls.length}
                  </span>
                </p>
                <div className="flex items-center gap-2">
                  <MoveButton
                    direction="up"
                    name={name}
                    disabled={index === 0}
                    busy={reorder.isPending}
                    onClick={() => move(index, 'up')}
                  />
                  <MoveButton
                    direction="down"
                    name={name}
                    disabled={index === urls.length - 1}
                    busy={reorder.isPending}
                    onClick={() => move(index, 'down')}
                  />
                  <Tooltip>
                    <TooltipTrigger asChild>
                      <Button
                        type="button"
                        variant="outline"
                        size="icon"
                        className="ml-auto text-destructive"
                        aria-label={`Delete ${name}`}
                        onClick={() => setDeleting({ url, name: fileName ? `${fileName} (${name})` : name })}
                      >
                        <Trash aria-hidden="true" />
                      </Button>
                    </TooltipTrigger>
                    <TooltipContent>Delete</TooltipContent>
                  </Tooltip>
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
