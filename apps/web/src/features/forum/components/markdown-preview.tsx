import { parseMarkdown } from '@castline/shared/markdown';
import { useMemo } from 'react';
import { Markdown } from './markdown';

/**
 * What a member is writing, drawn as it will be published: parsed here by the same function the
 * server parses published posts with (decision 0023). Loaded with the editor's first preview.
 */
export function MarkdownPreview({ source }: { source: string }) {
  const tree = useMemo(() => parseMarkdown(source), [source]);
  return <Markdown tree={tree} />;
}
