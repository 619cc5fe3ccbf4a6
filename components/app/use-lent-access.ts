import { useMemo } from 'react';
import type { AccessSource } from '@/lib/chat/panel-transport';
import { useBackground } from './background-context';
import { lentAccessFrom } from './lent-access';

export { lentAccessFrom };

export function useLentAccess(): AccessSource {
  const background = useBackground();
  return useMemo(() => lentAccessFrom(background), [background]);
}
