import { useState } from 'react';
import { fillPromptVariables } from '@/lib/api/prompt-variables';
import type { Prompt } from '@/lib/api/voice-contract';
import { errorMessage } from '../../app/background-context';
import { Button } from '../../ui/Button';
import { IconButton } from '../../ui/IconButton';
import { useToast } from '../../ui/Toast';
import { Tooltip } from '../../ui/Tooltip';
import { BackIcon, CopyIcon, EyeIcon, HelpIcon } from '../icons';
import { initialValues, VariableInputs } from './VariableInputs';

export const PROMPT_HELP =
  'Put variables in curly brackets, like {{Name}}. A dropdown uses the form {{Variable | A, B, C, D}}. A line of three dashes (---) splits the prompt into a queue.';

export interface PromptDetailProps {
  prompt: Prompt;
  onBack: () => void;
  /** `text`: the prompt filled in (a queue when it has lines of three dashes). */
  onInsert: (text: string, prompt: Prompt) => void;
  /** A hidden prompt is used by id: its text never reaches the panel. `text` is the free text, if any. */
  onSubmitHidden: (prompt: Prompt, variables: Record<string, string>, text?: string) => void;
}

/** Spec §2 "Prompt detail view": fill in a prompt's variables (or free text) and insert it. */
export function PromptDetail({ prompt, onBack, onInsert, onSubmitHidden }: PromptDetailProps) {
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

  return (
    <section className="prompt-detail" aria-label={prompt.title}>
      <header className="prompt-detail-header">
        <IconButton label="Back to prompts" icon={<BackIcon />} size="sm" onClick={onBack} />
        <h3 className="prompt-detail-title">{prompt.title}</h3>
      </header>
      {prompt.description ? <p className="prompt-description">{prompt.description}</p> : null}
      <div className="prompt-label-row">
        <span className="prompt-label">Prompt</span>
        <Tooltip label={PROMPT_HELP}>
          <button type="button" className="prompt-help" aria-label="How prompts work">
            <HelpIcon />
          </button>
        </Tooltip>
        {visibleText !== null ? (
          <>
            <IconButton label="Copy Prompt" icon={<CopyIcon />} size="sm" onClick={() => void copy(visibleText)} />
            <IconButton
              label={showText ? 'Hide Prompt' : 'Show Prompt'}
              icon={<EyeIcon />}
              size="sm"
              aria-pressed={showText}
              onClick={() => setShowText((shown) => !shown)}
            />
          </>
        ) : null}
      </div>
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
