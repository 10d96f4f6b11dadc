import type { PageBlock } from '../types';

export default function Spacer({ block }: { block: PageBlock<{ height: number }> }) {
  return <div data-pb="spacer" aria-hidden="true" style={{ height: block.props.height }} />;
}
