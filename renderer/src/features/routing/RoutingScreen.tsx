import './strings';
import { Field, Select, Tab, TabList, makeStyles } from '@fluentui/react-components';
import { useAtomValue } from 'jotai';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { hasClaim, sessionAtom } from '../../session/session';
import { Panel } from '../../ui/Panel';
import { ScreenHeader } from '../../ui/ScreenHeader';
import { useWithoutFocusGroups } from '../../ui/use-without-focus-groups';
import { useLookups } from '../../api/use-lookups';
import { HotelSelect } from '../../ui/HotelSelect';
import { PreviewPanel } from './PreviewPanel';
import { RosterPanel } from './RosterPanel';
import { RulesPanel } from './RulesPanel';
import { WorkersPanel } from './WorkersPanel';

const useStyles = makeStyles({ pickers: { display: 'flex', gap: '16px', flexWrap: 'wrap', marginBottom: '12px' } });

type TabName = 'rules' | 'workers' | 'roster';

/** /Admin/BasicData/Routing: a hotel's routing rules with their preview, who is on shift, the weekly rosters. */
export function RoutingScreen() {
  const { t, i18n } = useTranslation();
  const styles = useStyles();
  const session = useAtomValue(sessionAtom);
  const canEdit = hasClaim(session, 'Basic Data.Routing.Edit');
  // The desk may put workers on or off shift without editing the rules.
  const canShift = canEdit || hasClaim(session, 'Service Management.Service List.Assign');
  const lookups = useLookups(['hotels', 'departments', 'serviceGroups'], i18n.language);
  const hotels = lookups.hotels ?? [];
  const departments = lookups.departments ?? [];
  const [hotelId, setHotelId] = useState<number>();
  const [departmentId, setDepartmentId] = useState<number>();
  const [tab, setTab] = useState<TabName>('rules');
  // Fluent groups the tabs for arrow keys and puts aria-hidden stops around them (axe's aria-hidden-focus): plain Tab stops instead.
  const tabs = useRef<HTMLDivElement>(null);
  useWithoutFocusGroups(tabs);
  // The first hotel and department until the user picks others.
  useEffect(() => {
    if (hotelId === undefined && hotels.length) setHotelId(hotels[0].id);
  }, [hotelId, hotels]);
  useEffect(() => {
    if (departmentId === undefined && departments.length) setDepartmentId(departments[0].id);
  }, [departmentId, departments]);
  const department = departments.find((d) => d.id === departmentId);

  return (
    <>
      <ScreenHeader title={t('items.Routing')} />
      <div className={styles.pickers}>
        <Field label={t('routing.hotel')}>
          <HotelSelect hotels={hotels} value={hotelId === undefined ? '' : String(hotelId)} onChange={(id) => setHotelId(Number(id))} />
        </Field>
        {tab !== 'rules' && (
          <Field label={t('routing.department')}>
            <Select value={departmentId === undefined ? '' : String(departmentId)} onChange={(_, d) => setDepartmentId(Number(d.value))}>
              {departments.map((d) => (
                <option key={d.id} value={d.id}>
                  {d.name}
                </option>
              ))}
            </Select>
          </Field>
        )}
      </div>
      <div ref={tabs}>
        <TabList selectedValue={tab} onTabSelect={(_, d) => setTab(d.value as TabName)}>
          <Tab value="rules">{t('routing.tabs.rules')}</Tab>
          <Tab value="workers">{t('routing.tabs.workers')}</Tab>
          <Tab value="roster">{t('routing.tabs.roster')}</Tab>
        </TabList>
      </div>
      {hotelId !== undefined && tab === 'rules' && (
        <>
          <Panel>
            <RulesPanel hotelId={hotelId} canEdit={canEdit} departments={departments} serviceGroups={lookups.serviceGroups ?? []} />
          </Panel>
          <Panel>
            <PreviewPanel hotelId={hotelId} />
          </Panel>
        </>
      )}
      {hotelId !== undefined && tab === 'workers' && (
        <Panel>
          {department ? <WorkersPanel hotelId={hotelId} departmentId={department.id} canEdit={canEdit} canShift={canShift} /> : t('routing.roster.pickDepartment')}
        </Panel>
      )}
      {hotelId !== undefined && tab === 'roster' && (
        <Panel>{department ? <RosterPanel hotelId={hotelId} department={department} canEdit={canEdit} /> : t('routing.roster.pickDepartment')}</Panel>
      )}
    </>
  );
}
