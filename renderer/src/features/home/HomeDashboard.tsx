import { Body1, Card, LargeTitle, Spinner, Text, Title3, makeStyles, mergeClasses, tokens } from '@fluentui/react-components';
import { useAtomValue } from 'jotai';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { endpoints, type HomeFigures, clientRoutes } from '@shared';
import { call } from '../../api/client';
import { keys } from '../../api/query';
import { useData } from '../../api/use-data';
import { hasClaim, sessionAtom } from '../../session/session';
import { formatDate } from '../../table/format';
import { invalidateOnLiveEvents } from '../../api/live-invalidation';
import { EscalationMailWarning } from './EscalationMailWarning';
import { durationParts, startOfLocalDay } from './figures';
import { HeldOffShiftTile } from './HeldOffShiftTile';
import './strings';

const useStyles = makeStyles({
  hero: { display: 'flex', flexDirection: 'column', gap: '8px', alignItems: 'center', textAlign: 'center', paddingBlock: '24px' },
  sub: { color: tokens.colorNeutralForeground3 },
  tiles: { display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(220px, 1fr))', gap: '16px' },
  tile: { height: '100%', padding: '16px', ':hover': { boxShadow: tokens.shadow16 } },
  link: { textDecorationLine: 'none', color: 'inherit' },
  value: { fontSize: tokens.fontSizeHero800, fontWeight: tokens.fontWeightSemibold, color: tokens.colorBrandForeground1 },
  list: { margin: 0, paddingInlineStart: '18px', textAlign: 'start' },
  late: { color: tokens.colorPaletteRedForeground1 },
});

const SERVICE_LIST = clientRoutes.serviceList;
/** How often Home reads its figures again without an event (the overdue counts move with the clock). */
export const FIGURES_REFRESH_MS = 30_000;

/** Home: today's figures for the user's hotels (the welcome text stays for users without Request List). */
export function HomeDashboard() {
  const { t, i18n } = useTranslation();
  const styles = useStyles();
  const session = useAtomValue(sessionAtom);
  const allowed = hasClaim(session, 'Service Management.Request List.View');
  const client = useQueryClient();
  // Today's figures through the query cache, read again on every visit (what is cached shows
  // meanwhile) and after live events, once per burst.
  const figuresOf = () => call(endpoints.homeFigures, { query: { since: startOfLocalDay() } });
  const { data: figures } = useData(keys.homeFigures, figuresOf, t('dashboard.loadError'), { enabled: allowed, staleTime: 0 });
  useEffect(() => (allowed ? invalidateOnLiveEvents(client, keys.homeFigures) : undefined), [allowed, client]);
  useEffect(() => {
    if (!allowed) return;
    // Lines fall overdue with time alone, with no event to say so: read the figures again now and then.
    const timer = setInterval(() => void client.invalidateQueries({ queryKey: keys.homeFigures }), FIGURES_REFRESH_MS);
    return () => clearInterval(timer);
  }, [allowed, client]);

  const hero = (
    <section className={styles.hero}>
      <LargeTitle as="h1">{t('home.title')}</LargeTitle>
      <Body1 className={styles.sub}>{allowed ? t('dashboard.title') : t('home.subtitle')}</Body1>
      <EscalationMailWarning />
    </section>
  );
  if (!allowed) return hero;
  if (!figures) return (<>{hero}<Spinner /></>);

  const duration = (m: number | null) => {
    if (m === null) return t('dashboard.none');
    const p = durationParts(m);
    return p.hours ? t('dashboard.hours', p) : t('dashboard.minutes', { count: p.minutes });
  };
  const oldest = figures.waitingLongest[0];
  const serviceList = hasClaim(session, 'Service Management.Service List.View');
  const to = (status?: string, list = SERVICE_LIST) => (list === SERVICE_LIST && !serviceList ? undefined : status ? `${list}?status=${status}` : list);
  const openLines = serviceList ? `${SERVICE_LIST}?open=true` : undefined;

  return (
    <>
      {hero}
      <div className={styles.tiles} data-testid="home-figures">
        {/* The figure counts Open and Assigned lines: the link shows exactly those (open=true), not status Open alone. */}
        <Tile testId="fig-open" label={t('dashboard.open')} value={String(figures.openLines)} to={openLines} />
        <Tile
          testId="fig-waiting"
          label={t('dashboard.waitingLongest')}
          value={oldest ? duration((Date.now() - Date.parse(oldest.createdAt)) / 60000) : t('dashboard.none')}
          to={oldest ? clientRoutes.serviceDetails(oldest.id) : openLines}
        >
          {figures.waitingLongest.length > 0 && (
            <ol className={styles.list}>
              {figures.waitingLongest.map((w) => (
                <li key={w.id}>
                  <Text size={200}>
                    {w.requestCode} · {w.serviceName} · {w.roomNumber} — {t('dashboard.since', { time: formatDate(w.createdAt, i18n.language) })}
                  </Text>
                </li>
              ))}
            </ol>
          )}
        </Tile>
        <OverdueTile figures={figures} list={serviceList ? SERVICE_LIST : clientRoutes.requestList} />
        {serviceList && <HeldOffShiftTile />}
        <Tile testId="fig-completed" label={t('dashboard.completedToday')} value={String(figures.completedToday)} to={to('Completed')} />
        <Tile testId="fig-avg-complete" label={t('dashboard.avgComplete')} value={duration(figures.avgCompleteMinutes)} to={to('Completed')} />
        <Tile
          testId="fig-rating"
          label={t('dashboard.avgRating')}
          value={figures.avgRating === null ? t('dashboard.none') : t('dashboard.ratingValue', { rating: figures.avgRating })}
          to={`${clientRoutes.requestList}?status=Completed`}
        >
          <Text size={200}>{t('dashboard.reviews', { count: figures.reviewsToday })}</Text>
        </Tile>
      </div>
    </>
  );
}

/**
 * The open lines past their due time now, per department of the user's scope,
 * each a link into the queue filtered to that department's overdue lines.
 */
function OverdueTile({ figures, list }: { figures: HomeFigures; list: string }) {
  const { t } = useTranslation();
  const styles = useStyles();
  const rows = figures.overdueByDepartment;
  const total = rows.reduce((sum, r) => sum + r.overdue, 0);
  const queue = (departmentId: number | null) => `${list}?overdue=true${departmentId === null ? '' : `&departmentId=${departmentId}`}`;
  return (
    <Card className={styles.tile} data-testid="fig-overdue">
      <Title3 as="h2">{t('queue.overdueTitle')}</Title3>
      <Link to={queue(null)} className={mergeClasses(styles.link, styles.value, total > 0 && styles.late)} data-testid="fig-overdue-total">
        {String(total)}
      </Link>
      {rows.length === 0 ? (
        <Text size={200}>{t('queue.overdueNone')}</Text>
      ) : (
        <ul className={styles.list}>
          {rows.map((r) => {
            const department = r.departmentName ?? t('queue.noDepartment');
            return (
              <li key={r.departmentId ?? 'none'}>
                <Link to={queue(r.departmentId)} aria-label={t('queue.overdueLink', { department, count: r.overdue })} data-testid="fig-overdue-department">
                  <Text size={200}>
                    {department}: <strong>{r.overdue}</strong>
                  </Text>
                </Link>
              </li>
            );
          })}
        </ul>
      )}
    </Card>
  );
}

function Tile({ label, value, to, testId, children }: { label: string; value: string; to?: string; testId: string; children?: ReactNode }) {
  const styles = useStyles();
  const body = (
    <Card className={styles.tile} data-testid={testId}>
      <Title3 as="h2">{label}</Title3>
      <span className={styles.value}>{value}</span>
      {children}
    </Card>
  );
  return to ? (
    <Link to={to} className={styles.link}>
      {body}
    </Link>
  ) : (
    body
  );
}
