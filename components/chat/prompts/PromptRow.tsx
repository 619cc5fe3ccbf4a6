import { useState } from 'react';
import type { Prompt } from '@/lib/api/voice-contract';
import { Alert } from '../../ui/Alert';
import { Button } from '../../ui/Button';
import { Menu } from '../../ui/Menu';
import { MenuItem } from '../../ui/MenuItem';
import { MoreIcon } from '../icons';
import { deleteFailureMessage } from './use-prompt-mutations';

interface PromptRowProps {
  prompt: Prompt;
  onSelect: () => void;
  onEdit: () => void;
  onDelete: () => Promise<unknown>;
}

/** A prompt in the library; its author also gets an Edit / Delete menu (spec §6), Delete after a confirm. */
export function PromptRow({ prompt, onSelect, onEdit, onDelete }: PromptRowProps) {
  const [confirming, setConfirming] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const remove = async () => {
    setDeleting(true);
    setError(null);
    try {
      await onDelete();
    } catch (failure) {
      setError(deleteFailureMessage(failure));
      setConfirming(false);
    } finally {
      setDeleting(false);
    }
  };
  return (
    <li className="prompt-row">
      <button type="button" className="prompt-item" onClick={onSelect}>
        <span className="prompt-title">{prompt.title}</span>
        {prompt.description ? <span className="prompt-description">{prompt.description}</span> : null}
      </button>
      {prompt.isAuthor ? (
        <Menu label={`Options for ${prompt.title}`} triggerContent={<MoreIcon />} triggerClassName="ui-icon-button">
          <MenuItem label="Edit" onSelect={onEdit} />
          <MenuItem
            label="Delete"
            danger
            onSelect={() => {
              setError(null);
              setConfirming(true);
            }}
          />
        </Menu>
      ) : null}
      {confirming ? (
        <fieldset className="prompt-confirm">
          <legend>Delete “{prompt.title}”?</legend>
          <Button size="sm" variant="danger" loading={deleting} onClick={() => void remove()}>
            Delete
          </Button>
          <Button size="sm" variant="ghost" onClick={() => setConfirming(false)}>
            Cancel
          </Button>
        </fieldset>
      ) : null}
      {error ? <Alert tone="error">{error}</Alert> : null}
    </li>
  );
}
