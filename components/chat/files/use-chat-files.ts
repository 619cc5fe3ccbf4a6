import { useAtom } from 'jotai';
import { useEffect, useRef, useState } from 'react';
import type { UserModel } from '@/lib/api/ai-contract';
import { CHAT_FILE_MIME, type ChatFileFormat } from '@/lib/api/chat-files-contract';
import { errorMessage } from '../../app/background-context';
import { useToast } from '../../ui/Toast';
import { attachedFilesAtom } from '../atoms';
import { useChatApi } from '../chat-api-context';

/** The file picker's accept list for a model's formats: extensions and types (the server judges the bytes). */
export function acceptList(model: UserModel): string {
  const formats = model.supported_file_formats.filter((f): f is ChatFileFormat => f in CHAT_FILE_MIME);
  return formats.flatMap((f) => [`.${f}`, CHAT_FILE_MIME[f]]).join(',');
}

/**
 * Upload from device: the files attached to the chat's next questions. A file belongs to the chat it
 * is first sent in, so another chat (new, or opened from history) starts with none.
 */
export function useChatFiles(model: UserModel | undefined, chatId: number | null) {
  const api = useChatApi();
  const toast = useToast();
  const [files, setFiles] = useAtom(attachedFilesAtom);
  const [uploading, setUploading] = useState(0);
  const shownChat = useRef(chatId);
  useEffect(() => {
    // The first question creates the chat (null → id): its files stay.
    if (shownChat.current !== null && shownChat.current !== chatId) setFiles([]);
    shownChat.current = chatId;
  }, [chatId, setFiles]);

  const upload = async (chosen: File[]) => {
    if (!model || !chosen.length) return;
    setUploading(chosen.length);
    try {
      const stored = await api.uploadChatFiles(chosen, model.id);
      setFiles((current) => [...current, ...stored]);
    } catch (error) {
      toast('error', errorMessage(error));
    } finally {
      setUploading(0);
    }
  };
  return {
    /** The model the files are checked against. */
    model,
    files,
    uploading,
    upload,
    remove: (id: number) => setFiles((current) => current.filter((f) => f.id !== id)),
    clear: () => setFiles([]),
    /** Upload is offered only when the model takes files. */
    offered: !!model && model.supported_file_formats.length > 0,
  };
}

export type ChatFiles = ReturnType<typeof useChatFiles>;
