import './strings';
import { Text, makeStyles, tokens } from '@fluentui/react-components';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { endpoints } from '@shared';
import { fillPath } from '@shared/api/paths';
import { http } from '../../api/client';

const useStyles = makeStyles({
  row: { display: 'flex', gap: '8px', flexWrap: 'wrap', marginTop: '4px' },
  photo: { width: '120px', height: '120px', objectFit: 'cover', borderRadius: tokens.borderRadiusMedium, border: `1px solid ${tokens.colorNeutralStroke2}` },
});

/**
 * The photos a worker sent with Done. Read with the user's token (the photo route is not
 * public, so a plain <img src> cannot fetch it) and shown from object URLs.
 */
export function LinePhotos({ photoIds }: { photoIds: string[] }) {
  const { t } = useTranslation();
  const styles = useStyles();
  const [urls, setUrls] = useState<string[]>([]);
  const ids = photoIds.join(',');

  useEffect(() => {
    if (!ids) return;
    let live = true;
    const made: string[] = [];
    void Promise.all(
      ids.split(',').map(async (id) => {
        const res = await http.request<Blob>({ method: 'GET', url: fillPath(endpoints.linePhoto.path, { id }), responseType: 'blob' });
        const url = URL.createObjectURL(res.data);
        made.push(url);
        return url;
      }),
    ).then(
      (all) => live && setUrls(all),
      () => undefined,
    );
    return () => {
      live = false;
      made.forEach((u) => URL.revokeObjectURL(u));
    };
  }, [ids]);

  if (!photoIds.length) return null;
  return (
    <section aria-label={t('phones.photos')} data-testid="line-photos">
      <Text weight="semibold">{t('phones.photos')}</Text>
      <div className={styles.row}>
        {urls.map((url, i) => (
          <a key={url} href={url} target="_blank" rel="noreferrer">
            <img className={styles.photo} src={url} alt={t('phones.photoAlt', { n: i + 1 })} />
          </a>
        ))}
      </div>
    </section>
  );
}
