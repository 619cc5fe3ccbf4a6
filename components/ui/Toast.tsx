import {
  createContext,
  type FocusEvent,
  type ReactNode,
  useCallback,
  useContext,
  useEffect,
  useRef,
  useState,
} from 'react';

type Tone = 'success' | 'error' | 'info';

export interface ToastOptions {
  /** A button in the toast (e.g. "Undo"); pressing it runs `onAction` and dismisses the toast. */
  action?: { label: string; onAction: () => void };
  /** How long it stays, not counting time spent hovered or focused. */
  durationMs?: number;
}

interface ToastMessage extends ToastOptions {
  id: number;
  tone: Tone;
  text: string;
}

export type ShowToast = (tone: Tone, text: string, options?: ToastOptions) => void;

const ToastContext = createContext<ShowToast | null>(null);
const VISIBLE_MS = 4000;
const VISIBLE_WITH_ACTION_MS = 6000;
/** At most this many at once: a new one pushes out the oldest rather than piling up over the page. */
const MAX_SHOWN = 3;

/**
 * Short messages (at the bottom of the page; in the side panel at the top of the conversation), announced to screen
 * readers, gone after a few seconds.
 */
export function ToastProvider({ children }: { children: ReactNode }) {
  const [toasts, setToasts] = useState<ToastMessage[]>([]);
  const nextId = useRef(1);

  const show = useCallback<ShowToast>((tone, text, options) => {
    const id = nextId.current++;
    setToasts((list) => [...list, { id, tone, text, ...options }].slice(-MAX_SHOWN));
  }, []);
  const dismiss = useCallback((id: number) => setToasts((list) => list.filter((t) => t.id !== id)), []);

  return (
    <ToastContext.Provider value={show}>
      {children}
      <div className="toasts" aria-live="polite">
        {toasts.map((t) => (
          <ToastCard key={t.id} toast={t} dismiss={dismiss} />
        ))}
      </div>
    </ToastContext.Provider>
  );
}

/**
 * One toast; with an action, its countdown pauses while the pointer is over it or focus is in it (so the
 * action can be reached). Without one it lets clicks through to what lies under it (see trove.css).
 */
function ToastCard({ toast, dismiss }: { toast: ToastMessage; dismiss: (id: number) => void }) {
  const { id, tone, text, action } = toast;
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const remainingMs = useRef(toast.durationMs ?? (action ? VISIBLE_WITH_ACTION_MS : VISIBLE_MS));
  const paused = hovered || focused;

  useEffect(() => {
    if (paused) return;
    const startedAt = Date.now();
    const timer = setTimeout(() => dismiss(id), remainingMs.current);
    return () => {
      clearTimeout(timer);
      remainingMs.current -= Date.now() - startedAt;
    };
  }, [paused, id, dismiss]);

  const onBlur = (event: FocusEvent<HTMLDivElement>) => {
    if (!event.currentTarget.contains(event.relatedTarget)) setFocused(false);
  };

  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: hover and focus only pause the countdown; nothing is activated
    <div
      className={`toast toast-${tone}${action ? ' toast-actionable' : ''}`}
      role={tone === 'error' ? 'alert' : 'status'}
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      onFocus={() => setFocused(true)}
      onBlur={onBlur}
    >
      <span className="toast-text">{text}</span>
      {action && (
        <>
          <button
            type="button"
            className="toast-action"
            onClick={() => {
              action.onAction();
              dismiss(id);
            }}
          >
            {action.label}
          </button>
          <button type="button" className="toast-dismiss" aria-label="Dismiss" onClick={() => dismiss(id)}>
            <span aria-hidden="true">×</span>
          </button>
        </>
      )}
    </div>
  );
}

export function useToast() {
  const show = useContext(ToastContext);
  if (!show) throw new Error('useToast needs a ToastProvider');
  return show;
}
