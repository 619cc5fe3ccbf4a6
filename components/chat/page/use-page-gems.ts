import { useQuery } from '@tanstack/react-query';
import { isWebAddress } from '@/lib/api/web-address';
import { useBackground } from '../../app/background-context';
import { gemsAtUrlQuery } from '../../app/queries';

/** The user's gems saved at the attached page's address (the chat's "page gems", and the gem Edit Gem opens). */
export function usePageGems(url: string | null) {
  const background = useBackground();
  const web = isWebAddress(url);
  const gems = useQuery({ ...gemsAtUrlQuery(background, url ?? ''), enabled: web });
  return web ? (gems.data ?? []) : [];
}
