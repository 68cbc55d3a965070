import type { Language, MessageResponse } from '@shared';
import type { AppContext } from '../../context';
import { AppError } from '../../http/errors';
import { common } from '../../i18n/common.messages';
import { localize } from '../../i18n/localize';
import type { Principal } from '../../security/tokens';
import { ExcelRepository } from './excel.repository';
import { excelMessages as m } from './excel.messages';
import type { Importer } from './importers/importer';
import { RowProblems } from './row-check';
import { buildTemplate } from './template-builder';
import type { Scope } from '../../access/scope';
import { readSheetRows } from './workbook-reader';

/** Enough to fix a file in one pass without an answer of megabytes. */
const MAX_ROW_ERRORS = 1000;

export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

export class ExcelService {
  constructor(private readonly app: AppContext) {}

  async template<C, T, S>(importer: Importer<C, T, S>, scope: Scope, lang: Language): Promise<Buffer> {
    const lookups = await importer.lookups(new ExcelRepository(this.app.database.db), scope, lang);
    return buildTemplate(importer.spec, lookups);
  }

  /**
   * All or nothing: every row is checked first; one problem anywhere and nothing is
   * written and every problem is answered (row, column, reason). A clean file is
   * written in one transaction.
   */
  async upload<C, T, S>(importer: Importer<C, T, S>, bytes: Buffer, lang: Language, caller: Principal): Promise<MessageResponse> {
    const rows = await readSheetRows(bytes, importer.spec);
    const db = this.app.database.db;
    const ctx = await importer.context(new ExcelRepository(db), rows, caller);
    const problems = new RowProblems();
    const items = importer.check(rows, ctx, problems);
    if (problems.count) {
      const rowErrors = problems.render(lang).slice(0, MAX_ROW_ERRORS);
      throw new AppError(400, m.rowsInvalid, { count: problems.count }, [], { rowErrors });
    }
    const saved = await db.transaction((tx) => importer.save(new ExcelRepository(tx), items.map((i) => i.item), lang));
    const note = await importer.afterCommit?.(this.app, saved, lang, caller);
    // The answer says how many rows went in, so whoever uploaded can check it against the sheet.
    const message = `${localize(common.fileUploaded, lang)}. ${localize(m.imported, lang, { count: items.length })}`;
    return { message: note ? `${message}. ${localize(note.message, lang, note.params)}` : message, id: items.length };
  }
}
