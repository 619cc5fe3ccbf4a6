import './history.css';
import { type RefObject, useEffect, useRef, useState } from 'react';
import { errorMessage } from '../../app/background-context';
import { Button } from '../../ui/Button';
import { MoreIcon } from '../../ui/icons';
import { Menu } from '../../ui/Menu';
import { MenuItem } from '../../ui/MenuItem';
import { waitWhile } from '../answer-busy';
import { useManageChat } from './use-manage-chat';

interface ChatItemActionsProps {
  chat: { id: number; title: string };
  /** An answer is streaming in the panel: the chat is not deleted under it. */
  busy: boolean;
}

type Step = 'menu' | 'rename' | 'delete';

/**
 * A chat's Rename and Delete (a history item, the panel's header): a menu, then the new title typed in place (Enter
 * keeps it, Escape leaves it) or a confirm step before deleting (the share link stops working too).
 */
export function ChatItemActions({ chat, busy }: ChatItemActionsProps) {
  const [step, setStep] = useState<Step>('menu');
  const { rename, remove } = useManageChat(chat.id);
  const failed = rename.error ?? remove.error;
  const trigger = useRef<HTMLSpanElement>(null);
  const field = useRef<HTMLInputElement>(null);
  const confirm = useRef<HTMLButtonElement>(null);
  const focusTrigger = useRef(false);
  const back = () => {
    rename.reset();
    remove.reset();
    focusTrigger.current = true;
    setStep('menu');
  };
  // The closing menu gives focus back to its button in a microtask: the step's field takes it after that, and the
  // button gets it back when the step ends.
  useEffect(() => {
    if (step === 'menu' && !focusTrigger.current) return;
    focusTrigger.current = false;
    const target = {
      menu: () => trigger.current?.querySelector('button'),
      rename: () => field.current,
      delete: () => confirm.current,
    };
    const timer = setTimeout(() => target[step]()?.focus());
    return () => clearTimeout(timer);
  }, [step]);

  return (
    <>
      <span ref={trigger} className="chat-actions">
        <Menu
          label={`Chat actions: ${chat.title}`}
          triggerContent={<MoreIcon />}
          triggerClassName="ui-button ui-button-ghost ui-button-sm ui-icon-button chat-actions-trigger"
        >
          <MenuItem label="Rename" onSelect={() => setStep('rename')} />
          <MenuItem label="Delete" danger onSelect={() => setStep('delete')} {...waitWhile(busy)} />
        </Menu>
      </span>
      {step === 'rename' ? (
        <RenameForm
          inputRef={field}
          title={chat.title}
          saving={rename.isPending}
          onSave={(title) => rename.mutate(title, { onSuccess: back })}
          onCancel={back}
        />
      ) : null}
      {step === 'delete' ? (
        // biome-ignore lint/a11y/useSemanticElements: a group of two buttons, not a form field set
        <div
          className="chat-action-step"
          role="group"
          aria-label={`Delete “${chat.title}”`}
          onKeyDown={(event) => {
            if (event.key !== 'Escape') return;
            event.stopPropagation();
            back();
          }}
        >
          <p>Delete “{chat.title}”? Its messages go with it and its share link stops working.</p>
          <div className="chat-action-buttons">
            <Button
              ref={confirm}
              variant="danger"
              size="sm"
              loading={remove.isPending}
              onClick={() => remove.mutate(undefined, { onSuccess: back })}
            >
              Delete chat
            </Button>
            <Button variant="ghost" size="sm" onClick={back}>
              Cancel
            </Button>
          </div>
        </div>
      ) : null}
      {failed && step !== 'menu' ? (
        <p className="chat-action-error" role="alert">
          {errorMessage(failed)}
        </p>
      ) : null}
    </>
  );
}

interface RenameFormProps {
  inputRef: RefObject<HTMLInputElement | null>;
  title: string;
  saving: boolean;
  onSave: (title: string) => void;
  onCancel: () => void;
}

function RenameForm({ inputRef, title, saving, onSave, onCancel }: RenameFormProps) {
  const [typed, setTyped] = useState(title);
  const trimmed = typed.trim();
  return (
    <form
      className="chat-action-step"
      onSubmit={(event) => {
        event.preventDefault();
        if (trimmed && !saving) onSave(trimmed);
      }}
    >
      <input
        ref={inputRef}
        className="ui-input"
        aria-label="New chat title"
        value={typed}
        maxLength={500}
        onFocus={(event) => event.currentTarget.select()}
        onChange={(event) => setTyped(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === 'Escape') {
            event.stopPropagation();
            onCancel();
          }
        }}
      />
      <div className="chat-action-buttons">
        <Button type="submit" variant="primary" size="sm" loading={saving} disabled={!trimmed}>
          Save
        </Button>
        <Button variant="ghost" size="sm" onClick={onCancel}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
