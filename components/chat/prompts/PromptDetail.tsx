import { lazy, Suspense, useState } from 'react';
import { fillPromptVariables } from '@/lib/api/prompt-variables';
import type { Prompt } from '@/lib/api/voice-contract';
import { errorMessage } from '../../app/background-context';
import { Button } from '../../ui/Button';
import { IconButton } from '../../ui/IconButton';
import { BackIcon } from '../../ui/icons';
import { Spinner } from '../../ui/Spinner';
import { useToast } from '../../ui/Toast';
import { PromptLabelRow } from '../../writing/prompts/PromptLabelRow';
import { initialValues, VariableInputs } from './VariableInputs';

export { PROMPT_HELP } from '../../writing/prompts/PromptLabelRow';

// The editor library is fetched only when an author edits a prompt.
const PromptEditor = lazy(() =>
  import('../../writing/prompts/PromptEditor').then((m) => ({ default: m.PromptEditor })),
);

export interface PromptDetailProps {
  prompt: Prompt;
  onBack: () => void;
  /** `text`: the prompt filled in (a queue when it has lines of three dashes). */
  onInsert: (text: string, prompt: Prompt) => void;
  /** A hidden prompt is used by id: its text never reaches the panel. `text` is the free text, if any. */
  onSubmitHidden: (prompt: Prompt, variables: Record<string, string>, text?: string) => void;
  /** The author is editing it (Edit Prompt, or Edit in the list's menu). */
  editing: boolean;
  onEdit: () => void;
  /** The editor closed: with the saved prompt after Update. */
  onEditDone: (saved?: Prompt) => void;
  /** The model Optimize prompt asks. */
  modelId?: number;
}

/** A prompt's detail view: fill in its variables (or free text) and insert it; its author edits it. */
export function PromptDetail({
  prompt,
  onBack,
  onInsert,
  onSubmitHidden,
  editing,
  onEdit,
  onEditDone,
  modelId,
}: PromptDetailProps) {
  const toast = useToast();
  const [values, setValues] = useState(() => initialValues(prompt.variables));
  const [freeText, setFreeText] = useState('');
  const [showText, setShowText] = useState(false);
  const visibleText = prompt.textHidden ? null : prompt.text;
  const hasVariables = prompt.variables.length > 0;
  // Empty inputs leave their {{variable}} as written, so nothing the user did not type is invented.
  const given = Object.fromEntries(Object.entries(values).filter(([, value]) => value.trim() !== ''));

  const insert = () => {
    const free = freeText.trim();
    if (visibleText === null) onSubmitHidden(prompt, given, hasVariables || !free ? undefined : free);
    else if (hasVariables) onInsert(fillPromptVariables(visibleText, given), prompt);
    else onInsert(free ? `${visibleText}\n\n${free}` : visibleText, prompt);
  };
  const copy = (text: string) =>
    navigator.clipboard.writeText(text).then(
      () => toast('success', 'Prompt copied'),
      (error: unknown) => toast('error', errorMessage(error)),
    );

  const header = (
    <header className="prompt-detail-header">
      <IconButton
        label={editing ? 'Back without saving' : 'Back to prompts'}
        icon={<BackIcon />}
        size="sm"
        onClick={editing ? () => onEditDone() : onBack}
      />
      <h3 className="prompt-detail-title">{prompt.title}</h3>
    </header>
  );
  if (editing && prompt.isAuthor)
    return (
      <section className="prompt-detail" aria-label={`Edit ${prompt.title}`}>
        {header}
        <Suspense fallback={<Spinner label="Loading the editor" />}>
          <PromptEditor prompt={prompt} modelId={modelId} onDone={onEditDone} />
        </Suspense>
      </section>
    );

  return (
    <section className="prompt-detail" aria-label={prompt.title}>
      {header}
      {prompt.description ? <p className="prompt-description">{prompt.description}</p> : null}
      <PromptLabelRow
        onEdit={prompt.isAuthor ? onEdit : undefined}
        onCopy={visibleText !== null ? () => void copy(visibleText) : undefined}
        show={visibleText !== null ? { shown: showText, onToggle: () => setShowText((shown) => !shown) } : undefined}
      />
      {visibleText === null ? (
        <p className="prompt-hidden-note">The author keeps this prompt’s text hidden; it is used as written.</p>
      ) : showText ? (
        <pre className="prompt-text">{visibleText}</pre>
      ) : null}
      {hasVariables ? (
        <VariableInputs
          variables={prompt.variables}
          values={values}
          onChange={(name, value) => setValues((old) => ({ ...old, [name]: value }))}
        />
      ) : (
        <textarea
          className="ui-input prompt-free-text"
          aria-label="Your text"
          placeholder="Enter your text here"
          value={freeText}
          onChange={(event) => setFreeText(event.target.value)}
        />
      )}
      <Button variant="primary" onClick={insert}>
        Insert Prompt
      </Button>
    </section>
  );
}
