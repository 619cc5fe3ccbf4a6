import './tools.css';
import { useState } from 'react';
import type { GeneratedImage } from '@/lib/api/chat-contract';
import { errorMessage } from '../../app/background-context';
import { Button } from '../../ui/Button';
import { useToast } from '../../ui/Toast';
import { useChatApi } from '../chat-api-context';

interface PicturesProps {
  images: GeneratedImage[];
  /** The stored message the pictures belong to. */
  messageId: number;
  prompt: string;
}

/** Picture: the images an image model made (served by the user's Trove server), each savable as an Image gem. */
export function Pictures({ images, messageId, prompt }: PicturesProps) {
  const api = useChatApi();
  const toast = useToast();
  const [saving, setSaving] = useState<number | null>(null);
  const [saved, setSaved] = useState<number[]>([]);
  const save = async (index: number) => {
    setSaving(index);
    try {
      const gem = await api.savePictureGem(messageId, index);
      setSaved((done) => [...done, index]);
      toast('success', `Saved as the Image gem “${gem.title}”`);
    } catch (error) {
      toast('error', errorMessage(error));
    } finally {
      setSaving(null);
    }
  };
  return (
    <ul className="pictures" aria-label="Pictures">
      {images.map((image, index) => (
        <li key={image.url} className="picture">
          <img
            src={image.url}
            alt={`${prompt} (picture ${index + 1} of ${images.length})`}
            width={image.width ?? undefined}
            height={image.height ?? undefined}
            referrerPolicy="no-referrer"
            decoding="async"
          />
          <Button
            size="sm"
            variant="secondary"
            disabled={saving !== null || saved.includes(index)}
            onClick={() => void save(index)}
          >
            {saved.includes(index) ? 'Saved' : saving === index ? 'Saving…' : 'Save as Image gem'}
          </Button>
        </li>
      ))}
    </ul>
  );
}
