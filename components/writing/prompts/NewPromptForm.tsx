import './prompts.css';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { EditorContent } from '@tiptap/react';
import { type FormEvent, useState } from 'react';
import { PROMPT_CATEGORIES, type Prompt, type PromptCategory } from '@/lib/api/voice-contract';
import { docToText } from '@/lib/chat/prompt-doc';
import { errorMessage } from '../../app/background-context';
import { Alert } from '../../ui/Alert';
import { Button } from '../../ui/Button';
import { useWritingApi } from '../writing-api-context';
import { EditorToolbar } from './EditorToolbar';
import { PromptLabelRow } from './PromptLabelRow';
import { usePromptTextEditor } from './prompt-editor-setup';
import { promptKeys } from './queries';

interface NewPromptFormProps {
  /** The tab the list was on: the new prompt's category unless changed. */
  category: PromptCategory;
  /** Closes the form: with the prompt after Create, without after Cancel. */
  onDone: (created?: Prompt) => void;
}

/**
 * A prompt written from scratch (loaded on demand, as the editor is): title, category tab, public or not, and its
 * text in the rich editor, `{{variables}}` and `{{Variable | A, B}}` dropdowns included.
 */
export function NewPromptForm({ category: initialCategory, onDone }: NewPromptFormProps) {
  const api = useWritingApi();
  const queryClient = useQueryClient();
  const [title, setTitle] = useState('');
  const [category, setCategory] = useState<PromptCategory>(initialCategory);
  const [isPublic, setIsPublic] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const editor = usePromptTextEditor('');
  const create = useMutation({
    mutationFn: () => {
      const text = docToText(editor.getJSON());
      const expander = [{ type: 'prompt' as const, text: editor.getHTML(), plainText: text }];
      return api.createPrompt({ title, category, isPublic, text, expander });
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: promptKeys.all }),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    create.mutate(undefined, { onSuccess: (created) => onDone(created), onError: (e) => setError(errorMessage(e)) });
  };
  return (
    <form className="prompt-editor" aria-label="New prompt" onSubmit={submit}>
      <label className="prompt-field">
        Title
        <input className="ui-input" value={title} onChange={(event) => setTitle(event.target.value)} />
      </label>
      <label className="prompt-field">
        Category
        <select
          className="ui-input"
          value={category}
          onChange={(event) => setCategory(PROMPT_CATEGORIES.find((c) => c === event.target.value) ?? 'Chat')}
        >
          {PROMPT_CATEGORIES.map((c) => (
            <option key={c}>{c}</option>
          ))}
        </select>
      </label>
      <label className="prompt-check">
        <input type="checkbox" checked={isPublic} onChange={(event) => setIsPublic(event.target.checked)} />
        Public: everyone can find and use it
      </label>
      <PromptLabelRow />
      <EditorToolbar editor={editor} />
      <EditorContent editor={editor} className="prompt-editor-body ui-input" />
      {error ? <Alert tone="error">{error}</Alert> : null}
      <div className="prompt-editor-actions">
        <Button variant="primary" type="submit" loading={create.isPending}>
          Create
        </Button>
        <Button variant="ghost" disabled={create.isPending} onClick={() => onDone()}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
