import type { Language, StaySummary } from '@shared';
import { useTranslation } from 'react-i18next';
import { Facts } from '../../ui/Facts';
import { GuestCheckedOutBadge } from './GuestCheckedOutBadge';
import { stayDates } from './stay-dates';
import './strings';

/** The stay the request was made in, as the PMS gave it: the guest's name and the dates (staff only). */
export function StayFacts({ stay, lang }: { stay: StaySummary; lang: Language }) {
  const { t } = useTranslation();
  return (
    <div data-testid="stay-facts">
      <Facts
        heading={t('stays.heading')}
        facts={[
          [t('stays.guestName'), stay.guestName],
          [t('stays.dates'), stayDates(t, lang, stay)],
        ]}
      />
      <GuestCheckedOutBadge checkedOut={stay.checkedOut} />
    </div>
  );
}
