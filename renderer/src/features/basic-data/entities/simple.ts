import { endpoints, type Company, type Department, type Hotel, type RoomType, type ServiceGroup, type UseType } from '@shared';
import { displayName } from '@shared/display-names';
import { countryLabel } from '../screen/countries';
import type { EntityDescriptor } from '../screen/types';
import { col, createdAtCol, localName, readerOf } from './columns';
import { targetColumns, targetFields } from './targets';
import '../strings';

export const company: EntityDescriptor<Company> = {
  item: 'Company',
  claim: 'Basic Data.Company',
  api: endpoints.company,
  fields: [
    { name: 'companyCode', label: 'companyCode', kind: 'text', lockedOnEdit: true },
    { name: 'name', label: 'name', kind: 'text' },
    { name: 'countryName', label: 'countryName', kind: 'country' },
  ],
  columns: (t, lang) => [
    col(t, 'companyCode', (r) => r.companyCode),
    col(t, 'name', (r) => r.name, 2),
    col(t, 'countryName', (r) => countryLabel(r.countryName, lang)),
    createdAtCol(t, lang),
  ],
  nameOf: (r) => r.name,
  errors: { create: 'createCompany', update: 'updateCompany', remove: 'removeCompany' },
  closeDeleteOnError: true,
};

export const hotel: EntityDescriptor<Hotel> = {
  item: 'Hotel',
  claim: 'Basic Data.Hotel',
  api: endpoints.hotel,
  fields: [
    { name: 'companyId', label: 'company', kind: 'select', lookup: 'companies' },
    { name: 'hotelCode', label: 'hotelCode', kind: 'text', lockedOnEdit: true },
    { name: 'name', label: 'nameEn', kind: 'text' },
    { name: 'nameAr', label: 'nameAr', kind: 'text' },
    ...targetFields('targets.hotelHint'),
    { name: 'recoveryThreshold', label: 'targets.recoveryThreshold', kind: 'minutes', required: false, hint: 'targets.recoveryHint' },
    { name: 'timeZone', label: 'targets.timeZone', kind: 'text', required: false, hint: 'targets.timeZoneHint' },
    { name: 'escalationDigestMinutes', label: 'targets.escalationDigestMinutes', kind: 'minutes', required: false, hint: 'targets.escalationDigestHint' },
    { name: 'rememberDevice', label: 'targets.rememberDevice', kind: 'switch', required: false, hint: 'targets.rememberDeviceHint' },
    { name: 'bookingPolicy', label: 'bookingPolicy', kind: 'textarea', required: false },
    { name: 'accommodationPolicy', label: 'accommodationPolicy', kind: 'textarea', required: false },
  ],
  columns: (t, lang) => [
    col(t, 'hotelCode', (r) => r.hotelCode),
    col(t, 'name', (r) => (lang === 'ar' ? r.nameAr : r.name), 2, lang === 'ar' ? 'nameAr' : 'name'),
    col(t, 'company', (r) => r.companyName, undefined, 'companyName'),
    ...targetColumns<Hotel>(t),
    createdAtCol(t, lang),
  ],
  nameOf: (r, lang) => (lang === 'ar' ? r.nameAr : r.name),
  errors: { create: 'createHotel', update: 'updateHotel', remove: 'removeHotel' },
};

const bilingual = <Row extends { id: number; nameAr: string; nameEn: string; createdAt: string }>(
  item: 'UseType' | 'RoomType' | 'ServiceGroup',
  claim: string,
  codeField: 'useTypeCode' | 'roomTypeCode' | 'serviceGroupCode',
  api: EntityDescriptor<Row>['api'],
): EntityDescriptor<Row> => ({
  item,
  claim,
  api,
  fields: [
    { name: codeField, label: codeField, kind: 'text', lockedOnEdit: true },
    { name: 'nameEn', label: 'nameEn', kind: 'text' },
    { name: 'nameAr', label: 'nameAr', kind: 'text' },
  ],
  columns: (t, lang) => [
    col(t, codeField, (r) => (r as unknown as Record<string, string>)[codeField]),
    col(t, 'nameEn', (r) => r.nameEn, 2),
    col(t, 'nameAr', (r) => r.nameAr, 2),
    createdAtCol(t, lang),
  ],
  nameOf: localName,
  errors: { create: `create${item}`, update: `update${item}`, remove: `remove${item}` },
});

export const useType = bilingual<UseType>('UseType', 'Basic Data.Use Type', 'useTypeCode', endpoints.useType);
export const roomType: EntityDescriptor<RoomType> = {
  ...bilingual<RoomType>('RoomType', 'Basic Data.Room Type', 'roomTypeCode', endpoints.roomType),
  excel: { template: endpoints.roomTypeTemplate, upload: endpoints.uploadRoomType, fileName: 'RoomTypeTemplate' },
};
const plainServiceGroup = bilingual<ServiceGroup>('ServiceGroup', 'Basic Data.Service Group', 'serviceGroupCode', endpoints.serviceGroup);
/** A service group also gives its services' default targets. */
export const serviceGroup: EntityDescriptor<ServiceGroup> = {
  ...plainServiceGroup,
  fields: [...plainServiceGroup.fields, ...targetFields('targets.groupHint')],
  columns: (t, lang, lookups) => {
    const columns = plainServiceGroup.columns(t, lang, lookups);
    return [...columns.slice(0, -1), ...targetColumns<ServiceGroup>(t), ...columns.slice(-1)];
  },
};

export const department: EntityDescriptor<Department> = {
  item: 'Departments',
  claim: 'Basic Data.Departments',
  api: endpoints.department,
  fields: [
    { name: 'departmentCode', label: 'departmentCode', kind: 'text', lockedOnEdit: true },
    { name: 'name', label: 'name', kind: 'text' },
    { name: 'nameAr', label: 'nameAr', kind: 'text', required: false },
  ],
  columns: (t, lang) => [
    { ...col(t, 'departmentCode', (r) => r.departmentCode), ltr: true },
    col(t, 'name', (r) => r.name, 2),
    col(t, 'nameAr', (r) => r.nameAr ?? '', 2),
    createdAtCol(t, lang),
  ],
  nameOf: (r, lang) => displayName(readerOf(lang), r),
  errors: { create: 'createDepartment', update: 'updateDepartment', remove: 'removeDepartment' },
};
