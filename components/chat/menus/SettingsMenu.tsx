import { SettingsIcon } from '../../ui/icons';
import { Menu } from '../../ui/Menu';
import { MenuCheckboxItem, MenuItem, MenuSeparator } from '../../ui/MenuItem';
import { type DrawerName, settingsMenuItems } from '../drawer-registry';
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
  /** A gem is attached to the chat (the page's saved gem): Edit Gem is offered. */
  pageGem?: boolean;
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

/** Chat Settings, its items in a fixed order; the drawer's panels are listed where drawer-registry.ts places them. */
export function SettingsMenu({
  flags,
  onFlagChange,
  multi,
  mode,
  onOpenDrawer,
  onOpenAiSettings,
  onReportIssue,
  pageGem = false,
}: SettingsMenuProps) {
  const writer = mode === 'ai-writer';
  const panels = (group: 'lead' | 'top' | 'end') =>
    settingsMenuItems(group, { writer, pageGem }).map(({ name, label }) => (
      <MenuItem key={label} label={label} onSelect={() => onOpenDrawer(name)} />
    ));
  return (
    <Menu
      label="Chat settings"
      triggerContent={<SettingsIcon />}
      triggerClassName="ui-button ui-button-ghost ui-button-md ui-icon-button"
    >
      {panels('lead')}
      <MenuItem label="AI settings" onSelect={onOpenAiSettings} />
      {panels('top')}
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
      {panels('end')}
      {writer ? null : <MenuItem label="Report issue" danger onSelect={onReportIssue} />}
    </Menu>
  );
}
