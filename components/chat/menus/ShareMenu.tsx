import { Menu } from '../../ui/Menu';
import { MenuItem, MenuSeparator } from '../../ui/MenuItem';
import { ShareIcon } from '../icons';

export interface ShareActions {
  invite: () => void;
  duplicate: () => void;
  generateSteps: () => void;
  createPrompt: () => void;
  exportAs: (format: 'markdown' | 'json' | 'text') => void;
  copy: () => void;
}

/** Share Options (spec §2) for the chat on screen. */
export function ShareMenu({ actions, disabled }: { actions: ShareActions; disabled: boolean }) {
  if (disabled) return null;
  return (
    <Menu
      label="Share options"
      triggerContent={<ShareIcon />}
      triggerClassName="ui-button ui-button-ghost ui-button-md ui-icon-button"
    >
      <MenuItem label="Invite Other" onSelect={actions.invite} />
      <MenuItem label="Duplicate chat" onSelect={actions.duplicate} />
      <MenuItem label="Auto generate steps from current conversation" onSelect={actions.generateSteps} />
      <MenuItem label="Create prompt from current conversation" onSelect={actions.createPrompt} />
      <MenuSeparator />
      <MenuItem label="Export markdown" onSelect={() => actions.exportAs('markdown')} />
      <MenuItem label="Export JSON" onSelect={() => actions.exportAs('json')} />
      <MenuItem label="Export text" onSelect={() => actions.exportAs('text')} />
      <MenuItem label="Copy text" onSelect={actions.copy} />
    </Menu>
  );
}
