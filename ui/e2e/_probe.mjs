import { chromium } from 'playwright-core';
const b = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] });
const p = await b.newPage({ viewport: { width: 1440, height: 900 } });
await p.goto(process.argv[2]);
await p.locator('warwick-game[data-loaded]').waitFor();
await p.waitForTimeout(1500);
console.log(await p.locator('[data-field="status"]').evaluate((e) => e.outerHTML.slice(0, 600)));
console.log(JSON.stringify(await p.locator('[data-field="status"] .chip').boundingBox()));
await b.close();
