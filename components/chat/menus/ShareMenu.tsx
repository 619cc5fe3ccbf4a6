import { ShareIcon } from '../../ui/icons';
import { Menu } from '../../ui/Menu';
import { MenuItem, MenuSeparator } from '../../ui/MenuItem';
import { waitWhile } from '../answer-busy';

export interface ShareActions {
  invite: () => void;
  duplicate: () => void;
  generateSteps: () => void;
  createPrompt: () => void;
  exportAs: (format: 'markdown' | 'json' | 'text') => void;
  copy: () => void;
}

/** Share Options for the chat on screen. */
export function ShareMenu({ actions, disabled, busy }: { actions: ShareActions; disabled: boolean; busy: boolean }) {
  if (disabled) return null;
  return (
    <Menu
      label="Share options"
      triggerContent={<ShareIcon />}
      triggerClassName="ui-button ui-button-ghost ui-button-md ui-icon-button"
    >
      <MenuItem label="Invite Other" onSelect={actions.invite} />
      {/* Both open another chat or ask another answer: they wait while one streams. */}
      <MenuItem label="Duplicate chat" onSelect={actions.duplicate} {...waitWhile(busy)} />
      <MenuItem
        label="Auto generate steps from current conversation"
        onSelect={actions.generateSteps}
        {...waitWhile(busy)}
      />
      <MenuItem label="Create prompt from current conversation" onSelect={actions.createPrompt} />
      <MenuSeparator />
      <MenuItem label="Export markdown" onSelect={() => actions.exportAs('markdown')} />
      <MenuItem label="Export JSON" onSelect={() => actions.exportAs('json')} />
      <MenuItem label="Export text" onSelect={() => actions.exportAs('text')} />
      <MenuItem label="Copy text" onSelect={actions.copy} />
    </Menu>
  );
}
