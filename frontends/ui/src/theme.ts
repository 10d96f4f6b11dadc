import type { ThemeConfig } from 'antd/es/config-provider/context';

/** The dashboard's type: the system's sans-serif (antd's components, the frame, full-screen views). */
export const FONT_FAMILY = "system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif";

/** Seatside's antd 6 theme: one place for brand colours, radius and type. */
export const seatsideTheme: ThemeConfig = {
  token: {
    colorPrimary: '#1f5eff',
    colorInfo: '#1f5eff',
    colorSuccess: '#1a9f5b',
    colorWarning: '#d98a00',
    colorError: '#d4380d',
    // A form field's help text (and other descriptions): antd's 45 % black is 3.4:1 on white; 65 % is 6.9:1 (WCAG AA asks 4.5:1).
    colorTextDescription: 'rgba(0, 0, 0, 0.65)',
    borderRadius: 8,
    fontFamily: FONT_FAMILY,
  },
  components: {
    Button: { controlHeight: 40 },
    Input: { controlHeight: 40 },
  },
};
