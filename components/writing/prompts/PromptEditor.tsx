import './prompts.css';
import { EditorContent } from '@tiptap/react';
import { useState } from 'react';
import type { Prompt } from '@/lib/api/voice-contract';
import { docToText, textToDoc } from '@/lib/chat/prompt-doc';
import { errorMessage } from '../../app/background-context';
import { Alert } from '../../ui/Alert';
import { Button } from '../../ui/Button';
import { IconButton } from '../../ui/IconButton';
import { SparkIcon } from '../../ui/icons';
import { useWritingApi } from '../writing-api-context';
import { EditorToolbar } from './EditorToolbar';
import { PromptLabelRow } from './PromptLabelRow';
import { usePromptTextEditor } from './prompt-editor-setup';
import { changedElsewhere, usePromptMutations } from './use-prompt-mutations';

/**
 * The editor starts from the stored HTML when it still matches the text (an edit elsewhere may have changed only the
 * text).
 */
function initialContent(prompt: Prompt) {
  const part = prompt.expander.find((p) => p.type === 'prompt' && p.text.trim());
  const text = prompt.text ?? '';
  return part && part.plainText.trim() === text.trim() ? part.text : textToDoc(text);
}

interface PromptEditorProps {
  prompt: Prompt;
  /** The model Optimize prompt asks (the chat's chosen one); none, no Optimize. */
  modelId?: number;
  /** Closes the editor: with the saved prompt after Update, without after Cancel. */
  onDone: (saved?: Prompt) => void;
}

/**
 * The author's prompt editor (loaded on demand: it carries the editor library). Update changes the
 * lists at once, then saves, then closes; a refused save puts the lists back and says why. A prompt
 * changed elsewhere since it was opened is not overwritten: the server's message and Reload, which
 * puts the latest version in the editor to edit from.
 */
export function PromptEditor({ prompt: opened, modelId, onDone }: PromptEditorProps) {
  const api = useWritingApi();
  const { update } = usePromptMutations();
  // The version being edited: the one opened, or the latest after Reload.
  const [prompt, setPrompt] = useState(opened);
  const [error, setError] = useState<string | null>(null);
  const [stale, setStale] = useState(false);
  const [reloading, setReloading] = useState(false);
  const [optimizing, setOptimizing] = useState(false);
  const editor = usePromptTextEditor(initialContent(opened));
  const text = () => docToText(editor.getJSON());

  const optimize = async () => {
    if (modelId === undefined || !text().trim()) return;
    setOptimizing(true);
    setError(null);
    try {
      const better = await api.optimizePrompt(prompt.id, { modelId, text: text() });
      editor.commands.setContent(textToDoc(better));
    } catch (failure) {
      setError(errorMessage(failure));
    } finally {
      setOptimizing(false);
    }
  };
  const save = async () => {
    const plainText = text();
    if (!plainText.trim()) {
      setError('Write the prompt before updating it.');
      return;
    }
    setError(null);
    try {
      const expander = [{ type: 'prompt' as const, text: editor.getHTML(), plainText }];
      onDone(await update.mutateAsync({ prompt, edit: { text: plainText, expander } }));
    } catch (failure) {
      setStale(changedElsewhere(failure));
      setError(errorMessage(failure));
    }
  };
  const reload = async () => {
    setReloading(true);
    try {
      const latest = await api.getPrompt(prompt.id);
      setPrompt(latest);
      editor.commands.setContent(initialContent(latest));
      setStale(false);
      setError(null);
    } catch (failure) {
      setError(errorMessage(failure));
    } finally {
      setReloading(false);
    }
  };

  return (
    <div className="prompt-editor">
      <PromptLabelRow
        optimize={
          modelId === undefined ? null : (
            <IconButton
              label={optimizing ? 'Optimizing prompt…' : 'Optimize prompt'}
              icon={<SparkIcon />}
              size="sm"
              loading={optimizing}
              onClick={() => void optimize()}
            />
          )
        }
      />
      {optimizing ? (
        <p className="prompt-hidden-note" role="status">
          Optimizing the prompt…
        </p>
      ) : null}
      <EditorToolbar editor={editor} />
      <EditorContent editor={editor} className="prompt-editor-body ui-input" />
      {error ? <Alert tone="error">{error}</Alert> : null}
      {stale ? (
        <Button variant="secondary" loading={reloading} onClick={() => void reload()}>
          Discard my changes and reload
        </Button>
      ) : null}
      <div className="prompt-editor-actions">
        <Button variant="primary" loading={update.isPending} onClick={() => void save()}>
          {update.isPending ? 'Updating...' : 'Update'}
        </Button>
        <Button variant="ghost" disabled={update.isPending} onClick={() => onDone()}>
          Cancel
        </Button>
      </div>
    </div>
  );
}
