import { Menu } from '../../ui/Menu';
import { MenuCheckboxItem, MenuItem, MenuSeparator } from '../../ui/MenuItem';
import type { DrawerName } from '../atoms';
import { SettingsIcon } from '../icons';
import type { ChatFlags } from '../use-chat-flags';

interface SettingsMenuProps {
  flags: ChatFlags;
  onFlagChange: (name: keyof ChatFlags, on: boolean) => void;
  multi: boolean;
  /** 'ai-writer' hides what the spec hides in Write mode. */
  mode: 'chat' | 'ai-writer';
  onOpenDrawer: (name: DrawerName) => void;
  onOpenAiSettings: () => void;
  onReportIssue: () => void;
  /** Only when a gem is attached to the chat (the page's saved gem). */
  onEditGem?: () => void;
}

/** The checkboxes in their fixed order, and when each is hidden (Write mode, several models). */
const FLAG_ITEMS: {
  name: keyof ChatFlags;
  label: string;
  hidden?: (state: { writer: boolean; multi: boolean }) => boolean;
}[] = [
  { name: 'costEstimate', label: 'Cost Estimate', hidden: ({ writer }) => writer },
  { name: 'enableMemory', label: 'Enable Memory' },
  { name: 'streaming', label: 'Streaming', hidden: ({ multi }) => multi },
  { name: 'followUpQuestions', label: 'Follow up Questions', hidden: ({ writer }) => writer },
  { name: 'showCitations', label: 'Show Citations', hidden: ({ writer }) => writer },
];

/** Chat Settings: its items in a fixed order (the checkboxes as FLAG_ITEMS lists them). */
export function SettingsMenu({
  flags,
  onFlagChange,
  multi,
  mode,
  onOpenDrawer,
  onOpenAiSettings,
  onReportIssue,
  onEditGem,
}: SettingsMenuProps) {
  const writer = mode === 'ai-writer';
  return (
    <Menu
      label="Chat settings"
      triggerContent={<SettingsIcon />}
      triggerClassName="ui-button ui-button-ghost ui-button-md ui-icon-button"
    >
      {onEditGem ? <MenuItem label="Edit Gem" onSelect={onEditGem} /> : null}
      <MenuItem label="AI settings" onSelect={onOpenAiSettings} />
      <MenuItem label="AI Models" onSelect={() => onOpenDrawer('models')} />
      <MenuItem label="Brand voices" onSelect={() => onOpenDrawer('voices')} />
      <MenuItem label="Agents" onSelect={() => onOpenDrawer('voices')} />
      <MenuItem label="Language" onSelect={() => onOpenDrawer('language')} />
      <MenuItem label="Memory" onSelect={() => onOpenDrawer('memory')} />
      {writer ? null : <MenuItem label="Chat history" onSelect={() => onOpenDrawer('history')} />}
      <MenuSeparator />
      {FLAG_ITEMS.filter(({ hidden }) => !hidden?.({ writer, multi })).map(({ name, label }) => (
        <MenuCheckboxItem
          key={name}
          label={label}
          checked={flags[name]}
          onCheckedChange={(on) => onFlagChange(name, on)}
        />
      ))}
      <MenuSeparator />
      <MenuItem label="Keyboard shortcuts" onSelect={() => onOpenDrawer('shortcuts')} />
      {writer ? null : <MenuItem label="Report issue" danger onSelect={onReportIssue} />}
    </Menu>
  );
}
