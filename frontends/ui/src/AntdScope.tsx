import type { ReactNode } from 'react';
import ConfigProvider from 'antd/es/config-provider';
import App from 'antd/es/app';
import { seatsideTheme } from './theme';

/** antd's theme and App context (message, notification, modal); loaded only where antd is used. */
export default function AntdScope({ children }: { children: ReactNode }) {
  return (
    <ConfigProvider theme={seatsideTheme}>
      <App component={false}>{children}</App>
    </ConfigProvider>
  );
}
