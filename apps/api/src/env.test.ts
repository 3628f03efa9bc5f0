import { describe, expect, it } from 'vitest';
import { ConfigError, loadEnv } from './env';

/** Only what a test sets: never the developer's or CI's own environment. */
const load = (vars: Record<string, string> = {}) => loadEnv(vars);

function configError(vars: Record<string, string>): ConfigError {
  try {
    load(vars);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return error as ConfigError;
  }
  throw new Error(`expected a ConfigError for ${JSON.stringify(Object.keys(vars))}`);
}

/** What production needs to start: Razorpay instead of the development gateway. */
const PRODUCTION_PAYMENTS = {
  RAZORPAY_KEY_ID: 'rzp_live_x',
  RAZORPAY_KEY_SECRET: 's3cret',
  RAZORPAY_WEBHOOK_SECRET: 'wh',
  STORE_CREDIT_CODE_KEY: 'a-random-store-credit-secret-of-32+',
};
describe('loadEnv defaults (docs/contract.md §6)', () => {
  it('applies the contract defaults to an empty environment', () => {
    const env = load();
    expect(env).toMatchObject({
      NODE_ENV: 'development',
      PORT: 8000,
      APP_URL: 'http://localhost:8000',
      DATA_DIR: './.data',
      TOKEN_TTL_SECONDS: 86_400,
      REMEMBER_TOKEN_TTL_SECONDS: 2_592_000,
      AUTH_RATE_LIMIT_PER_IP: 30,
      SEED_DEMO: true,
      DEMO_SHOP: 'default',
      AI_ENABLED: false,
      DATABASE_TIMEOUT_MS: 10_000,
      SYNC_IMPLICIT_HEARTBEAT: true,
      REFERENCE_CACHE_TTL_MS: 5_000,
    });
    expect(env.DATABASE_URL).toBeUndefined();
    expect(env.REDIS_URL).toBeUndefined();
    expect(env.RESEND_API_KEY).toBeUndefined();
    expect(env.UPLOADTHING_TOKEN).toBeUndefined();
    expect(env.PAYMENT_GATEWAY_SECRET).toBeTruthy();
  });

  it('STORE_TIMEZONE: UTC by default, an IANA zone, anything else refused by name', () => {
    expect(load().STORE_TIMEZONE).toBe('UTC');
    expect(load({ STORE_TIMEZONE: 'Asia/Kolkata' }).STORE_TIMEZONE).toBe('Asia/Kolkata');
    expect(configError({ STORE_TIMEZONE: 'Mars/Olympus' }).message).toBe(
      'Invalid configuration: STORE_TIMEZONE must be an IANA time zone such as Asia/Kolkata or UTC (got "Mars/Olympus")',
    );
  });

  it('SERVICEABILITY_PROVIDER: table by default; shiprocket needs its e-mail, password and pickup postcode', () => {
    expect(load()).toMatchObject({
      SERVICEABILITY_PROVIDER: 'table',
      SERVICEABILITY_CACHE_TTL: 21_600,
      SHIPROCKET_BASE_URL: 'https://apiv2.shiprocket.in',
    });
    expect(configError({ SERVICEABILITY_PROVIDER: 'shiprocket' }).message).toBe(
      'Invalid configuration: SHIPROCKET_EMAIL must be set when SERVICEABILITY_PROVIDER=shiprocket',
    );
    const configured = load({
      SERVICEABILITY_PROVIDER: 'shiprocket',
      SHIPROCKET_EMAIL: 'ops@shop.test',
      SHIPROCKET_PASSWORD: 'secret',
      SHIPROCKET_PICKUP_POSTCODE: '560001',
    });
    expect(configured.SHIPROCKET_PICKUP_POSTCODE).toBe('560001');
  });

  it('switches the implicit sync heartbeat off with SYNC_IMPLICIT_HEARTBEAT=false', () => {
    expect(load({ SYNC_IMPLICIT_HEARTBEAT: 'false' }).SYNC_IMPLICIT_HEARTBEAT).toBe(false);
    expect(configError({ SYNC_IMPLICIT_HEARTBEAT: 'maybe' }).message).toContain(
      'SYNC_IMPLICIT_HEARTBEAT',
    );
  });

  it('derives APP_URL from PORT and drops a trailing slash from a given one', () => {
    expect(load({ PORT: '9123' }).APP_URL).toBe('http://localhost:9123');
    expect(load({ APP_URL: 'https://shop.example.com/' }).APP_URL).toBe('https://shop.example.com');
  });

  it('PASSWORD_RESET_URL: a deep link or page, APP_URL/reset-password by default', () => {
    expect(load({ APP_URL: 'https://shop.example.com' }).PASSWORD_RESET_URL).toBe(
      'https://shop.example.com/reset-password',
    );
    expect(load({ PASSWORD_RESET_URL: 'myshop://reset-password' }).PASSWORD_RESET_URL).toBe(
      'myshop://reset-password',
    );
    expect(() => load({ PASSWORD_RESET_URL: 'not a url' })).toThrow(/PASSWORD_RESET_URL/);
  });

  it('leaves JOB_RETRY_LIMIT to each queue unless set', () => {
    expect(load({}).JOB_RETRY_LIMIT).toBeUndefined();
    expect(load({ JOB_RETRY_LIMIT: '' }).JOB_RETRY_LIMIT).toBeUndefined();
    expect(load({ JOB_RETRY_LIMIT: '3' }).JOB_RETRY_LIMIT).toBe(3);
    expect(() => load({ JOB_RETRY_LIMIT: 'many' })).toThrow(/JOB_RETRY_LIMIT/);
  });

  it('treats empty optional values as unset', () => {
    const env = load({ DATABASE_URL: '', REDIS_URL: ' ', RESEND_API_KEY: '' });
    expect(env.DATABASE_URL).toBeUndefined();
    expect(env.REDIS_URL).toBeUndefined();
    expect(env.RESEND_API_KEY).toBeUndefined();
  });

  it('turns SEED_DEMO off by default in production, and follows an explicit value', () => {
    expect(
      load({
        NODE_ENV: 'production',
        ...PRODUCTION_PAYMENTS,
      }).SEED_DEMO,
    ).toBe(false);
    expect(load({ SEED_DEMO: 'false' }).SEED_DEMO).toBe(false);
    expect(
      load({
        NODE_ENV: 'production',
        ...PRODUCTION_PAYMENTS,
        SEED_DEMO: 'true',
      }).SEED_DEMO,
    ).toBe(true);
  });

  it('reads the documented variables', () => {
    const env = load({
      PORT: '3001',
      DATABASE_URL: 'postgres://u@127.0.0.1:5432/db',
      REDIS_URL: 'redis://127.0.0.1:6379',
      TOKEN_TTL_SECONDS: '60',
      REMEMBER_TOKEN_TTL_SECONDS: '120',
      AUTH_RATE_LIMIT_PER_IP: '5',
      AI_ENABLED: 'true',
      DATABASE_TIMEOUT_MS: '2500',
      DEMO_SHOP: 'india',
    });
    expect(env).toMatchObject({
      PORT: 3001,
      DATABASE_URL: 'postgres://u@127.0.0.1:5432/db',
      REDIS_URL: 'redis://127.0.0.1:6379',
      TOKEN_TTL_SECONDS: 60,
      REMEMBER_TOKEN_TTL_SECONDS: 120,
      AUTH_RATE_LIMIT_PER_IP: 5,
      AI_ENABLED: true,
      DATABASE_TIMEOUT_MS: 2500,
      DEMO_SHOP: 'india',
    });
  });
});

describe('loadEnv refusals', () => {
  it.each([
    ['PORT', '70000'],
    ['PORT', 'eighty'],
    ['APP_URL', 'not a url'],
    ['TOKEN_TTL_SECONDS', '-5'],
    ['AUTH_RATE_LIMIT_PER_IP', '0'],
    ['SEED_DEMO', 'maybe'],
    ['DEMO_SHOP', 'france'],
    ['NODE_ENV', 'staging'],
    ['DATABASE_TIMEOUT_MS', '50'],
    ['PAYMENT_EVENT_RETENTION_DAYS', '0'],
    ['PAYMENT_RECONCILE_MINUTES', '60'],
    ['PAYMENT_RECONCILE_MIN_AGE_SECONDS', '-1'],
    ['REFUND_RETRY_SECONDS', '0'],
    ['REFUND_MAX_ATTEMPTS', '21'],
    ['GUEST_RETENTION_DAYS', '0'],
    ['APP_DEEP_LINK_BASE', 'myshop://orders'],
    ['EXPO_BASE_URL', 'exp host'],
  ])('%s=%s stops start-up with one line naming the variable and the bad value', (name, value) => {
    const error = configError({ [name]: value });
    expect(error.message).toMatch(new RegExp(`^Invalid configuration: ${name} `));
    expect(error.message).not.toContain('\n');
    expect(error.message).toContain(`"${value}"`);
  });

  it('refuses production on the development gateway, and a partial Razorpay set', () => {
    const error = configError({ NODE_ENV: 'production', PAYMENT_GATEWAY_SECRET: 's3cret' });
    expect(error.message).toMatch(/^Invalid configuration: RAZORPAY_KEY_ID /);
    expect(error.message).not.toContain('\n');
    const partial = configError({ RAZORPAY_KEY_ID: 'rzp_test_x', RAZORPAY_KEY_SECRET: 'k' });
    expect(partial.message).toMatch(/^Invalid configuration: RAZORPAY_WEBHOOK_SECRET /);
    expect(partial.message).not.toContain('"k"');
    expect(
      load({
        NODE_ENV: 'production',
        ...PRODUCTION_PAYMENTS,
      }).NODE_ENV,
    ).toBe('production');
    expect(load({}).RAZORPAY_API_URL).toBe('https://api.razorpay.com');
    expect(load({}).PAYMENT_EVENT_RETENTION_DAYS).toBe(30);
    // Issue 40: the reconciler every 5 minutes for gateway orders 10 minutes to 3 days old; a
    // failed refund retried a minute apart, 3 times after the first attempt.
    expect(load({})).toMatchObject({
      PAYMENT_RECONCILE_MINUTES: 5,
      PAYMENT_RECONCILE_MIN_AGE_SECONDS: 600,
      REFUND_RETRY_SECONDS: 60,
      REFUND_MAX_ATTEMPTS: 3,
    });
    expect(load({}).GUEST_RETENTION_DAYS).toBe(30);
    expect(load({}).APP_DEEP_LINK_BASE).toBe('myshop://');
    expect(load({ APP_DEEP_LINK_BASE: 'https://shop.example/app/' }).APP_DEEP_LINK_BASE).toBe(
      'https://shop.example/app/',
    );
  });

  it.each([
    ['OPENAI_BASE_URL', 'hunter2-not-a-url'],
    ['DATABASE_URL', 'mysql://admin:hunter2@db.internal/shop'],
    ['REDIS_URL', 'default:hunter2@redis.internal:6379'],
  ])('names %s but never echoes its value (URLs carry credentials)', (name, value) => {
    const error = configError({ [name]: value });
    expect(error.message).toMatch(new RegExp(`^Invalid configuration: ${name} `));
    expect(error.message).not.toContain('hunter2');
    expect(error.message).not.toContain(value);
  });
});

describe('CORS_ORIGINS', () => {
  it('is empty by default and splits a comma-separated list of exact origins', () => {
    expect(load().CORS_ORIGINS).toEqual([]);
    expect(
      load({ CORS_ORIGINS: ' https://shop.example.com, http://localhost:3000 ,' }).CORS_ORIGINS,
    ).toEqual(['https://shop.example.com', 'http://localhost:3000']);
  });

  it('refuses an entry that is not a bare origin, naming the variable', () => {
    expect(configError({ CORS_ORIGINS: 'https://shop.example.com/app' }).message).toMatch(
      /^Invalid configuration: CORS_ORIGINS must list origins/,
    );
    expect(configError({ CORS_ORIGINS: '*' }).message).toMatch(/CORS_ORIGINS/);
  });
});

describe('APP_LINK_SCHEMES and the link policy (issue 24, item 8)', () => {
  it('reads the schemes, lower-cased; http web links only outside production', () => {
    expect(load().LINK_POLICY).toEqual({ allowHttp: true, appSchemes: [] });
    expect(load({ APP_LINK_SCHEMES: ' MyShop, myshop-beta ,' }).LINK_POLICY).toEqual({
      allowHttp: true,
      appSchemes: ['myshop', 'myshop-beta'],
    });
    const production = load({ NODE_ENV: 'production', ...PRODUCTION_PAYMENTS });
    expect(production.LINK_POLICY).toEqual({ allowHttp: false, appSchemes: [] });
  });

  it('refuses web, script and other-app schemes, naming the variable', () => {
    for (const value of ['javascript', 'data', 'intent', 'https', 'file', 'not a scheme']) {
      expect(configError({ APP_LINK_SCHEMES: value }).message, value).toMatch(
        /^Invalid configuration: APP_LINK_SCHEMES /,
      );
    }
  });
});
