import { useState } from 'react';
import { pageFit } from '@/lib/chat/page-fit';
import { Button } from '../../ui/Button';
import { Skeleton } from '../../ui/Skeleton';
import { Switch } from '../../ui/Switch';
import { setFollowTabs } from './follow-tabs';
import { PageChipRow } from './PageChipRow';
import type { PanelPage } from './use-panel-page';

interface PageChipProps {
  attached: PanelPage;
  /** The chosen model's context length, to say how much of the page fits. */
  contentLength: number | null;
  followTabs: boolean;
}

/** The page the chat is about: which, how much of it fits the model, and any tab the user moved to. */
export function PageChip({ attached, contentLength, followTabs }: PageChipProps) {
  const { page, reading, problem, offer } = attached;
  const [followProblem, setFollowProblem] = useState<string | null>(null);
  const toggleFollow = async (on: boolean) => {
    setFollowProblem(null);
    if (!(await setFollowTabs(on))) setFollowProblem('Trove was not allowed to read sites, so it cannot follow tabs.');
    else if (on) await attached.reread();
  };
  if (reading) {
    return (
      <div className="page-chip" aria-busy="true">
        <Skeleton width="70%" />
      </div>
    );
  }
  const text = page?.extract?.markdown ?? '';
  const fit = page?.extract && contentLength ? pageFit(text, contentLength) : null;
  return (
    <section
      className="page-chip"
      aria-label="Page in this chat"
      data-state={offer ? 'held' : page?.extract ? 'attached' : 'none'}
    >
      {page && (
        <PageChipRow url={page.url} title={page.title} favIconUrl={page.favIconUrl}>
          {fit && !offer ? (
            <span className={`page-chip-fit${fit.percent < 100 ? ' cut' : ''}`}>{fit.label}</span>
          ) : null}
        </PageChipRow>
      )}
      {page && !page.extract && !offer && !problem ? (
        <p className="page-chip-note">
          This page can't be read (a browser page, the web store or a viewer), so the chat is not about it.
        </p>
      ) : null}
      {problem ? <p className="page-chip-note">{problem}</p> : null}
      {offer ? (
        <div className="page-chip-offer" role="status">
          <p>
            {offer.reason === 'switched' ? 'You switched to another tab.' : 'This tab went to another page.'} Questions
            are not about {page ? `“${page.title}”` : 'the old page'} until you choose.
            {attached.quoteWaiting
              ? ' The selection you asked about goes in the message box when you use this page.'
              : ''}
          </p>
          <div className="page-chip-actions">
            <Button size="sm" onClick={() => void attached.accept()}>
              Use this page
            </Button>
            {page ? (
              <Button size="sm" variant="ghost" onClick={attached.keep}>
                Keep the old page
              </Button>
            ) : null}
          </div>
        </div>
      ) : null}
      {problem || offer || followTabs ? (
        <Switch
          label="Follow the active tab"
          hint={followTabs ? undefined : 'Lets Trove read the tab you are on, so the chat can follow you.'}
          checked={followTabs}
          onCheckedChange={(on) => void toggleFollow(on)}
        />
      ) : null}
      {followProblem ? <p className="page-chip-note">{followProblem}</p> : null}
    </section>
  );
}
