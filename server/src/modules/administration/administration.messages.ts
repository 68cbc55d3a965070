import { defineMessages } from '../../i18n/localize';

export const adminMessages = defineMessages({
  userAdded: { en: 'User added successfully', ar: 'تمت إضافة المستخدم بنجاح' },
  userAddedNoInvite: {
    en: 'User added, but the invitation e-mail could not be sent ({reason}). In the users list, use "Copy invitation link" to give the link another way, or "Resend invitation" once the e-mail settings work.',
    ar: 'تمت إضافة المستخدم، لكن تعذر إرسال بريد الدعوة ({reason}). من قائمة المستخدمين استخدم "نسخ رابط الدعوة" لإيصال الرابط بطريقة أخرى، أو "إعادة إرسال الدعوة" بعد إصلاح إعدادات البريد.',
  },
  userLanguageSet: { en: 'The language of the user’s e-mails is changed', ar: 'تم تغيير لغة رسائل المستخدم' },
  invitationResent: { en: 'Invitation sent to {email}', ar: 'تم إرسال الدعوة إلى {email}' },
  invitationNotSent: {
    en: 'The invitation e-mail could not be sent ({reason}). Check the e-mail settings and resend it, or use "Copy invitation link" to give the link another way.',
    ar: 'تعذر إرسال بريد الدعوة ({reason}). تحقق من إعدادات البريد وأعد الإرسال، أو استخدم "نسخ رابط الدعوة" لإيصال الرابط بطريقة أخرى.',
  },
  invitationAccepted: {
    en: 'This user has already set a password; if it is lost, they can use "Forgot Password"',
    ar: 'هذا المستخدم عيّن كلمة مرور من قبل؛ إذا نسيها فيمكنه استخدام "نسيت كلمة المرور"',
  },
  invitationUserOff: {
    en: 'This user is switched off; switch them on before inviting them',
    ar: 'هذا المستخدم موقوف؛ أعد تفعيله قبل دعوته',
  },
  invitationAboveRights: {
    en: 'You cannot invite a user who holds permissions you do not hold',
    ar: 'لا يمكنك دعوة مستخدم لديه صلاحيات لا تملكها',
  },
  duplicateEmail: { en: 'The e-mail "{email}" is already used by another user', ar: 'البريد الإلكتروني "{email}" مستخدم لمستخدم آخر' },
  duplicateUserCode: { en: 'The user code "{code}" is already used', ar: 'رمز المستخدم "{code}" مستخدم من قبل' },
  unknownHotels: { en: 'Some of the chosen hotels do not exist: {ids}', ar: 'بعض الفنادق المختارة غير موجودة: {ids}' },
  unknownDepartments: { en: 'Some of the chosen departments do not exist: {ids}', ar: 'بعض الأقسام المختارة غير موجودة: {ids}' },
  userNotFound: { en: 'This user does not exist', ar: 'هذا المستخدم غير موجود' },
  roleNotFound: { en: 'This role does not exist', ar: 'هذا الدور غير موجود' },
  unknownRoles: { en: 'Some of the chosen roles do not exist: {ids}', ar: 'بعض الأدوار المختارة غير موجودة: {ids}' },
  repeatedRoles: { en: 'A role is listed more than once', ar: 'تم إدراج دور أكثر من مرة' },
  duplicateRole: { en: 'A role named "{name}" already exists', ar: 'يوجد دور باسم "{name}" من قبل' },
  userRolesUpdated: { en: 'User roles updated successfully', ar: 'تم تحديث أدوار المستخدم بنجاح' },
  lastAdmin: {
    en: 'This is the last user with the Admin role; give the role to another user first, so nobody is locked out',
    ar: 'هذا آخر مستخدم لديه دور المدير؛ امنح الدور لمستخدم آخر أولًا حتى لا يُغلق النظام أمام الجميع',
  },
  adminRoleOnlyByAdmin: {
    en: 'Only a user with the Admin role can give or take the Admin role',
    ar: 'لا يمكن منح دور المدير أو سحبه إلا من قبل مستخدم لديه دور المدير',
  },
  grantsUnheldClaims: {
    en: 'You cannot give permissions you do not hold yourself: {claims}',
    ar: 'لا يمكنك منح صلاحيات لا تملكها أنت: {claims}',
  },
  removesUnheldClaims: {
    en: 'You cannot take away permissions you do not hold yourself: {claims}',
    ar: 'لا يمكنك سحب صلاحيات لا تملكها أنت: {claims}',
  },
  outsideScope: {
    en: 'You can only give a user hotels and departments that are yours',
    ar: 'يمكنك أن تمنح المستخدم فقط فنادق وأقسامًا تابعة لك',
  },
  ownRoleClaims: {
    en: 'You cannot change the permissions of a role you hold; ask another administrator',
    ar: 'لا يمكنك تغيير صلاحيات دور تملكه؛ اطلب ذلك من مسؤول آخر',
  },
  adminOnly: {
    en: 'Only a user with the Admin role can change an Admin user or the Admin role',
    ar: 'لا يمكن تغيير مستخدم لديه دور المدير أو تغيير دور المدير إلا من قبل مستخدم لديه دور المدير',
  },
  userSwitchedOff: { en: 'The user is switched off: they cannot sign in', ar: 'تم إيقاف المستخدم: لا يمكنه تسجيل الدخول' },
  userSwitchedOn: { en: 'The user is switched on again', ar: 'تمت إعادة تفعيل المستخدم' },
  switchOnlyByAdmin: {
    en: 'Only a user with the Admin role can switch a user off or on',
    ar: 'لا يمكن إيقاف مستخدم أو تفعيله إلا من قبل مستخدم لديه دور المدير',
  },
  cannotSwitchSelf: { en: 'You cannot switch yourself off', ar: 'لا يمكنك إيقاف نفسك' },
  unknownClaims: { en: 'Unknown permissions: {claims}', ar: 'صلاحيات غير معروفة: {claims}' },
  adminRoleFixed: {
    en: 'The Admin role always holds every permission; it cannot be renamed or lose permissions',
    ar: 'دور المدير يملك كل الصلاحيات دائمًا؛ لا يمكن إعادة تسميته أو سحب صلاحيات منه',
  },
  rolePermissionsUpdated: { en: 'Role permissions updated successfully!', ar: 'تم تحديث صلاحيات الدور بنجاح!' },
  noMarkup: { en: 'Must not contain < or >', ar: 'يجب ألا يحتوي على < أو >' },
  badEmail: { en: 'Must Enter Valid Email', ar: 'يجب إدخال بريد إلكتروني صحيح' },
  badHost: { en: 'Enter a host name or an IP address', ar: 'أدخل اسم خادم أو عنوان IP' },
  testEmailSent: { en: 'Test e-mail sent to {to}', ar: 'تم إرسال بريد الاختبار إلى {to}' },
  smtpConnectionAdminOnly: {
    en: 'Only a user with the Admin role can change the e-mail server, its port or its TLS settings',
    ar: 'لا يمكن تغيير خادم البريد أو منفذه أو إعدادات TLS إلا من قبل مستخدم لديه دور المدير',
  },
  smtpPasswordAgain: {
    en: 'Enter the password again: the server, port or user name changed, and a stored password is only sent to the server it was entered for',
    ar: 'أدخل كلمة المرور مرة أخرى: تغيّر الخادم أو المنفذ أو اسم المستخدم، وكلمة المرور المحفوظة لا تُرسل إلا إلى الخادم الذي أُدخلت له',
  },
  testEmailFailed: { en: 'The test e-mail could not be sent: {reason}', ar: 'تعذر إرسال بريد الاختبار: {reason}' },
  testEmailNotConfigured: { en: 'Save the e-mail settings first', ar: 'احفظ إعدادات البريد أولًا' },
});

export const testMail = defineMessages({
  subject: { en: 'Test e-mail from the hotel service system', ar: 'بريد اختبار من نظام خدمات الفندق' },
  body: {
    en: 'This is a test e-mail. If you can read it, the e-mail settings work.',
    ar: 'هذا بريد اختبار. إذا وصلك فإعدادات البريد تعمل.',
  },
});
