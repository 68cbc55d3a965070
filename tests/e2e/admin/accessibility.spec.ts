import { expect, test, type Page } from '@playwright/test';
import { BASIC_DATA_ITEMS, clientRoutes } from '@shared/routes';
import type { E2EServer } from '../support/server';
import { adminServer, openMenu } from './admin-support';
import { api, guestRequest, login, screenshot, setLanguage, tokenOf } from './desk-support';
import { axeViolations } from '../support/axe';

/**
 * Every admin screen (each route of the renderer's table, the login page and the common
 * dialogs) at 1366×768 in English and Arabic: axe finds nothing, every focusable control
 * shows a focus ring, the master-data forms line up (once screens.spec.ts), and the lists read at a glance (names not cut to ambiguity, Due as
 * relative time with its clock time as tooltip, every chart bar labelled).
 */
let server: E2EServer;
let ids: { request: string; line: string; role: string; user: string; room: string };
let newRequest: () => Promise<unknown>;

test.use({ viewport: { width: 1366, height: 768 }, bypassCSP: true }); // axe is injected as an inline script, which the CSP rightly forbids

test.beforeAll(async () => {
  test.setTimeout(240_000);
  server = await adminServer();
  const token = await tokenOf(server.url);
  const first = async (route: string) => String((await api<{ id: number | string }[]>(server.url, token, 'GET', route)).body[0].id);
  const { body: hotels } = await api<{ id: number }[]>(server.url, token, 'GET', '/api/BasicData/GenerateHotels');
  const { body: groups } = await api<{ services: { id: number; isSpecial?: boolean }[] }[]>(server.url, undefined, 'GET', '/api/BasicData/GenerateServices');
  // A service of each group (each its own department), so the report's bar chart has a bar per department.
  const services = groups.map((g) => g.services.find((s) => !s.isSpecial)).filter((s) => s !== undefined);
  // Requests in both hotels, so the Hotel column holds two names that start alike.
  await guestRequest(server.url, hotels[0].id, services.map((s) => s.id), 'Jonathan Wellington-Smythe');
  if (hotels[1]) await guestRequest(server.url, hotels[1].id, services.slice(0, 1).map((s) => s.id), 'Layla Hassan');
  newRequest = () => guestRequest(server.url, hotels[0].id, services.slice(0, 1).map((s) => s.id), 'Omar Haddad');
  ids = {
    request: await first('/api/Request/GetAllRequests'),
    line: await first('/api/Request/GetAllServicesRequest'),
    role: await first('/api/Administration/GetAllRoles'),
    user: await first('/api/Administration/GetAllUsers'),
    room: await first('/api/BasicData/GetAllRooms'),
  };
});
test.afterAll(async () => server?.stop());

/**
 * Tabs through the page and names each control that has the keyboard focus without a
 * visible ring (an outline or a box-shadow, on the control or the box drawn around it).
 * The page looks at each control itself as its Tab key comes up (the focus has moved and every focus
 * handler has run by then, as when the test asked after each press): one call to read them all, not
 * one per press.
 */
async function controlsWithoutFocusRing(page: Page, presses = 15): Promise<string[]> {
  await page.locator('body').click({ position: { x: 1, y: 700 } });
  await page.evaluate(() => {
    const w = window as unknown as { __focusMissing: Set<string>; __focusLook?: (e: KeyboardEvent) => void };
    w.__focusMissing = new Set();
    const ringed = (e: Element | null): boolean => {
      for (let node = e, depth = 0; node && depth < 3; node = node.parentElement, depth++) {
        const style = getComputedStyle(node);
        const after = getComputedStyle(node, '::after');
        const outline = style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0;
        const shadow = style.boxShadow !== 'none';
        const afterRing = after.content !== 'none' && (after.borderStyle !== 'none' && parseFloat(after.borderTopWidth) > 0 || after.outlineStyle !== 'none' || after.boxShadow !== 'none');
        if (outline || shadow || afterRing) return true;
      }
      return false;
    };
    w.__focusLook = (event: KeyboardEvent) => {
      if (event.key !== 'Tab') return;
      const el = document.activeElement as HTMLElement | null;
      // The screen's landmark takes the focus when a screen opens (AdminLayout), never a Tab: it is no control.
      if (!el || el === document.body || el.tagName === 'MAIN') return;
      if (el.closest('.ag-tab-guard') || el.classList.contains('ag-tab-guard')) return;
      if (ringed(el)) return;
      w.__focusMissing.add(`${el.tagName.toLowerCase()}${el.getAttribute('role') ? `[role=${el.getAttribute('role')}]` : ''} "${(el.getAttribute('aria-label') ?? el.textContent ?? '').trim().slice(0, 30)}"`);
    };
    document.addEventListener('keyup', w.__focusLook, true);
  });
  for (let i = 0; i < presses; i++) await page.keyboard.press('Tab');
  return page.evaluate(() => {
    const w = window as unknown as { __focusMissing: Set<string>; __focusLook: (e: KeyboardEvent) => void };
    document.removeEventListener('keyup', w.__focusLook, true);
    return [...w.__focusMissing];
  });
}

/** The screens to look at, in the order of the renderer's route table. */
const screens = () => [
  clientRoutes.home,
  ...BASIC_DATA_ITEMS.map((item) => clientRoutes.basicData(item)),
  clientRoutes.requestList,
  clientRoutes.serviceList,
  clientRoutes.requestDetails(ids.request),
  clientRoutes.serviceDetails(ids.line),
  clientRoutes.users,
  clientRoutes.roles,
  clientRoutes.emailSettings,
  clientRoutes.cannedReplies,
  clientRoutes.userRole(ids.user),
  clientRoutes.roleDetail(ids.role),
  clientRoutes.serviceLevels,
  clientRoutes.guestFeedback,
  clientRoutes.roomHistory(ids.room),
];

/**
 * Counts the page's own calls in flight (XMLHttpRequest, as the app's axios sends them, and fetch);
 * the live event stream is an EventSource and is not counted.
 */
function countCalls(): void {
  const w = window as unknown as { __calls: number };
  w.__calls = 0;
  const send = XMLHttpRequest.prototype.send;
  XMLHttpRequest.prototype.send = function (this: XMLHttpRequest, ...args: Parameters<typeof send>) {
    w.__calls++;
    this.addEventListener('loadend', () => void w.__calls--, { once: true });
    return send.apply(this, args);
  };
  const fetch = window.fetch;
  window.fetch = (...args: Parameters<typeof fetch>) => {
    w.__calls++;
    return fetch(...args).finally(() => void w.__calls--);
  };
}

/**
 * A screen at rest: its heading drawn, and for five frames in a row no call of its own in flight, every
 * grid's rows (or no-rows text) drawn, and no spinner or loading overlay (a call that starts once another's answer is drawn starts within a
 * frame or two). axeViolations plays the short animations to their end itself.
 */
async function settle(page: Page) {
  await expect(page.locator('main h1, main h2').first()).toBeVisible({ timeout: 30_000 });
  await page.evaluate(() => void ((window as unknown as { __quiet: number }).__quiet = 0));
  await page.waitForFunction(
    () => {
      const w = window as unknown as { __calls: number; __quiet: number; __shape?: string };
      // Every grid drawn: its rows, or its no-rows text (ag-grid draws rows frames after their data came).
      const grids = [...document.querySelectorAll('.ag-root-wrapper')];
      const gridsDrawn = grids.every((grid) => grid.querySelector('.ag-row, .ag-overlay-no-rows-center'));
      // And laid out: a grid sizes its columns frames after its rows, and until then its viewport may
      // scroll sideways (axe's scrollable-region-focusable saw one mid-way, on a loaded machine).
      const shape = grids.map((grid) => [...grid.querySelectorAll('.ag-body-viewport, .ag-grid-viewport, .ag-center-cols-viewport')].map((v) => `${v.scrollWidth}x${v.scrollHeight}/${v.clientWidth}x${v.clientHeight}`).join()).join(';');
      const moved = shape !== w.__shape;
      w.__shape = shape;
      const busy = w.__calls > 0 || !gridsDrawn || moved || document.querySelector('.ag-overlay-loading-center, .fui-Spinner') !== null;
      w.__quiet = busy ? 0 : w.__quiet + 1;
      return w.__quiet >= 5;
    },
    undefined,
    { polling: 'raf', timeout: 30_000 },
  );
}

/** Moves the signed-in app to a screen as its own links do (no reload: the app and its chunks stay). */
async function visit(page: Page, route: string) {
  await page.evaluate((to) => {
    history.pushState(null, '', to);
    dispatchEvent(new PopStateEvent('popstate'));
  }, route);
  await expect(page).toHaveURL((url) => url.pathname === route);
  await settle(page);
}

/**
 * The closed side menu leaves nothing at the window's start edge (its shadow showed there):
 * a strip along the edge looks exactly like a strip of plain background mid-page.
 */
async function startEdgeIsClear(page: Page, rtl: boolean) {
  const width = page.viewportSize()!.width;
  // 20 px: the edge itself, short of the 24 px page margin where content (Home's second row of tiles) may begin.
  // Against plain background between the header and the page's heading (Home's cards reach y = 600 mid-page).
  const strip = (x: number, y: number) => page.screenshot({ clip: { x, y, width: 20, height: 1 } });
  expect((await strip(rtl ? width - 20 : 0, 600)).equals(await strip(600, 80))).toBe(true);
}

/** The master-data screens whose create panel is one form of one-line inputs. */
const FORM_ITEMS = new Set(['Company', 'Hotel', 'UseType', 'RoomType', 'BookingRoom', 'Room', 'ServiceGroup', 'Service', 'Worker', 'Departments']);

test('the login page passes axe and shows a focus ring on each control', async ({ page }) => {
  await page.goto(`${server.url}${clientRoutes.login}`);
  await expect(page.getByRole('main')).toBeVisible();
  const axe = await axeViolations(page);
  const focus = await controlsWithoutFocusRing(page, 6);
  expect({ axe, focus }).toEqual({ axe: [], focus: [] });
});

/**
 * One walk per language in one page: every screen visited once, looked at as a person would (axe, focus
 * rings, the start edge clear, every master-data form with inputs of one height, a screenshot of each
 * with HOTEL_SCREENSHOTS=1), then a live toast and the common dialogs.
 */
for (const lang of ['en', 'ar'] as const) {
  test(`every admin screen passes axe in ${lang}`, async ({ page }) => {
    test.setTimeout(180_000);
    await page.addInitScript(countCalls);
    await login(page, server.url);
    await setLanguage(page, lang);
    await expect(page.getByTestId('home-figures')).toBeVisible();
    await startEdgeIsClear(page, lang === 'ar');
    await screenshot(page, `screen-home-${lang}`);
    await openMenu(page);
    await screenshot(page, `menu-${lang}`);
    await page.getByTestId('menu-toggle').click();
    const found: Record<string, string[]> = {};
    const note = (name: string, list: string[]) => {
      if (process.env.AXE_LOG) console.log(lang, name, Date.now() % 1e6, JSON.stringify(list));
      if (list.length) found[name] = list;
    };
    for (const route of screens()) {
      await visit(page, route);
      note(route, await axeViolations(page));
      note(`${route} focus`, await controlsWithoutFocusRing(page));
      await screenshot(page, `screen-${route.replace(/^\/Admin\//, '').replace(/\W+/g, '-')}-${lang}`);
    }
    // Each master-data form: one height for every one-line input (a hint under one field, the target
    // minutes, does not stretch the inputs beside it).
    for (const item of BASIC_DATA_ITEMS.filter((i) => FORM_ITEMS.has(i))) {
      await visit(page, clientRoutes.basicData(item));
      const screen = page.getByTestId(`screen-${item}`);
      await screen.getByRole('button', { name: lang === 'en' ? 'Add new' : 'إضافة جديد' }).click();
      const heights = await screen
        .getByTestId('create-panel')
        .locator('span.fui-Input')
        .evaluateAll((els) => [...new Set(els.map((e) => Math.round(e.getBoundingClientRect().height)))]);
      if (heights.length > 1) found[`${item} form`] = [`input heights ${heights.join(', ')}`];
    }
    // A live alert's toast (a guest's new request) is in a landmark and adds no aria-hidden tab stops.
    await visit(page, clientRoutes.home);
    await page.mouse.move(0, 0); // no hover tooltip left over
    await newRequest();
    await expect(page.locator('[data-testid^="toast-"]').first()).toBeVisible({ timeout: 30_000 });
    note('toast', await axeViolations(page));
    // The common dialogs: a master-data edit (its Cancel closes it, nothing saved) and delete.
    await visit(page, clientRoutes.basicData('Room'));
    const table = page.getByTestId('data-table');
    await table.getByRole('button', { name: lang === 'en' ? /^Edit / : /^تعديل / }).first().click();
    await expect(page.getByRole('dialog')).toBeVisible();
    note('room edit dialog', await axeViolations(page));
    await screenshot(page, `screen-room-edit-${lang}`);
    await page.getByRole('dialog').getByRole('button', { name: lang === 'en' ? 'Cancel' : 'إلغاء' }).click();
    await expect(page.getByRole('dialog')).toBeHidden();
    await table.getByRole('button', { name: lang === 'en' ? /^Delete / : /^حذف / }).first().click();
    await expect(page.getByRole('alertdialog')).toBeVisible();
    note('room delete dialog', await axeViolations(page));
    await screenshot(page, `screen-room-delete-${lang}`);
    expect(found).toEqual({});
  });
}

/**
 * Cells of a column cut before the word that tells their text from the other rows'
 * ("Nakhe…" for two hotels both called "Nakheel …"), or cut without the whole text as tooltip.
 */
const ambiguousCells = (page: Page, colId: string, keepApart = true) =>
  page.locator(`.ag-row .ag-cell[col-id="${colId}"] .cell-text`).evaluateAll((els, keepApart) => {
    const texts = els.map((e) => e.textContent ?? '');
    const sorted = [...new Set(texts)].sort();
    const shared = (a: string, b: string) => {
      let i = 0;
      while (i < a.length && i < b.length && a[i] === b[i]) i++;
      return i;
    };
    return els.flatMap((el) => {
      const text = el.textContent ?? '';
      if (el.scrollWidth <= el.clientWidth + 1) return [];
      if (el.getAttribute('title') !== text) return [`${text} (cut, no tooltip)`];
      if (!keepApart) return [];
      const i = sorted.indexOf(text);
      const same = Math.max(shared(text, sorted[i - 1] ?? ''), shared(text, sorted[i + 1] ?? ''));
      const end = text.indexOf(' ', same + 1);
      const range = document.createRange();
      range.setStart(el.firstChild!, 0);
      range.setEnd(el.firstChild!, end === -1 ? text.length : end);
      return range.getBoundingClientRect().width <= el.clientWidth + 1 ? [] : [`${text} (cut before ${JSON.stringify(text.slice(0, end === -1 ? undefined : end))})`];
    });
  }, keepApart);

for (const lang of ['en', 'ar'] as const) {
  test(`the lists and charts read at a glance in ${lang}`, async ({ page }) => {
    test.setTimeout(180_000);
    await login(page, server.url);
    await setLanguage(page, lang);

    await page.goto(`${server.url}${clientRoutes.requestList}`);
    await expect(page.locator('.ag-row').first()).toBeVisible({ timeout: 30_000 });
    expect(await ambiguousCells(page, 'hotelName')).toEqual([]);
    // A list of services wraps to two lines and is cut after them (Status must stay in view in Arabic); the tooltip names them all.
    expect(await ambiguousCells(page, 'services', false)).toEqual([]);
    expect(await ambiguousCells(page, 'custName')).toEqual([]);

    await page.goto(`${server.url}${clientRoutes.serviceList}`);
    await expect(page.locator('.ag-row').first()).toBeVisible({ timeout: 30_000 });
    expect(await ambiguousCells(page, 'hotelName')).toEqual([]);
    expect(await ambiguousCells(page, 'serviceName')).toEqual([]);
    // Due: how far the time is, in words; the clock time in the tooltip.
    const due = page.locator('.ag-cell[col-id="dueAt"] [data-testid="due-badge"]').first();
    await expect(due).toHaveText(lang === 'en' ? /^(in \d|late \d|due now)/ : /^(خلال|متأخر|مستحق الآن)/);
    await expect(due).toHaveAttribute('title', /[\d\u0660-\u0669]{1,2}:[\d\u0660-\u0669]{2}/);
    // The whole badge is shown, not cut.
    expect(await due.evaluate((e) => e.scrollWidth <= e.clientWidth + 1 && e.closest('.ag-cell')!.scrollWidth <= e.closest('.ag-cell')!.clientWidth + 1)).toBe(true);

    await page.goto(`${server.url}${clientRoutes.serviceLevels}`);
    const chart = page.getByTestId('chart-groups');
    await expect(chart.locator('svg').first()).toBeVisible({ timeout: 30_000 });
    // Every bar has its name under it: as many drawn x-axis names as bars.
    const measure = () => chart.evaluate((figure) => {
      const bars = figure.querySelectorAll('rect[role="img"], rect[aria-label], g[role="img"] rect');
      const names = [...figure.querySelectorAll('.tick text, g.tick tspan')].filter((t) => {
        const box = (t as SVGGraphicsElement).getBBox();
        return box.width > 0 && getComputedStyle(t).visibility !== 'hidden' && getComputedStyle(t).display !== 'none' && (t.textContent ?? '').trim() !== '';
      });
      const xTicks = [...figure.querySelectorAll('g.tick')].filter((g) => g.closest('[class*="xAxis"], [id*="xAxis"]'));
      return { bars: bars.length, names: names.map((n) => n.textContent), xTicks: xTicks.map((g) => g.textContent), html: figure.innerHTML.slice(0, 3000) };
    });
    const named = (c: Awaited<ReturnType<typeof measure>>) => c.xTicks.filter((x) => (x ?? '').trim()).length;
    // The chart draws its bars, then their names: wait until it has drawn both (or fail after 10 s).
    await expect
      .poll(async () => {
        const c = await measure();
        return { bars: c.bars > 2, unnamed: c.bars - named(c) };
      }, { timeout: 10_000 })
      .toEqual({ bars: true, unnamed: 0 });
    const counts = await measure();
    if (process.env.AXE_LOG) console.log(JSON.stringify(counts));
    expect(counts.bars).toBeGreaterThan(2);
    expect(named(counts)).toBe(counts.bars);
  });
}
