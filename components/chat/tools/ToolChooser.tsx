import './tools.css';
import { useAtom } from 'jotai';
import { MAX_PICTURES, PICTURE_SHAPES, REASONING_EFFORTS } from '@/lib/api/chat-contract';
import { RadioGroup, type RadioOption } from '../../ui/RadioGroup';
import { chatToolAtom, pictureOptionsAtom, reasoningEffortAtom } from '../atoms';
import type { ModelTool } from '../models/model-groups';

const TOOLS: RadioOption<ModelTool>[] = [
  { value: 'chat', label: 'Chat', hint: 'Answers from the page and your material' },
  { value: 'picture', label: 'Picture', hint: 'Makes pictures with an image model' },
  { value: 'web-search', label: 'Web search', hint: 'Answers from a live web search, with its sources' },
  { value: 'research', label: 'Research', hint: 'A reasoning model thinks it through first' },
];

const capital = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);

/** The composer's tools: each narrows the models offered, with its own options. */
export function ToolChooser() {
  const [tool, setTool] = useAtom(chatToolAtom);
  const [effort, setEffort] = useAtom(reasoningEffortAtom);
  const [picture, setPicture] = useAtom(pictureOptionsAtom);
  return (
    <div className="tool-chooser">
      <RadioGroup label="Tool" options={TOOLS} value={tool} onChange={setTool} className="tool-choice" />
      {tool === 'research' ? (
        <select
          className="ui-input tool-option"
          aria-label="Reasoning effort"
          value={effort}
          onChange={(event) => setEffort(event.target.value as typeof effort)}
        >
          {REASONING_EFFORTS.map((level) => (
            <option key={level} value={level}>
              {capital(level)} effort
            </option>
          ))}
        </select>
      ) : null}
      {tool === 'picture' ? (
        <>
          <select
            className="ui-input tool-option"
            aria-label="Picture shape"
            value={picture.shape}
            onChange={(event) => setPicture({ ...picture, shape: event.target.value as typeof picture.shape })}
          >
            {PICTURE_SHAPES.map((shape) => (
              <option key={shape} value={shape}>
                {capital(shape)}
              </option>
            ))}
          </select>
          <select
            className="ui-input tool-option"
            aria-label="Number of pictures"
            value={picture.count}
            onChange={(event) => setPicture({ ...picture, count: Number(event.target.value) })}
          >
            {Array.from({ length: MAX_PICTURES }, (_, i) => i + 1).map((count) => (
              <option key={count} value={count}>
                {count} {count === 1 ? 'picture' : 'pictures'}
              </option>
            ))}
          </select>
        </>
      ) : null}
    </div>
  );
}
