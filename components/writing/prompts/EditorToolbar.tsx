import { type Editor, useEditorState } from '@tiptap/react';
import { type FormEvent, useState } from 'react';
import { Button } from '../../ui/Button';
import { LinkIcon } from '../../ui/icons';

const SAFE_LINK = /^(https?:\/\/|mailto:)/i;

type Mark = 'bold' | 'italic' | 'underline';

/** The editor's toolbar: headers 1 and 2, bold, italic, underline, lists, link. */
export function EditorToolbar({ editor }: { editor: Editor }) {
  const active = useEditorState({
    editor,
    selector: ({ editor: e }) => ({
      h1: e.isActive('heading', { level: 1 }),
      h2: e.isActive('heading', { level: 2 }),
      bold: e.isActive('bold'),
      italic: e.isActive('italic'),
      underline: e.isActive('underline'),
      ordered: e.isActive('orderedList'),
      bullet: e.isActive('bulletList'),
      link: e.isActive('link'),
    }),
  });
  const [linking, setLinking] = useState(false);
  const chain = () => editor.chain().focus();
  const marks: { mark: Mark; label: string; glyph: string }[] = [
    { mark: 'bold', label: 'Bold', glyph: 'B' },
    { mark: 'italic', label: 'Italic', glyph: 'I' },
    { mark: 'underline', label: 'Underline', glyph: 'U' },
  ];
  const toggleMark = (mark: Mark) =>
    mark === 'bold'
      ? chain().toggleBold().run()
      : mark === 'italic'
        ? chain().toggleItalic().run()
        : chain().toggleUnderline().run();

  return (
    <div className="prompt-editor-toolbar-wrap">
      <div className="prompt-editor-toolbar" role="toolbar" aria-label="Formatting">
        {([1, 2] as const).map((level) => (
          <button
            key={level}
            type="button"
            className="prompt-tool"
            aria-label={`Heading ${level}`}
            aria-pressed={level === 1 ? active.h1 : active.h2}
            onClick={() => chain().toggleHeading({ level }).run()}
          >
            H{level}
          </button>
        ))}
        {marks.map(({ mark, label, glyph }) => (
          <button
            key={mark}
            type="button"
            className={`prompt-tool prompt-tool-${mark}`}
            aria-label={label}
            aria-pressed={active[mark]}
            onClick={() => toggleMark(mark)}
          >
            {glyph}
          </button>
        ))}
        <button
          type="button"
          className="prompt-tool"
          aria-label="Numbered list"
          aria-pressed={active.ordered}
          onClick={() => chain().toggleOrderedList().run()}
        >
          1.
        </button>
        <button
          type="button"
          className="prompt-tool"
          aria-label="Bulleted list"
          aria-pressed={active.bullet}
          onClick={() => chain().toggleBulletList().run()}
        >
          •
        </button>
        <button
          type="button"
          className="prompt-tool"
          aria-label="Link"
          aria-pressed={active.link}
          aria-expanded={linking}
          onClick={() => setLinking((open) => !open)}
        >
          <LinkIcon />
        </button>
      </div>
      {linking ? <LinkForm editor={editor} onDone={() => setLinking(false)} /> : null}
    </div>
  );
}

/** The link's address: http(s) or mailto only; applied to the selection, or inserted as its own text. */
function LinkForm({ editor, onDone }: { editor: Editor; onDone: () => void }) {
  const current = editor.getAttributes('link').href;
  const [href, setHref] = useState(typeof current === 'string' ? current : 'https://');
  const [error, setError] = useState<string | null>(null);
  const apply = (event: FormEvent) => {
    event.preventDefault();
    const url = href.trim();
    if (!SAFE_LINK.test(url)) {
      setError('Use an address starting with https://, http:// or mailto:');
      return;
    }
    const chain = editor.chain().focus().extendMarkRange('link');
    if (editor.state.selection.empty && !editor.isActive('link'))
      chain.insertContent({ type: 'text', text: url, marks: [{ type: 'link', attrs: { href: url } }] }).run();
    else chain.setLink({ href: url }).run();
    onDone();
  };
  return (
    <form className="prompt-link-form" aria-label="Link" onSubmit={apply}>
      <input
        className="ui-input"
        aria-label="Link address"
        value={href}
        onChange={(event) => setHref(event.target.value)}
        aria-invalid={error ? true : undefined}
      />
      <Button size="sm" type="submit">
        Apply
      </Button>
      {editor.isActive('link') ? (
        <Button
          size="sm"
          variant="ghost"
          onClick={() => {
            editor.chain().focus().extendMarkRange('link').unsetLink().run();
            onDone();
          }}
        >
          Remove link
        </Button>
      ) : null}
      {error ? (
        <p className="field-error" role="alert">
          {error}
        </p>
      ) : null}
    </form>
  );
}
