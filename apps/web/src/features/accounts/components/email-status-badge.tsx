import { Badge } from '../../../components/ui/badge';

export function EmailStatusBadge({ verified }: { verified: boolean }) {
  return verified ? <Badge tone="reed">Verified</Badge> : <Badge tone="accent">Not verified</Badge>;
}
