import { Button } from '@fluentui/react-components';
import { useQueryClient } from '@tanstack/react-query';
import { useAtomValue } from 'jotai';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isClaim } from '@shared';
import { call } from '../../../api/client';
import { keys } from '../../../api/query';
import { handleError, showSuccess } from '../../../feedback/handle-error';
import { hasClaim, sessionAtom } from '../../../session/session';
import { DataTable } from '../../../table/DataTable';
import { invalidateOnLiveEvents } from '../../../api/live-invalidation';
import { useListView } from '../../../table/url-view';
import { Collapse } from '../../../ui/Collapse';
import { Panel } from '../../../ui/Panel';
import { ScreenHeader } from '../../../ui/ScreenHeader';
import { DeleteDialog } from '../../../ui/DeleteDialog';
import { EditDialog } from '../../../ui/EditDialog';
import { EntityForm } from './EntityForm';
import { ExcelBar } from '../../../ui/ExcelBar';
import { toBody, toValues, type EntityDescriptor, type FormValues, type LookupSource } from './types';
import { useLookups } from '../../../api/use-lookups';
import { useMasterList } from './use-master-list';
import { exportButton } from '../../../ui/ExportButton';

/** The one master-data screen (SPEC §2), driven by its entity's description. */
export function EntityScreen<Row extends { id: number }>({ descriptor: d }: { descriptor: EntityDescriptor<Row> }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const session = useAtomValue(sessionAtom);
  const client = useQueryClient();
  const [view, setView] = useListView();
  const { rows, loading, server, invalidate } = useMasterList<Row>(d.item, d.api.list, view, setView);
  const [adding, setAdding] = useState(false);
  const [createValues, setCreateValues] = useState<FormValues>(() => toValues(d.fields));
  const [editing, setEditing] = useState<{ row: Row; values: FormValues }>();
  const [removing, setRemoving] = useState<Row>();
  const [acting, setActing] = useState<{ key: string; row: Row }>();

  const sources = useMemo(() => [...new Set(d.fields.flatMap((f) => (f.lookup ? [f.lookup] : [])))] as LookupSource[], [d]);
  const lookups = useLookups(sources, lang);
  const can = (action: string) => {
    // The entity's claim is built from its definition: only a claim of the catalogue can be held.
    const claim = `${d.claim}.${action}`;
    return isClaim(claim) && hasClaim(session, claim);
  };

  // A change re-reads this list and every select (a new hotel appears in the rooms' hotel select).
  const reload = () => {
    void invalidate();
    void client.invalidateQueries({ queryKey: keys.lookups });
  };

  const create = async (values: FormValues) => {
    try {
      showSuccess(await call(d.api.add, { body: toBody(d.fields, values) as never }), t('crud.added'));
      setCreateValues(toValues(d.fields));
      setAdding(false);
      reload();
    } catch (err) {
      handleError(err, t(`errors.${d.errors.create}`));
    }
  };

  const update = async (values: FormValues) => {
    if (!editing) return;
    try {
      showSuccess(await call(d.api.edit, { params: { id: editing.row.id }, body: toBody(d.fields, values) as never }), t('crud.updated'));
      setEditing(undefined);
      reload();
    } catch (err) {
      handleError(err, t(`errors.${d.errors.update}`));
    }
  };

  const remove = async () => {
    if (!removing) return;
    try {
      showSuccess(await call(d.api.remove, { params: { id: removing.id } }), t('crud.removed'));
      setRemoving(undefined);
      reload();
    } catch (err) {
      handleError(err, t(`errors.${d.errors.remove}`));
      if (d.closeDeleteOnError) setRemoving(undefined);
    }
  };

  const title = t(`items.${d.item}`);
  const columns = useMemo(() => d.columns(t, lang, lookups), [d, t, lang, lookups]);
  const nameOf = useCallback((row: Row) => d.nameOf(row, lang), [d, lang]);
  const canEdit = can('Edit');
  const canDelete = can('Delete');
  const onEdit = useMemo(
    () => (canEdit ? (row: Row) => setEditing({ row, values: toValues(d.fields, row as Record<string, unknown>) }) : undefined),
    [canEdit, d],
  );
  const onDelete = useMemo(() => (canDelete ? (row: Row) => setRemoving(row) : undefined), [canDelete]);
  const Toolbar = d.Toolbar;
  const RowDialog = d.rowMenu?.Dialog;
  const has = useCallback((claim: string) => isClaim(claim) && hasClaim(session, claim), [session]);
  const rowMenu = useMemo(
    () => (d.rowMenu ? (row: Row) => d.rowMenu!.items(row, t, has).map((item) => ({ ...item, onClick: () => setActing({ key: item.key, row }) })) : undefined),
    [d, t, has],
  );
  const followsLive = !!d.followsLiveEvents;
  useEffect(() => (followsLive ? invalidateOnLiveEvents(client, keys.basicData(d.item)) : undefined), [followsLive, client, d.item]);

  return (
    <section data-testid={`screen-${d.item}`}>
      <ScreenHeader title={title} adding={adding} onToggleAdd={can('Create') ? () => setAdding((a) => !a) : undefined}>
        {Toolbar && <Toolbar lookups={lookups} />}
        {d.excel && can('Create') && <ExcelBar template={d.excel.template} uploadTo={d.excel.upload} fileName={d.excel.fileName} onUploaded={reload} />}
      </ScreenHeader>
      {can('Create') && (
        <Collapse open={adding} testId="create-panel">
          <Panel>
            <EntityForm fields={d.fields} values={createValues} onChange={setCreateValues} onSubmit={create} lookups={lookups} mode="create" submitLabel={t('common.add')} testId="create-form" />
          </Panel>
        </Collapse>
      )}
      <Panel>
        <DataTable rows={rows} columns={columns} rowName={nameOf} onEdit={onEdit} onDelete={onDelete} rowMenu={rowMenu} loading={loading} renderExport={exportButton(title)} server={server} />
      </Panel>
      <EditDialog open={!!editing} title={t('crud.editTitle', { item: editing ? nameOf(editing.row) : '' })} onClose={() => setEditing(undefined)}>
        {editing && (
          <EntityForm
            fields={d.fields}
            values={editing.values}
            onChange={(values) => setEditing({ ...editing, values })}
            onSubmit={update}
            lookups={lookups}
            mode="edit"
            submitLabel={t('common.update')}
            extraActions={<Button onClick={() => setEditing(undefined)}>{t('common.cancel')}</Button>}
            testId="edit-form"
          />
        )}
      </EditDialog>
      {RowDialog && <RowDialog action={acting} onClose={() => setActing(undefined)} onChanged={() => void invalidate()} />}
      <DeleteDialog
        open={!!removing}
        title={t('crud.deleteTitle', { item: title })}
        name={removing ? nameOf(removing) : ''}
        question={removing && d.deleteQuestion ? d.deleteQuestion(removing, t) : undefined}
        onCancel={() => setRemoving(undefined)}
        onConfirm={remove}
      />
    </section>
  );
}
