import { useTranslation } from 'react-i18next';
import { clientRoutes } from '@shared/routes';
import type { Navigate } from '../App';
import { myRequests } from '../my-requests';

/** "My requests": the requests sent from this device, each opening its Review page. */
export function MyRequests({ navigate, current }: { navigate: Navigate; current?: string }) {
  const { t, i18n } = useTranslation();
  const list = myRequests().filter((r) => r.id !== current);
  if (!list.length) return null;
  const when = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' });
  return (
    <nav className="panel my-requests" aria-labelledby="my-requests-title">
      <h2 id="my-requests-title">{t('myRequests.title')}</h2>
      <ul>
        {list.map((r) => {
          const href = `${clientRoutes.guestReview}?id=${encodeURIComponent(r.id)}`;
          return (
            <li key={r.id}>
              <a
                href={href}
                onClick={(e) => {
                  e.preventDefault();
                  navigate(href);
                }}
              >
                {r.code ? <bdi dir="ltr">{r.code}</bdi> : t('myRequests.request')} · {when.format(new Date(r.at))}
              </a>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
