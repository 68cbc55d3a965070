import { Button, Spinner, Text, Title2, makeStyles, tokens } from '@fluentui/react-components';
import { ArrowLeftRegular, StarFilled, StarRegular } from '@fluentui/react-icons';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router-dom';
import type { LineStatus, RequestStatus } from '@shared';
import { Panel } from '../../ui/Panel';
import { StatusBadge } from './StatusBadge';
import './strings';

const useStyles = makeStyles({
  top: { display: 'flex', alignItems: 'center', gap: '12px', marginBottom: '16px', flexWrap: 'wrap' },
  title: { margin: 0, flexGrow: 1 },
  flip: { ':dir(rtl)': { transform: 'scaleX(-1)' } },
  stars: { display: 'flex', gap: '2px', color: tokens.colorPaletteMarigoldForeground1, fontSize: '20px' },
  center: { paddingTop: '10vh', textAlign: 'center' },
});

/** The heading of both detail pages: back to the list, the title and the status. */
export function DetailsHeading({ title, status, backTo }: { title: string; status: RequestStatus | LineStatus; backTo: string }) {
  const { t } = useTranslation();
  const styles = useStyles();
  const navigate = useNavigate();
  // Opened from a list: back to that list as it was (page, sort, search and filters are in its URL).
  const from = (useLocation().state as { back?: string } | null)?.back;
  const back = from?.startsWith(backTo) ? from : backTo;
  return (
    <div className={styles.top}>
      <Button icon={<ArrowLeftRegular className={styles.flip} />} onClick={() => navigate(back)}>
        {t('requests.back')}
      </Button>
      <Title2 as="h1" className={styles.title}>
        {title}
      </Title2>
      <StatusBadge status={status} size="extra-large" />
    </div>
  );
}

/** The guest's review: the rating as stars out of 10, then the text. */
export function ReviewPanel({ rating, review }: { rating: number; review: string | null }) {
  const { t } = useTranslation();
  const styles = useStyles();
  return (
    <Panel>
      <Text as="h2" weight="semibold" size={400} block>
        {t('requests.review')}
      </Text>
      <div className={styles.stars} role="img" aria-label={t('requests.ratingOf', { rating })} data-testid="review-rating">
        {Array.from({ length: 10 }, (_, i) => (i < rating ? <StarFilled key={i} /> : <StarRegular key={i} />))}
      </div>
      <Text>{t('requests.ratingOf', { rating })}</Text>
      {review && <Text block data-testid="review-text">{review}</Text>}
    </Panel>
  );
}

export function PageState({ loading, message }: { loading: boolean; message: ReactNode }) {
  const styles = useStyles();
  return <div className={styles.center}>{loading ? <Spinner /> : <Text size={400}>{message}</Text>}</div>;
}
