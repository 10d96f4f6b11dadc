import { useMemo } from 'react';
import type { PageBlock } from '../types';
import { sanitizeHtml } from './sanitize';

export default function RichText({ block }: { block: PageBlock<{ html: string }> }) {
  const html = useMemo(() => sanitizeHtml(block.props.html), [block.props.html]);
  return <div data-pb="richText" className="pb-text" dangerouslySetInnerHTML={{ __html: html }} />;
}
