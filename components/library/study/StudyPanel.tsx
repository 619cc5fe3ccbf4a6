import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { FlashCards as Cards, GemStudy, Quiz, StudyKind } from '@/lib/api/study-contract';
import { dayOf } from '@/lib/day';
import { Button } from '../../ui/Button';
import { Spinner } from '../../ui/Spinner';
import { Tabs } from '../../ui/Tabs';
import { useLibraryApi } from '../library-api-context';
import { FlashCards } from './FlashCards';
import { QuizView } from './QuizView';
import { gemStudyQuery, studyModelQuery } from './queries';
import { type Generation, useStudyGeneration } from './use-study-generation';
import './study.css';

const NAMES: Record<StudyKind, { tab: string; what: string }> = {
  summary: { tab: 'Summary', what: 'a summary' },
  flashCards: { tab: 'Flash cards', what: 'flash cards' },
  quiz: { tab: 'Quiz', what: 'a quiz' },
};

/** How many cards or questions a partial answer holds so far. */
const countSoFar = (running: Generation) => {
  const partial = running.partial as { cards?: unknown[]; questions?: unknown[] } | null;
  return (partial?.cards ?? partial?.questions ?? []).length;
};

/** What is stored of one kind, shown. */
function Stored({ kind, study }: { kind: StudyKind; study: GemStudy }) {
  if (kind === 'summary' && study.summary) return <p className="study-summary">{study.summary.content.text}</p>;
  if (kind === 'flashCards' && study.flashCards)
    return <FlashCards key={study.flashCards.createdAt} cards={(study.flashCards.content as Cards).cards} />;
  if (kind === 'quiz' && study.quiz)
    return <QuizView key={study.quiz.createdAt} questions={(study.quiz.content as Quiz).questions} />;
  return null;
}

interface TabProps {
  kind: StudyKind;
  study: GemStudy;
  model: { id: number; name: string } | null | undefined;
  generation: ReturnType<typeof useStudyGeneration>;
}

/** One tab: what is stored (or being made), and the button that makes it (again). */
function StudyTab({ kind, study, model, generation }: TabProps) {
  const { running, error, generate } = generation;
  const stored = study[kind];
  const mine = running?.kind === kind ? running : null;
  return (
    <div className="study-tab">
      {mine ? (
        <div className="study-running" aria-busy="true">
          <Spinner label={`Writing ${NAMES[kind].what}`} />
          {kind === 'summary' ? (
            <p className="study-summary">{mine.text}</p>
          ) : (
            <p>
              Writing {NAMES[kind].what}… {countSoFar(mine) || ''}
            </p>
          )}
        </div>
      ) : (
        <Stored kind={kind} study={study} />
      )}
      {error?.kind === kind && (
        <p role="alert" className="study-error">
          {error.message}
        </p>
      )}
      <div className="study-row study-footer">
        {stored && (
          <span className="study-made">
            By {stored.modelName}, {dayOf(stored.createdAt)}
          </span>
        )}
        {study.canGenerate && model && (
          <Button
            size="sm"
            variant={stored ? 'secondary' : 'primary'}
            disabled={Boolean(running)}
            onClick={() => void generate(kind)}
          >
            {stored ? 'Regenerate' : `Generate ${NAMES[kind].tab.toLowerCase()}`}
          </Button>
        )}
      </div>
      {!stored && !mine && study.canGenerate && model === null && (
        <p className="study-hint">Add a model in the options' AI settings to make {NAMES[kind].what} from this gem.</p>
      )}
      {!stored && !study.canGenerate && (
        <p className="study-hint">Only those who can edit this gem can make {NAMES[kind].what}.</p>
      )}
    </div>
  );
}

/**
 * The gem's summary, flash cards and quiz (server/features/study), made from its saved text by the user's default
 * model and stored with the gem: each in its tab, with Generate, or Regenerate once there is one.
 */
export function StudyPanel({ gemId }: { gemId: number }) {
  const api = useLibraryApi();
  const study = useQuery(gemStudyQuery(api, gemId));
  const model = useQuery(studyModelQuery(api));
  // one generation at a time for the gem, followed whichever tab is shown
  const generation = useStudyGeneration(gemId, model.data?.id ?? null);
  const [tab, setTab] = useState<string>('summary');
  if (!study.data) return null;
  const data = study.data;
  return (
    <section className="study" aria-label="Study aids">
      <Tabs
        label="Study aids"
        selected={tab}
        onSelect={setTab}
        tabs={(Object.keys(NAMES) as StudyKind[]).map((kind) => ({
          id: kind,
          label: NAMES[kind].tab,
          content: <StudyTab kind={kind} study={data} model={model.data} generation={generation} />,
        }))}
      />
    </section>
  );
}
