import './memory.css';
import { type FormEvent, useState } from 'react';
import { errorMessage } from '../../app/background-context';
import { useDebouncedValue } from '../../app/use-debounced-value';
import { Alert } from '../../ui/Alert';
import { Button } from '../../ui/Button';
import { EmptyState } from '../../ui/EmptyState';
import { Spinner } from '../../ui/Spinner';
import { MemoryRow } from './MemoryRow';
import { useMemories } from './use-memories';

/**
 * The drawer's Memory panel: the user's memories, searched (debounced 300 ms), each with an edit/delete
 * menu, and a field to add one. A fetch, edit or delete that fails leaves the list as it was and shows
 * nothing; a refused new memory says why.
 */
export function MemoryPanel() {
  const [typed, setTyped] = useState('');
  const search = useDebouncedValue(typed.trim(), 300);
  const { list, update, remove, add } = useMemories(search);
  const [draft, setDraft] = useState('');

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!draft.trim()) return;
    add.mutate(draft.trim(), { onSuccess: () => setDraft('') });
  };
  const memories = list.data?.data ?? [];
  return (
    <div className="memory-panel">
      <input
        type="search"
        className="ui-input"
        aria-label="Search memories"
        placeholder="Search memories"
        value={typed}
        onChange={(event) => setTyped(event.target.value)}
      />
      <form className="memory-add" aria-label="Add a memory" onSubmit={submit}>
        <input
          className="ui-input"
          aria-label="New memory"
          placeholder="Something to remember"
          value={draft}
          onChange={(event) => setDraft(event.target.value)}
        />
        <Button size="sm" type="submit" loading={add.isPending} disabled={!draft.trim()}>
          Add
        </Button>
      </form>
      {add.isError ? <Alert tone="error">{errorMessage(add.error)}</Alert> : null}
      {list.isPending ? <Spinner label="Loading memories" /> : null}
      {list.isSuccess && !memories.length ? (
        <EmptyState title={search ? 'No memory matches' : 'No memories yet'} headingLevel={4}>
          <p>{search ? `Nothing found for “${search}”.` : 'What Trove remembers about you appears here.'}</p>
        </EmptyState>
      ) : null}
      {memories.length ? (
        <ul className="memory-list" aria-label="Memories">
          {memories.map((memory) => (
            <MemoryRow
              key={memory.id}
              memory={memory}
              onEdit={(text) => update.mutate({ id: memory.id, memory: text })}
              onDelete={() => remove.mutate(memory.id)}
            />
          ))}
        </ul>
      ) : null}
    </div>
  );
}
