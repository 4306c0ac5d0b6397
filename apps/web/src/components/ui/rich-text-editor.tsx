import Link from '@tiptap/extension-link';
import Placeholder from '@tiptap/extension-placeholder';
import { type Editor, EditorContent, useEditor, useEditorState } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { Bold, Italic, Link2, List, ListOrdered, type LucideIcon } from 'lucide-react';
import * as React from 'react';
import { cn } from '@/lib/utils';
import { Button } from './button';
import { Input } from './input';

/**
 * A small rich-text editor (tiptap): paragraphs, bold, italic, bullet and numbered lists and
 * links (http, https, mailto), which is all the server keeps of a message anyway. Heavy: load
 * it lazily, from a dialog that is itself loaded on demand.
 */

const LINK_PROTOCOLS = ['http', 'https', 'mailto'];
const ALLOWED_LINK = /^(https?:\/\/|mailto:)/i;

/** What a person types in the link box, as a link: "example.com" -> https, "a@b.c" -> mailto. */
export function toLinkHref(typed: string): string | null {
  const value = typed.trim();
  if (!value) return null;
  if (ALLOWED_LINK.test(value)) return value;
  if (/^[a-z][a-z0-9+.-]*:/i.test(value)) return null;
  if (/^[^\s@/]+@[^\s@/]+\.[^\s@/]+$/.test(value)) return `mailto:${value}`;
  if (/^[^\s]+\.[^\s]+$/.test(value)) return `https://${value.replace(/^\/+/, '')}`;
  return null;
}

export interface RichTextEditorHandle {
  focus: () => void;
}

export interface RichTextEditorProps {
  /** The HTML to start with (a draft kept while the dialog was closed). */
  defaultValue?: string;
  /** The HTML, and whether it has any text at all. */
  onChange: (html: string, empty: boolean) => void;
  onBlur?: () => void;
  placeholder: string;
  /** The id of the visible label: a contenteditable cannot be labelled with `for`. */
  labelledBy: string;
  describedBy?: string;
  invalid?: boolean;
  disabled?: boolean;
  ref?: React.Ref<RichTextEditorHandle>;
  className?: string;
}

const isMac = () => typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.platform);

interface Tool {
  name: 'bold' | 'italic' | 'bulletList' | 'orderedList' | 'link';
  label: string;
  icon: LucideIcon;
  /** For aria-keyshortcuts and the tooltip. */
  keys: string;
  run: (editor: Editor) => void;
}

const TOOLS: Tool[] = [
  { name: 'bold', label: 'Bold', icon: Bold, keys: 'B', run: (e) => e.chain().focus().toggleBold().run() },
  {
    name: 'italic',
    label: 'Italic',
    icon: Italic,
    keys: 'I',
    run: (e) => e.chain().focus().toggleItalic().run(),
  },
  {
    name: 'bulletList',
    label: 'Bulleted list',
    icon: List,
    keys: 'Shift+8',
    run: (e) => e.chain().focus().toggleBulletList().run(),
  },
  {
    name: 'orderedList',
    label: 'Numbered list',
    icon: ListOrdered,
    keys: 'Shift+7',
    run: (e) => e.chain().focus().toggleOrderedList().run(),
  },
  // Opens the link box instead of running a command (see RichTextEditor).
  { name: 'link', label: 'Link', icon: Link2, keys: 'K', run: () => undefined },
];

export function RichTextEditor({
  defaultValue = '',
  onChange,
  onBlur,
  placeholder,
  labelledBy,
  describedBy,
  invalid,
  disabled,
  ref,
  className,
}: RichTextEditorProps) {
  const [linkOpen, setLinkOpen] = React.useState(false);
  const openLink = React.useRef(() => setLinkOpen(true));
  const editor = useEditor({
    extensions: [
      StarterKit.configure({
        blockquote: false,
        code: false,
        codeBlock: false,
        heading: false,
        horizontalRule: false,
        strike: false,
        underline: false,
        link: false,
      }),
      Link.configure({
        protocols: LINK_PROTOCOLS,
        defaultProtocol: 'https',
        autolink: true,
        linkOnPaste: true,
        openOnClick: false,
        isAllowedUri: (url) => ALLOWED_LINK.test(url.trim()),
        HTMLAttributes: { rel: 'noopener noreferrer', target: '_blank' },
      }),
      Placeholder.configure({ placeholder }),
    ],
    content: defaultValue,
    editable: !disabled,
    editorProps: {
      // Given on every render: useEditor passes its options again when they change, and
      // attributes set any other way would be lost then.
      attributes: {
        role: 'textbox',
        'aria-multiline': 'true',
        'aria-labelledby': labelledBy,
        ...(describedBy ? { 'aria-describedby': describedBy } : {}),
        ...(invalid ? { 'aria-invalid': 'true' } : {}),
        'aria-placeholder': placeholder,
        class: cn(
          'min-h-40 max-h-[40dvh] overflow-y-auto px-3 py-2 text-base outline-none md:text-sm',
          '[&_p]:my-1 [&_ul]:my-1 [&_ul]:list-disc [&_ul]:pl-6 [&_ol]:my-1 [&_ol]:list-decimal [&_ol]:pl-6',
          // The placeholder (tiptap marks the empty first paragraph with data-placeholder).
          '[&_p.is-editor-empty:first-child]:before:pointer-events-none [&_p.is-editor-empty:first-child]:before:float-left [&_p.is-editor-empty:first-child]:before:h-0 [&_p.is-editor-empty:first-child]:before:text-muted-foreground [&_p.is-editor-empty:first-child]:before:content-[attr(data-placeholder)]',
        ),
      },
      handleKeyDown: (_view, event) => {
        if ((event.metaKey || event.ctrlKey) && !event.altKey && event.key.toLowerCase() === 'k') {
          event.preventDefault();
          openLink.current();
          return true;
        }
        return false;
      },
    },
    // Without the empty paragraph the editor keeps after a list (so the list can be left).
    onUpdate: ({ editor: current }) =>
      onChange(current.isEmpty ? '' : current.getHTML().replace(/(<p><\/p>)+$/, ''), current.isEmpty),
    onBlur: () => onBlur?.(),
  });

  React.useEffect(() => {
    // Without an update event: it would hand the old text back after the form was reset.
    editor?.setEditable(!disabled, false);
  }, [editor, disabled]);

  React.useImperativeHandle(ref, () => ({ focus: () => editor?.commands.focus() }), [editor]);

  const active = useEditorState({
    editor,
    selector: ({ editor: current }) => ({
      bold: current?.isActive('bold') ?? false,
      italic: current?.isActive('italic') ?? false,
      bulletList: current?.isActive('bulletList') ?? false,
      orderedList: current?.isActive('orderedList') ?? false,
      link: current?.isActive('link') ?? false,
    }),
  });

  return (
    <div
      data-slot="rich-text-editor"
      data-invalid={invalid || undefined}
      className={cn(
        'grid rounded-md border border-input bg-background shadow-xs focus-within:border-ring focus-within:ring-[3px] focus-within:ring-ring/40',
        'data-[invalid]:border-destructive',
        disabled && 'opacity-60',
        className,
      )}
    >
      {editor ? (
        <Toolbar
          editor={editor}
          active={active}
          disabled={disabled}
          linkOpen={linkOpen}
          onLink={() => setLinkOpen((open) => !open)}
        />
      ) : null}
      {editor && linkOpen ? <LinkBox editor={editor} onDone={() => setLinkOpen(false)} /> : null}
      <EditorContent editor={editor} />
    </div>
  );
}

/** The toolbar is one tab stop; the arrow keys move between its buttons (ARIA toolbar pattern). */
function Toolbar({
  editor,
  active,
  disabled,
  linkOpen,
  onLink,
}: {
  editor: Editor;
  active: Record<Tool['name'], boolean> | null;
  disabled?: boolean;
  linkOpen: boolean;
  onLink: () => void;
}) {
  const [current, setCurrent] = React.useState(0);
  const buttons = React.useRef<(HTMLButtonElement | null)[]>([]);
  const modifier = isMac() ? 'Meta' : 'Control';
  const shown = isMac() ? '⌘' : 'Ctrl+';

  const move = (event: React.KeyboardEvent) => {
    const last = TOOLS.length - 1;
    const next =
      event.key === 'ArrowRight'
        ? current === last
          ? 0
          : current + 1
        : event.key === 'ArrowLeft'
          ? current === 0
            ? last
            : current - 1
          : event.key === 'Home'
            ? 0
            : event.key === 'End'
              ? last
              : null;
    if (next === null) return;
    event.preventDefault();
    setCurrent(next);
    buttons.current[next]?.focus();
  };

  return (
    <div
      role="toolbar"
      aria-label="Formatting"
      onKeyDown={move}
      className="flex flex-wrap gap-1 border-b border-border p-1"
    >
      {TOOLS.map((tool, index) => {
        const Icon = tool.icon;
        const pressed =
          tool.name === 'link' ? linkOpen || (active?.link ?? false) : (active?.[tool.name] ?? false);
        return (
          <Button
            key={tool.name}
            ref={(node) => {
              buttons.current[index] = node;
            }}
            type="button"
            variant="ghost"
            size="icon"
            disabled={disabled}
            tabIndex={index === current ? 0 : -1}
            aria-label={tool.label}
            aria-pressed={pressed}
            aria-keyshortcuts={`${modifier}+${tool.keys}`}
            title={`${tool.label} (${shown}${tool.keys})`}
            className="aria-pressed:bg-secondary-soft aria-pressed:text-secondary-hover"
            // Keep the editor's selection: the command puts the focus back itself.
            onMouseDown={(event) => event.preventDefault()}
            onFocus={() => setCurrent(index)}
            onClick={() => (tool.name === 'link' ? onLink() : tool.run(editor))}
          >
            <Icon aria-hidden="true" />
          </Button>
        );
      })}
    </div>
  );
}

/** Adds, changes or removes the link on the selection (or inserts the address as a link). */
function LinkBox({ editor, onDone }: { editor: Editor; onDone: () => void }) {
  const id = React.useId();
  const existing = (editor.getAttributes('link').href as string | undefined) ?? '';
  const [value, setValue] = React.useState(existing.replace(/^mailto:/i, ''));
  const [error, setError] = React.useState<string | null>(null);

  const apply = () => {
    const href = toLinkHref(value);
    if (!href) {
      setError('Enter a web address (https://…) or an e-mail address.');
      return;
    }
    const chain = editor.chain().focus();
    if (editor.state.selection.empty && !editor.isActive('link')) {
      const text = href.replace(/^mailto:/i, '');
      // What is typed next is not part of the link.
      chain
        .insertContent({ type: 'text', text, marks: [{ type: 'link', attrs: { href } }] })
        .unsetMark('link')
        .run();
    } else {
      chain.extendMarkRange('link').setLink({ href }).run();
    }
    onDone();
  };
  const remove = () => {
    editor.chain().focus().extendMarkRange('link').unsetLink().run();
    onDone();
  };

  return (
    <div data-slot="rich-text-link-box" className="grid gap-2 border-b border-border p-2">
      <label htmlFor={`${id}-href`} className="text-sm font-medium">
        Link address
      </label>
      <div className="flex flex-wrap gap-2">
        <Input
          id={`${id}-href`}
          autoFocus
          inputMode="url"
          autoComplete="off"
          placeholder="https://example.com"
          value={value}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          className="min-w-0 flex-1 basis-48"
          onChange={(event) => {
            setValue(event.target.value);
            setError(null);
          }}
          onKeyDown={(event) => {
            // Enter applies the link instead of sending the e-mail around it.
            if (event.key === 'Enter') {
              event.preventDefault();
              apply();
            } else if (event.key === 'Escape') {
              event.preventDefault();
              editor.commands.focus();
              onDone();
            }
          }}
        />
        <Button type="button" size="sm" variant="secondary" className="h-10" onClick={apply}>
          Apply
        </Button>
        {existing ? (
          <Button type="button" size="sm" variant="outline" className="h-10" onClick={remove}>
            Remove link
          </Button>
        ) : null}
      </div>
      {error ? (
        <p id={`${id}-error`} className="text-sm font-medium text-destructive">
          {error}
        </p>
      ) : null}
    </div>
  );
}
