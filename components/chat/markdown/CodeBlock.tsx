import { type ReactNode, useEffect, useState } from 'react';
import { Button } from '@/components/ui/Button';

const COPIED_FOR_MS = 2000;

function CopyButton({ text }: { text: string }) {
  const [state, setState] = useState<'idle' | 'copied' | 'failed'>('idle');
  useEffect(() => {
    if (state === 'idle') return;
    const timer = setTimeout(() => setState('idle'), COPIED_FOR_MS);
    return () => clearTimeout(timer);
  }, [state]);
  const copy = () => {
    navigator.clipboard.writeText(text).then(
      () => setState('copied'),
      () => setState('failed'),
    );
  };
  return (
    <Button variant="ghost" size="sm" className="md-code-copy" onClick={copy}>
      {state === 'copied' ? 'Copied' : state === 'failed' ? 'Copy failed' : 'Copy'}
    </Button>
  );
}

/** The code highlighted, once `ready`; undefined until then, for an unknown language, or if highlighting failed. */
function useHighlighted(code: string, language: string | undefined, ready: boolean): ReactNode | undefined {
  const [result, setResult] = useState<{ code: string; language: string; nodes: ReactNode }>();
  useEffect(() => {
    if (!ready || !language) return;
    let current = true;
    import('./highlight').then(
      ({ highlight }) => {
        if (current) setResult({ code, language, nodes: highlight(code, language) });
      },
      (error: unknown) => console.warn('Code highlighting is unavailable; showing plain code', error),
    );
    return () => {
      current = false;
    };
  }, [code, language, ready]);
  return result?.code === code && result.language === language ? result.nodes : undefined;
}

export interface CodeBlockProps {
  code: string;
  /** The fence's info string's first word, as the model wrote it. */
  language?: string;
  /** The fence is closed (or the answer finished): the code will not change, so it may be highlighted. */
  closed: boolean;
}

export function CodeBlock({ code, language, closed }: CodeBlockProps) {
  const highlighted = useHighlighted(code, language, closed);
  return (
    <div className="md-code">
      <div className="md-code-header">
        <span className="md-code-language">{language}</span>
        <CopyButton text={code} />
      </div>
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: it scrolls sideways; keyboard users must be able to reach it to scroll */}
      <pre className="md-code-body" tabIndex={0}>
        <code className={highlighted === undefined ? undefined : 'hljs'}>{highlighted ?? code}</code>
      </pre>
    </div>
  );
}
