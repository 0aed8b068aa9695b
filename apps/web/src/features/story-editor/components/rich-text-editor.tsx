/**
 * The Tiptap editor, loaded on demand (see lazy-editor.tsx) so other routes never download it.
 * It makes exactly what the server keeps (apps/api/src/modules/chapters/content.ts): paragraphs,
 * hard breaks, bold, italic, underline and quotes. Anything else pasted in is dropped.
 */

import { Placeholder } from '@tiptap/extensions';
import { type Editor, EditorContent, useEditor, useEditorState } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { clsx } from 'clsx';
import { Bold, Italic, Quote, Underline } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { Toolbar, ToolbarToggle } from '../../../components/ui/toolbar';
import { CHAPTER_TEXT_CLASSES, PLACEHOLDER_CLASSES } from './content-styles';

const storyKit = StarterKit.configure({
  heading: false,
  bulletList: false,
  orderedList: false,
  listItem: false,
  listKeymap: false,
  code: false,
  codeBlock: false,
  horizontalRule: false,
  strike: false,
  link: false,
});

const FORMATS = [
  {
    name: 'bold',
    label: 'Bold',
    icon: Bold,
    toggle: (e: Editor) => e.chain().focus().toggleBold().run(),
  },
  {
    name: 'italic',
    label: 'Italic',
    icon: Italic,
    toggle: (e: Editor) => e.chain().focus().toggleItalic().run(),
  },
  {
    name: 'underline',
    label: 'Underline',
    icon: Underline,
    toggle: (e: Editor) => e.chain().focus().toggleUnderline().run(),
  },
  {
    name: 'blockquote',
    label: 'Quote',
    icon: Quote,
    toggle: (e: Editor) => e.chain().focus().toggleBlockquote().run(),
  },
] as const;

type FormatName = (typeof FORMATS)[number]['name'];

function FormattingToolbar({ editor, disabled }: { editor: Editor; disabled: boolean }) {
  const active = useEditorState({
    editor,
    selector: ({ editor: current }): Record<FormatName, boolean> => ({
      bold: current.isActive('bold'),
      italic: current.isActive('italic'),
      underline: current.isActive('underline'),
      blockquote: current.isActive('blockquote'),
    }),
  });
  return (
    <Toolbar
      aria-label="Formatting"
      className="border-b bg-muted/40 px-2 py-1.5"
      data-testid="formatting-toolbar"
    >
      {FORMATS.map(({ name, label, icon: Icon, toggle }) => (
        <ToolbarToggle
          key={name}
          label={label}
          pressed={active[name]}
          disabled={disabled}
          // A mouse press leaves the focus in the editor: the format applies at the caret at once,
          // and what is typed straight after the click goes into the text. (Tiptap gives the
          // focus back only on the next frame, so a quick first keystroke would land on the
          // button.) Keyboard users still reach the buttons by Tab and the arrow keys.
          onMouseDown={(event) => event.preventDefault()}
          onClick={() => toggle(editor)}
        >
          <Icon aria-hidden="true" />
        </ToolbarToggle>
      ))}
    </Toolbar>
  );
}

export type RichTextEditorProps = {
  /** Initial HTML; the editor is uncontrolled afterwards (remount with a new `key` to reset). */
  value: string;
  /** The new HTML ('' when empty) after every change. */
  onChange: (html: string) => void;
  /** Id of the visible label. */
  labelledBy: string;
  describedBy?: string;
  placeholder?: string;
  disabled?: boolean;
  className?: string;
};

export function RichTextEditor({
  value,
  onChange,
  labelledBy,
  describedBy,
  placeholder = 'Start writing…',
  disabled = false,
  className,
}: RichTextEditorProps) {
  const onChangeRef = useRef(onChange);
  onChangeRef.current = onChange;
  const editor = useEditor({
    extensions: [storyKit, Placeholder.configure({ placeholder })],
    content: value,
    editable: !disabled,
    editorProps: {
      attributes: {
        role: 'textbox',
        'aria-multiline': 'true',
        'aria-labelledby': labelledBy,
        ...(describedBy ? { 'aria-describedby': describedBy } : {}),
        'data-testid': 'chapter-content-editor',
        class: clsx(
          CHAPTER_TEXT_CLASSES,
          PLACEHOLDER_CLASSES,
          'min-h-72 px-4 py-3 focus:outline-none sm:min-h-96 sm:px-6 sm:py-5',
        ),
      },
    },
    onUpdate: ({ editor: current }) =>
      onChangeRef.current(current.isEmpty ? '' : current.getHTML()),
  });

  useEffect(() => {
    editor.setEditable(!disabled, false);
  }, [editor, disabled]);

  return (
    <div
      className={clsx(
        'overflow-hidden rounded-xl border border-input bg-background transition-colors focus-within:border-ring focus-within:ring-2 focus-within:ring-ring/30',
        disabled && 'opacity-70',
        className,
      )}
    >
      <FormattingToolbar editor={editor} disabled={disabled} />
      <EditorContent editor={editor} />
    </div>
  );
}

/**
 * Chapter HTML shown as a reader sees it. It goes through the editor's schema (read-only), so
 * only the allowed formatting can appear, whatever the string holds.
 */
export function RichTextView({ html, className }: { html: string; className?: string }) {
  const editor = useEditor(
    {
      extensions: [storyKit],
      content: html,
      editable: false,
      editorProps: { attributes: { class: clsx(CHAPTER_TEXT_CLASSES, className) } },
    },
    [html],
  );
  return <EditorContent editor={editor} />;
}
