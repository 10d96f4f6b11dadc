// The list kit of the dashboards (seed 001 §2 "Shared list behaviour"). Not in the package barrel
// (antd): import from '@seatside/ui/src/lists' inside a <UiProvider>.
export { useCollection, type Collection, type CollectionOptions, type ListPage } from './useCollection';
export { ListScreen, type ListScreenProps } from './ListScreen';
export { SortableTable, type ListColumn, type SortableTableProps } from './SortableTable';
export { PagerFooter, type PagerFooterProps } from './PagerFooter';
export { ColumnChooser, useColumnChoice } from './ColumnChooser';
export { QuickEditButton, QuickEditDrawer, type QuickEditDrawerProps } from './QuickEditDrawer';
export { useConfirmDelete } from './confirm';
export { DEFAULT_PAGE_SIZE, SEARCH_MIN_LENGTH, effectiveQuery, pageOfPagesText, pageWindow, rangeText, toggleSort, type PageWindow, type Sort, type SortOrder } from './paging';
export { COLUMNS_STORAGE_PREFIX, readHiddenColumns, toggleColumn, writeHiddenColumns } from './columns';
export { deleteConfirmText, listMessages } from './messages';
export { ApiError, api, errorMessage, ifMatch } from './shared';
export { formatDateTime, formatDollars, formatMoney } from './format';
export { Hint, Switch, type SwitchProps } from './Switch';
export { RecordFormActions, RecordPage, type RecordFormProps, type RecordKind, type RecordMessages, type RecordPageProps } from './RecordPage';
