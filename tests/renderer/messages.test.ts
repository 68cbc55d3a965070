import { AxiosError, AxiosHeaders, type AxiosResponse } from 'axios';
import { beforeAll, describe, expect, it } from 'vitest';
import { COUNTRIES } from '@shared';
import { loginErrorMessage } from '../../renderer/src/auth/login-error';
import { countryOptions } from '../../renderer/src/features/basic-data/screen/countries';
import { errorMessage } from '../../renderer/src/feedback/handle-error';
import { initI18n } from '../../renderer/src/i18n';
import '../../renderer/src/features/service-management/strings';

function httpError(status?: number, data?: unknown): AxiosError {
  const config = { headers: new AxiosHeaders() };
  const response = status === undefined ? undefined : ({ status, data, statusText: '', headers: {}, config } as AxiosResponse);
  return new AxiosError('failed', 'ERR', config, {}, response);
}

beforeAll(() => {
  initI18n('en');
});

describe('SPEC §8 messages', () => {
  it('prefer the server message, else the fallback', () => {
    expect(errorMessage(httpError(409, { message: 'The code "A" is already used' }), 'fallback')).toBe('The code "A" is already used');
    expect(errorMessage(httpError(500, {}), 'Error while creating room, please try again later')).toBe('Error while creating room, please try again later');
    expect(errorMessage(new Error('boom'), 'fallback')).toBe('fallback');
  });

  it('map login failures to the login catalogue', () => {
    expect(loginErrorMessage(httpError(401, {}))).toBe('Wrong Email or Password');
    expect(loginErrorMessage(httpError(500, { message: 'stack?' }))).toBe('Server error, please try again later');
    expect(loginErrorMessage(httpError(418, {}))).toBe('Unknown error: 418');
    expect(loginErrorMessage(httpError(429, { message: 'Too many attempts' }))).toBe('Too many attempts');
    expect(loginErrorMessage(httpError())).toBe('Network error or request failed');
  });
});

describe('the country list', () => {
  it('offers each stored name once, unescaped, every one a name the server accepts', () => {
    const options = countryOptions('en');
    const values = options.map((o) => o.value);
    expect(new Set(values).size).toBe(values.length);
    expect(values.length).toBe(new Set(COUNTRIES.map((c) => c.name)).size);
    expect(options.some((o) => o.label.includes('&amp;'))).toBe(false);
    expect(values).toContain('Saudi Arabia');
  });

  it('labels countries in Arabic while keeping the stored English name as the value', () => {
    const saudi = countryOptions('ar').find((o) => o.value === 'Saudi Arabia')!;
    expect(saudi.label).toBe('المملكة العربية السعودية');
  });
});

describe('Arabic words for different events stay different', () => {
  it("a line's history says the request arrived, not 'acknowledged' (the Acknowledge step has its own words)", async () => {
    const { default: i18next } = await import('i18next');
    initI18n('ar');
    const t = i18next.getFixedT('ar');
    expect(t('line.historyCreated')).toBe('وصل الطلب');
    expect(t('line.historyCreated')).not.toBe(t('alerts.acknowledgedAt'));
    initI18n('en');
  });
});
