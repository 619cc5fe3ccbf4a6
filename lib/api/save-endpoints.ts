import type { SaveEndpoint } from '../messaging/protocol';
import type { MediaType } from './core-contract';

/** The typed endpoint that creates a gem of this type: /api/code, /api/pdf, /api/audios, /api/videos. */
export function saveEndpointFor(mediaType: MediaType | undefined): SaveEndpoint {
  switch (mediaType) {
    case 'Code':
      return 'code';
    case 'PDF':
      return 'pdf';
    case 'Audio':
      return 'audios';
    case 'Video':
      return 'videos';
    default:
      return 'gems';
  }
}
