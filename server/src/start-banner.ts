import { DEMO_DEPARTMENTS, DEMO_PASSWORD, DEMO_USERS } from './seed/demo';

export interface BannerFacts {
  /** Where this process listens, e.g. http://localhost:8080. */
  url: string;
  /** PUBLIC_URL when it was set to an address guests reach; otherwise the LAN addresses phones could use. */
  publicUrl?: string;
  lanUrls: string[];
  adminEmail: string;
  /** The first admin's password, made on this start: printed here once, never again. */
  generatedPassword?: string;
  /** The first admin has never signed in and its password came from no setting: it may have been lost. */
  adminPasswordMayBeLost: boolean;
  demo: boolean;
}

/**
 * The few lines a person starting the server needs: where the staff app and the guest
 * page are, which address phones use, the first admin's password (once) or how to set a
 * new one, and the demo's sign-ins. Plain text, printed once the server listens.
 */
export function startBanner(f: BannerFacts): string {
  const base = f.publicUrl ?? f.url;
  const lines = [
    '',
    '  Hotel guest service is running.',
    `    Staff app:   ${f.url}/Admin/Login`,
    `    Guest page:  ${base}/Request/Service`,
  ];
  if (!f.publicUrl && f.lanUrls.length) {
    lines.push(`    Phones on this network reach it at ${f.lanUrls.join(' or ')} (set PUBLIC_URL to it so printed QR codes use it).`);
  }
  if (f.generatedPassword) {
    lines.push('', '  Admin account created:', `    e-mail:   ${f.adminEmail}`, `    password: ${f.generatedPassword}`, '  Keep it safe; it is not shown again.');
  } else if (f.adminPasswordMayBeLost) {
    lines.push(
      '',
      `  The admin account ${f.adminEmail} has never signed in. If its password (printed once, on the first start) was lost,`,
      '  stop the server and set a new one:',
      `    npm run admin -- reset-password ${f.adminEmail}`,
    );
  }
  if (f.demo) {
    const width = Math.max(...DEMO_USERS.map((u) => u.email.length));
    const department = (code: string) => DEMO_DEPARTMENTS.find((d) => d.departmentCode === code)?.name ?? code;
    lines.push('', `  Demo sign-ins, each with the password ${DEMO_PASSWORD}:`);
    for (const u of DEMO_USERS) lines.push(`    ${u.email.padEnd(width)}  ${u.roles.join(', ')} (${department(u.department)})`);
    lines.push(`    ${f.adminEmail.padEnd(width)}  Admin (every hotel), with the admin password`);
  }
  lines.push('');
  return lines.join('\n');
}
