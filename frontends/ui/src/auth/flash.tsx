import ConfigProvider from 'antd/es/config-provider';
import message from 'antd/es/message';
import { seatsideTheme } from '../theme';

// antd's static toasts live in their own container, themed here once.
ConfigProvider.config({ holderRender: (children) => <ConfigProvider theme={seatsideTheme}>{children}</ConfigProvider> });

/**
 * A success toast that outlives the screen showing it: after signing in the next page (/account) is
 * another part of the app with its own antd App, which would drop a toast from useAlerts().
 */
export function flashSuccess(text: string): void {
  void message.success(text);
}
