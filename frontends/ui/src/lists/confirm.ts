import App from 'antd/es/app';
import { deleteConfirmText, listMessages as m } from './messages';

/**
 * `const confirmDelete = useConfirmDelete(); if (await confirmDelete('coupon')) …`: 'You are about
 * to delete this coupon. This action cannot be undone.' with Delete and Cancel. Inside a <UiProvider>.
 */
export function useConfirmDelete(): (entityLabel: string) => Promise<boolean> {
  const { modal } = App.useApp();
  return (entityLabel) =>
    new Promise<boolean>((resolve) => {
      modal.confirm({
        title: m.confirmDeleteTitle,
        content: deleteConfirmText(entityLabel),
        okText: m.delete,
        okButtonProps: { danger: true },
        cancelText: m.cancel,
        onOk: () => resolve(true),
        onCancel: () => resolve(false),
      });
    });
}
