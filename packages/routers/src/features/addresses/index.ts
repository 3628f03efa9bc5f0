/** The addresses slice's public surface: what other slices and the app may use (docs/architecture.md). */
export { addressLines } from '../../address-lines';
export { eraseAddresses, exportAddresses } from './account-data.repository';
export type { AddressRecord } from './addresses.repository';
export { addressesRouter } from './addresses.router';
export {
  type AddressDto,
  addressFields,
  ZAddress,
  ZAddressSnapshot,
  ZNewAddress,
} from './addresses.schemas';
export { type AddressesService, toAddressDto } from './addresses.service';
export { createAddressesSlice } from './addresses.slice';
export { countryName, isCountryCode } from './countries';
