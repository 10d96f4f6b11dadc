import { RecordPage, formatDateTime, type RecordKind } from '@seatside/ui/src/lists';
import { menusApi, menusPage, type Menu, type MenuInput } from './api';
import { MenuForm, menuFields, toFormValues, toMenuInput, type MenuFormValues } from './MenuForm';
import { menuMessages } from './messages';

/** A menu as a record page sees it (seed 001 §2–§4). */
export const menuRecord: RecordKind<Menu, MenuFormValues, MenuInput> = {
  messages: menuMessages,
  page: menusPage,
  load: (merchantId, id, signal) => menusApi.get(merchantId, id, signal),
  create: menusApi.create,
  update: menusApi.update,
  remove: menusApi.remove,
  fields: menuFields,
  toFormValues,
  toInput: toMenuInput,
  Fields: MenuForm,
  name: (menu) => menu.title,
  meta: (menu) => <p data-testid="menu-meta">Created {formatDateTime(menu.createdAt)}</p>,
};

/** /menus/new and /menus/{id}. */
export default function MenuPage() {
  return <RecordPage kind={menuRecord} />;
}
