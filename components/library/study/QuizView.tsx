import { useId, useState } from 'react';
import type { Quiz } from '@/lib/api/study-contract';
import { Button } from '../../ui/Button';

/** A quiz to answer: one choice per question, then Check answers marks each right or wrong with its explanation. */
export function QuizView({ questions }: { questions: Quiz['questions'] }) {
  const [chosen, setChosen] = useState<Record<number, number>>({});
  const [checked, setChecked] = useState(false);
  const name = useId();
  const right = questions.filter((q, i) => chosen[i] === q.answer).length;
  return (
    <form
      className="study-quiz"
      onSubmit={(event) => {
        event.preventDefault();
        setChecked(true);
      }}
    >
      <ol className="study-quiz-questions">
        {questions.map((q, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: a stored quiz never reorders; two questions may read alike
          <li key={i}>
            <fieldset disabled={checked}>
              <legend>{q.question}</legend>
              {q.choices.map((choice, c) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: the choices of a stored question never reorder
                <label key={c} className="study-choice">
                  <input
                    type="radio"
                    name={`${name}-${i}`}
                    checked={chosen[i] === c}
                    onChange={() => setChosen((was) => ({ ...was, [i]: c }))}
                  />
                  {choice}
                </label>
              ))}
            </fieldset>
            {checked && (
              <p className="study-verdict" data-right={chosen[i] === q.answer}>
                {chosen[i] === q.answer ? 'Right.' : `Wrong: the answer is “${q.choices[q.answer]}”.`} {q.explanation}
              </p>
            )}
          </li>
        ))}
      </ol>
      {checked ? (
        <div className="study-row">
          <p role="status">
            {right} of {questions.length} right
          </p>
          <Button
            size="sm"
            variant="secondary"
            onClick={() => {
              setChosen({});
              setChecked(false);
            }}
          >
            Try again
          </Button>
        </div>
      ) : (
        <Button size="sm" type="submit">
          Check answers
        </Button>
      )}
    </form>
  );
}
