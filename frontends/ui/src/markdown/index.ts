// Deep import only (`@seatside/ui/src/markdown`): the article renderer, outside the package barrel.
export { Markdown, markdownText, safeUrl } from './Markdown';
