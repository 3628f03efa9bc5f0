/** A valid shipping address in the contract's shape (tests and `pnpm bench` check out with it). */
export const NEW_ADDRESS = {
  first_name: 'Ada',
  last_name: 'Lovelace',
  phone: '+44 20 7946 0018',
  address_line_1: '12 St James Square',
  city: 'London',
  postcode: 'SW1Y 4JH',
  country: 'GB',
};
