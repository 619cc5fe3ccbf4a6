import { useQuery } from '@tanstack/react-query';
import { Button } from '../../ui/Button';
import { useChatApi } from '../chat-api-context';
import { chatQuery } from '../queries';

interface ChatPageNoteProps {
  chatId: number | null;
  /** The address of the page attached now. */
  attachedUrl: string | null;
  onOpenUrl: (url: string) => void;
}

/** A chat reopened from history names the page it started from when that is not the page attached now. */
export function ChatPageNote({ chatId, attachedUrl, onOpenUrl }: ChatPageNoteProps) {
  const api = useChatApi();
  const chat = useQuery({ ...chatQuery(api, chatId ?? 0), enabled: chatId !== null });
  const url = chat.data?.url;
  if (chatId === null || !url || !/^https?:/.test(url) || url === attachedUrl) return null;
  return (
    <p className="chat-page-note">
      <span>
        This chat started on <span title={url}>{new URL(url).host}</span>.
      </span>
      <Button size="sm" variant="ghost" onClick={() => onOpenUrl(url)}>
        Open that page
      </Button>
    </p>
  );
}
