import { type Content, useEditor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';

const SAFE_LINK = /^(https?:|mailto:)/i;

const EXTENSIONS = [
  StarterKit.configure({
    heading: { levels: [1, 2] },
    // Only what the toolbar offers and the text can say; a horizontal rule is the queue's `---`.
    blockquote: false,
    code: false,
    codeBlock: false,
    strike: false,
    link: {
      openOnClick: false,
      autolink: true,
      isAllowedUri: (url) => SAFE_LINK.test(url),
      HTMLAttributes: { rel: 'noopener noreferrer nofollow', target: null },
    },
  }),
];

/** The rich editor of a prompt's text (new or edited), starting from `content` (HTML or the editor's JSON). */
export function usePromptTextEditor(content: Content) {
  return useEditor({
    extensions: EXTENSIONS,
    content,
    editorProps: {
      attributes: {
        'aria-label': 'Prompt text',
        'aria-multiline': 'true',
        role: 'textbox',
        class: 'prompt-editor-text',
      },
    },
  });
}
