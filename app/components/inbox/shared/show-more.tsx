import { Button } from '~/components/ui/button';
import { inboxMoreText as text } from '~/content/inbox-pages';

/** Under a list read page by page: asks for the next page, and says so while it comes. */
export function ShowMoreButton({ onClick, loading }: { onClick: () => void; loading: boolean }) {
  return (
    <Button
      type="button"
      variant="outline"
      className="justify-self-center"
      onClick={onClick}
      disabled={loading}
    >
      {loading ? text.loadingMore : text.showMore}
    </Button>
  );
}
