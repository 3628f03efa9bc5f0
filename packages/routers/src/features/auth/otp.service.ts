import { randomInt } from 'node:crypto';
import { isUniqueViolation } from '@storefront/db/errors';
import type { OtpPurpose } from '@storefront/db/schema';
import { type CountryCode, parsePhoneNumberFromString } from 'libphonenumber-js';
import { AppError, validationError } from '../../errors';
import type { Clock, JobOptions, RateLimiter, SmsSender } from '../../ports';
import { consumeOrRefuse } from '../../rate-limit';
import { hashToken } from '../../tokens';
import type { InTransaction } from '../../transactions';
import type { OtpRepository } from './otp.repository';

/** The queue every SMS goes through (retried with backoff, then kept as failed). */
export const SMS_QUEUE = 'sms';

/** What an SMS job carries: the code's row only; the code is minted when the job runs. */
export interface SmsJob {
  otpId: number;
}

export interface OtpConfig {
  /** Region of numbers written without +country (DEFAULT_PHONE_REGION), e.g. IN. */
  defaultRegion: string;
  /** ISO countries codes may be sent to (OTP_COUNTRIES); empty: all. */
  countries: string[];
  /** Names the shop in the SMS. */
  shopName: string;
}

export const OTP_TTL_MINUTES = 10;
export const OTP_MAX_ATTEMPTS = 5;

export interface OtpJobs {
  enqueue(queue: string, data: object, options?: JobOptions): Promise<void>;
}

export interface OtpServiceDeps {
  config: OtpConfig;
  repo: OtpRepository;
  inTransaction: InTransaction<{ otp: OtpRepository; jobs: OtpJobs }>;
  sms: SmsSender;
  limits: { perIp: RateLimiter; perPhone: RateLimiter; perCountry: RateLimiter };
  clock: Clock;
}

export const OTP_SENT = 'If this number can receive a code, we have sent one by SMS.';

const enforce = (limiter: RateLimiter, key: string) =>
  consumeOrRefuse(limiter, key, 'Too many codes requested. Please try again later.');

const codeHash = (phone: string, code: string) => hashToken(`otp:${phone}:${code}`);

/** Why a code did not work; the caller answers 422 INVALID_OTP for each. */
export type OtpCheck =
  | { ok: true }
  | { ok: false; reason: 'none' | 'expired' | 'exhausted' | 'wrong' };

export interface ParsedPhone {
  e164: string;
  country: string | undefined;
  callingCode: string;
}

export function createOtpService(deps: OtpServiceDeps) {
  const { config, clock } = deps;
  const allowed = new Set(config.countries.map((c) => c.toUpperCase()));

  /** E.164 or 422 naming `field`. */
  function parsePhone(input: string, field = 'phone'): ParsedPhone {
    const parsed = parsePhoneNumberFromString(input, config.defaultRegion as CountryCode);
    if (!parsed?.isValid()) {
      throw validationError({ [field]: ['Must be a valid phone number.'] });
    }
    return {
      e164: parsed.number,
      country: parsed.country,
      callingCode: parsed.countryCallingCode,
    };
  }

  return {
    parsePhone,

    /**
     * Queues an SMS with a new code for `phone`. Limited per IP address, per phone (3 per 10
     * minutes) and per country calling code (SMS pumping), and only to allowed countries.
     */
    async request(
      input: string,
      origin: { ip: string },
      target: { purpose: OtpPurpose; userId: number | null },
    ): Promise<string> {
      const phone = parsePhone(input);
      if (allowed.size > 0 && (!phone.country || !allowed.has(phone.country))) {
        throw validationError({ phone: ['Codes cannot be sent to numbers of this country.'] });
      }
      await enforce(deps.limits.perIp, origin.ip);
      await enforce(deps.limits.perPhone, hashToken(`phone:${phone.e164}`));
      await enforce(deps.limits.perCountry, phone.callingCode);
      await deps.inTransaction(async (tx) => {
        const otpId = await tx.otp.insert({
          phone: phone.e164,
          purpose: target.purpose,
          userId: target.userId,
          expiresAt: new Date(clock.now().getTime() + OTP_TTL_MINUTES * 60_000),
        });
        await tx.jobs.enqueue(SMS_QUEUE, { otpId } satisfies SmsJob, { priority: 10 });
      });
      return OTP_SENT;
    },

    /** The SMS job: mints the code (a retry replaces it), stores its hash and sends it. */
    async deliver(job: { id: string; data: SmsJob }): Promise<void> {
      const record = await deps.repo.find(job.data.otpId);
      if (!record || record.usedAt || record.expiresAt <= clock.now()) return;
      const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
      if (!(await deps.repo.setCodeHash(record.id, codeHash(record.phone, code)))) return;
      await deps.sms.send(
        {
          to: record.phone,
          body: `${code} is your ${config.shopName} code. It is valid for ${OTP_TTL_MINUTES} minutes. Do not share it.`,
        },
        { idempotencyKey: job.id },
      );
    },

    /**
     * Checks `code` against the newest unused code of the phone, inside the caller's
     * transaction: a right one is used up, a wrong one counts (the fifth ends the code). The
     * caller commits the count before answering 422 (it returns, never throws, for that).
     */
    async check(
      tx: OtpRepository,
      phone: string,
      code: string,
      target: { purpose: OtpPurpose; userId: number | null },
    ): Promise<OtpCheck> {
      const record = await tx.lockLatest(phone, target.purpose, target.userId);
      if (!record || record.codeHash === '') return { ok: false, reason: 'none' };
      if (record.expiresAt <= clock.now()) return { ok: false, reason: 'expired' };
      if (record.attempts >= OTP_MAX_ATTEMPTS) return { ok: false, reason: 'exhausted' };
      if (record.codeHash !== codeHash(phone, code)) {
        await tx.countFailure(record.id);
        return { ok: false, reason: 'wrong' };
      }
      await tx.markUsed(record.id, clock.now());
      return { ok: true };
    },

    /** POST /customer/phone/verify: the code proves the phone for this customer. */
    async verifyCustomerPhone(
      userId: number,
      input: { phone: string; code: string },
      origin: { ip: string },
    ): Promise<string> {
      const phone = parsePhone(input.phone).e164;
      await enforce(deps.limits.perIp, origin.ip);
      const target = { purpose: 'verify-phone' as const, userId };
      let check: OtpCheck;
      try {
        check = await deps.inTransaction(async (tx) => {
          const result = await this.check(tx.otp, phone, input.code, target);
          if (result.ok) await tx.otp.setVerifiedPhone(userId, phone, clock.now());
          return result;
        });
      } catch (error) {
        if (isUniqueViolation(error)) {
          throw validationError({ phone: ['This phone number is verified on another account.'] });
        }
        throw error;
      }
      if (!check.ok) throw new AppError('INVALID_OTP');
      return phone;
    },
  };
}

export type OtpService = ReturnType<typeof createOtpService>;
