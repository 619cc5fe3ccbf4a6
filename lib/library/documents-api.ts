import type { ApiClient } from '../api/client';
import { DOCUMENT_FIELDS } from '../api/documents-contract';
import { documentApi } from '../api/routes/documents';

const formOf = (fields: Record<string, string | File>) => {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  return form;
};

/** The library's calls for text from documents and its clean-up (server/features/documents). */
export function createDocumentsApi(client: ApiClient) {
  return {
    /** The document's text, kept as gem `gemId`'s text. */
    extractInto: async (gemId: number, file: File) =>
      (
        await client.call(documentApi.extract, {
          query: { isExtracted: 'true', gemId },
          body: formOf({ [DOCUMENT_FIELDS.files]: file }),
        })
      ).data,
    /** `text` cleaned up by the user's default text model; nothing is stored. */
    enhance: async (text: string) =>
      (await client.call(documentApi.enhance, { body: formOf({ [DOCUMENT_FIELDS.text]: text }) })).data,
  };
}
