import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId } from 'react';
import type { Gem } from '@/lib/api/contract';
import { errorMessage } from '../../app/background-context';
import { Button } from '../../ui/Button';
import { ErrorMessage } from '../../ui/ErrorMessage';
import { useLibraryApi } from '../library-api-context';
import { libraryKeys } from '../queries';
import { paragraphsOf } from '../ReadingView';

/** The documents the server reads (lib/api/documents-contract.ts DOCUMENT_FORMATS); it judges them by their bytes. */
const ACCEPT = '.pdf,.docx,.html,.htm,.md,.markdown,.txt,.csv';

const count = (text: string) => text.length.toLocaleString('en-US');

/**
 * The gem sheet's text tools: a document's text (`POST /api/extract-document`) kept as the gem's text, and the gem's
 * text cleaned up by the user's default model (`POST /api/enhanced-text`), shown for the user to keep or discard.
 */
export function DocumentText({ gem }: { gem: Pick<Gem, 'id' | 'text'> }) {
  const api = useLibraryApi();
  const queries = useQueryClient();
  const inputId = useId();
  const refresh = () => queries.invalidateQueries({ queryKey: libraryKeys.gem(gem.id) });

  const extract = useMutation({
    mutationFn: (file: File) => api.documents.extractInto(gem.id, file),
    onSuccess: refresh,
  });
  const enhance = useMutation({ mutationFn: (text: string) => api.documents.enhance(text) });
  const keep = useMutation({
    mutationFn: (text: string) => api.updateGem(gem.id, { text }),
    onSuccess: async () => {
      enhance.reset();
      await refresh();
    },
  });
  const cleaned = enhance.data?.text;

  return (
    <section className="library-document-text" aria-label="Text tools">
      <div className="library-sheet-actions">
        <label className="ui-button ui-button-secondary ui-button-sm" htmlFor={inputId}>
          Extract text from a file
        </label>
        <input
          id={inputId}
          className="ui-visually-hidden"
          type="file"
          accept={ACCEPT}
          disabled={extract.isPending}
          onChange={(event) => {
            const file = event.currentTarget.files?.[0];
            event.currentTarget.value = ''; // the same file chosen again reads it again
            if (file) extract.mutate(file);
          }}
        />
        <Button
          size="sm"
          loading={enhance.isPending}
          disabled={!gem.text?.trim()}
          onClick={() => gem.text && enhance.mutate(gem.text)}
        >
          Clean up text
        </Button>
      </div>
      <p className="hint" role="status">
        {extract.isPending && 'Reading the document…'}
        {extract.isSuccess && `Kept ${count(extract.data.text)} characters from the document as the gem's text.`}
        {keep.isSuccess && "The cleaned text is now the gem's text."}
      </p>
      {extract.isError && <ErrorMessage title="The document was not read">{errorMessage(extract.error)}</ErrorMessage>}
      {enhance.isError && (
        <ErrorMessage title="The text was not cleaned up">{errorMessage(enhance.error)}</ErrorMessage>
      )}
      {keep.isError && <ErrorMessage title="The cleaned text was not kept">{errorMessage(keep.error)}</ErrorMessage>}
      {cleaned !== undefined && (
        <section aria-label="Cleaned text">
          <p className="hint">Cleaned by {enhance.data?.modelName}:</p>
          {paragraphsOf(cleaned).map((p, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: paragraphs of one text, in order, never reordered.
            <p key={i}>{p}</p>
          ))}
          <div className="library-sheet-actions">
            <Button size="sm" variant="primary" loading={keep.isPending} onClick={() => keep.mutate(cleaned)}>
              Keep it
            </Button>
            <Button size="sm" onClick={() => enhance.reset()}>
              Discard
            </Button>
          </div>
        </section>
      )}
    </section>
  );
}
