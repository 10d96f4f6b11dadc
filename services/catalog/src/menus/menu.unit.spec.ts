import { spec } from '@seatside/chassis/src/testkit/decider';
import { menuDecider, type MenuEvent } from './menu';

const at = '2026-11-22T12:00:00.000Z';
const fields = {
  title: 'Lunch', description: '', branding: { banner: null, icon: null }, availability: { allDayMenu: false as const, begin: '1130', end: '1500' }, products: ['p1'],
};
const created: MenuEvent = { type: 'MenuCreated', data: { menuId: 'u1', merchantId: 'm1', testMode: false, ...fields, at } };

describe('menu decider', () => {
  it('given nothing, when a menu is created, then MenuCreated', () => {
    spec(menuDecider).given([]).when({ type: 'CreateMenu', data: created.data }).then([created]);
  });

  it('given a menu, when created again, then a conflict', () => {
    spec(menuDecider).given([created]).when({ type: 'CreateMenu', data: created.data }).thenThrows('Conflict');
  });

  it('given a menu, when made all-day, then MenuUpdated with its merchant and mode', () => {
    const availability = { allDayMenu: true as const, begin: null, end: null };
    spec(menuDecider)
      .given([created])
      .when({ type: 'UpdateMenu', data: { menuId: 'u1', merchantId: 'm1', availability, at } })
      .then([{ type: 'MenuUpdated', data: { menuId: 'u1', merchantId: 'm1', testMode: false, availability, at } }]);
  });

  it('given a menu of another merchant, or a deleted one, then "Menu not found"', () => {
    spec(menuDecider).given([created]).when({ type: 'DeleteMenu', data: { menuId: 'u1', merchantId: 'm2', at } }).thenThrows('NotFound', 'Menu not found');
    const deleted: MenuEvent = { type: 'MenuDeleted', data: { menuId: 'u1', merchantId: 'm1', testMode: false, at } };
    spec(menuDecider).given([created]).when({ type: 'DeleteMenu', data: { menuId: 'u1', merchantId: 'm1', at } }).then([deleted]);
    spec(menuDecider).given([created, deleted]).when({ type: 'UpdateMenu', data: { menuId: 'u1', merchantId: 'm1', title: 'x', at } }).thenThrows('NotFound', 'Menu not found');
  });
});
