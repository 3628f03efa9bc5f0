import type { RateLimiter, RateLimits } from '@storefront/routers/ports';
import type { Redis } from 'ioredis';
import {
  type IRateLimiterOptions,
  type RateLimiterAbstract,
  RateLimiterMemory,
  RateLimiterRedis,
  RateLimiterRes,
} from 'rate-limiter-flexible';

function wrap(limiter: RateLimiterAbstract, points: number): RateLimiter {
  const retryAfter = (res: RateLimiterRes) => Math.max(1, Math.ceil(res.msBeforeNext / 1000));
  return {
    async consume(key) {
      try {
        await limiter.consume(key);
        return { allowed: true, retryAfterSeconds: 0 };
      } catch (rejection) {
        // rate-limiter-flexible rejects with a RateLimiterRes when over the limit, or an Error.
        if (rejection instanceof RateLimiterRes) {
          return { allowed: false, retryAfterSeconds: retryAfter(rejection) };
        }
        throw rejection;
      }
    },
    async check(key) {
      const res = await limiter.get(key);
      if (!res || res.consumedPoints < points) return { allowed: true, retryAfterSeconds: 0 };
      return { allowed: false, retryAfterSeconds: retryAfter(res) };
    },
    async reset(key) {
      await limiter.delete(key);
    },
  };
}

export interface RateLimitOptions {
  /** Shared counters across instances; memory when absent. */
  redis?: Redis;
  authPerIpPerMinute: number;
  aiPerCustomerPerMinute?: number;
  /** Avatar uploads per customer per hour (default 20). */
  avatarPerCustomerPerHour?: number;
  /** Verification e-mails a customer may ask for per hour (default 5). */
  verificationPerCustomerPerHour?: number;
  /** Reset e-mails one address may be sent per hour, whoever asks (default 3). */
  resetMailsPerAddressPerHour?: number;
  /** Gateway orders created per customer per hour (default 10). */
  gatewayOrdersPerCustomerPerHour?: number;
  /** Gift card lookups and applies a customer may make per hour, hit or miss (default 20). */
  giftCardLookupsPerCustomerPerHour?: number;
  /** SMS codes per country calling code per hour (OTP_LIMIT_PER_COUNTRY_HOUR, default 500). */
  otpPerCountryPerHour?: number;
  /** SMS codes per phone per 10 minutes (default 3). */
  otpPerPhonePer10Minutes?: number;
  /** Failed logins per e-mail before the lockout (docs/contract.md §5: 5 in 15 minutes). */
  loginFailures?: { points: number; windowSeconds: number };
  /** Prefix so parallel test runs on one Redis do not share counters. */
  keyPrefix?: string;
}

export function createRateLimits(options: RateLimitOptions): RateLimits {
  const prefix = options.keyPrefix ?? 'sf';
  const make = (name: string, points: number, duration: number) => {
    const config: IRateLimiterOptions = { keyPrefix: `${prefix}:${name}`, points, duration };
    const limiter = options.redis
      ? new RateLimiterRedis({ ...config, storeClient: options.redis })
      : new RateLimiterMemory(config);
    return wrap(limiter, points);
  };
  const failures = options.loginFailures ?? { points: 5, windowSeconds: 15 * 60 };
  return {
    authPerIp: make('auth-ip', options.authPerIpPerMinute, 60),
    loginFailuresPerEmail: make('login-fail', failures.points, failures.windowSeconds),
    aiPerCustomer: make('ai-customer', options.aiPerCustomerPerMinute ?? 10, 60),
    avatarPerCustomer: make('avatar-customer', options.avatarPerCustomerPerHour ?? 20, 60 * 60),
    verificationPerUser: make(
      'verify-customer',
      options.verificationPerCustomerPerHour ?? 5,
      60 * 60,
    ),
    resetMailsPerAddress: make(
      'reset-mail-address',
      options.resetMailsPerAddressPerHour ?? 3,
      60 * 60,
    ),
    gatewayOrdersPerCustomer: make(
      'gateway-orders-customer',
      options.gatewayOrdersPerCustomerPerHour ?? 10,
      60 * 60,
    ),
    giftCardLookupsPerCustomer: make(
      'gift-card-lookups-customer',
      options.giftCardLookupsPerCustomerPerHour ?? 20,
      60 * 60,
    ),
    // payment-status asks Razorpay at most once per 10 s per gateway order, however often polled.
    paymentLookUpsPerGatewayOrder: make('payment-lookup-gateway-order', 1, 10),
    otpPerPhone: make('otp-phone', options.otpPerPhonePer10Minutes ?? 3, 10 * 60),
    otpPerCountry: make('otp-country', options.otpPerCountryPerHour ?? 500, 60 * 60),
  };
}
