import { frameIcons, StrokeIcon as Icon } from '@seatside/ui/src/frame';

/** The drawer's icons: the frame's where it has one (home, tags, templates, settings), the merchant's own otherwise. */
export const icons = {
  home: frameIcons.home,
  menus: (
    <Icon>
      <path d="M4 4h16v16H4z" />
      <path d="M8 8h8M8 12h8M8 16h5" />
    </Icon>
  ),
  products: (
    <Icon>
      <path d="M21 8 12 3 3 8v8l9 5 9-5z" />
      <path d="m3 8 9 5 9-5M12 13v8" />
    </Icon>
  ),
  tags: frameIcons.tags,
  coupons: (
    <Icon>
      <path d="M3 7a2 2 0 0 1 2-2h14a2 2 0 0 1 2 2v3a2 2 0 0 0 0 4v3a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2v-3a2 2 0 0 0 0-4z" />
      <path d="m9 15 6-6M9.5 9.5h0M14.5 14.5h0" />
    </Icon>
  ),
  templates: frameIcons.templates,
  modifiers: (
    <Icon>
      <path d="M4 6h10M18 6h2M4 12h4M12 12h8M4 18h12M20 18h0" />
      <circle cx="16" cy="6" r="2" />
      <circle cx="10" cy="12" r="2" />
      <circle cx="18" cy="18" r="2" />
    </Icon>
  ),
  orders: (
    <Icon>
      <path d="M6 2 3 6v14a2 2 0 0 0 2 2h14a2 2 0 0 0 2-2V6l-3-4z" />
      <path d="M3 6h18M16 10a4 4 0 0 1-8 0" />
    </Icon>
  ),
  gallery: (
    <Icon>
      <rect x="3" y="3" width="18" height="18" rx="2" />
      <circle cx="8.5" cy="8.5" r="1.5" />
      <path d="m21 15-5-5L5 21" />
    </Icon>
  ),
  settings: frameIcons.settings,
} as const;
