import { Button } from '../ui/Button';

/** On the server's /follow page (a public page's "Follow in Trove"): follow it in the library rather than save it. */
export function FollowPageState({ address, onFollow }: { address: string; onFollow: () => void }) {
  return (
    <section className="popup-state" aria-labelledby="follow-page-heading">
      <h1 id="follow-page-heading" className="popup-title">
        Follow in Trove
      </h1>
      <p>
        This page asks to follow the public collection <strong>{address}</strong>. Its new gems will show in your
        library’s Following.
      </p>
      <Button variant="primary" onClick={onFollow}>
        Follow
      </Button>
    </section>
  );
}
