import { Suspense, lazy, useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { clientRoutes } from '@shared/routes';
import { PhoneShell } from '../../clients-kit/Shell';
import { ServicePage } from './service/ServicePage';

// The Review page is split off so the QR-code landing page (Service) loads as little as possible.
const ReviewPage = lazy(() => import('./review/ReviewPage'));

export type Navigate = (href: string) => void;

function useLocation(): [URL, Navigate] {
  const [location, setLocation] = useState(() => new URL(window.location.href));
  useEffect(() => {
    const onPop = () => setLocation(new URL(window.location.href));
    window.addEventListener('popstate', onPop);
    return () => window.removeEventListener('popstate', onPop);
  }, []);
  const navigate = useCallback<Navigate>((href) => {
    window.history.pushState(null, '', href);
    setLocation(new URL(window.location.href));
    window.scrollTo(0, 0);
  }, []);
  return [location, navigate];
}

export function App() {
  const { t } = useTranslation();
  const [location, navigate] = useLocation();
  const isReview = location.pathname.toLowerCase() === clientRoutes.guestReview.toLowerCase();
  useEffect(() => {
    // The Review page names the request in the title; the form has the brand.
    if (!isReview) document.title = t('brand');
  }, [isReview, t]);
  return (
    <PhoneShell>
      {isReview ? (
        <Suspense fallback={<p className="muted" role="status">{t('service.loading')}</p>}>
          <ReviewPage id={location.searchParams.get('id') ?? ''} navigate={navigate} />
        </Suspense>
      ) : (
        <ServicePage query={location.searchParams} navigate={navigate} />
      )}
    </PhoneShell>
  );
}
