import { useState } from 'react';
import type { InstructionKind } from '@/lib/writing/writing-api';
import { useDebouncedValue } from '../../app/use-debounced-value';
import { Button } from '../../ui/Button';
import { InstructionList } from '../../writing/voices/InstructionList';
import { NewInstruction } from '../../writing/voices/NewInstruction';

const WORDS = {
  voice: { add: 'New brand voice', search: 'Search brand voices' },
  persona: { add: 'New agent', search: 'Search agents' },
} as const;

/** One kind's list (brand voices or agents) with its search, a New button, and each item's Edit, default and Delete. */
export function InstructionsTab({ kind }: { kind: InstructionKind }) {
  const words = WORDS[kind];
  const [creating, setCreating] = useState(false);
  const [typed, setTyped] = useState('');
  const search = useDebouncedValue(typed.trim(), 300);
  return (
    <div className="voices-panel library-writing-tab">
      {creating ? (
        <NewInstruction kind={kind} onDone={() => setCreating(false)} />
      ) : (
        <div className="voices-new">
          <Button size="sm" variant="secondary" onClick={() => setCreating(true)}>
            {words.add}
          </Button>
        </div>
      )}
      <input
        type="search"
        className="ui-input"
        aria-label={words.search}
        placeholder="Search"
        value={typed}
        onChange={(event) => setTyped(event.target.value)}
      />
      <InstructionList kind={kind} search={search} />
    </div>
  );
}
