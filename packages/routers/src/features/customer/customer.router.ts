import { router } from '../../trpc';
import { readProfileProcedure, updateProfileProcedure } from '../auth';

const tags = ['customer'];

export const customerRouter = router({
  profile: readProfileProcedure({
    method: 'GET',
    path: '/customer/profile',
    tags,
    summary: 'Get profile',
    description: 'The signed-in customer (the same object as GET /auth/me).',
  }),

  updateProfile: updateProfileProcedure({
    method: 'PUT',
    path: '/customer/profile',
    tags,
    summary: 'Update customer profile',
    description:
      'Changes name, phone, date of birth or gender; omitted fields stay as they are (the same operation as PUT /auth/profile).',
  }),
});
