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

/** Chat Settings (spec §2), every item in the spec's order. */
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
      <MenuItem label="AI Voices" onSelect={() => onOpenDrawer('voices')} />
      <MenuItem label="Agents" onSelect={() => onOpenDrawer('voices')} />
      <MenuItem label="Language" onSelect={() => onOpenDrawer('language')} />
      <MenuItem label="Memory" onSelect={() => onOpenDrawer('memory')} />
      {writer ? null : <MenuItem label="Chat history" onSelect={() => onOpenDrawer('history')} />}
      <MenuSeparator />
      {writer ? null : (
        <MenuCheckboxItem
          label="Cost Estimate"
          checked={flags.costEstimate}
          onCheckedChange={(on) => onFlagChange('costEstimate', on)}
        />
      )}
      <MenuCheckboxItem
        label="Enable Memory"
        checked={flags.enableMemory}
        onCheckedChange={(on) => onFlagChange('enableMemory', on)}
      />
      {multi ? null : (
        <MenuCheckboxItem
          label="Streaming"
          checked={flags.streaming}
          onCheckedChange={(on) => onFlagChange('streaming', on)}
        />
      )}
      {writer ? null : (
        <>
          <MenuCheckboxItem
            label="Follow up Questions"
            checked={flags.followUpQuestions}
            onCheckedChange={(on) => onFlagChange('followUpQuestions', on)}
          />
          <MenuCheckboxItem
            label="Show Citations"
            checked={flags.showCitations}
            onCheckedChange={(on) => onFlagChange('showCitations', on)}
          />
        </>
      )}
      <MenuSeparator />
      <MenuItem label="Keyboard shortcuts" onSelect={() => onOpenDrawer('shortcuts')} />
      {writer ? null : <MenuItem label="Report issue" danger onSelect={onReportIssue} />}
    </Menu>
  );
}
