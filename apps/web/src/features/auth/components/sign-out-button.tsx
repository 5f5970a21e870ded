import { LogOut } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { useToast } from '../../../components/ui/toaster';
import { useSignOut } from '../api/auth.api';

export function SignOutButton() {
  const signOut = useSignOut();
  const toast = useToast();
  return (
    <Button
      variant="secondary"
      loading={signOut.isPending}
      onClick={() =>
        signOut.mutate(undefined, { onError: (error) => toast.show(error.message, { tone: 'error' }) })
      }
    >
      {!signOut.isPending && <LogOut aria-hidden="true" size={18} />}
      Sign Out
    </Button>
  );
}
