import { renderToString } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { limits } from '../../domain/constants';
import { contactFormMessages, contactLeadSchema } from '../../domain/contact';
import { damageReportFormMessages, damageReportLeadSchema } from '../../domain/damage-report';
import { emergencyFormMessages, emergencyLeadSchema } from '../../domain/emergency';
import { resourceRequestLeadSchema, resourceRequestMessages } from '../../domain/resource-request';
import { resourceCatalogue } from '../../domain/resources';
import { honeypotFieldName } from '../../domain/spam-names';
import { triageInvalidMessage, triageQuestions } from '../../domain/triage';
import { ContactForm } from './contact/contact-form';
import { DamageReportForm } from './damage-report/damage-report-form';
import { EmergencyForm } from './emergency/emergency-form';
import { ResourceRequestPlainForm } from './resource-request/resource-request-plain-form';
import { renderFormHtml, renderThankYouHtml } from './server-render';
import {
  formActions,
  photoFieldName,
  plainFormIds,
  resourceFormAction,
  resourceFormId,
  type FormAnswer,
} from '../../domain/plain-forms';
import { photosDroppedMessage } from './shared/posted-answer';

/** The HTML as a browser would read it. */
function parse(html: string): HTMLElement {
  const container = document.createElement('div');
  container.innerHTML = html;
  return container;
}

/** The one form the HTML holds (and nothing around it). */
function theForm(html: string): HTMLFormElement {
  const container = parse(html);
  expect(container.children).toHaveLength(1);
  const form = container.firstElementChild;
  expect(form?.tagName).toBe('FORM');
  return form as HTMLFormElement;
}

/**
 * The names a posted form must carry: every key of the lead's schema except what the scripts
 * alone send (the kind, which the page implies; the form token; the upload URLs).
 */
function postedNames(shape: Record<string, unknown>): string[] {
  return Object.keys(shape).filter((name) => !['kind', 'formToken', 'images'].includes(name));
}

function field(
  form: HTMLFormElement,
  name: string,
): HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement {
  const found = form.querySelector<HTMLInputElement>(`[name="${name}"]`);
  expect(found, `field ${name}`).not.toBeNull();
  return found!;
}

/** What the server would show for a field: its message, tied to it by aria-describedby. */
function messageOf(form: HTMLFormElement, name: string): string | undefined {
  const control = field(form, name);
  const ids = control.getAttribute('aria-describedby')?.split(' ') ?? [];
  return (
    ids
      .map((id) => form.querySelector(`[id="${id}"]`)?.textContent)
      .find((text) => text?.length && control.getAttribute('aria-invalid') === 'true') ?? undefined
  );
}

/** The option the HTML marks selected (what the browser shows chosen). */
function selectedValue(form: HTMLFormElement, name: string): string | undefined {
  expect(field(form, name).tagName).toBe('SELECT');
  return form.querySelector<HTMLOptionElement>(`select[name="${name}"] option[selected]`)?.value;
}

function summaryLinks(form: HTMLFormElement): { href: string | null; text: string | null }[] {
  const summary = form.querySelector('[role="alert"][aria-labelledby]');
  expect(summary?.textContent).toContain('Ret venligst følgende');
  return [...summary!.querySelectorAll('a')].map((link) => ({
    href: link.getAttribute('href'),
    text: link.textContent,
  }));
}

function submitButton(form: HTMLFormElement): HTMLButtonElement {
  const buttons = form.querySelectorAll<HTMLButtonElement>('button[type="submit"]');
  expect(buttons).toHaveLength(1);
  return buttons[0]!;
}

function expectPlainForm(form: HTMLFormElement, id: string, action: string) {
  expect(form.id).toBe(id);
  expect(form.getAttribute('method')).toBe('post');
  expect(form.getAttribute('action')).toBe(action);
  const button = submitButton(form);
  expect(button.hasAttribute('disabled')).toBe(false);
  expect(button.hasAttribute('aria-disabled')).toBe(false);
  expect(form.querySelector('noscript')).toBeNull();
  expect(field(form, honeypotFieldName).getAttribute('type')).toBe('text');
}

function expectPhotoInput(form: HTMLFormElement, maxImages: number) {
  expect(form.getAttribute('enctype')).toBe('multipart/form-data');
  const input = field(form, photoFieldName) as HTMLInputElement;
  expect(input.getAttribute('type')).toBe('file');
  expect(input.hasAttribute('multiple')).toBe(true);
  expect(input.getAttribute('accept')).toBe('image/*');
  expect(form.querySelector(`label[for="${input.id}"]`)?.textContent).toBe('Tilføj billeder');
  const hint = input
    .getAttribute('aria-describedby')!
    .split(' ')
    .map((id) => form.querySelector(`[id="${id}"]`)?.textContent ?? '')
    .join(' ');
  expect(hint).toContain(`Højst ${maxImages} billeder`);
  expect(hint).toContain(`${limits.maxImageBytes / 1024 / 1024} MB`);
}

describe('the contact form as plain HTML', () => {
  it('posts every field of the schema to its page, with an enabled button', () => {
    const form = theForm(renderToString(<ContactForm />));
    expectPlainForm(form, plainFormIds.kontakt, formActions.kontakt);
    expect(form.getAttribute('enctype')).toBeNull();
    for (const name of postedNames(contactLeadSchema.shape)) field(form, name);
    const service = field(form, 'service') as HTMLSelectElement;
    expect([...service.querySelectorAll('option')].map((option) => option.value)).toContain('genhusning');
    expect(selectedValue(form, 'service')).toBeUndefined();
    expect(form.querySelector('[role="alert"]')).toBeNull();
  });

  it('comes back from the server with the posted values, each message at its field and in the summary', () => {
    const answer: FormAnswer = {
      values: {
        name: '',
        email: 'ane@',
        phone: '22 34 56 78',
        service: 'genhusning',
        message: 'Vi har brug for "hjælp" & <råd>.',
      },
      errors: { name: contactFormMessages.nameRequired, email: contactFormMessages.emailInvalid },
      formError: 'Prøv igen om lidt.',
    };
    const form = theForm(renderFormHtml('kontakt', answer));
    expectPlainForm(form, plainFormIds.kontakt, formActions.kontakt);
    expect((field(form, 'email') as HTMLInputElement).value).toBe('ane@');
    expect((field(form, 'phone') as HTMLInputElement).value).toBe('22 34 56 78');
    expect(selectedValue(form, 'service')).toBe('genhusning');
    expect((field(form, 'message') as HTMLTextAreaElement).value).toBe('Vi har brug for "hjælp" & <råd>.');
    expect(messageOf(form, 'name')).toBe(contactFormMessages.nameRequired);
    expect(messageOf(form, 'email')).toBe(contactFormMessages.emailInvalid);
    expect(messageOf(form, 'phone')).toBeUndefined();
    expect(summaryLinks(form)).toEqual([
      { href: '#contact-name', text: contactFormMessages.nameRequired },
      { href: '#contact-email', text: contactFormMessages.emailInvalid },
    ]);
    expect(form.textContent).toContain('Prøv igen om lidt.');
  });
});

describe('the emergency form as plain HTML', () => {
  it('posts every field of the schema and the photos to its page, with an enabled button', () => {
    const form = theForm(renderToString(<EmergencyForm />));
    expectPlainForm(form, plainFormIds['akut-skade'], formActions['akut-skade']);
    for (const name of postedNames(emergencyLeadSchema.in.shape)) field(form, name);
    expectPhotoInput(form, limits.emergencyMaxImages);
    expect(form.textContent).not.toContain(photosDroppedMessage);
  });

  it('comes back with the posted values and messages, and asks for the photos again when they were dropped', () => {
    const answer: FormAnswer = {
      values: {
        fuldeNavn: 'Ane Jensen',
        adresse: 'Algade 1, 4000 Roskilde',
        telefon: '123',
        email: 'ane@example.dk',
        forsikringsselskab: 'Tryg',
        skadetype: '',
        policeNr: 'P-1',
        skadeNr: '',
        besked: 'Vand i kælderen',
      },
      errors: { telefon: emergencyFormMessages.telefonInvalid, skadetype: emergencyFormMessages.skadetype },
      photosDropped: true,
    };
    const form = theForm(renderFormHtml('akut-skade', answer));
    expect((field(form, 'fuldeNavn') as HTMLInputElement).value).toBe('Ane Jensen');
    expect((field(form, 'adresse') as HTMLInputElement).value).toBe('Algade 1, 4000 Roskilde');
    expect(selectedValue(form, 'forsikringsselskab')).toBe('Tryg');
    expect((field(form, 'policeNr') as HTMLInputElement).value).toBe('P-1');
    expect((field(form, 'besked') as HTMLTextAreaElement).value).toBe('Vand i kælderen');
    expect(messageOf(form, 'telefon')).toBe(emergencyFormMessages.telefonInvalid);
    expect(messageOf(form, 'skadetype')).toBe(emergencyFormMessages.skadetype);
    expect(summaryLinks(form)).toEqual([
      { href: '#akut-telefon', text: emergencyFormMessages.telefonInvalid },
      { href: '#akut-skadetype', text: emergencyFormMessages.skadetype },
    ]);
    expectPhotoInput(form, limits.emergencyMaxImages);
    expect(form.textContent).toContain(photosDroppedMessage);
  });

  it('is prerendered with Privatperson chosen and the express request unticked, and comes back as posted', () => {
    const chosen = (form: HTMLFormElement) =>
      [...form.querySelectorAll<HTMLInputElement>('input[type="radio"][name="personType"]')]
        .filter((radio) => radio.hasAttribute('checked'))
        .map((radio) => radio.value);
    const ticked = (form: HTMLFormElement) =>
      form.querySelector('input[type="checkbox"][name="udtrykkeligAnmodning"]')!.hasAttribute('checked');
    const fresh = theForm(renderToString(<EmergencyForm />));
    expect(chosen(fresh)).toEqual(['privatperson']);
    expect(ticked(fresh)).toBe(false);
    const business = theForm(
      renderFormHtml('akut-skade', { values: { personType: 'virksomhed' }, errors: { fuldeNavn: 'x' } }),
    );
    expect(chosen(business)).toEqual(['virksomhed']);
    expect(ticked(business)).toBe(false);
    const requested = theForm(
      renderFormHtml('akut-skade', {
        values: { personType: 'privatperson', udtrykkeligAnmodning: 'on' },
        errors: { fuldeNavn: 'x' },
      }),
    );
    expect(chosen(requested)).toEqual(['privatperson']);
    expect(ticked(requested)).toBe(true);
  });

  it('comes back with the quick questions answered as posted and a wrong answer named at its question', () => {
    const answer: FormAnswer = {
      values: { fuldeNavn: 'Ane Jensen', personfare: 'ja', kloakvand: 'maaske', saarbare: 'nej' },
      errors: { kloakvand: triageInvalidMessage },
    };
    const form = theForm(renderFormHtml('akut-skade', answer));
    const chosen = (name: string) =>
      [...form.querySelectorAll<HTMLInputElement>(`input[type="radio"][name="${name}"]`)]
        .filter((radio) => radio.hasAttribute('checked'))
        .map((radio) => radio.value);
    expect(chosen('personfare')).toEqual(['ja']);
    expect(chosen('kloakvand')).toEqual([]);
    expect(chosen('ubeboelig')).toEqual([]);
    expect(chosen('saarbare')).toEqual(['nej']);
    const sewage = form.querySelector('[role="radiogroup"][aria-invalid="true"]')!;
    expect(form.querySelector(`[id="${sewage.getAttribute('aria-labelledby')}"]`)?.textContent).toBe(
      triageQuestions.kloakvand,
    );
    expect(form.querySelector(`[id="${sewage.getAttribute('aria-describedby')}"]`)?.textContent).toBe(
      triageInvalidMessage,
    );
    expect(summaryLinks(form)).toEqual([{ href: '#akut-kloakvand-ja', text: triageInvalidMessage }]);
  });
});

describe('the damage report as plain HTML', () => {
  it('posts every field of the schema and the photos to its page, with an enabled button', () => {
    const form = theForm(
      renderToString(
        <MemoryRouter>
          <DamageReportForm />
        </MemoryRouter>,
      ),
    );
    expectPlainForm(form, plainFormIds.anmeldelse, formActions.anmeldelse);
    for (const name of postedNames(damageReportLeadSchema.in.shape)) field(form, name);
    const personTypes = [...form.querySelectorAll<HTMLInputElement>('input[name="personType"]')];
    expect(personTypes.map((radio) => radio.value)).toEqual([
      'privatperson',
      'virksomhed',
      'taksator',
      'skadebehandler',
      'forsikringsmagler',
    ]);
    expect(personTypes.some((radio) => radio.checked)).toBe(false);
    expectPhotoInput(form, limits.reportMaxImages);
  });

  it('marks each conditional block and the radios that show it, for the page style to show and hide', () => {
    const form = theForm(
      renderToString(
        <MemoryRouter>
          <DamageReportForm />
        </MemoryRouter>,
      ),
    );
    const blockOf = (name: string) => field(form, name).closest('[data-branch-fields]');
    expect(blockOf('virksomhedsnavn')?.getAttribute('data-branch-fields')).toBe('company');
    expect(blockOf('cvr')?.getAttribute('data-branch-fields')).toBe('company');
    for (const name of ['rekvirentNavn', 'rekvirentTelefon', 'rekvirentEmail'])
      expect(blockOf(name)?.getAttribute('data-branch-fields')).toBe('requester');
    const branchOf = (value: string) =>
      form.querySelector(`input[name="personType"][value="${value}"]`)?.getAttribute('data-branch');
    expect(branchOf('privatperson')).toBe('consumer');
    expect(blockOf('udtrykkeligAnmodning')?.getAttribute('data-branch-fields')).toBe('consumer');
    expect(branchOf('virksomhed')).toBe('company');
    for (const value of ['taksator', 'skadebehandler', 'forsikringsmagler'])
      expect(branchOf(value)).toBe('requester');
  });

  it("comes back with the person type chosen, the company's fields filled in and their messages", () => {
    const answer: FormAnswer = {
      values: {
        personType: 'virksomhed',
        virksomhedsnavn: '',
        cvr: '1234',
        fuldeNavn: 'Bo Holm',
        telefon: '23456789',
        adresse: 'Algade 1, 4000 Roskilde',
        email: 'bo@example.dk',
        forsikringsselskab: 'Tryg',
        skadetype: 'vandskade',
        besked: '',
      },
      errors: {
        virksomhedsnavn: damageReportFormMessages.virksomhedsnavn,
        cvr: damageReportFormMessages.cvrInvalid,
      },
    };
    const form = theForm(renderFormHtml('anmeldelse', answer));
    const checked = form.querySelector<HTMLInputElement>('input[name="personType"]:checked');
    expect(checked?.value).toBe('virksomhed');
    expect((field(form, 'cvr') as HTMLInputElement).value).toBe('1234');
    expect((field(form, 'fuldeNavn') as HTMLInputElement).value).toBe('Bo Holm');
    expect(selectedValue(form, 'skadetype')).toBe('vandskade');
    expect(messageOf(form, 'virksomhedsnavn')).toBe(damageReportFormMessages.virksomhedsnavn);
    expect(messageOf(form, 'cvr')).toBe(damageReportFormMessages.cvrInvalid);
    expect(summaryLinks(form)).toEqual([
      { href: '#report-virksomhedsnavn', text: damageReportFormMessages.virksomhedsnavn },
      { href: '#report-cvr', text: damageReportFormMessages.cvrInvalid },
    ]);
  });

  it('names a missing person type at the radio group and in the summary', () => {
    const form = theForm(
      renderFormHtml('anmeldelse', {
        values: {},
        errors: { personType: damageReportFormMessages.personType },
      }),
    );
    const group = form.querySelector('[role="radiogroup"]');
    expect(group?.getAttribute('aria-invalid')).toBe('true');
    expect(form.querySelector(`[id="${group?.getAttribute('aria-describedby')}"]`)?.textContent).toBe(
      damageReportFormMessages.personType,
    );
    expect(summaryLinks(form)).toEqual([
      { href: '#report-personType-privatperson', text: damageReportFormMessages.personType },
    ]);
  });
});

describe('the resource request as plain HTML', () => {
  const [ebook, checklist] = resourceCatalogue;

  it('posts the fields of the schema, the resource in hidden fields, to the section that holds it', () => {
    const form = theForm(renderToString(<ResourceRequestPlainForm resource={checklist} />));
    expectPlainForm(form, resourceFormId('skybrud'), resourceFormAction('skybrud'));
    expect(form.getAttribute('action')).toBe('/resources#hent-skybrud');
    for (const name of postedNames(resourceRequestLeadSchema.shape)) field(form, name);
    expect((field(form, 'resourceTitle') as HTMLInputElement).value).toBe(checklist.title);
    expect((field(form, 'resourceType') as HTMLInputElement).value).toBe(checklist.type);
    expect(field(form, 'resourceTitle').getAttribute('type')).toBe('hidden');
  });

  it("comes back as the posted resource's form, with the values and messages", () => {
    const answer: FormAnswer = {
      values: {
        fullName: '',
        email: 'ane@example',
        phone: '22345678',
        companyName: 'Jensen ApS',
        resourceTitle: ebook.title,
      },
      errors: {
        fullName: resourceRequestMessages.requiredDescription,
        email: resourceRequestMessages.emailDescription,
      },
    };
    const form = theForm(renderFormHtml('ressource', answer));
    expect(form.id).toBe(resourceFormId('vaerdiredningsplan'));
    expect((field(form, 'email') as HTMLInputElement).value).toBe('ane@example');
    expect((field(form, 'companyName') as HTMLInputElement).value).toBe('Jensen ApS');
    // Worded per field as the dialog words them, and the dialog's toast above the form.
    expect(form.querySelector('p[role="alert"]')?.textContent).toBe(
      resourceRequestMessages.requiredDescription,
    );
    expect(messageOf(form, 'fullName')).toBe('Udfyld dit fulde navn');
    expect(messageOf(form, 'email')).toBe(resourceRequestMessages.emailDescription);
    expect(summaryLinks(form).map((link) => link.text)).toEqual([
      'Udfyld dit fulde navn',
      resourceRequestMessages.emailDescription,
    ]);
    // The resource named in the options wins over a posted title.
    expect(theForm(renderFormHtml('ressource', answer, { resourceTitle: checklist.title })).id).toBe(
      resourceFormId('skybrud'),
    );
  });

  it('refuses to render a resource that does not exist', () => {
    expect(() => renderFormHtml('ressource', { values: { resourceTitle: 'Ukendt' }, errors: {} })).toThrow();
  });
});

describe('the thank-you section', () => {
  it('shows the reference and the emergency promise of a call', () => {
    const section = parse(renderThankYouHtml('sk-7f3k2', 'akut-skade')).firstElementChild!;
    expect(section.tagName).toBe('SECTION');
    expect(section.id).toBe('tak-besked');
    expect(section.querySelector('section')).toBeNull();
    expect(section.querySelector('[data-testid="reference"]')?.textContent).toContain('SK-7F3K2');
    expect(section.textContent).toContain('Vi ringer til dig inden for 15 minutter');
  });

  it('gives each kind of enquiry its own line', () => {
    expect(renderThankYouHtml('SK-1AB', 'ressource')).toContain('Tjek din e-mail');
    expect(renderThankYouHtml('SK-1AB', 'kontakt')).toContain('Vi læser din besked');
    expect(renderThankYouHtml('SK-1AB', 'anmeldelse')).toContain('inden for 24 timer på hverdage');
  });

  it('refuses a reference the page would not show', () => {
    expect(() => renderThankYouHtml('Ring 90 90 90 90 nu', 'kontakt')).toThrow();
  });
});
