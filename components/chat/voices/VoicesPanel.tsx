import './voices.css';
import { useAtom } from 'jotai';
import { useState } from 'react';
import type { InstructionKind } from '@/lib/chat/chat-api';
import { useDebouncedValue } from '../../app/use-debounced-value';
import { Tabs } from '../../ui/Tabs';
import { instructionChoiceAtom } from '../atoms';
import { InstructionList } from './InstructionList';

export interface VoicesSelection {
  brandVoiceId: number | null;
  personaId: number | null;
}

interface VoicesPanelProps {
  selected: VoicesSelection;
  onSelect: (kind: InstructionKind, item: { id: number; name: string } | null) => void;
}

/** The drawer's Brand voices and agents: the choice goes with the next questions. */
export function VoicesDrawer() {
  const [choice, setChoice] = useAtom(instructionChoiceAtom);
  return (
    <VoicesPanel
      selected={{ brandVoiceId: choice.brandVoiceId ?? null, personaId: choice.personaId ?? null }}
      onSelect={(kind, item) =>
        setChoice((current) => ({ ...current, [kind === 'voice' ? 'brandVoiceId' : 'personaId']: item?.id ?? null }))
      }
    />
  );
}

/**
 * The drawer's Brand voices and agents panel (two things: a brand voice is a tone of voice, an agent a persona): one
 * search (debounced 300 ms) over the tabs All, Brand voices and Agents.
 */
export function VoicesPanel({ selected, onSelect }: VoicesPanelProps) {
  const [typed, setTyped] = useState('');
  const search = useDebouncedValue(typed.trim(), 300);
  const list = (kind: InstructionKind) => (
    <InstructionList
      kind={kind}
      search={search}
      selectedId={kind === 'voice' ? selected.brandVoiceId : selected.personaId}
      onSelect={(item) => onSelect(kind, item)}
    />
  );
  return (
    <div className="voices-panel">
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
