import './menus.css';
import { useState } from 'react';
import { READING_LEVELS, RESPONSE_LENGTHS, type RegenerateOptions } from '@/lib/api/chat-contract';
import type { AnswerView } from '@/lib/chat/conversation-view';
import { Button } from '../../ui/Button';
import { MoreIcon } from '../../ui/icons';
import { Popover } from '../../ui/Popover';
import { Slider } from '../../ui/Slider';
import { waitWhile } from '../answer-busy';
import { SaveAnswerFields, type SaveKind, type SaveTarget } from './SaveAnswerFields';

export interface AnswerActions {
  regenerate: (options: Partial<RegenerateOptions>) => void;
  switchLanguage: () => void;
  switchModel: () => void;
  fork: () => void;
  save: (kind: SaveKind, target: SaveTarget) => void;
  /** Save → AI Prompt: the answer becomes a prompt of the user's. */
  savePrompt: () => void;
  copy: () => void;
  reply: () => void;
}

interface AnswerOptionsProps {
  answer: AnswerView;
  actions: AnswerActions;
  /** Several models answer each question: Regenerate is hidden. */
  multi: boolean;
  /** An answer is streaming: these options (which regenerate, or open another chat) wait. */
  busy: boolean;
}

const levelStops = READING_LEVELS.map((label, i) => ({ value: String(i), label }));
const lengthStops = RESPONSE_LENGTHS.map((label, i) => ({ value: String(i), label }));
/** A released slider regenerates after this pause. */
const SLIDER_SETTLE_MS = 100;

/** Chat Options for one answer: adjust it, switch it, keep it, share it. */
export function AnswerOptions({ answer, actions, multi, busy }: AnswerOptionsProps) {
  const [open, setOpen] = useState(false);
  const [level, setLevel] = useState('2');
  const [length, setLength] = useState('2');
  // A search-style answer (it has a results list) hides Add emojis, Add Polish, the sliders, Reply and Switch
  // Language (README, Side panel chat); a picture has no text to adjust.
  const searchStyle = answer.results !== null;
  const picture = !!answer.images?.length;
  const run = (action: () => void) => () => {
    setOpen(false);
    action();
  };
  const release = (changed: { readingLevel?: string; responseLength?: string }) => {
    const options = {
      readingLevel: Number(changed.readingLevel ?? level),
      responseLength: Number(changed.responseLength ?? length),
    };
    setOpen(false);
    setTimeout(() => actions.regenerate(options), SLIDER_SETTLE_MS);
  };
  if (answer.messageId === null || answer.live) return null;
  return (
    <Popover
      title="Chat options"
      open={open}
      onOpenChange={setOpen}
      placement="bottom-end"
      trigger={
        <button
          type="button"
          className="ui-button ui-button-ghost ui-button-sm ui-icon-button answer-options-trigger"
          aria-label="Chat options"
          {...waitWhile(busy)}
        >
          <MoreIcon />
        </button>
      }
    >
      <div className="answer-options">
        {searchStyle || picture ? null : (
          <Button size="sm" variant="ghost" onClick={run(() => actions.regenerate({ showEmojis: true }))}>
            Add emojis
          </Button>
        )}
        {picture ? null : (
          <Button size="sm" variant="ghost" onClick={run(() => actions.regenerate({ humanizeResponse: true }))}>
            Humanize
          </Button>
        )}
        {searchStyle || picture ? null : (
          <>
            <Button size="sm" variant="ghost" onClick={run(() => actions.regenerate({ polishResponse: true }))}>
              Add Polish
            </Button>
            <Button size="sm" variant="ghost" onClick={run(actions.switchLanguage)}>
              Switch Language
            </Button>
            <Slider
              label="Reading Level"
              stops={levelStops}
              value={level}
              onChange={setLevel}
              onRelease={(readingLevel) => release({ readingLevel })}
            />
            <Slider
              label="Adjust Length"
              stops={lengthStops}
              value={length}
              onChange={setLength}
              onRelease={(responseLength) => release({ responseLength })}
            />
          </>
        )}
        {picture ? null : (
          <Button size="sm" variant="ghost" onClick={run(actions.switchModel)}>
            Switch Model
          </Button>
        )}
        <Button size="sm" variant="ghost" onClick={run(actions.fork)}>
          Fork this chat
        </Button>
        {picture ? null : <TextActions actions={actions} multi={multi} searchStyle={searchStyle} run={run} />}
      </div>
    </Popover>
  );
}

/** Keep, copy, regenerate and reply: what only a written answer offers. */
function TextActions({
  actions,
  multi,
  searchStyle,
  run,
}: {
  actions: AnswerActions;
  multi: boolean;
  searchStyle: boolean;
  run: (action: () => void) => () => void;
}) {
  return (
    <>
      <SaveAnswerFields
        onSave={(kind, target) => run(() => actions.save(kind, target))()}
        onSavePrompt={run(actions.savePrompt)}
      />
      <Button size="sm" variant="ghost" onClick={run(actions.copy)}>
        Copy text
      </Button>
      {multi ? null : (
        <Button size="sm" variant="ghost" onClick={run(() => actions.regenerate({}))}>
          Regenerate
        </Button>
      )}
      {searchStyle ? null : (
        <Button size="sm" variant="ghost" onClick={run(actions.reply)}>
          Reply
        </Button>
      )}
    </>
  );
}
