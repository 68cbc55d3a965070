import { type APIRequestContext, expect, request as playwrightRequest } from '@playwright/test';
import type { Lookup, RequestDetail, RoomLookup, ServiceLookupGroup, StaffServiceDetails } from '@shared';
import { apiPaths, fillPath } from '@shared/api/paths';
import { E2E_ADMIN } from '../support/server';

export interface GuestData {
  hotel: { id: number; en: string; ar: string };
  room: { id: number; number: string };
  special: { id: number; en: string; ar: string };
  other: { id: number; en: string; ar: string };
}

/** The public API and the admin's, as the browser tests drive them (staff actions, checks). */
export class GuestApi {
  private constructor(
    readonly http: APIRequestContext,
    private readonly token: string,
  ) {}

  static async connect(baseURL: string): Promise<GuestApi> {
    const http = await playwrightRequest.newContext({ baseURL });
    const login = await http.post(`${apiPaths.login}?lang=en`, { data: E2E_ADMIN });
    expect(login.status(), await login.text()).toBe(200);
    return new GuestApi(http, (await login.json()).accessToken);
  }

  async get<T>(path: string, query: Record<string, string | number> = {}, auth = false): Promise<T> {
    const response = await this.http.get(path, { params: { lang: 'en', ...query }, headers: auth ? { authorization: `Bearer ${this.token}` } : {} });
    expect(response.status(), `${path}: ${await response.text()}`).toBe(200);
    return response.json() as Promise<T>;
  }

  async send<T = { message: string; id?: number | string }>(method: 'POST' | 'PUT', path: string, data: unknown, auth = true): Promise<T> {
    const response = await this.http.fetch(`${path}?lang=en`, { method, data, headers: auth ? { authorization: `Bearer ${this.token}` } : {} });
    expect(response.status(), `${method} ${path}: ${await response.text()}`).toBe(200);
    return response.json() as Promise<T>;
  }

  request(id: string): Promise<RequestDetail> {
    return this.get<RequestDetail>(fillPath(apiPaths.userRequestDetails, { id }));
  }

  /** The demo hotel, a room and two services (the Special Request and another), named in both languages. */
  async guestData(): Promise<GuestData> {
    let hotels = await this.get<Lookup[]>(apiPaths.generateHotels);
    // Until the demo seed exists, make the little the guest pages need.
    if (hotels.length === 0) await this.createMinimalHotel();
    hotels = await this.get<Lookup[]>(apiPaths.generateHotels);
    const hotelAr = await this.get<Lookup[]>(apiPaths.generateHotels, { lang: 'ar' });
    const hotel = hotels[0];
    const rooms = await this.get<RoomLookup[]>(apiPaths.generateRooms, { hotelId: hotel.id });
    const flat = async (lang: string) => (await this.get<ServiceLookupGroup[]>(apiPaths.generateServices, { lang })).flatMap((g) => g.services);
    const [en, ar] = [await flat('en'), await flat('ar')];
    const special = en.find((s) => s.isSpecial || s.name === 'Special Request')!;
    const other = en.find((s) => s.id !== special.id)!;
    const nameAr = (id: number) => ar.find((s) => s.id === id)!.name;
    return {
      hotel: { id: hotel.id, en: hotel.name, ar: hotelAr.find((h) => h.id === hotel.id)!.name },
      room: rooms[0],
      special: { id: special.id, en: special.name, ar: nameAr(special.id) },
      other: { id: other.id, en: other.name, ar: nameAr(other.id) },
    };
  }

  /** A request made the way the form makes it, for pages that need one to exist. */
  async addRequest(data: GuestData): Promise<string> {
    const body = {
      custName: 'Layla Hassan',
      custEmail: 'layla@example.com',
      custPhone: '+966 55 123 4567',
      hotelId: data.hotel.id,
      roomId: data.room.id,
      note: '',
      services: [
        { serviceId: data.special.id, note: 'A birthday cake at 8 pm' },
        { serviceId: data.other.id, note: '' },
      ],
    };
    return (await this.send<{ id: string }>('POST', apiPaths.addRequest, body, false)).id;
  }

  /** The links the printed QR sheet holds, by room id (pdfkit writes each QR's link as a plain /URI). */
  async qrLinks(hotelId: number): Promise<Map<number, string>> {
    const response = await this.http.get(apiPaths.roomQrSheet, { params: { hotelId, lang: 'en' }, headers: { authorization: `Bearer ${this.token}` } });
    expect(response.status()).toBe(200);
    const urls = [...(await response.body()).toString('latin1').matchAll(/\/URI \(([^)]*)\)/g)].map((m) => m[1].replace(/\\(.)/g, '$1'));
    return new Map(urls.map((u) => [Number(new URL(u).searchParams.get('roomId')), u]));
  }

  /** Whether staff see the request as from a verified room link. */
  async roomVerified(id: string): Promise<boolean | undefined> {
    return (await this.get<{ roomVerified?: boolean }>(fillPath(apiPaths.requestDetails, { id }), {}, true)).roomVerified;
  }

  staffLine(lineId: number): Promise<StaffServiceDetails> {
    return this.get<StaffServiceDetails>(fillPath(apiPaths.serviceDetails, { id: lineId }), {}, true);
  }

  /** What staff do to finish a request: department for the special line, a worker, then complete with a reply. */
  async completeLine(lineId: number, reply: string): Promise<void> {
    let details = await this.staffLine(lineId);
    if (details.serviceDetails.isSpecial && !details.serviceDetails.specialRequest_DepartmentId) {
      await this.send('PUT', apiPaths.assignServiceToDepartment, { requestDetailsId: lineId, departmentId: details.availableDepartments[0].id });
      details = await this.staffLine(lineId);
    }
    if (!details.serviceDetails.workerId) {
      await this.send('PUT', apiPaths.updateServiceRequestStatus, { requestDetailsId: lineId, status: 'Assigned', note: '', workerId: details.availableWorkers[0].id });
    }
    await this.send('PUT', apiPaths.updateServiceRequestStatus, { requestDetailsId: lineId, status: 'Completed', note: reply });
  }

  private async createMinimalHotel(): Promise<void> {
    const add = (path: string, data: unknown) => this.send<{ id: number }>('POST', path, data);
    const company = await add(apiPaths.company_add, { name: 'E2E Hospitality', countryName: 'Saudi Arabia', companyCode: 'E2E' });
    const hotel = await add(apiPaths.hotel_add, { name: 'E2E Riyadh Hotel', nameAr: 'فندق الرياض', hotelCode: 'E2E-RUH', companyId: company.id });
    const useType = await add(apiPaths.useType_add, { nameEn: 'Guest room', nameAr: 'غرفة نزلاء', useTypeCode: 'GUEST' });
    const roomType = await add(apiPaths.roomType_add, { nameEn: 'Double', nameAr: 'مزدوجة', roomTypeCode: 'DBL' });
    await add(apiPaths.room_add, { number: '101', useTypeId: useType.id, roomTypeId: roomType.id, hotelId: hotel.id });
    const department = await add(apiPaths.department_add, { name: 'Guest Relations', departmentCode: 'GR' });
    const group = await add(apiPaths.serviceGroup_add, { nameEn: 'Other', nameAr: 'أخرى', serviceGroupCode: 'OTH' });
    await add(apiPaths.service_add, { nameEn: 'Special Request', nameAr: 'طلب خاص', serviceGroupId: group.id, departmentId: department.id, serviceCode: 'SPC' });
    await add(apiPaths.service_add, { nameEn: 'Extra towels', nameAr: 'مناشف إضافية', serviceGroupId: group.id, departmentId: department.id, serviceCode: 'TWL' });
    await add(apiPaths.worker_add, { name: 'Omar Al-Anazi', phoneNumber: '+966 58 305 1268', workerCode: 'W-1', departmentId: department.id, hotelIds: [hotel.id] });
  }
}
