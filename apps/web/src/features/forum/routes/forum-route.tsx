import { MessagesSquare } from 'lucide-react';
import { Link } from 'react-router';
import { buttonClasses } from '../../../components/ui/button';
import { EmptyState } from '../../../components/ui/empty-state';
import { PageHeader } from '../../../components/ui/page-header';

/** The forum list, titled Community. */
export function ForumRoute() {
  return (
    <div className="mx-auto w-full max-w-6xl px-4 py-8 sm:px-6">
      <title>Community · Castline</title>
      <PageHeader
        title="Community"
        description="Ask for advice, share your catches and swap tips on spots, rigs and seasons with anglers everywhere."
      />
      <EmptyState
        icon={MessagesSquare}
        title="No posts yet"
        description="Questions, catch reports and gear tips from the community will appear here, newest first. Be the one who starts the conversation."
        action={
          <Link to="/marketplace" className={buttonClasses({ variant: 'secondary' })}>
            Browse the Marketplace
          </Link>
        }
      />
    </div>
  );
}
