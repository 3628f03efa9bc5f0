import { describe, expect, it } from 'vitest';
import { RETURN_STATUSES, type Return } from './api-types';
import {
  receiveDrafts,
  receiveInput,
  returnFiltersFromParams,
  returnFiltersToParams,
} from './returns';

const entry = {
  id: 7,
  items: [
    { id: 1, order_item_id: 11, quantity: 2 },
    { id: 2, order_item_id: 12, quantity: 1 },
  ],
} as unknown as Return;

describe('the receive dialog', () => {
  it('starts from every unit asked back, resellable', () => {
    expect(receiveDrafts(entry)).toEqual([
      { quantity: '2', condition: 'resellable' },
      { quantity: '1', condition: 'resellable' },
    ]);
  });

  it('sends each line as typed: empty is 0, unreadable left for the server to name', () => {
    const input = receiveInput(entry, [
      { quantity: ' 1 ', condition: 'damaged' },
      { quantity: '', condition: 'missing' },
    ]);
    expect(input).toEqual({
      id: 7,
      items: [
        { order_item_id: 11, quantity: 1, condition: 'damaged' },
        { order_item_id: 12, quantity: 0, condition: 'missing' },
      ],
    });
    const typo = receiveInput(entry, [{ quantity: 'two', condition: 'resellable' }]);
    expect(typo.items[0]?.quantity).toBeNaN();
    expect(typo.items[1]).toEqual({ order_item_id: 12, quantity: 0, condition: 'resellable' });
  });
});

describe('the returns list filters', () => {
  it('round-trip through the address, ignoring what is not a status or a page', () => {
    expect(
      returnFiltersFromParams(new URLSearchParams('status=lost&page=-1'), RETURN_STATUSES),
    ).toEqual({ status: '', page: 1 });
    const filters = { status: 'requested', page: 3 } as const;
    const params = new URLSearchParams(returnFiltersToParams(filters));
    expect(params.toString()).toBe('status=requested&page=3');
    expect(returnFiltersFromParams(params, RETURN_STATUSES)).toEqual(filters);
  });
});
