import '../../writing/prompts/prompts.css';
import '../../writing/voices/voices.css';
import { Tabs } from '../../ui/Tabs';
import { WritingApiProvider } from '../../writing/writing-api-context';
import { useLibraryApi } from '../library-api-context';
import { InstructionsTab } from './InstructionsTab';
import { PromptsTab } from './PromptsTab';

/**
 * The library's Writing view: the user's brand voices, agents and prompts, written and edited with the side panel's
 * own forms and rich prompt editor (components/writing/).
 */
export function WritingView() {
  const api = useLibraryApi();
  return (
    <WritingApiProvider api={api.writing}>
      <section className="library-writing" aria-labelledby="library-writing-heading">
        <h2 id="library-writing-heading">Writing</h2>
        <p className="hint">Brand voices and agents shape the chat’s answers; prompts are ready-made questions.</p>
        <Tabs
          label="Writing"
          tabs={[
            { id: 'voices', label: 'Brand voices', content: <InstructionsTab kind="voice" /> },
            { id: 'agents', label: 'Agents', content: <InstructionsTab kind="persona" /> },
            { id: 'prompts', label: 'Prompts', content: <PromptsTab /> },
          ]}
        />
      </section>
    </WritingApiProvider>
  );
}
