import { useAtom, useAtomValue } from 'jotai';
import { answerSwitchAtom, languageAtom } from '../atoms';
import { useConversations, useModels } from '../chat-session';
import type { DrawerPanelProps } from '../drawer-panel-props';
import { LanguagePicker } from './LanguagePicker';

/**
 * The drawer's Language: the answer language of the next questions, or, for Switch language, the language one
 * answer is written again in.
 */
export function LanguageDrawer({ close }: DrawerPanelProps) {
  const { stored } = useConversations();
  const models = useModels();
  const switching = useAtomValue(answerSwitchAtom);
  const [language, setLanguage] = useAtom(languageAtom);
  const select = (code: string) => {
    if (switching) {
      close();
      void stored.regenerate(
        switching.turnKey,
        switching.message,
        { regenerationLanguage: code },
        switching.displayName,
      );
      return;
    }
    setLanguage(code);
    close();
  };
  return (
    <LanguagePicker
      current={switching?.message.language ?? language ?? models.settings.data?.defaultLanguage ?? null}
      onSelect={select}
    />
  );
}
