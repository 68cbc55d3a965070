import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { DIAL_CODES } from '@shared/dial-codes';
import { CUST_NAME_MAX } from '@shared/patterns';
import { FieldError, fieldA11y } from '../components/Field';
import type { Draft, FieldErrors } from './draft';
import { asciiDigits } from '@shared/typed-text';
import { splitInternational } from './phone';
import { usePhonePlan } from './phone-plan';

interface Props {
  draft: Draft;
  errors: FieldErrors;
  update: (patch: Partial<Draft>) => void;
}

/** The countries sharing a dial code, in the page's language, joined by that language's comma. */
export function countryNames(language: string, codes: readonly string[], fallback: string): string {
  try {
    const names = new Intl.DisplayNames([language], { type: 'region' });
    return codes.map((c) => names.of(c) ?? c).join(language === 'ar' ? '، ' : ', ');
  } catch {
    return fallback;
  }
}

/** Name, e-mail and the phone with its country-code picker (SPEC §5). */
export function CustomerFields({ draft, errors, update }: Props) {
  const { t, i18n } = useTranslation();
  const plan = usePhonePlan();
  const dialOptions = useMemo(
    () => DIAL_CODES.map((d) => ({ value: d.value, text: `${d.flag} ${d.value} ${countryNames(i18n.language, d.countries, d.label)}` })),
    [i18n.language],
  );
  const chosen = DIAL_CODES.find((d) => d.value === draft.dialCode);
  // The chosen country's own example, in the placeholder and in the message (LTR inside Arabic text).
  const example = plan?.phoneExample(draft.dialCode) ?? t('service.phonePlaceholder');
  const country = chosen ? countryNames(i18n.language, chosen.countries, chosen.label) : draft.dialCode;
  const phoneError = errors.custPhone === 'validation.phone' ? t('validation.phone', { country, example: `\u2066${example}\u2069` }) : errors.custPhone;
  // A guest who types the whole number ('+49 151 …') gets its code moved into the picker.
  const takeDialCode = () => {
    const split = draft.phoneNumber.trim().startsWith('+') || draft.phoneNumber.trim().startsWith('00') ? splitInternational(draft.phoneNumber) : null;
    if (split) update({ dialCode: split.dialCode, phoneNumber: split.number });
  };

  return (
    <fieldset className="panel">
      <legend>{t('service.guest')}</legend>
      <div className="field">
        <label htmlFor="custName">{t('service.name')}</label>
        <input
          id="custName"
          name="name"
          autoComplete="name"
          required
          maxLength={CUST_NAME_MAX}
          value={draft.custName}
          onChange={(e) => update({ custName: e.target.value })}
          {...fieldA11y('custName', errors.custName, 'custName-hint')}
        />
        <p id="custName-hint" className="muted small">
          {t('service.nameHint', { max: CUST_NAME_MAX })}
        </p>
        <FieldError id="custName-error" message={errors.custName} />
      </div>
      <div className="field">
        <label htmlFor="custEmail">{t('service.email')}</label>
        <input
          id="custEmail"
          name="email"
          type="email"
          inputMode="email"
          autoComplete="email"
          dir="ltr"
          required
          value={draft.custEmail}
          onChange={(e) => update({ custEmail: e.target.value })}
          {...fieldA11y('custEmail', errors.custEmail)}
        />
        <FieldError id="custEmail-error" message={errors.custEmail} />
      </div>
      <div className="field">
        <label htmlFor="custPhone">{t('service.phone')}</label>
        {/* Phone numbers read left to right in Arabic too, code first. */}
        <div className="phone" dir="ltr">
          {/* The closed picker shows only flag and code; the open list names the countries. */}
          <div className="dial">
            <span className="dial-face" aria-hidden="true">
              {chosen ? `${chosen.flag} ${chosen.value}` : draft.dialCode}
            </span>
            <select aria-label={t('service.dialCode')} value={draft.dialCode} onChange={(e) => update({ dialCode: e.target.value })}>
              {dialOptions.map((o) => (
                <option key={o.value} value={o.value}>
                  {o.text}
                </option>
              ))}
            </select>
          </div>
          <input
            id="custPhone"
            name="tel"
            type="tel"
            inputMode="tel"
            autoComplete="tel-national"
            required
            placeholder={example}
            value={draft.phoneNumber}
            onChange={(e) => update({ phoneNumber: asciiDigits(e.target.value) })}
            onBlur={takeDialCode}
            {...fieldA11y('custPhone', phoneError)}
          />
        </div>
        <FieldError id="custPhone-error" message={phoneError} />
      </div>
    </fieldset>
  );
}
