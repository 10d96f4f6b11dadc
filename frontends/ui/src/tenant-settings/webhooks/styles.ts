import { injectStyles } from '../../layout/styles';

// The webhooks screens' few styles; the status colours keep 4.5:1 text contrast on their fills.
injectStyles(
  'seatside-webhooks',
  `
.wh-url { word-break: break-all; }
.wh-off { color: #6b6b6b; font-weight: normal; }
.wh-events { display: grid; grid-template-columns: repeat(auto-fill, minmax(200px, 1fr)); gap: 4px 16px; margin: 0; padding: 0; border: 0; }
.wh-events label { display: flex; gap: 8px; align-items: center; cursor: pointer; }
.wh-token { display: flex; gap: 8px; align-items: center; flex-wrap: wrap; }
.wh-table { width: 100%; border-collapse: collapse; }
.wh-table th, .wh-table td { text-align: left; padding: 8px; border-bottom: 1px solid #e5e5e5; overflow-wrap: anywhere; }
.wh-table tbody tr { cursor: pointer; }
.wh-table tbody tr:hover { background: #f6f6f6; }
.wh-status { display: inline-block; min-width: 44px; text-align: center; padding: 2px 8px; border-radius: 4px; font-weight: 600; }
.wh-status-green { background: #e3f5e1; color: #1d6b1a; }
.wh-status-blue { background: #e2ecfb; color: #1a4fa0; }
.wh-status-yellow { background: #fdf3cf; color: #6e5200; }
.wh-status-red { background: #fde4e2; color: #a3231a; }
.wh-status-grey { background: #ececec; color: #4a4a4a; }
.wh-body { white-space: pre-wrap; word-break: break-all; background: #f6f6f6; padding: 12px; border-radius: 4px; max-height: 60vh; overflow: auto; font-size: 12px; }
`,
);

injectStyles(
  'seatside-webhooks-drawer',
  `
.wh-drawer { position: fixed; inset: 0 0 0 auto; margin: 0; padding: 0; border: 0; height: 100%; max-height: 100%; width: min(640px, 100vw); max-width: 100vw; background: #fff; box-shadow: -4px 0 16px rgba(0,0,0,0.15); flex-direction: column; }
.wh-drawer[open] { display: flex; }
.wh-drawer::backdrop { background: rgba(0,0,0,0.45); }
.wh-drawer-head { display: flex; justify-content: space-between; align-items: center; padding: 16px 20px; border-bottom: 1px solid #e5e5e5; }
.wh-drawer-head h2 { margin: 0; font-size: 18px; }
.wh-drawer-body { padding: 16px 20px; overflow: auto; flex: 1; }
.wh-tabs { display: flex; gap: 4px; margin-bottom: 12px; flex-wrap: wrap; }
.wh-tabs button[aria-selected="true"] { font-weight: 600; }
.wh-meta { display: grid; grid-template-columns: max-content 1fr; gap: 4px 12px; margin: 0 0 12px; }
.wh-meta dt { color: #4a4a4a; }
.wh-meta dd { margin: 0; word-break: break-all; }
`,
);
