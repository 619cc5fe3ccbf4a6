import { useAtom, useAtomValue } from 'jotai';
import type { UserModel } from '@/lib/api/ai-contract';
import { useSelectModel } from '../../ai-settings/use-ai-settings';
import { activeToolAtom, answerSwitchAtom, multiModelIdsAtom, multiSelectAtom, temporaryAtom } from '../atoms';
import { useConversations, useModels } from '../chat-session';
import type { DrawerPanelProps } from '../drawer-panel-props';
import { ModelPicker } from './ModelPicker';
import { MAX_SELECTED_MODELS } from './model-groups';

/**
 * The drawer's AI Models panel: a pick saves the default text model (the image one with the picture tool), or
 * regenerates one answer with it (Switch Model); with 'Multi select models' on, picks add or remove models.
 */
export function ChatModelsPanel({ close }: DrawerPanelProps) {
  const conversation = useConversations().stored;
  const models = useModels();
  const select = useSelectModel();
  const switching = useAtomValue(answerSwitchAtom);
  const [multi, setMulti] = useAtom(multiSelectAtom);
  const [multiIds, setMultiIds] = useAtom(multiModelIdsAtom);
  const [temporary, setTemporary] = useAtom(temporaryAtom);
  const tool = useAtomValue(activeToolAtom);

  const selectModel = async (model: UserModel) => {
    if (switching) {
      close();
      await conversation.regenerate(
        switching.turnKey,
        switching.message,
        { regenerationModel: model.id },
        model.displayName,
      );
      return;
    }
    // With the picture tool the choice is the user's image default.
    await select.mutateAsync({ modelId: model.id, kind: tool === 'picture' ? 'image' : 'text' });
    close();
  };
  const toggleModel = (model: UserModel) =>
    setMultiIds((ids) =>
      ids.includes(model.id)
        ? ids.filter((id) => id !== model.id)
        : ids.length < MAX_SELECTED_MODELS
          ? [...ids, model.id]
          : ids,
    );

  return (
    <ModelPicker
      models={models.models.data ?? []}
      selectedIds={multi && !switching ? multiIds : models.chosen.slice(0, 1).map((m) => m.id)}
      multi={multi && !switching && tool !== 'picture'}
      toolFilter={tool}
      currentProvider={models.chosen[0]?.provider ?? null}
      onSelect={selectModel}
      onToggle={toggleModel}
      extraOptions={
        switching || tool === 'picture'
          ? undefined
          : {
              multiSelect: multi,
              onMultiSelectChange: (on) => {
                setMulti(on);
                if (on && !multiIds.length) setMultiIds(models.chosen.slice(0, 1).map((m) => m.id));
              },
              temporary,
              onTemporaryChange: setTemporary,
            }
      }
    />
  );
}
