import './strings';
import { Badge, Body1, Button, Card, MessageBar, MessageBarBody, MessageBarTitle, Spinner, Text, Title2, makeStyles, tokens } from '@fluentui/react-components';
import { ArrowLeftRegular, WarningRegular } from '@fluentui/react-icons';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { clientRoutes, endpoints, type RoomHistory, type RoomHistoryLine, type RoomHistoryRequest } from '@shared';
import { formatDate } from '../../table/format';
import { opensRow } from '../../table/grid-keyboard';
import { Panel } from '../../ui/Panel';
import { StatusBadge } from '../service-management';
import { useReport } from './use-report';
import { groupByStay, isolated, stayDates } from '../stays';

const useStyles = makeStyles({
  top: { display: 'flex', alignItems: 'center', gap: '12px', marginBottom: '16px', flexWrap: 'wrap' },
  title: { margin: 0, flexGrow: 1 },
  flip: { ':dir(rtl)': { transform: 'scaleX(-1)' } },
  list: { display: 'flex', flexDirection: 'column', gap: '12px' },
  group: { display: 'flex', flexDirection: 'column', gap: '8px', marginBottom: '20px' },
  card: { padding: '14px', cursor: 'pointer' },
  head: { display: 'flex', alignItems: 'center', gap: '10px', flexWrap: 'wrap' },
  muted: { color: tokens.colorNeutralForeground3 },
  lines: { margin: 0, padding: 0, listStyle: 'none', display: 'flex', flexDirection: 'column', gap: '8px' },
  line: { display: 'grid', gridTemplateColumns: 'minmax(160px, 1.2fr) repeat(auto-fit, minmax(140px, 1fr))', gap: '4px 16px', paddingBlock: '6px', borderTop: `1px solid ${tokens.colorNeutralStroke2}` },
  label: { display: 'block', color: tokens.colorNeutralForeground3 },
});

function Fact({ label, value }: { label: string; value: string | null }) {
  const styles = useStyles();
  return (
    <div>
      <Text size={200} className={styles.label}>
        {label}
      </Text>
      <Text>
        <bdi>{value || '—'}</bdi>
      </Text>
    </div>
  );
}

function LineRow({ line }: { line: RoomHistoryLine }) {
  const { t, i18n } = useTranslation();
  const styles = useStyles();
  const date = (v: string | null) => formatDate(v, i18n.language);
  return (
    <li className={styles.line} data-testid="history-line" data-repeat={line.repeatFault}>
      <div className={styles.head}>
        <Text weight="semibold">{line.serviceName}</Text>
        <StatusBadge status={line.statusName} />
        {line.repeatFault && (
          <Badge color="warning" appearance="tint" icon={<WarningRegular />} data-testid="repeat-fault">
            {t('reports.room.repeatFault')}
          </Badge>
        )}
      </div>
      <Fact label={t('reports.room.department')} value={line.departmentName} />
      <Fact label={t('reports.room.worker')} value={line.workerName} />
      <Fact label={t('reports.room.created')} value={date(line.createdAt)} />
      <Fact label={t('reports.room.acknowledged')} value={date(line.acknowledgedAt)} />
      {line.rejectedAt ? <Fact label={t('reports.room.rejected')} value={date(line.rejectedAt)} /> : <Fact label={t('reports.room.completed')} value={date(line.completedAt)} />}
    </li>
  );
}

function RequestCard({ request: r }: { request: RoomHistoryRequest }) {
  const { t, i18n } = useTranslation();
  const styles = useStyles();
  const navigate = useNavigate();
  return (
    // A click anywhere on the request but on its link opens it, as a row of the lists does (the link is its keyboard way).
    <Card
      className={styles.card}
      data-testid="history-request"
      focusMode="off"
      onClick={(e) => opensRow(e.nativeEvent) && navigate(clientRoutes.requestDetails(r.id))}
    >
      <div className={styles.head}>
        <Link to={clientRoutes.requestDetails(r.id)}>
          <Text weight="semibold">{r.requestCode}</Text>
        </Link>
        <StatusBadge status={r.statusName} />
        <Text className={styles.muted}>{formatDate(r.createdAt, i18n.language)}</Text>
        <Text>
          <bdi>{r.custName}</bdi>
        </Text>
        {r.rating !== null && <Badge appearance="outline">{t('reports.room.rating', { rating: r.rating })}</Badge>}
      </div>
      {r.review && (
        <Text className={styles.muted} block>
          <bdi>{r.review}</bdi>
        </Text>
      )}
      <ul className={styles.lines}>
        {r.lines.map((line) => (
          <LineRow key={line.id} line={line} />
        ))}
      </ul>
    </Card>
  );
}

/** /Admin/Room/History/{roomId}: every request of a room, newest first, grouped by the guest's stay, with repeat faults flagged. */
export function RoomHistoryPage() {
  const { t, i18n } = useTranslation();
  const styles = useStyles();
  const navigate = useNavigate();
  const lang = i18n.language === 'ar' ? 'ar' : 'en';
  const { roomId = '' } = useParams();
  const query = useMemo(() => ({ roomId }), [roomId]);
  const { data, loading } = useReport<typeof endpoints.roomHistory, RoomHistory>(endpoints.roomHistory, query, t('reports.room.loadError'));

  return (
    <section data-testid="room-history">
      <div className={styles.top}>
        <Button icon={<ArrowLeftRegular className={styles.flip} />} onClick={() => navigate(-1)}>
          {t('reports.room.back')}
        </Button>
        <Title2 as="h1" className={styles.title}>
          {data ? t('reports.room.title', { room: data.roomNumber, hotel: data.hotelName }) : ''}
        </Title2>
      </div>
      {loading && !data && <Spinner />}
      {data && data.repeatFaults.length > 0 && (
        <MessageBar intent="warning" data-testid="repeat-faults" style={{ marginBottom: 16 }}>
          <MessageBarBody>
            <MessageBarTitle>{t('reports.room.repeatFaults')}</MessageBarTitle>
            {data.repeatFaults.map((f) => (
              <div key={f.serviceId}>{t('reports.room.repeatLine', { service: f.serviceName, count: f.count, date: formatDate(f.lastAt, i18n.language) })}</div>
            ))}
          </MessageBarBody>
        </MessageBar>
      )}
      {data && (
        <Panel>
          <Body1 className={styles.muted} block style={{ marginBottom: 12 }}>
            {data.requests.length ? t('reports.room.requests', { count: data.requests.length }) : t('reports.room.noRequests')}
          </Body1>
          {groupByStay(data.requests).map((group) => (
            <div key={group.stay?.id ?? 'none'} className={styles.group} data-testid="stay-group">
              <Text as="h2" weight="semibold" size={400} block>
                {group.stay ? t('stays.inStay', { name: isolated(group.stay.guestName), dates: stayDates(t, lang, group.stay) }) : t('stays.noStay')}
              </Text>
              <div className={styles.list}>
                {group.requests.map((r) => (
                  <RequestCard key={r.id} request={r} />
                ))}
              </div>
            </div>
          ))}
        </Panel>
      )}
    </section>
  );
}
