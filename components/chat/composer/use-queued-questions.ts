import { useEffect, useRef, useState } from 'react';

export interface QueuedQuestion {
  id: number;
  text: string;
}

/**
 * Questions written while the panel is busy (an answer streaming, a prompt queue, a picture): kept in order and sent
 * one at a time, each once the panel is free again. `send` is read when it is needed.
 */
export function useQueuedQuestions(busy: boolean, send: (text: string) => void) {
  const [queued, setQueued] = useState<QueuedQuestion[]>([]);
  const nextId = useRef(1);
  const latestSend = useRef(send);
  latestSend.current = send;

  const [first] = queued;
  useEffect(() => {
    if (busy || !first) return;
    setQueued((all) => all.filter((q) => q.id !== first.id));
    latestSend.current(first.text);
  }, [busy, first]);

  return {
    queued,
    add: (text: string) => setQueued((all) => [...all, { id: nextId.current++, text }]),
    remove: (id: number) => setQueued((all) => all.filter((q) => q.id !== id)),
  };
}
