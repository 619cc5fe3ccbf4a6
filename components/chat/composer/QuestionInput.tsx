import type { KeyboardEvent, RefObject } from 'react';

interface QuestionInputProps {
  ref: RefObject<HTMLTextAreaElement | null>;
  value: string;
  onChange: (text: string) => void;
  onKeyDown: (event: KeyboardEvent<HTMLTextAreaElement>) => void;
  placeholder: string;
  /** The id of what describes the question (the estimate), once there is one. */
  describedBy?: string;
}

/** The question box and its hidden label: the same in the composer and in the panel's skeleton. */
export function QuestionInput({ ref, value, onChange, onKeyDown, placeholder, describedBy }: QuestionInputProps) {
  return (
    <>
      <label className="visually-hidden" htmlFor="composer-input">
        Your question
      </label>
      <textarea
        ref={ref}
        id="composer-input"
        className="composer-input"
        rows={2}
        placeholder={placeholder}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        onKeyDown={onKeyDown}
        aria-describedby={describedBy}
      />
    </>
  );
}
