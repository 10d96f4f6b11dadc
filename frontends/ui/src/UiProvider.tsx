import type { ReactNode } from 'react';
import ConfigProvider from 'antd/es/config-provider';
import App from 'antd/es/app';
import { seatsideTheme } from './theme';

/** The antd theme and the App context (message, notification, modal) every frontend renders inside. */
export function UiProvider({ children }: { children: ReactNode }) {
  return (
    <ConfigProvider theme={seatsideTheme}>
      <App component={false}>{children}</App>
    </ConfigProvider>
  );
}
