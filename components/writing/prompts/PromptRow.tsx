import { useState } from 'react';
import type { Prompt } from '@/lib/api/voice-contract';
import { Button } from '../../ui/Button';
import { MoreIcon } from '../../ui/icons';
import { Menu } from '../../ui/Menu';
import { MenuItem } from '../../ui/MenuItem';
import { useToast } from '../../ui/Toast';
import { deleteFailureMessage } from './use-prompt-mutations';

interface PromptRowProps {
  prompt: Prompt;
  onSelect: () => void;
  onEdit: () => void;
  onDelete: () => Promise<unknown>;
}

/** A prompt in the library; its author also gets an Edit / Delete menu, Delete after a confirm. */
export function PromptRow({ prompt, onSelect, onEdit, onDelete }: PromptRowProps) {
  const [confirming, setConfirming] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const toast = useToast();
  // A toast, not a line in the row: the row may be gone once the lists are fetched again.
  const remove = async () => {
    setDeleting(true);
    try {
      await onDelete();
    } catch (failure) {
      toast('error', deleteFailureMessage(failure));
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
          <MenuItem label="Delete" danger onSelect={() => setConfirming(true)} />
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
    </li>
  );
}
