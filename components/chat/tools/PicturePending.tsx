import './tools.css';
import { Spinner } from '../../ui/Spinner';
import type { PictureRequest } from './use-pictures';

/** While an image model works (it is not streamed): what is being made, and by which model. */
export function PicturePending({ request }: { request: PictureRequest }) {
  const what = request.count === 1 ? 'a picture' : `${request.count} pictures`;
  return (
    <p className="picture-pending" role="status">
      <Spinner decorative /> Making {what} with {request.displayName}…
    </p>
  );
}
