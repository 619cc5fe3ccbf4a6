import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { type Message, manifestItems } from '@/lib/api/chat-contract';
import { Button } from '../../ui/Button';
import { useChatApi } from '../chat-api-context';
import { chatQuery, messagesQuery } from '../conversation/queries';
import { PageChipRow, webUrl } from './PageChipRow';

/**
 * The title the page at `url` had when a question was asked about it: the server records each page extract it
 * was given (its manifest item, `kind` 'pageExtract'); none when no question was sent with the page.
 */
function pageTitleIn(messages: Message[] | undefined, url: string): string | null {
  for (const message of messages ?? []) {
    const page = manifestItems(message.context).find((item) => item.kind === 'pageExtract' && item.url === url);
    if (page?.title.trim()) return page.title.trim();
  }
  return null;
}

interface ChatPageChipProps {
  chatId: number | null;
  /** The address of the page attached now. */
  attachedUrl: string | null;
  onOpenUrl: (url: string) => void;
}

/**
 * A chat reopened from history shows the page it started from, as a page chip of its own, when that is not the
 * page attached now (which the chat is then about), with a way back to it.
 */
export function ChatPageChip({ chatId, attachedUrl, onOpenUrl }: ChatPageChipProps) {
  const api = useChatApi();
  const labelId = useId();
  const chat = useQuery({ ...chatQuery(api, chatId ?? 0), enabled: chatId !== null });
  const url = chat.data?.url ?? null;
  const address = webUrl(url);
  const shown = chatId !== null && url !== null && address !== null && url !== attachedUrl;
  // The chat's messages, as the conversation loaded them (the same query): they name the page's title.
  const messages = useQuery({ ...messagesQuery(api, chatId ?? 0), enabled: shown });
  if (!shown) return null;
  const title = pageTitleIn(messages.data, url);
  return (
    <section className="page-chip chat-page-chip" aria-labelledby={labelId}>
      <div className="page-chip-head">
        <span id={labelId} className="page-chip-label">
          This chat's page
        </span>
        <Button size="sm" variant="ghost" onClick={() => onOpenUrl(url)}>
          Open that page
        </Button>
      </div>
      <PageChipRow url={url} title={title ?? address.host} host={title ? address.host : null} />
    </section>
  );
}
