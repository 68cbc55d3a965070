import { defineMessages } from '../../i18n/localize';

export const excelMessages = defineMessages({
  notWorkbook: {
    en: 'This file is not an Excel workbook: upload the .xlsx template',
    ar: 'هذا الملف ليس مصنف Excel: ارفع القالب بصيغة ‎.xlsx',
  },
  legacyXls: {
    en: 'Old Excel 97-2003 (.xls) files cannot be read: open the file in Excel, save it as .xlsx and upload it again',
    ar: 'لا يمكن قراءة ملفات Excel القديمة (‎.xls): افتح الملف في Excel واحفظه بصيغة ‎.xlsx ثم ارفعه مجددًا',
  },
  unreadable: {
    en: 'The workbook could not be read: save it again as .xlsx and retry',
    ar: 'تعذرت قراءة المصنف: احفظه مجددًا بصيغة ‎.xlsx وحاول مرة أخرى',
  },
  unpackedTooLarge: {
    en: 'The workbook is too large once unpacked (at most {mb} MB, {rows} rows and {cells} cells): split it into smaller files',
    ar: 'المصنف كبير جدًا بعد فك ضغطه (الحد {mb} ميجابايت و{rows} صف و{cells} خلية): قسّمه إلى ملفات أصغر',
  },
  noFile: { en: 'Choose an Excel file to upload', ar: 'اختر ملف Excel لرفعه' },
  noSheet: { en: 'The workbook has no sheet to import', ar: 'لا يحتوي المصنف على ورقة للاستيراد' },
  missingColumns: {
    en: 'The sheet is missing the column(s) {columns}: download the template again',
    ar: 'الورقة ينقصها العمود/الأعمدة {columns}: نزّل القالب مجددًا',
  },
  noRows: { en: 'The sheet has no data rows to import', ar: 'لا تحتوي الورقة على صفوف بيانات للاستيراد' },
  tooManyRows: {
    en: 'The sheet has more than {max} rows: split it into smaller files',
    ar: 'تحتوي الورقة على أكثر من {max} صف: قسّمها إلى ملفات أصغر',
  },
  rowsInvalid: {
    en: 'Nothing was imported: {count} problem(s) found in the file',
    ar: 'لم يتم استيراد أي شيء: وُجدت {count} مشكلة في الملف',
  },
  imported: { en: 'Rows imported: {count}', ar: 'الصفوف المستوردة: {count}' },
  unknownCode: { en: 'Unknown code "{code}"', ar: 'رمز غير معروف "{code}"' },
  unknownDepartment: {
    en: 'No one department has the code or the name "{code}"',
    ar: 'لا يوجد قسم واحد بالرمز أو بالاسم "{code}"',
  },
  duplicateInFile: { en: 'Duplicate of row {row} in this file', ar: 'مكرر مع الصف {row} في هذا الملف' },
  alreadyExists: { en: '"{value}" already exists', ar: '"{value}" موجود من قبل' },
  invitationsFailed: {
    en: '{count} invitation e-mail(s) could not be sent ({reason}); the users list marks them, with "Resend invitation" and "Copy invitation link"',
    ar: 'تعذر إرسال {count} من رسائل الدعوة ({reason})؛ تظهر في قائمة المستخدمين مع "إعادة إرسال الدعوة" و"نسخ رابط الدعوة"',
  },
});

/** Texts of the downloaded templates (the instructions sheet, the dropdown error). */
export const templateTexts = defineMessages({
  instructionsTitle: { en: 'How to fill in this template', ar: 'طريقة تعبئة هذا القالب' },
  rule1: {
    en: 'Fill one row per item on the first sheet, starting at row 2. Keep the header row as it is.',
    ar: 'املأ صفًا واحدًا لكل عنصر في الورقة الأولى بدءًا من الصف 2، واترك صف العناوين كما هو.',
  },
  rule2: {
    en: 'Columns ending in "Code" or "Codes" take an item from the dropdown lists (existing items). Departments are listed by name; a department\'s code or its name in the other language is accepted too.',
    ar: 'الأعمدة التي تنتهي بـ "Code" أو "Codes" تأخذ عنصرًا من القوائم المنسدلة (عناصر موجودة). تُعرض الأقسام بأسمائها، ويُقبل أيضًا رمز القسم أو اسمه باللغة الأخرى.',
  },
  rule3: {
    en: 'If any row has a problem, nothing is imported and every problem is listed with its row and column.',
    ar: 'إذا كان في أي صف مشكلة فلن يُستورد شيء، وستظهر كل مشكلة مع رقم صفها وعمودها.',
  },
  rule4: { en: 'Empty rows are skipped. Save the file as .xlsx.', ar: 'تُتجاهل الصفوف الفارغة. احفظ الملف بصيغة ‎.xlsx.' },
  column: { en: 'Column', ar: 'العمود' },
  required: { en: 'Required', ar: 'مطلوب' },
  description: { en: 'Description', ar: 'الوصف' },
  yes: { en: 'Yes', ar: 'نعم' },
  no: { en: 'No', ar: 'لا' },
  pickFromList: { en: 'Choose a value from the list', ar: 'اختر قيمة من القائمة' },
  notInList: { en: 'This value is not in the list', ar: 'هذه القيمة غير موجودة في القائمة' },
});
