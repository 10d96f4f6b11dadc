import { useMemo } from 'react';
import { markdownToHtml } from '../markdown';
import type { PageBlock } from '../types';

export default function Markdown({ block }: { block: PageBlock<{ markdown: string }> }) {
  const html = useMemo(() => markdownToHtml(block.props.markdown), [block.props.markdown]);
  return <div data-pb="markdown" className="pb-text" dangerouslySetInnerHTML={{ __html: html }} />;
}
