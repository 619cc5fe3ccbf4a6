import { type KeyboardEvent, useId, useState } from 'react';
import type { FlashCards as Cards } from '@/lib/api/study-contract';
import { Button } from '../../ui/Button';

/**
 * Flash cards one at a time: the card is a button that turns between its question and its answer (click, Enter or
 * Space); ←/→ (or the buttons) go to the previous or next card, which shows its question first.
 */
export function FlashCards({ cards }: { cards: Cards['cards'] }) {
  const [index, setIndex] = useState(0);
  const [flipped, setFlipped] = useState(false);
  const hint = useId();
  const card = cards[Math.min(index, cards.length - 1)];
  if (!card) return null;
  const go = (to: number) => {
    if (to < 0 || to >= cards.length) return;
    setIndex(to);
    setFlipped(false);
  };
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'ArrowRight') go(index + 1);
    else if (event.key === 'ArrowLeft') go(index - 1);
    else return;
    event.preventDefault();
  };
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: the arrows move between the cards while one has focus
    <div className="study-cards" onKeyDown={onKeyDown}>
      <p className="study-cards-count" aria-live="polite">
        Card {index + 1} of {cards.length}
      </p>
      <button
        type="button"
        className="study-card"
        data-side={flipped ? 'back' : 'front'}
        aria-describedby={hint}
        onClick={() => setFlipped((was) => !was)}
      >
        <span className="study-card-side">{flipped ? 'Answer' : 'Question'}</span>
        <span className="study-card-text">{flipped ? card.back : card.front}</span>
      </button>
      <p id={hint} className="study-hint">
        Click or press Space to flip; ← and → change the card.
      </p>
      <div className="study-row">
        <Button size="sm" variant="secondary" disabled={index === 0} onClick={() => go(index - 1)}>
          Previous
        </Button>
        <Button size="sm" variant="secondary" disabled={index === cards.length - 1} onClick={() => go(index + 1)}>
          Next
        </Button>
      </div>
    </div>
  );
}
