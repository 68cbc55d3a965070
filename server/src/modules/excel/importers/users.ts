import { UserInput } from '@shared';
import { type Localized, localize } from '../../../i18n/localize';
import { adminMessages } from '../../administration/administration.messages';
import { isDeliverableEmail, markupErrors } from '../../administration/administration.rules';
import { inviteUser } from '../../administration/invitations';
import { type Scope, canSeeHotel, canSeeUser } from '../../../access/scope';
import { excelMessages } from '../excel.messages';
import { splitCodes } from '../cell-text';
import { DepartmentKeys } from '../department-keys';
import { CodeMap, checkUnique, checkWithSchema, resolveCodes } from '../row-check';
import type { ExcelRepository } from '../excel.repository';
import { type Importer, asLookup } from './importer';

interface Ctx {
  /** What the uploader may give: the same hotels and departments as on the Add User screen. */
  scope: Scope;
  hotels: CodeMap;
  departments: DepartmentKeys;
  userCodes: Set<string>;
  emails: Set<string>;
}

type Saved = Awaited<ReturnType<ExcelRepository['insertUsers']>>;

const LANGUAGE_CHOICES = [
  { code: 'en', name: 'English' },
  { code: 'ar', name: 'العربية' },
];

const COLUMN_OF_FIELD = { hotelIds: 'hotelCodes', departmentIds: 'departmentCodes' };
/** Invitations go out a few at a time: an SMTP server throttles a burst of hundreds. */
const MAIL_CONCURRENCY = 4;

export const userImporter: Importer<Ctx, UserInput, Saved> = {
  spec: {
    fileName: 'UserTemplate',
    sheetName: 'Users',
    columns: [
      { key: 'userCode', required: true, description: { en: 'Unique code of the user', ar: 'رمز فريد للمستخدم' } },
      { key: 'firstName', required: true, description: { en: 'First name', ar: 'الاسم الأول' } },
      { key: 'lastName', required: true, description: { en: 'Last name', ar: 'اسم العائلة' } },
      {
        key: 'email',
        required: true,
        description: { en: 'E-mail address; the invitation to set a password is sent there', ar: 'البريد الإلكتروني؛ تُرسل إليه دعوة تعيين كلمة المرور' },
      },
      { key: 'phoneNumber', required: true, description: { en: 'Phone number, e.g. +966 50 123 4567', ar: 'رقم الهاتف، مثل ‎+966 50 123 4567' } },
      {
        key: 'hotelCodes',
        required: true,
        lookup: 'hotelCode',
        multiple: true,
        description: { en: 'Codes of the hotels the user works for, separated by commas', ar: 'رموز الفنادق التي يعمل بها المستخدم، مفصولة بفواصل' },
      },
      {
        key: 'departmentCodes',
        required: true,
        lookup: 'departmentCode',
        multiple: true,
        acceptsMore: true,
        description: {
          en: 'The user’s departments, by name (English or Arabic) or code, separated by commas',
          ar: 'أقسام المستخدم، بأسمائها (العربية أو الإنجليزية) أو برموزها، مفصولة بفواصل',
        },
      },
      {
        key: 'language',
        required: false,
        lookup: 'language',
        description: {
          en: 'Optional: en or ar, the language of the user’s invitation and password e-mails; empty: the language of whoever uploads the file',
          ar: 'اختياري: en أو ar، لغة رسائل الدعوة وكلمة المرور للمستخدم؛ إذا تُرك فارغًا فلغة من يرفع الملف',
        },
      },
    ],
  },
  async lookups(repo, _scope, lang) {
    const [hotels, departments] = await Promise.all([repo.hotels(), repo.departments()]);
    return { hotelCode: asLookup(hotels), departmentCode: new DepartmentKeys(departments).choices(lang), language: LANGUAGE_CHOICES };
  },
  async context(repo, _rows, caller) {
    const [hotels, departments, users, scope] = await Promise.all([repo.hotels(), repo.departments(), repo.userKeys(), repo.accessOf(caller.userId)]);
    return {
      scope,
      hotels: new CodeMap(hotels),
      departments: new DepartmentKeys(departments),
      // Like AddUser: user codes and e-mails are unique without regard to case.
      userCodes: new Set(users.map((u) => u.userCode.toLowerCase())),
      emails: new Set(users.map((u) => u.email.toLowerCase())),
    };
  },
  check(rows, ctx, problems) {
    const items = rows.flatMap(({ row, values }) => {
      const input = {
        userCode: values.userCode,
        firstName: values.firstName,
        lastName: values.lastName,
        email: values.email,
        phoneNumber: values.phoneNumber,
        hotelIds: resolveCodes(ctx.hotels, splitCodes(values.hotelCodes), row, 'hotelCodes', problems),
        departmentIds: resolveCodes(ctx.departments, splitCodes(values.departmentCodes), row, 'departmentCodes', problems),
        language: values.language?.trim().toLowerCase() || undefined,
      };
      const item = checkWithSchema(UserInput, input, row, COLUMN_OF_FIELD, problems);
      if (!item) return [];
      // The rules AddUser adds to the contract's: no markup in names, an address SMTP accepts.
      const extra = markupErrors({ firstName: item.firstName, lastName: item.lastName, userCode: item.userCode });
      // Like AddUser: only the uploader's own hotels and departments (each column told apart).
      const ownHotels = item.hotelIds.filter((hotelId) => canSeeHotel(ctx.scope, hotelId));
      if (ownHotels.length < item.hotelIds.length) extra.push({ field: 'hotelCodes', message: adminMessages.outsideScope });
      if (!canSeeUser(ctx.scope, { hotelIds: ownHotels, departmentIds: item.departmentIds })) extra.push({ field: 'departmentCodes', message: adminMessages.outsideScope });
      if (!isDeliverableEmail(item.email.toLowerCase())) extra.push({ field: 'email', message: adminMessages.badEmail });
      for (const e of extra) problems.add(row, e.field, e.message, e.params);
      return extra.length ? [] : [{ row, item: { ...item, email: item.email.toLowerCase() } }];
    });
    checkUnique(
      items,
      'userCode',
      (i) => i.userCode.toLowerCase(),
      (code) => ctx.userCodes.has(code),
      (i) => i.userCode,
      problems,
    );
    checkUnique(items, 'email', (i) => i.email, (email) => ctx.emails.has(email), (i) => i.email, problems);
    return items;
  },
  async save(repo, items, lang) {
    return repo.insertUsers(
      items.map(({ hotelIds, departmentIds, language, ...user }) => ({
        user: { ...user, language: language ?? lang },
        hotelIds: [...new Set(hotelIds)],
        departmentIds: [...new Set(departmentIds)],
      })),
    );
  },
  async afterCommit(app, saved, lang, caller) {
    // inviteUser never throws: a mail failure leaves the user, who can be invited again.
    const queue = [...saved];
    const failures: Localized[] = [];
    const worker = async () => {
      for (let user = queue.shift(); user; user = queue.shift()) {
        const result = await inviteUser(app, user, caller.userId);
        if (!result.sent) failures.push(result.reason);
      }
    };
    await Promise.all(Array.from({ length: MAIL_CONCURRENCY }, worker));
    if (!failures.length) return undefined;
    return { message: excelMessages.invitationsFailed, params: { count: failures.length, reason: localize(failures[0], lang) } };
  },
};
