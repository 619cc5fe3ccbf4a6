import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import type { Prompt } from '@/lib/api/voice-contract';
import { Button } from '../../ui/Button';
import { IconButton } from '../../ui/IconButton';
import { BackIcon } from '../../ui/icons';
import { Spinner } from '../../ui/Spinner';
import { PromptList } from '../../writing/prompts/PromptList';
import { useLibraryApi } from '../library-api-context';
import { studyModelQuery } from '../study/queries';

// The editor library is fetched only when a prompt is written or edited.
const NewPromptForm = lazy(() =>
  import('../../writing/prompts/NewPromptForm').then((m) => ({ default: m.NewPromptForm })),
);
const PromptEditor = lazy(() =>
  import('../../writing/prompts/PromptEditor').then((m) => ({ default: m.PromptEditor })),
);

type Open = { kind: 'list' } | { kind: 'new' } | { kind: 'prompt'; prompt: Prompt };

/**
 * The prompts the user may use, searched on Enter: New prompt writes one in the rich editor; the author's prompt
 * opens in it to edit, anyone else's shows its text (unless its author hides it). The editor's Optimize prompt asks the
 * user's default text model (the one the gem sheet's study aids use); without a usable one it is not offered.
 */
export function PromptsTab() {
  const model = useQuery(studyModelQuery(useLibraryApi())).data;
  const [open, setOpen] = useState<Open>({ kind: 'list' });
  const [typed, setTyped] = useState('');
  const [search, setSearch] = useState('');
  const back = () => setOpen({ kind: 'list' });

  if (open.kind !== 'list')
    return (
      <section className="prompt-detail" aria-label={open.kind === 'new' ? 'Write a prompt' : open.prompt.title}>
        <header className="prompt-detail-header">
          <IconButton label="Back to prompts" icon={<BackIcon />} size="sm" onClick={back} />
          <h3 className="prompt-detail-title">{open.kind === 'new' ? 'New prompt' : open.prompt.title}</h3>
        </header>
        <Suspense fallback={<Spinner label="Loading the editor" />}>
          {open.kind === 'new' ? (
            <NewPromptForm
              category="Chat"
              onDone={(created) => setOpen(created ? { kind: 'prompt', prompt: created } : { kind: 'list' })}
            />
          ) : open.prompt.isAuthor ? (
            <PromptEditor key={open.prompt.updatedAt} prompt={open.prompt} modelId={model?.id} onDone={back} />
          ) : open.prompt.text !== null && !open.prompt.textHidden ? (
            <pre className="prompt-text">{open.prompt.text}</pre>
          ) : (
            <p className="prompt-hidden-note">The author keeps this prompt’s text hidden; it is used as written.</p>
          )}
        </Suspense>
      </section>
    );
  return (
    <div className="prompts-panel library-writing-tab">
      <Button size="sm" variant="secondary" className="prompt-new" onClick={() => setOpen({ kind: 'new' })}>
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
          if (event.key === 'Enter') setSearch(typed.trim());
        }}
      />
      <PromptList
        category="All"
        search={search}
        onSelect={(prompt) => setOpen({ kind: 'prompt', prompt })}
        onEdit={(prompt) => setOpen({ kind: 'prompt', prompt })}
      />
    </div>
  );
}
