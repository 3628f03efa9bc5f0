import { AppError } from '../../errors';
import type { InTransaction } from '../../transactions';
import type { UsersRepository } from '../auth';
import type { AddressesRepository, AddressRecord, AddressValues } from './addresses.repository';
import type {
  AddressDto,
  CreateAddressInput,
  NewAddressInput,
  UpdateAddressInput,
} from './addresses.schemas';
import { countryName } from './countries';

export function toAddressDto(address: AddressRecord): AddressDto {
  return {
    id: address.id,
    type: address.type,
    first_name: address.firstName,
    last_name: address.lastName,
    email: address.email,
    phone: address.phone,
    address_line_1: address.addressLine1,
    address_line_2: address.addressLine2,
    city: address.city,
    state: address.state,
    postcode: address.postcode,
    country: address.country,
    country_name: countryName(address.country),
    is_default_shipping: address.isDefaultShipping,
    is_default_billing: address.isDefaultBilling,
  };
}

/** API field names → stored values; only the fields present in `input` are returned. */
export function toAddressValues(input: Partial<NewAddressInput>): Partial<AddressValues> {
  const values: Partial<AddressValues> = {};
  if (input.first_name !== undefined) values.firstName = input.first_name;
  if (input.last_name !== undefined) values.lastName = input.last_name;
  if (input.email !== undefined) values.email = input.email;
  if (input.phone !== undefined) values.phone = input.phone;
  if (input.address_line_1 !== undefined) values.addressLine1 = input.address_line_1;
  if (input.address_line_2 !== undefined) values.addressLine2 = input.address_line_2 || null;
  if (input.city !== undefined) values.city = input.city;
  if (input.state !== undefined) values.state = input.state || null;
  if (input.postcode !== undefined) values.postcode = input.postcode;
  if (input.country !== undefined) values.country = input.country;
  return values;
}

export interface AddressesServiceDeps {
  repo: AddressesRepository;
  inTransaction: InTransaction<AddressesRepository>;
  users: Pick<UsersRepository, 'findById'>;
}

export function createAddressesService({ repo, inTransaction, users }: AddressesServiceDeps) {
  return {
    async list(userId: number): Promise<AddressDto[]> {
      return (await repo.listForUser(userId)).map(toAddressDto);
    },

    /** The owner's address record, or 404 exactly as for an unknown id. */
    async requireOwned(userId: number, id: number): Promise<AddressRecord> {
      const address = await repo.findOwned(userId, id);
      if (!address) throw new AppError('NOT_FOUND', 'Address not found.');
      return address;
    },

    /** A customer's first address becomes their default shipping and billing address. */
    async create(userId: number, input: CreateAddressInput): Promise<AddressDto> {
      const email = input.email ?? (await users.findById(userId))?.email ?? null;
      const created = await inTransaction(async (tx) => {
        const first = (await tx.countForUser(userId)) === 0;
        const isDefaultShipping = input.is_default_shipping ?? first;
        const isDefaultBilling = input.is_default_billing ?? first;
        if (isDefaultShipping) await tx.clearDefault(userId, 'shipping');
        if (isDefaultBilling) await tx.clearDefault(userId, 'billing');
        return tx.insert(userId, {
          ...(toAddressValues(input) as AddressValues),
          email,
          type: input.type ?? 'shipping',
          isDefaultShipping,
          isDefaultBilling,
        });
      });
      return toAddressDto(created);
    },

    async update(userId: number, input: UpdateAddressInput): Promise<AddressDto> {
      const updated = await inTransaction(async (tx) => {
        if (!(await tx.findOwned(userId, input.id))) return undefined;
        if (input.is_default_shipping) await tx.clearDefault(userId, 'shipping', input.id);
        if (input.is_default_billing) await tx.clearDefault(userId, 'billing', input.id);
        return tx.update(userId, input.id, {
          ...toAddressValues(input),
          ...(input.type !== undefined ? { type: input.type } : {}),
          ...(input.is_default_shipping !== undefined
            ? { isDefaultShipping: input.is_default_shipping }
            : {}),
          ...(input.is_default_billing !== undefined
            ? { isDefaultBilling: input.is_default_billing }
            : {}),
        });
      });
      if (!updated) throw new AppError('NOT_FOUND', 'Address not found.');
      return toAddressDto(updated);
    },

    async remove(userId: number, id: number): Promise<null> {
      if (!(await repo.delete(userId, id))) throw new AppError('NOT_FOUND', 'Address not found.');
      return null;
    },
  };
}

export type AddressesService = ReturnType<typeof createAddressesService>;
