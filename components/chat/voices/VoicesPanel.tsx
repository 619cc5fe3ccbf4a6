import '../../writing/voices/voices.css';
import { keepPreviousData, useQueries } from '@tanstack/react-query';
import { useAtom } from 'jotai';
import { useState } from 'react';
import type { InstructionKind } from '@/lib/chat/chat-api';
import { useSelectModel } from '../../ai-settings/use-ai-settings';
import { useDebouncedValue } from '../../app/use-debounced-value';
import { Button } from '../../ui/Button';
import { Spinner } from '../../ui/Spinner';
import { Tabs } from '../../ui/Tabs';
import { InstructionList, type PickedInstruction } from '../../writing/voices/InstructionList';
import { NewInstruction } from '../../writing/voices/NewInstruction';
import { instructionsQuery } from '../../writing/voices/queries';
import { useWritingApi } from '../../writing/writing-api-context';
import { instructionChoiceAtom } from '../atoms';
import { useModels } from '../chat-session';

export interface VoicesSelection {
  brandVoiceId: number | null;
  personaId: number | null;
}

interface VoicesPanelProps {
  selected: VoicesSelection;
  onSelect: (kind: InstructionKind, item: PickedInstruction | null) => void;
}

/**
 * The drawer's Brand voices and agents: the choice goes with the next questions; an agent with a usable default model
 * makes it the chat's model, as the model picker does.
 */
export function VoicesDrawer() {
  const [choice, setChoice] = useAtom(instructionChoiceAtom);
  const selectModel = useSelectModel();
  const models = useModels();
  return (
    <VoicesPanel
      selected={{ brandVoiceId: choice.brandVoiceId ?? null, personaId: choice.personaId ?? null }}
      onSelect={(kind, item) => {
        setChoice((current) => ({ ...current, [kind === 'voice' ? 'brandVoiceId' : 'personaId']: item?.id ?? null }));
        const model = models.models.data?.find((m) => m.id === item?.modelId);
        // Only a usable one: an agent whose model has no key yet keeps the chat's model.
        if (model && model.label !== 'Inactive') selectModel.mutate({ modelId: model.id, kind: 'text' });
      }}
    />
  );
}

/**
 * The drawer's Brand voices and agents panel (two things: a brand voice is a tone of voice, an agent a persona): one
 * search (debounced 300 ms) over the tabs All, Brand voices and Agents.
 */
export function VoicesPanel({ selected, onSelect }: VoicesPanelProps) {
  const [typed, setTyped] = useState('');
  const [creating, setCreating] = useState<InstructionKind | null>(null);
  const search = useDebouncedValue(typed.trim(), 300);
  const loaded = useBothListsLoaded(search);
  const list = (kind: InstructionKind) => (
    <InstructionList
      kind={kind}
      search={search}
      selectedId={kind === 'voice' ? selected.brandVoiceId : selected.personaId}
      onSelect={(item) => onSelect(kind, item)}
    />
  );
  if (!loaded) return <Spinner label="Loading brand voices and agents" />;
  return (
    <div className="voices-panel">
      {creating ? (
        <NewInstruction kind={creating} onDone={() => setCreating(null)} />
      ) : (
        <div className="voices-new">
          <Button size="sm" variant="secondary" onClick={() => setCreating('voice')}>
            New brand voice
          </Button>
          <Button size="sm" variant="secondary" onClick={() => setCreating('persona')}>
            New agent
          </Button>
        </div>
      )}
      <input
        type="search"
        className="ui-input"
        aria-label="Search brand voices and agents"
        placeholder="Search"
        value={typed}
        onChange={(event) => setTyped(event.target.value)}
      />
      <Tabs
        label="Brand voices and agents"
        tabs={[
          {
            id: 'all',
            label: 'All',
            content: (
              <>
                <h4 className="voices-heading">Brand voices</h4>
                {list('voice')}
                <h4 className="voices-heading">Agents</h4>
                {list('persona')}
              </>
            ),
          },
          { id: 'voices', label: 'Brand voices', content: list('voice') },
          { id: 'agents', label: 'Agents', content: list('persona') },
        ]}
      />
    </div>
  );
}

/**
 * Whether both kinds' lists have come (or failed) once. The drawer rises from the bottom edge, so a list arriving after
 * the panel showed would grow it upward and move what is under the pointer: the panel shows once, at its height. Once
 * shown it stays: a list's Retry makes that list pending again.
 */
function useBothListsLoaded(search: string) {
  const api = useWritingApi();
  const lists = useQueries({
    queries: (['voice', 'persona'] as const).map((kind) => ({
      ...instructionsQuery(api, kind, search),
      placeholderData: keepPreviousData,
    })),
  });
  const settled = lists.every((list) => !list.isPending);
  const [shown, setShown] = useState(false);
  if (settled && !shown) setShown(true);
  return shown || settled;
}
