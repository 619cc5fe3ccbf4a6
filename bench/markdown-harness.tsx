/**
 * Bundled by markdown-bench.ts into a page for Chromium: streams a markdown answer into the chat's
 * renderer (or into one react-markdown of the whole text, for comparison) and times each update.
 */
import '@/assets/trove.css';
import { flushSync } from 'react-dom';
import { createRoot } from 'react-dom/client';
import ReactMarkdown from 'react-markdown';
import remarkGfm from 'remark-gfm';
import { Markdown } from '@/components/chat/markdown/Markdown';

export type Mode = 'blocks' | 'naive';

export interface StreamTimings {
  /** Per update: React render and commit (flushSync), in ms. */
  render: number[];
  /** Per update: the same plus the style and layout it causes, in ms. */
  withLayout: number[];
  /** Durations of the main-thread tasks over 50 ms seen during the run ('longtask' entries), in ms. */
  longTasks: number[];
  /** Code blocks highlighted at the end (the lazy highlighter ran). */
  highlighted: number;
}

const remarkPlugins = [remarkGfm];

function Naive({ text }: { text: string }) {
  return (
    <div className="md">
      <ReactMarkdown remarkPlugins={remarkPlugins}>{text}</ReactMarkdown>
    </div>
  );
}

const nextTask = () => new Promise((resolve) => setTimeout(resolve, 0));

async function stream(mode: Mode, text: string, updates: number): Promise<StreamTimings> {
  const container = document.createElement('div');
  document.body.append(container);
  const root = createRoot(container);
  const longTasks: number[] = [];
  const observer = new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) longTasks.push(entry.duration);
  });
  observer.observe({ type: 'longtask' });
  const render: number[] = [];
  const withLayout: number[] = [];
  const step = Math.ceil(text.length / updates);
  for (let at = step; ; at += step) {
    const end = Math.min(at, text.length);
    const streaming = end < text.length;
    const part = text.slice(0, end);
    // Each update in its own task, as stream chunks arrive.
    await nextTask();
    const start = performance.now();
    flushSync(() =>
      root.render(mode === 'blocks' ? <Markdown text={part} streaming={streaming} /> : <Naive text={part} />),
    );
    const rendered = performance.now();
    void container.offsetHeight;
    render.push(rendered - start);
    withLayout.push(performance.now() - start);
    if (!streaming) break;
  }
  // Time for the lazy highlighter to run on the last code blocks and for 'longtask' entries to arrive.
  await new Promise((resolve) => setTimeout(resolve, 500));
  for (const entry of observer.takeRecords()) longTasks.push(entry.duration);
  observer.disconnect();
  const highlighted = container.querySelectorAll('code.hljs').length;
  root.unmount();
  container.remove();
  return { render, withLayout, longTasks, highlighted };
}

declare global {
  interface Window {
    markdownBench: { stream: typeof stream };
  }
}
window.markdownBench = { stream };
