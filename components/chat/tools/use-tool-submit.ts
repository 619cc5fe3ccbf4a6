import { useAtomValue } from 'jotai';
import type { UserModel } from '@/lib/api/ai-contract';
import { activeToolAtom } from '../atoms';
import type { ModelTool } from '../models/model-groups';
import { usePictures } from './use-pictures';

const PLACEHOLDERS: Record<ModelTool, string> = {
  chat: 'Ask about this page…',
  picture: 'Describe the picture…',
  'web-search': 'Search the web for…',
  research: 'What should Trove think through?',
};

/** What the composer's Send does with the tool in use: pictures are drawn, everything else is asked. */
export function useToolSubmit(send: (text: string) => void, chosen: readonly UserModel[], pageUrl?: string) {
  const tool = useAtomValue(activeToolAtom);
  const pictures = usePictures();
  const submit = (text: string) => {
    const [imageModel] = chosen;
    if (tool === 'picture' && imageModel) void pictures.draw(text, imageModel, pageUrl);
    else send(text);
  };
  return { tool, pictures, submit, placeholder: PLACEHOLDERS[tool] };
}
