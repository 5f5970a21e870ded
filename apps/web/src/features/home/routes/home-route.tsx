import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { PageSpinner } from '../../../components/ui/spinner';
import { useSession } from '../../../lib/session';
import { GuestHero } from '../components/guest-hero';
import { HomeListingRows } from '../components/home-listing-rows';
import { MemberHome } from '../components/member-home';

export function HomeRoute() {
  const session = useSession();

  if (session.isPending) return <PageSpinner />;

  const user = session.data?.user;
  return (
    <>
      <title>{user ? 'Home · Castline' : 'Castline · Buy, sell and talk fishing gear'}</title>
      {session.isError && (
        <div className="mx-auto w-full max-w-6xl px-4 pt-6 sm:px-6">
          <Alert tone="error">
            <p>{session.error.message}</p>
            <Button variant="secondary" size="sm" className="mt-3" onClick={() => void session.refetch()}>
              Try again
            </Button>
          </Alert>
        </div>
      )}
      {user ? (
        <MemberHome user={user} />
      ) : (
        <>
          <GuestHero />
          <HomeListingRows className="mx-auto w-full max-w-6xl px-4 pt-2 pb-14 sm:px-6 sm:pb-20" />
        </>
      )}
    </>
  );
}
