import { z } from 'zod';
import { CHAT_FILE_FIELDS, chatFileUploadResponseSchema } from '../chat-files-contract';
import { defineRoute } from '../route';

export const chatFileApi = {
  upload: defineRoute({
    method: 'post',
    path: '/api/upload-chat-files',
    tag: 'Chat files',
    summary: 'Upload files from the device to send with questions to a model',
    description:
      'Each file is checked against the model by its bytes, its text extracted and stored for the user; their ids go ' +
      'in a question’s `context.fileIds`.',
    auth: 'user',
    body: {
      type: 'multipart',
      schema: z.object({ [CHAT_FILE_FIELDS.modelId]: z.string().describe('The id of the model the files are for') }),
      files: [CHAT_FILE_FIELDS.files],
    },
    responses: { 201: { description: 'The files stored', schema: chatFileUploadResponseSchema } },
    errors: [404, 429, 503],
  }),
};
