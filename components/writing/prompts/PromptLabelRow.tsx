import type { ReactNode } from 'react';
import { IconButton } from '../../ui/IconButton';
import { CopyIcon, EditIcon, EyeIcon, HelpIcon } from '../../ui/icons';
import { Tooltip } from '../../ui/Tooltip';

export const PROMPT_HELP =
  'Put variables in curly brackets, like {{Name}}. A dropdown uses the form {{Variable | A, B, C, D}}. A line of three dashes (---) splits the prompt into a queue.';

interface PromptLabelRowProps {
  /** Optimize prompt: given for the author while editing. */
  optimize?: ReactNode;
  /** Edit Prompt: given for the author when not editing. */
  onEdit?: () => void;
  /** Copy Prompt: given when the text is visible to this user. */
  onCopy?: () => void;
  /** Show/Hide Prompt: given when the text is visible and not being edited. */
  show?: { shown: boolean; onToggle: () => void };
}

/** The 'Prompt' label and its icons: Optimize prompt, the help tooltip, Edit Prompt, Copy Prompt, Show/Hide Prompt. */
export function PromptLabelRow({ optimize, onEdit, onCopy, show }: PromptLabelRowProps) {
  return (
    <div className="prompt-label-row">
      <span className="prompt-label">Prompt</span>
      {optimize}
      <Tooltip label={PROMPT_HELP}>
        <button type="button" className="prompt-help" aria-label="How prompts work">
          <HelpIcon />
        </button>
      </Tooltip>
      {onEdit ? <IconButton label="Edit Prompt" icon={<EditIcon />} size="sm" onClick={onEdit} /> : null}
      {onCopy ? <IconButton label="Copy Prompt" icon={<CopyIcon />} size="sm" onClick={onCopy} /> : null}
      {show ? (
        <IconButton
          label={show.shown ? 'Hide Prompt' : 'Show Prompt'}
          icon={<EyeIcon />}
          size="sm"
          aria-pressed={show.shown}
          onClick={show.onToggle}
        />
      ) : null}
    </div>
  );
}
