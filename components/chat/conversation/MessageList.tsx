import { useVirtualizer } from '@tanstack/react-virtual';
import { type ReactNode, useEffect, useLayoutEffect, useRef } from 'react';
import type { TurnView as Turn } from '@/lib/chat/conversation-view';
import { CONVERSATION_LOG } from './conversation-log';

interface MessageListProps {
  turns: Turn[];
  renderTurn: (turn: Turn) => ReactNode;
}

const NEAR_BOTTOM_PX = 48;

/**
 * The conversation, virtualised (only the turns in view are in the DOM). It follows new output only
 * while the reader is at the bottom; scrolling up to read stops the following until they return.
 */
export function MessageList({ turns, renderTurn }: MessageListProps) {
  const scroller = useRef<HTMLDivElement>(null);
  const atBottom = useRef(true);
  const virtualizer = useVirtualizer({
    count: turns.length,
    getScrollElement: () => scroller.current,
    estimateSize: () => 240,
    overscan: 3,
    getItemKey: (index) => turns[index]?.key ?? index,
  });

  useEffect(() => {
    const element = scroller.current;
    if (!element) return;
    const onScroll = () => {
      atBottom.current = element.scrollHeight - element.scrollTop - element.clientHeight < NEAR_BOTTOM_PX;
    };
    element.addEventListener('scroll', onScroll, { passive: true });
    // The list's own height changes under the reader (the question box grows with a long question, up to ~150 px;
    // queued questions): one who was at the bottom stays there, so the end of the last answer is never hidden.
    // As the virtualiser does, only where the window has one (jsdom has none).
    const Observer = element.ownerDocument.defaultView?.ResizeObserver;
    const resized = Observer
      ? new Observer(() => {
          if (atBottom.current) element.scrollTop = element.scrollHeight;
        })
      : undefined;
    resized?.observe(element);
    return () => {
      element.removeEventListener('scroll', onScroll);
      resized?.disconnect();
    };
  }, []);

  const last = turns.at(-1);
  const lastText = last?.answers.map((a) => a.text.length).join(',');
  // biome-ignore lint/correctness/useExhaustiveDependencies: follow each new turn and each update of the last one.
  useLayoutEffect(() => {
    const element = scroller.current;
    if (element && atBottom.current && turns.length) element.scrollTop = element.scrollHeight;
  }, [turns.length, lastText, virtualizer.getTotalSize()]);

  return (
    <div ref={scroller} {...CONVERSATION_LOG}>
      <div style={{ height: virtualizer.getTotalSize(), position: 'relative' }}>
        {virtualizer.getVirtualItems().map((item) => {
          const turn = turns[item.index];
          return turn ? (
            <div
              key={item.key}
              data-index={item.index}
              ref={virtualizer.measureElement}
              style={{ position: 'absolute', top: 0, left: 0, width: '100%', transform: `translateY(${item.start}px)` }}
            >
              {renderTurn(turn)}
            </div>
          ) : null;
        })}
      </div>
    </div>
  );
}
