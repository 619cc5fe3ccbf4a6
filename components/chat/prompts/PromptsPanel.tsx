import '../../writing/prompts/prompts.css';
import { useQueryClient } from '@tanstack/react-query';
import { useSetAtom } from 'jotai';
import { lazy, Suspense, useState } from 'react';
import { PROMPT_CATEGORIES, type Prompt } from '@/lib/api/voice-contract';
import { Button } from '../../ui/Button';
import { Spinner } from '../../ui/Spinner';
import { Tabs } from '../../ui/Tabs';
import { PromptList } from '../../writing/prompts/PromptList';
import { type PromptTab, promptKeys } from '../../writing/prompts/queries';
import { draftAtom } from '../atoms';
import { useCommands, useModels } from '../chat-session';
import type { DrawerPanelProps } from '../drawer-panel-props';
import { PromptDetail, type PromptDetailProps } from './PromptDetail';
import { promptActions } from './prompt-actions';

const TABS: readonly PromptTab[] = ['All', ...PROMPT_CATEGORIES];

// The editor library is fetched only when a prompt is written or edited.
const NewPromptForm = lazy(() =>
  import('../../writing/prompts/NewPromptForm').then((m) => ({ default: m.NewPromptForm })),
);

export type PromptsPanelProps = Pick<PromptDetailProps, 'onInsert' | 'onSubmitHidden' | 'modelId'>;

/** The drawer's AI Prompts: a choice goes into the composer, is sent, or runs as a queue (prompt-actions.ts). */
export function PromptsDrawer({ close }: DrawerPanelProps) {
  const models = useModels();
  const { send, runQueue } = useCommands();
  const draft = useSetAtom(draftAtom);
  return <PromptsPanel modelId={models.chosen[0]?.id} {...promptActions({ runQueue, draft, send, close })} />;
}

/** The prompt shown in detail; `fromList`: opened by the list's Edit, so closing the editor returns to the list. */
interface OpenPrompt {
  prompt: Prompt;
  editing: boolean;
  fromList: boolean;
}

/**
 * The AI Prompts panel: a
 * visible prompt without variables is inserted at once; any other opens the detail view.
 */
export function PromptsPanel({ onInsert, onSubmitHidden, modelId }: PromptsPanelProps) {
  const queryClient = useQueryClient();
  const [tab, setTab] = useState<PromptTab>('All');
  const [typed, setTyped] = useState('');
  const [search, setSearch] = useState('');
  const [open, setOpen] = useState<OpenPrompt | null>(null);
  const [writing, setWriting] = useState(false);

  const select = (prompt: Prompt) => {
    if (prompt.text !== null && !prompt.textHidden && !prompt.variables.length) onInsert(prompt.text, prompt);
    else setOpen({ prompt, editing: false, fromList: false });
  };
  const switchTab = (id: string) => {
    setTab(TABS.find((name) => name === id) ?? 'All');
    setTyped('');
    setSearch('');
  };
  // Every tab's list starts again from page 1: the other tabs' pages are dropped, and the
  // same search run again reloads the shown list from its first page.
  const runSearch = () => {
    const next = typed.trim();
    queryClient.removeQueries({ queryKey: promptKeys.all, type: 'inactive' });
    if (next === search) void queryClient.resetQueries({ queryKey: promptKeys.list(tab, search) });
    setSearch(next);
  };

  if (writing)
    return (
      <section className="prompt-detail" aria-label="Write a prompt">
        <Suspense fallback={<Spinner label="Loading the editor" />}>
          <NewPromptForm
            category={tab === 'All' ? 'Chat' : tab}
            onDone={(created) => {
              setWriting(false);
              if (created) setOpen({ prompt: created, editing: false, fromList: false });
            }}
          />
        </Suspense>
      </section>
    );
  if (open)
    return (
      <PromptDetail
        key={open.prompt.updatedAt}
        prompt={open.prompt}
        editing={open.editing}
        modelId={modelId}
        onBack={() => setOpen(null)}
        onEdit={() => setOpen({ ...open, editing: true })}
        onEditDone={(saved) =>
          setOpen(open.fromList ? null : { prompt: saved ?? open.prompt, editing: false, fromList: false })
        }
        onInsert={onInsert}
        onSubmitHidden={onSubmitHidden}
      />
    );
  return (
    <div className="prompts-panel">
      <Button size="sm" variant="secondary" className="prompt-new" onClick={() => setWriting(true)}>
        New prompt
      </Button>
      <input
        type="search"
        className="ui-input"
        aria-label="Search prompts (press Enter)"
        placeholder="Search prompts, then press Enter"
        value={typed}
        onChange={(event) => setTyped(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === 'Enter') runSearch();
        }}
      />
      <Tabs
        label="Prompt categories"
        selected={tab}
        onSelect={switchTab}
        tabs={TABS.map((id) => ({
          id,
          label: id,
          content: (
            <PromptList
              category={id}
              search={search}
              onSelect={select}
              onEdit={(prompt) => setOpen({ prompt, editing: true, fromList: true })}
            />
          ),
        }))}
      />
    </div>
  );
}
