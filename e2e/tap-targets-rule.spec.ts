import { expect, test } from './support';
import { describeOffenders, tapTargetOffenders } from './support/tap-targets';

test.use({ viewport: { width: 390, height: 844 } });

/** The scan's rule on a page made for it: what it must list and what it must leave out. */
test('[ACC-06] the tap-target scan lists small controls by name and leaves out links inside a sentence, hidden controls and labelled checkboxes', async ({
  page,
}) => {
  await page.setContent(`
    <style>.sr-only{position:absolute;width:1px;height:1px;overflow:hidden;clip-path:inset(50%)}</style>
    <a class="sr-only" href="#main">Pular</a>
    <button style="height:30px">Editar</button>
    <button style="height:44px;min-width:44px">Grande</button>
    <p><a href="/termos">Sozinho</a></p>
    <p>Leia os <a href="/termos">termos de uso</a> antes de continuar.</p>
    <div tabindex="0" style="padding:20px"><button style="height:28px" aria-label="Copiar código">⧉</button></div>
    <input id="a" type="checkbox"><label for="a" style="display:block;min-height:44px">Aceito</label>
    <input id="b" type="checkbox"><label for="b">Recusado</label>
    <div style="display:none"><button>Escondido</button></div>
    <div style="overflow:hidden;width:100px"><button style="margin-left:200px;height:20px">Fora da vista</button></div>
  `);
  const names = (await tapTargetOffenders(page)).map((o) => o.name).sort();
  expect(names).toEqual(['Copiar código', 'Editar', 'Recusado', 'Sozinho']);
  // Each listed with its kind and size, for the failure message.
  expect(describeOffenders(await tapTargetOffenders(page))).toContainEqual(expect.stringMatching(/^button "Editar" \d+×30$/));
});
