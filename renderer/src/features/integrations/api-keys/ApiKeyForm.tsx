import { Button, Checkbox, Field, Input, Text, makeStyles, tokens } from '@fluentui/react-components';
import { useAtomValue } from 'jotai';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { API_KEY_CLAIMS, type ApiKeyInput, claimCategory } from '@shared';
import { HotelSelect } from '../../../ui/HotelSelect';
import { sessionAtom } from '../../../session/session';
import { type LooseTranslate, claimLabels } from '../../administration';

const useStyles = makeStyles({
  form: { display: 'grid', gap: '12px', maxWidth: '720px' },
  groups: { display: 'grid', gap: '8px', gridTemplateColumns: 'repeat(auto-fill, minmax(220px, 1fr))' },
  group: { display: 'flex', flexDirection: 'column' },
  groupName: { fontWeight: 600 },
  claims: { display: 'grid', gap: '4px', border: 'none', padding: 0, margin: 0 },
  legend: { padding: 0, marginBottom: '4px' },
  error: { color: tokens.colorPaletteRedForeground1 },
});

const CHAIN = 'chain';

/** Name, hotel (or the whole chain) and claims; the claims offered are only those the creator holds. */
export function ApiKeyForm({ onSubmit }: { onSubmit(input: ApiKeyInput): Promise<boolean> }) {
  const { t } = useTranslation();
  const styles = useStyles();
  const session = useAtomValue(sessionAtom);
  const labels = claimLabels(t as unknown as LooseTranslate);
  const [name, setName] = useState('');
  const [reach, setReach] = useState<string>('');
  const [claims, setClaims] = useState<Set<string>>(new Set());
  const [tried, setTried] = useState(false);
  const [busy, setBusy] = useState(false);

  const offered = useMemo(() => {
    const held = new Set(session?.claims ?? []);
    const groups = new Map<string, string[]>();
    for (const claim of API_KEY_CLAIMS.filter((c) => held.has(c))) groups.set(claimCategory(claim), [...(groups.get(claimCategory(claim)) ?? []), claim]);
    return [...groups];
  }, [session]);

  const toggle = (claim: string, on: boolean) =>
    setClaims((before) => {
      const next = new Set(before);
      if (on) next.add(claim);
      else next.delete(claim);
      return next;
    });

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    setTried(true);
    if (!name.trim() || !reach || claims.size === 0 || busy) return;
    setBusy(true);
    const ok = await onSubmit({ name: name.trim(), hotelId: reach === CHAIN ? null : Number(reach), claims: [...claims], perSecond: 20, perMinute: 1200 });
    setBusy(false);
    if (ok) {
      setName('');
      setClaims(new Set());
      setTried(false);
    }
  };

  return (
    <form className={styles.form} onSubmit={submit} noValidate data-testid="api-key-form">
      <Field label={t('apiKeys.name')} required validationMessage={tried && !name.trim() ? t('apiKeys.required') : undefined}>
        <Input value={name} maxLength={100} onChange={(_, d) => setName(d.value)} />
      </Field>
      <Field label={t('apiKeys.reach')} required validationMessage={tried && !reach ? t('apiKeys.required') : undefined}>
        <HotelSelect value={reach} onChange={setReach}>
          <option value="" />
          <option value={CHAIN}>{t('apiKeys.wholeChain')}</option>
        </HotelSelect>
      </Field>
      {/* A group of its own, not a Field: a Field gives every box one shared id, so no box had its own name. */}
      <fieldset className={styles.claims} aria-describedby="api-key-claims-hint">
        <legend className={styles.legend}>{t('apiKeys.claims')}</legend>
        <Text id="api-key-claims-hint" size={200}>
          {t('apiKeys.claimsHint')}
        </Text>
        <div className={styles.groups}>
          {offered.map(([category, items]) => (
            <div key={category} className={styles.group} role="group" aria-label={labels.category(category)}>
              <span className={styles.groupName}>{labels.category(category)}</span>
              {items.map((claim) => (
                <Checkbox key={claim} label={labels.action(claim)} checked={claims.has(claim)} onChange={(_, d) => toggle(claim, d.checked === true)} />
              ))}
            </div>
          ))}
        </div>
        {tried && claims.size === 0 && (
          <Text role="alert" className={styles.error}>
            {t('apiKeys.chooseClaim')}
          </Text>
        )}
      </fieldset>
      <div>
        <Button appearance="primary" type="submit" disabled={busy}>
          {t('apiKeys.create')}
        </Button>
      </div>
    </form>
  );
}
