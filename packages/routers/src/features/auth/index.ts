// The auth slice's public surface for other slices (the slices refactor unions these exports).
export { ZPhoneCodeInput, ZPhoneVerifiedOutput, ZPhoneVerifyInput } from './sign-in.schemas';
