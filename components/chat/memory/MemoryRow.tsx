import { type FormEvent, useState } from 'react';
import type { Memory } from '@/lib/api/voice-contract';
import { Button } from '../../ui/Button';
import { MoreIcon } from '../../ui/icons';
import { Menu } from '../../ui/Menu';
import { MenuItem } from '../../ui/MenuItem';

interface MemoryRowProps {
  memory: Memory;
  onEdit: (text: string) => void;
  onDelete: () => void;
}

/** A memory and its edit/delete menu; an edit is made in place. */
export function MemoryRow({ memory, onEdit, onDelete }: MemoryRowProps) {
  const [editing, setEditing] = useState(false);
  const [text, setText] = useState(memory.memory);
  const save = (event: FormEvent) => {
    event.preventDefault();
    setEditing(false);
    if (text.trim() && text.trim() !== memory.memory) onEdit(text.trim());
  };
  if (editing)
    return (
      <li className="memory-row">
        <form className="memory-edit" aria-label="Edit memory" onSubmit={save}>
          <textarea
            className="ui-input"
            aria-label="Memory"
            rows={3}
            value={text}
            onChange={(event) => setText(event.target.value)}
          />
          <div className="memory-edit-actions">
            <Button size="sm" type="submit" disabled={!text.trim()}>
              Save
            </Button>
            <Button size="sm" variant="ghost" onClick={() => setEditing(false)}>
              Cancel
            </Button>
          </div>
        </form>
      </li>
    );
  return (
    <li className="memory-row">
      <span className="memory-text">{memory.memory}</span>
      <Menu
        label={`Options for memory “${memory.memory}”`}
        triggerContent={<MoreIcon />}
        triggerClassName="ui-icon-button"
      >
        <MenuItem
          label="Edit"
          onSelect={() => {
            setText(memory.memory);
            setEditing(true);
          }}
        />
        <MenuItem label="Delete" danger onSelect={onDelete} />
      </Menu>
    </li>
  );
}
