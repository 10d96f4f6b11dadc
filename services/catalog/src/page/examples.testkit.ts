import type { ActionType, BlockType } from './blocks';

/**
 * For the schema specs: a valid and an invalid example of every block type and every action type,
 * with the path (in a page whose `blocks[0]` is the block) and the message the server answers.
 */
export type Example = { valid: Record<string, unknown>; invalid: Record<string, unknown>; path: string; message: string | RegExp };

export const actionExamples: Record<ActionType, Example> = {
  navigate: { valid: { type: 'navigate', href: '/section-114/drinks', transition: 'slideInOut' }, invalid: { type: 'navigate', href: '/x', transition: 'spin' }, path: 'transition', message: /expected one of/ },
  link: { valid: { type: 'link', href: 'https://example.com', target: '_blank' }, invalid: { type: 'link', href: 'javascript:alert(1)' }, path: 'href', message: 'A link starts with /, #, https://, http://, mailto: or tel:' },
  setAlert: { valid: { type: 'setAlert', color: 'success', message: 'Saved!' }, invalid: { type: 'setAlert', color: 'purple', message: 'Hi' }, path: 'color', message: /expected one of/ },
  fetch: { valid: { type: 'fetch', url: 'https://api.example.com/ping' }, invalid: { type: 'fetch' }, path: 'url', message: 'This field is required' },
  logout: { valid: { type: 'logout' }, invalid: { type: 'logout', href: '/' }, path: '', message: /Unrecognized key/ },
  openDrawer: { valid: { type: 'openDrawer', id: 'drinks' }, invalid: { type: 'openDrawer', id: '' }, path: 'id', message: 'This field is required' },
  closeDrawer: { valid: { type: 'closeDrawer', id: 'drinks' }, invalid: { type: 'closeDrawer', id: 'no spaces' }, path: 'id', message: 'An id uses letters, digits, - and _' },
  tabLink: { valid: { type: 'tabLink', id: 'story', animate: false }, invalid: { type: 'tabLink', id: 'story', animate: 'yes' }, path: 'animate', message: 'Animate must be true or false' },
  openPopup: { valid: { type: 'openPopup', id: 'promo' }, invalid: { type: 'openPopup' }, path: 'id', message: 'This field is required' },
  closePopup: { valid: { type: 'closePopup', id: 'promo' }, invalid: { type: 'closePopup', id: 42 }, path: 'id', message: 'This field is required' },
  openSheet: { valid: { type: 'openSheet', id: 'hours' }, invalid: { type: 'openSheet', id: '' }, path: 'id', message: 'This field is required' },
  closeSheet: { valid: { type: 'closeSheet', id: 'hours' }, invalid: { type: 'closeSheet' }, path: 'id', message: 'This field is required' },
};

const block = (type: BlockType, props: Record<string, unknown>, extra: Record<string, unknown> = {}) => ({ id: `b-${type}`, type, props, ...extra });

export const blockExamples: Record<BlockType, Example> = {
  hero: {
    valid: block('hero', { title: 'Section 114 Nachos', subtitle: 'Loaded since 1998', banner: 'https://cdn.example.com/b.jpg', button: { label: 'Drinks', action: { type: 'openDrawer', id: 'drinks' } } }),
    invalid: block('hero', { subtitle: 'No title' }),
    path: 'props.title',
    message: 'This field is required',
  },
  richText: { valid: block('richText', { html: '<p>Our <b>story</b></p>' }), invalid: block('richText', { html: '' }), path: 'props.html', message: 'This field is required' },
  markdown: { valid: block('markdown', { markdown: '## Hours\n\nEvery game day.' }, { visibility: ['xs', 'sm'] }), invalid: block('markdown', { markdown: '# x' }, { visibility: ['xl'] }), path: 'visibility.0', message: /expected one of/ },
  image: { valid: block('image', { src: 'https://cdn.example.com/a.png', alt: 'Nachos' }), invalid: block('image', { src: 'data:image/png;base64,AAAA' }), path: 'props.src', message: 'An image address starts with / or https://' },
  productGrid: { valid: block('productGrid', { title: 'Favourites', productIds: ['p1', 'p2'], columns: 3 }), invalid: block('productGrid', { columns: 9 }), path: 'props.columns', message: /Too big/ },
  buttonGroup: {
    valid: block('buttonGroup', { buttons: [{ label: 'Story', variant: 'secondary', action: { type: 'tabLink', id: 'story', animate: true } }] }),
    invalid: block('buttonGroup', { buttons: [{ label: 'Bad', action: { type: 'teleport' } }] }),
    path: 'props.buttons.0.action.type',
    message: 'Unknown action type',
  },
  links: { valid: block('links', { links: [{ title: 'Instagram', href: 'https://instagram.com/x', target: '_blank' }] }), invalid: block('links', { links: [{ title: 'x', href: 'https://x', target: '_top' }] }), path: 'props.links.0.target', message: /expected one of/ },
  promoBanner: { valid: block('promoBanner', { text: '2-for-1 nachos', color: 'success', action: { type: 'setAlert', color: 'info', message: 'Ask staff' } }), invalid: block('promoBanner', { text: '  ' }), path: 'props.text', message: 'This field is required' },
  cards: {
    valid: block('cards', { columns: 2, items: [{ title: 'Local beer', text: 'Brewed next door', image: '/media/beer.jpg' }, { title: 'Vegan', text: '' }] }),
    invalid: block('cards', { items: [{ text: 'no title' }] }),
    path: 'props.items.0.title',
    message: 'This field is required',
  },
  spacer: { valid: block('spacer', { height: 48 }), invalid: block('spacer', { height: 401 }), path: 'props.height', message: /Too big/ },
};
