import type { BrandVoice, Persona } from '@/lib/api/voice-contract';
import type { InstructionKind } from '@/lib/writing/writing-api';
import { errorMessage } from '../../app/background-context';
import { EmptyState } from '../../ui/EmptyState';
import { ErrorMessage } from '../../ui/ErrorMessage';
import { Spinner } from '../../ui/Spinner';
import { InstructionRow } from './InstructionRow';
import { useInstructions } from './use-instructions';

const WORDS = {
  voice: { many: 'brand voices', none: 'No brand voices yet' },
  persona: { many: 'agents', none: 'No agents yet' },
} as const;

interface InstructionListProps {
  kind: InstructionKind;
  search: string;
  selectedId?: number | null;
  /** Picking (the side panel); none, the list only shows and edits (the library's Writing view). */
  onSelect?: (item: PickedInstruction | null) => void;
}

/** A picked voice or agent: its id and name, and an agent's default model when it has one. */
export interface PickedInstruction {
  id: number;
  name: string;
  modelId?: number;
}

const picked = (item: BrandVoice | Persona): PickedInstruction =>
  'modelId' in item && item.modelId !== null
    ? { id: item.id, name: item.name, modelId: item.modelId }
    : { id: item.id, name: item.name };

/**
 * One kind's items, the default first with a tick, the selected one pressed; clicking the selected one unselects it.
 */
export function InstructionList({ kind, search, selectedId, onSelect }: InstructionListProps) {
  const { list, update, remove, makeDefault } = useInstructions(kind, search);
  const words = WORDS[kind];
  if (list.isPending) return <Spinner label={`Loading ${words.many}`} />;
  if (list.isError)
    return (
      <ErrorMessage onRetry={() => void list.refetch()} retrying={list.isFetching}>
        {errorMessage(list.error)}
      </ErrorMessage>
    );
  const items: Array<BrandVoice | Persona> = [...list.data.data].sort(
    (a, b) => Number(b.isDefault) - Number(a.isDefault),
  );
  if (!items.length)
    return (
      <EmptyState title={search ? `No ${words.many} match` : words.none} headingLevel={4}>
        <p>{search ? `Nothing found for “${search}”.` : `Your ${words.many} appear here.`}</p>
      </EmptyState>
    );
  return (
    <ul className="voices-list" aria-label={words.many}>
      {items.map((item) => (
        <InstructionRow
          key={item.id}
          kind={kind}
          item={item}
          selected={item.id === selectedId}
          onToggle={onSelect ? () => onSelect(item.id === selectedId ? null : picked(item)) : undefined}
          onSave={(fields) => update.mutateAsync({ id: item.id, fields })}
          onDelete={async () => {
            await remove.mutateAsync(item.id);
            if (item.id === selectedId) onSelect?.(null);
          }}
          onMakeDefault={(on) => makeDefault(on ? item.id : null)}
        />
      ))}
    </ul>
  );
}
