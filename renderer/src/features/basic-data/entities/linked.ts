import { endpoints, type Room, type Service, type Worker } from '@shared';
import { displayName } from '@shared/display-names';
import { createElement } from 'react';
import { RoomHistoryLink } from '../../reports';
import { RoomQrSheet } from '../screen/RoomQrSheet';
import { WorkerRowDialog, workerMenuItems } from '../../work-phones';
import type { EntityDescriptor } from '../screen/types';
import { col, createdAtCol, localKey, localName, readerOf } from './columns';
import { targetColumns, targetFields } from './targets';
import '../strings';

export const room: EntityDescriptor<Room> = {
  item: 'Room',
  claim: 'Basic Data.Room',
  api: endpoints.room,
  fields: [
    { name: 'number', label: 'number', kind: 'text', lockedOnEdit: true },
    { name: 'hotelId', label: 'hotel', kind: 'select', lookup: 'hotels' },
    { name: 'useTypeId', label: 'useType', kind: 'select', lookup: 'useTypes' },
    { name: 'roomTypeId', label: 'roomType', kind: 'select', lookup: 'roomTypes' },
    // Routing prefers a worker who covers the room's zone.
    { name: 'floor', label: 'floor', kind: 'text', required: false },
    { name: 'zone', label: 'zone', kind: 'text', required: false },
  ],
  columns: (t, lang) => [
    col(t, 'number', (r) => r.number),
    col(t, 'hotel', (r) => r.hotelName, 2, 'hotelName'),
    col(t, 'useType', (r) => (lang === 'ar' ? r.useTypeNameAr : r.useTypeNameEn), undefined, localKey('useTypeName', lang)),
    col(t, 'roomType', (r) => (lang === 'ar' ? r.roomTypeNameAr : r.roomTypeNameEn), undefined, localKey('roomTypeName', lang)),
    col(t, 'floor', (r) => r.floor ?? ''),
    col(t, 'zone', (r) => r.zone ?? ''),
    createdAtCol(t, lang),
    // Every request of the room, newest first; shown to those who may read requests.
    { id: 'history', header: t('reports.room.open'), value: () => '', render: (r) => createElement(RoomHistoryLink, { roomId: r.id, roomNumber: r.number }), exportValue: false, sortKey: false },
  ],
  nameOf: (r) => r.number,
  deleteQuestion: (r, t) => t('masterData.deleteRoomConfirm', { name: r.number, hotel: r.hotelName }),
  errors: { create: 'createRoom', update: 'updateRoom', remove: 'removeRoom' },
  excel: { template: endpoints.roomTemplate, upload: endpoints.uploadRoom, fileName: 'RoomTemplate' },
  Toolbar: RoomQrSheet,
};

export const service: EntityDescriptor<Service> = {
  item: 'Service',
  claim: 'Basic Data.Service',
  api: endpoints.service,
  fields: [
    { name: 'serviceCode', label: 'serviceCode', kind: 'text', lockedOnEdit: true },
    { name: 'nameEn', label: 'nameEn', kind: 'text' },
    { name: 'nameAr', label: 'nameAr', kind: 'text' },
    { name: 'serviceGroupId', label: 'serviceGroup', kind: 'select', lookup: 'serviceGroups' },
    { name: 'departmentId', label: 'department', kind: 'select', lookup: 'departments' },
    ...targetFields('targets.serviceHint'),
    { name: 'searchWordsEn', label: 'searchWordsEn', kind: 'text', required: false, hint: 'fields.searchWordsHint' },
    { name: 'searchWordsAr', label: 'searchWordsAr', kind: 'text', required: false },
    { name: 'scheduleLeadMinutes', label: 'targets.scheduleLeadMinutes', kind: 'minutes', required: false, hint: 'targets.scheduleLeadHint' },
  ],
  columns: (t, lang) => [
    col(t, 'serviceCode', (r) => r.serviceCode),
    col(t, 'name', (r) => localName(r, lang), 2, localKey('name', lang)),
    col(t, 'serviceGroup', (r) => (lang === 'ar' ? r.serviceGroupNameAr : r.serviceGroupNameEn), undefined, localKey('serviceGroupName', lang)),
    col(t, 'department', (r) => r.departmentName, undefined, 'departmentName'),
    ...targetColumns<Service>(t),
    col(t, 'searchWordsEn', (r) => r.searchWordsEn),
    col(t, 'searchWordsAr', (r) => r.searchWordsAr),
    createdAtCol(t, lang),
  ],
  nameOf: localName,
  errors: { create: 'createService', update: 'updateService', remove: 'removeService' },
  excel: { template: endpoints.serviceTemplate, upload: endpoints.uploadService, fileName: 'ServiceTemplate' },
};

export const worker: EntityDescriptor<Worker> = {
  item: 'Worker',
  claim: 'Basic Data.Worker',
  api: endpoints.worker,
  fields: [
    { name: 'workerCode', label: 'workerCode', kind: 'text', lockedOnEdit: true },
    { name: 'name', label: 'name', kind: 'text' },
    { name: 'nameAr', label: 'nameAr', kind: 'text', required: false },
    { name: 'phoneNumber', label: 'phoneNumber', kind: 'phone' },
    { name: 'departmentId', label: 'department', kind: 'select', lookup: 'departments', required: false },
    // The hotels the worker serves (one or more): its phone and routing see only their lines.
    { name: 'hotelIds', label: 'hotels', kind: 'multiselect', lookup: 'hotels', hint: 'fields.workerHotelsHint' },
  ],
  columns: (t, lang) => [
    { ...col(t, 'workerCode', (r) => r.workerCode), ltr: true },
    col(t, 'name', (r) => r.name, 2),
    col(t, 'nameAr', (r) => r.nameAr ?? '', 2),
    // Never cut: a phone number is read whole (the Hotels column beside it takes what is left).
    { ...col(t, 'phoneNumber', (r) => r.phoneNumber), ltr: true, fitContent: true },
    col(t, 'department', (r) => r.departmentName ?? '', undefined, 'departmentName'),
    // A worker the upgrade gave every hotel says so until someone saves it.
    { ...col(t, 'hotels', (r) => (r.hotelsToReview ? `${r.hotelNames.join(', ')} — ${t('fields.hotelsToReview')}` : r.hotelNames.join(', ')), 2), sortKey: false },
    { id: 'phones', header: t('phones.phonesColumn'), value: (r) => r.phones, fitContent: true },
    { id: 'openTasks', header: t('phones.openTasksColumn'), value: (r) => r.openTasks, fitContent: true },
    createdAtCol(t, lang),
  ],
  rowMenu: { items: workerMenuItems, Dialog: WorkerRowDialog },
  followsLiveEvents: true,
  nameOf: (r, lang) => displayName(readerOf(lang), r),
  errors: { create: 'createWorker', update: 'updateWorker', remove: 'removeWorker' },
  excel: { template: endpoints.workerTemplate, upload: endpoints.uploadWorker, fileName: 'WorkerTemplate' },
};
