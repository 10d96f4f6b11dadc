/** The shared list and form strings (seed 001 §2, §4). */
export const listMessages = {
  empty: 'All caught up! No results found!',
  loading: 'Loading…',
  previous: 'Previous',
  next: 'Next',
  search: 'Search',
  columns: 'Columns',
  rowsPerPage: 'Rows per page',
  confirmDeleteTitle: 'Are you sure?',
  delete: 'Delete',
  cancel: 'Cancel',
} as const;

/** 'You are about to delete this X. This action cannot be undone.' */
export function deleteConfirmText(entityLabel: string): string {
  return `You are about to delete this ${entityLabel}. This action cannot be undone.`;
}
