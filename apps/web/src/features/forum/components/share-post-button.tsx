import type { PostDto } from '@castline/shared';
import { Share2 } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { useToast } from '../../../components/ui/toaster';

export const LINK_COPIED = 'Link copied';
export const COPY_FAILED = 'Could not copy the link. Copy it from the address bar instead.';

/** The post's address for sharing. */
export function postUrl(postId: string): string {
  return new URL(`/forum/post/${encodeURIComponent(postId)}`, window.location.origin).href;
}

/** navigator.share where the device has it, else the address goes to the clipboard. */
export function SharePostButton({ post }: { post: PostDto }) {
  const toast = useToast();

  const share = async () => {
    const url = postUrl(post.id);
    if (typeof navigator.share === 'function') {
      try {
        await navigator.share({ title: post.title, url });
        return;
      } catch (error) {
        // The visitor closed the share sheet: nothing to do.
        if (error instanceof DOMException && error.name === 'AbortError') return;
      }
    }
    try {
      await navigator.clipboard.writeText(url);
      toast.show(LINK_COPIED);
    } catch {
      toast.show(COPY_FAILED, { tone: 'error' });
    }
  };

  return (
    <Button variant="secondary" size="sm" onClick={() => void share()}>
      <Share2 aria-hidden="true" size={16} />
      Share
    </Button>
  );
}
