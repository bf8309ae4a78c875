/**
 * English templates of the independent PII set. Each writes one sample: the kinds of text the
 * brief lists (mail threads with signatures and quotes, minutes, CRM notes, tickets, labels and
 * forms, legal and insurance letters, newsletters, referral letters, chat, CVs, itineraries, bank
 * letters, tables, configuration) and, separately, texts with NO personal data but look-alikes.
 */
import type { Doc } from './doc';
import { ent } from './doc';
import type { Gen } from './gen';
import { handleOf } from './values';

export interface Template {
  id: string;
  /** The kind of text (for the README's table); `negative` templates carry no PII at all. */
  kind: string;
  negative?: boolean;
  run(g: Gen, d: Doc): void;
}

const dayEn = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri'];

export const EN_TEMPLATES: Template[] = [
  {
    id: 'en-mail-reply-quoted',
    kind: 'email thread',
    run(g, d) {
      const a = g.person();
      const b = g.person();
      const org = g.org();
      d.w`Hi ${g.first(b)},\n\nThanks, that works for me. I'll bring the signed copies on ${g.date()}.\n\nBest,\n${g.first(a)}\n\n`;
      d.w`On ${g.pick(dayEn)}, ${g.date()} at ${g.int(8, 17)}:${g.pick(['05', '30', '47'])}, ${g.name(b, 'full')} <${g.email(b, org.domain)}> wrote:\n`;
      d.w`> Hi ${g.first(a)}, could you drop the contracts off at our office? We're at ${g.address()}.\n> Reception will call me when you arrive.\n>\n> ${g.name(b, 'full')}\n> ${g.pick(['Account Manager', 'Head of Procurement', 'Office Manager', 'Senior Associate'])} | ${org.ent}\n> ${g.chance(0.5) ? 'T' : 'Tel.'} ${g.phone()}`;
    },
  },
  {
    id: 'en-mail-signature',
    kind: 'email thread',
    run(g, d) {
      const p = g.person();
      const org = g.org();
      d.w`${g.pick(['Hello team', 'Hi all', 'Dear colleagues', 'Good morning'])},\n\n${g.pick(['please find attached the revised quote', 'the delivery has been moved to next week', 'the audit report is now final', 'I will be out of office until Monday'])}. ${g.pick(['Let me know if anything is unclear.', 'Questions to me as usual.', 'Shout if you need anything.'])}\n\n${g.pick(['Kind regards', 'Cheers', 'Best wishes', 'Regards'])}\n\n`;
      d.w`${g.name(p)}\n${g.pick(['Sales Director', 'Project Lead', 'HR Business Partner', 'Customer Success', 'Paralegal'])}\n${org.ent}\n`;
      if (g.chance(0.7)) d.w`${g.address({ sep: g.chance(0.5) ? '\n' : ', ', withCountry: g.chance(0.4) })}\n`;
      d.w`${g.pick(['Mobile', 'M', 'Direct', 'Phone'])}: ${g.phone()}\n${g.email(p, org.domain)} | ${g.url(org.domain)}`;
      if (g.chance(0.3)) d.w`\n\nThis e-mail and any attachments are confidential. If you are not the intended recipient, please notify the sender and delete it.`;
    },
  },
  {
    id: 'en-mail-forwarded',
    kind: 'email thread',
    run(g, d) {
      const a = g.person();
      const b = g.person();
      d.w`FYI - see below. Can someone from billing pick this up?\n\n---------- Forwarded message ---------\nFrom: ${g.name(a, 'full')} <${g.email(a)}>\nDate: ${g.date()}\nSubject: Re: invoice ${g.int(10000, 99999)}\nTo: ${g.email(b, `${g.pick(['acme-supplies', 'northgate', 'lindqvist'])}.com`)}\n\n`;
      d.w`Hello,\nI was charged twice for the same order. The card used was ${g.card()}. Please refund one of the payments. You can reach me on ${g.phone()} after 5pm.\nThanks, ${g.first(a)}`;
    },
  },
  {
    id: 'en-minutes',
    kind: 'meeting minutes',
    run(g, d) {
      const org = g.org();
      const people = [g.person(), g.person(), g.person(), g.person()];
      d.w`Minutes - ${g.pick(['Steering group', 'Parents’ association', 'Project kickoff', 'Board meeting', 'Quarterly review'])}, ${g.date()}\nPresent: ${g.name(people[0]!)}, ${g.name(people[1]!)} (${org.ent}), ${g.name(people[2]!, 'first_initial')}\nApologies: ${g.name(people[3]!)}\n\n`;
      d.w`1. The venue in ${g.city()} is confirmed for the next session.\n2. ${g.first(people[1]!)} reported that the supplier has agreed to the revised terms.\n3. Action: ${g.first(people[0]!)} to contact ${g.someone()} (${g.phone()}) about the catering by ${g.date()}.\n4. AOB: none.`;
    },
  },
  {
    id: 'en-minutes-actions-table',
    kind: 'meeting minutes',
    run(g, d) {
      d.w`ACTION ITEMS\n| # | Owner | Action | Due |\n|---|---|---|---|\n`;
      for (let i = 1; i <= g.int(2, 4); i++) {
        const p = g.person();
        d.w`| ${i} | ${g.name(p, g.pick(['full', 'first_initial', 'first_only'] as const))} | ${g.pick(['Send revised budget to finance', 'Book the hall', 'Chase the insurer', 'Update the risk register', 'Email the volunteers list'])} | ${g.date()} |\n`;
      }
      d.w`Next meeting: ${g.address({ sep: ', ' })}.`;
    },
  },
  {
    id: 'en-crm-note',
    kind: 'CRM note',
    run(g, d) {
      const p = g.person();
      d.w`${g.date()} - call w/ ${g.title(p)} ${g.last(p)}: ${g.pick(['wants to upgrade to the premium plan', 'complained about late delivery', 'renewal due next month, price sensitive', 'asked for a callback re: invoice'])}. `;
      d.w`Prefers ${g.pick(['email', 'phone', 'WhatsApp'])} - ${g.pick(['email', 'e-mail', 'mail'])} on file ${g.email(p)}, mobile ${g.phone()}. `;
      if (g.chance(0.5)) d.w`Lives in ${g.city()}, moving to ${g.place()} in spring. `;
      if (g.chance(0.4)) d.w`DOB ${g.dob()} (for ID check). `;
      d.w`Next step: ${g.pick(['send proposal', 'follow up Friday', 'loop in legal', 'close ticket'])}.`;
    },
  },
  {
    id: 'en-crm-lowercase',
    kind: 'CRM note',
    run(g, d) {
      const p = g.person();
      const o = g.org();
      d.w`spoke to ${ent('PERSON', `${p.first} ${p.last}`.toLowerCase())} from ${ent('ORGANIZATION', o.name.toLowerCase())} today, they're evaluating us vs. two competitors. decision maker is ${ent('PERSON', g.someone().value.toLowerCase())}. best number ${g.phone()}. `;
      d.w`also mentioned their office in ${ent('LOCATION', g.city().value.toLowerCase())} is closing.`;
    },
  },
  {
    id: 'en-support-ticket',
    kind: 'support ticket',
    run(g, d) {
      const p = g.person();
      d.w`Ticket #${g.int(100000, 999999)} | Priority: ${g.pick(['High', 'Normal', 'Low'])} | Channel: ${g.pick(['Web form', 'Email', 'Phone'])}\nCustomer: ${g.name(p)}\nEmail: ${g.email(p)}\nPhone: ${g.phone()}\n`;
      d.w`Description: ${g.pick(['Cannot log in since the update.', 'Order arrived damaged.', 'Charged the wrong amount.', 'Password reset link never arrives.'])} Last successful login from ${g.ip()} on ${g.date()}.\n`;
      if (g.chance(0.5)) d.w`Agent note: verified identity with postcode and date of birth ${g.dob()}.`;
      else d.w`Agent note: escalated to tier 2 (${g.someone('first_initial')}).`;
    },
  },
  {
    id: 'en-support-chat-transcript',
    kind: 'support ticket',
    run(g, d) {
      const c = g.person();
      const agent = g.person();
      d.w`[${g.int(9, 18)}:${g.int(10, 59)}] ${g.first(agent)} (Support): Hi, thanks for waiting! Can I have the name on the account?\n[${g.int(9, 18)}:${g.int(10, 59)}] Customer: ${g.name(c, 'full')}\n`;
      d.w`[${g.int(9, 18)}:${g.int(10, 59)}] ${g.first(agent)} (Support): And the delivery address?\n[${g.int(9, 18)}:${g.int(10, 59)}] Customer: ${g.address({ sep: ', ' })}\n`;
      d.w`[${g.int(9, 18)}:${g.int(10, 59)}] ${g.first(agent)} (Support): Thanks ${g.first(c)}, I've rebooked the courier.`;
    },
  },
  {
    id: 'en-shipping-label',
    kind: 'shipping label',
    run(g, d) {
      d.caseMode = g.chance(0.6) ? 'upper' : 'as-is';
      const from = g.org();
      const to = g.person();
      d.w`FROM: ${from.ent}\n${g.address({ sep: '\n' })}\n\nSHIP TO:\n${g.name(to, g.pick(['full', 'initials', 'middle_initial'] as const))}\n`;
      if (g.chance(0.25)) d.w`C/O ${g.someone()}\n`;
      d.w`${g.address({ sep: '\n', withCountry: true })}\nTEL ${g.phone()}\nWEIGHT ${g.int(1, 30)}.${g.int(0, 9)} KG  REF ${g.int(1000000, 9999999)}`;
    },
  },
  {
    id: 'en-po-box',
    kind: 'shipping label',
    run(g, d) {
      const p = g.person();
      d.w`Please send the replacement parts to our postal address, not the yard:\n${g.name(p)}\n${g.address({ sep: '\n', poBox: true, withCountry: g.chance(0.3) })}\nThe yard at ${g.city()} has no staffed reception.`;
    },
  },
  {
    id: 'en-form',
    kind: 'form',
    run(g, d) {
      const p = g.person();
      d.w`APPLICATION FORM\nSurname: ${g.last(p)}\nGiven names: ${g.first(p)}\nDate of birth: ${g.dob()}\nPlace of birth: ${g.city()}\nNationality: ${g.nrp('nationality')}\nAddress: ${g.address({ sep: ', ' })}\nTelephone: ${g.phone()}\nEmail: ${g.email(p)}\n`;
      if (g.chance(0.4)) d.w`Emergency contact: ${g.someone()} (${g.pick(['mother', 'partner', 'brother', 'friend'])}), ${g.phone()}\n`;
      d.w`Signature: ________ Date: ${g.date()}`;
    },
  },
  {
    id: 'en-form-inline',
    kind: 'form',
    run(g, d) {
      const p = g.person();
      d.w`name=${g.name(p, 'full')}; dob=${g.dob()}; email=${g.email(p)}; phone=${g.phone()}; city=${g.city()}; consent=yes`;
    },
  },
  {
    id: 'en-legal-letter',
    kind: 'legal letter',
    run(g, d) {
      const client = g.person();
      const firm = g.org();
      const other = g.org();
      d.w`WITHOUT PREJUDICE\n\n${g.org().ent}\n${g.address({ sep: '\n' })}\n\nDear Sirs,\n\nRe: Our client ${g.title(client)} ${g.name(client)} - claim against ${other.ent}\n\n`;
      d.w`We act for the above-named, of ${g.address({ sep: ', ' })}, in connection with the works carried out at the property in ${g.city()}. `;
      d.w`Our client instructs us that the invoice of ${g.date()} does not reflect the agreed price. Please direct all further correspondence to the writer, ${g.someone()}, at ${g.email(undefined, firm.domain)}.\n\nYours faithfully\n\n${firm.ent}`;
    },
  },
  {
    id: 'en-insurance-claim',
    kind: 'insurance claim',
    run(g, d) {
      const p = g.person();
      d.w`Claim notification - policy ${g.pick(['HC', 'MV', 'PL'])}-${g.int(100000, 999999)}\nPolicyholder: ${g.name(p)}, born ${g.dob()}\n`;
      d.w`Incident: ${g.pick(['rear-end collision', 'water damage from a burst pipe', 'theft of a bicycle', 'storm damage to the roof'])} on ${g.date()} near ${g.city()}.\n`;
      d.w`Third party: ${g.someone()}, ${g.phone()}, insured with ${g.org().ent}.\nWitness: ${g.someone()}, ${g.address({ sep: ', ' })}.\nPlease pay any settlement to IBAN ${g.iban()}.`;
    },
  },
  {
    id: 'en-newsletter',
    kind: 'school or club newsletter',
    run(g, d) {
      const org = g.pick(['Riverside Primary', 'Hillcrest Academy', 'Eastfield Swimming Club', 'St Anne’s Choir', 'Parkside Chess Club', 'Northfield Juniors FC']);
      d.w`${ent('ORGANIZATION', org)} - ${g.pick(['Spring', 'Summer', 'Autumn', 'Winter'])} newsletter\n\n`;
      d.w`Congratulations to ${g.someone('full')} (Year ${g.int(3, 11)}) and ${g.someone('full')} for their results at the regional finals in ${g.city()}! `;
      d.w`Our trip to ${g.place()} is fully booked. Thank you to ${g.someone()}'s parents for driving the minibus.\n`;
      d.w`New volunteers please contact our secretary ${g.someone()} at ${g.email()} or call ${g.phone()}.`;
    },
  },
  {
    id: 'en-medical-referral',
    kind: 'medical referral letter',
    run(g, d) {
      const doc = g.person();
      const pat = g.person();
      const gp = g.person();
      const practice = g.org();
      d.w`Dear Dr ${g.last(doc)},\n\nRe: ${g.name(pat)}, DOB ${g.dob()}, ${g.address({ sep: ', ' })}\n\n`;
      d.w`Thank you for seeing this ${g.int(24, 88)}-year-old patient`;
      if (g.chance(0.3)) d.w`, a practising ${g.nrp('religion')} who has asked for a female clinician`;
      d.w`, with ${g.pick(['persistent lower back pain', 'worsening shortness of breath', 'a suspicious skin lesion on the left forearm', 'recurrent migraines'])}. `;
      d.w`${g.pick(['She', 'He', 'They'])} can be reached on ${g.phone()}.\n\nYours sincerely,\n\nDr ${g.name(gp)}\n${practice.ent}\n`;
      const licence = g.pick(['dea', 'dea', 'state', 'gmc'] as const);
      d.w`${{ dea: g.pick(['DEA', 'DEA no.', 'DEA#']), state: g.pick(['License', 'State licence no.']), gmc: 'GMC No.' }[licence]} ${g.medicalLicense(gp, licence)}`;
    },
  },
  {
    id: 'en-prescription',
    kind: 'medical referral letter',
    run(g, d) {
      const prescriber = g.person();
      const pat = g.person();
      d.w`Rx for ${g.name(pat, 'last_first')} (DOB ${g.dob()}): amoxicillin 500 mg, 1 capsule three times daily for 7 days.\nPrescriber: ${g.name(prescriber)}, MD - DEA ${g.medicalLicense(prescriber, 'dea')}, state license ${g.medicalLicense(prescriber, 'state')}`;
    },
  },
  {
    id: 'en-sms',
    kind: 'chat/SMS',
    run(g, d) {
      d.caseMode = g.chance(0.5) ? 'lower' : 'as-is';
      const p = g.person();
      d.w`${g.pick(['hey', 'hiya', 'yo', 'hi'])} its ${g.first(p)}, new number!! save this one: ${g.phone()} `;
      d.w`${g.pick(['meet at', 'see u at', 'we r at'])} ${g.pick(['the pub near', 'starbucks by', 'the station in', 'platform 4,'])} ${g.city()} ${g.pick(['at 7', 'l8r', 'in 10', 'around 6ish'])}`;
    },
  },
  {
    id: 'en-group-chat',
    kind: 'chat/SMS',
    run(g, d) {
      const a = g.person();
      const b = g.person();
      const c = g.person();
      d.w`${g.first(a)}: anyone got ${g.first(c)}'s email?\n${g.first(b)}: ${g.email(c)}\n${g.first(a)}: ta. and is the party still at ${g.address({ sep: ', ' })}?\n${g.first(b)}: yep, ring the bell marked ${g.last(c)}`;
    },
  },
  {
    id: 'en-cv',
    kind: 'CV snippet',
    run(g, d) {
      const p = g.person();
      d.caseMode = 'as-is';
      d.w`${ent('PERSON', `${p.first} ${p.last}`.toUpperCase())}\n${g.city()}, ${g.country()} | ${g.phone()} | ${g.email(p)} | ${ent('URL', `${g.pick(['', 'https://www.', 'www.'])}linkedin.com/in/${handleOf(p.first) ?? 'me'}-${handleOf(p.last) ?? g.int(100, 999)}`)}\n\n`;
      d.w`EXPERIENCE\n${g.int(2012, 2020)}-present  ${g.pick(['Data Analyst', 'Site Engineer', 'Nurse Practitioner', 'Product Manager'])}, ${g.org().ent}, ${g.city()}\n${g.int(2005, 2012)}-${g.int(2012, 2019)}  ${g.pick(['Intern', 'Junior Consultant', 'Teaching Assistant'])}, ${g.org().ent}\n\nReferences: ${g.someone('full')}, ${g.pick(['former manager', 'thesis supervisor'])}, ${g.phone()}`;
    },
  },
  {
    id: 'en-itinerary',
    kind: 'travel itinerary',
    run(g, d) {
      const p = g.person();
      d.w`ITINERARY for ${g.title(p)} ${g.name(p, 'full')}\n\n${g.date()}  ${g.pick(['LH', 'BA', 'KL', 'TK', 'EK'])} ${g.int(100, 9999)}  ${g.city()} -> ${g.city()}  dep ${g.int(6, 22)}:${g.pick(['05', '40', '15'])}\n`;
      d.w`Hotel: ${g.org().ent}, ${g.address({ sep: ', ', withCountry: g.chance(0.5) })}, tel. ${g.phone()}\n`;
      d.w`Driver ${g.someone('first_initial')} will meet you at arrivals with a sign.\nBooking contact: ${g.email()}`;
    },
  },
  {
    id: 'en-bank-letter',
    kind: 'bank correspondence',
    run(g, d) {
      const p = g.person();
      const bank = g.org();
      d.w`${g.title(p)} ${g.name(p)}\n${g.address({ sep: '\n' })}\n\nDear ${g.title(p)} ${g.last(p)},\n\n`;
      d.w`We are writing to confirm that the direct debit from your account ${g.iban()} ${g.pick(['has been cancelled', 'will be collected on the 1st of each month', 'was returned unpaid'])}. `;
      if (g.chance(0.5)) d.w`Your replacement card ending in ${g.int(1000, 9999)} will arrive within five working days. `;
      d.w`If you did not request this, call us on ${g.phone()}.\n\nYours sincerely,\nCustomer Services, ${bank.ent}`;
    },
  },
  {
    id: 'en-us-payroll',
    kind: 'bank correspondence',
    run(g, d) {
      const p = g.person();
      d.w`Direct deposit form\nEmployee: ${g.name(p)}   SSN: ${g.ssn()}\nBank: ${g.org().ent}   Routing: ${g.int(100000000, 999999999)}   Account no.: ${g.bankAccount()}\n`;
      d.w`Employer EIN: ${g.taxId('ein')}\nHome address: ${g.address({ country: { code: 'US', locale: 'en_US' } })}`;
    },
  },
  {
    id: 'en-tax-letter',
    kind: 'bank correspondence',
    run(g, d) {
      const p = g.person();
      const kind = g.pick(['itin', 'utr'] as const);
      d.w`Dear ${g.first(p)},\nthanks for sending your documents. For the return I still need your ${kind === 'itin' ? 'ITIN' : 'Unique Taxpayer Reference'} - is it ${g.taxId(kind)}? The one on last year's file ends differently. `;
      d.w`Also, the refund can go to account ${g.bankAccount()} or to your card ${g.card()}; let me know which.`;
    },
  },
  {
    id: 'en-table-pipe',
    kind: 'tabular lines',
    run(g, d) {
      d.w`Name | City | Phone | Email\n`;
      for (let i = 0; i < g.int(2, 4); i++) {
        const p = g.person();
        d.w`${g.name(p, g.pick(['full', 'last_first'] as const))} | ${g.city()} | ${g.phone()} | ${g.email(p)}\n`;
      }
    },
  },
  {
    id: 'en-csv',
    kind: 'tabular lines',
    run(g, d) {
      d.w`id,first_name,last_name,date_of_birth,ip_address,country\n`;
      for (let i = 0; i < g.int(2, 4); i++) {
        const p = g.person();
        d.w`${g.int(1000, 9999)},${g.first(p)},${g.last(p)},${g.dob()},${g.ip()},${g.country()}\n`;
      }
    },
  },
  {
    id: 'en-hr-note',
    kind: 'HR note',
    run(g, d) {
      const p = g.person();
      d.w`Onboarding checklist for ${g.name(p)} (start ${g.date()}):\n- right to work checked: ${g.nrp('nationality')} passport, visa until ${g.date()}\n- SSN ${g.ssn()} entered in payroll\n- emergency contact: ${g.someone()} ${g.phone()}\n- dietary: ${g.pick(['vegetarian', 'halal', 'kosher', 'none'])}\n- laptop shipped to ${g.address()}`;
    },
  },
  {
    id: 'en-config-leak',
    kind: 'configuration',
    run(g, d) {
      const o = g.org();
      d.w`# .env (staging) - DO NOT COMMIT\nDATABASE_URL=${g.connectionString()}\nPAYMENTS_API_KEY=${g.apiKey()}\nADMIN_EMAIL=${g.email(undefined, o.domain)}\nADMIN_PASSWORD=${g.password()}\nPUBLIC_BASE_URL=${g.url(o.domain)}\nALLOWED_IP=${g.ip()}`;
    },
  },
  {
    id: 'en-it-incident',
    kind: 'configuration',
    run(g, d) {
      const p = g.person();
      d.w`Incident ${g.int(1000, 9999)}: ${g.name(p, 'first_initial')} pasted a token into the public channel (${g.apiKey()}). It was revoked at ${g.int(10, 23)}:${g.int(10, 59)}. `;
      d.w`Failed logins for ${g.email(p)} came from ${g.ip()} and ${g.ip()}. Temporary password ${g.password()} was issued by phone.`;
    },
  },
  {
    id: 'en-places',
    kind: 'narrative with places',
    run(g, d) {
      const p = g.person();
      d.w`${g.name(p, 'full')} grew up in ${g.city()}, studied in ${g.place()} and has lived in ${g.city()} since ${g.int(1990, 2020)}. ${g.pick(['Her', 'His', 'Their'])} family still runs a bakery near ${g.region()}.`;
    },
  },
  {
    id: 'en-typo-note',
    kind: 'text with typos',
    run(g, d) {
      d.typoRate = 0.25;
      const p = g.person();
      d.w`pls call back ${g.title(p)} ${g.last(p)} asap regarding the reciept, number is ${g.phone()} - shes at the ${g.city()} branch untill thursday, otherwise email ${g.email(p)}`;
    },
  },
  {
    id: 'en-address-change',
    kind: 'form',
    run(g, d) {
      const p = g.person();
      d.w`Change of address for member ${g.int(10000, 99999)} (${g.name(p)}):\nOLD: ${g.address({ sep: '\n' })}\nNEW: ${g.address({ sep: '\n', withCountry: true })}\nEffective ${g.date()}.`;
    },
  },
  {
    id: 'en-political-survey',
    kind: 'CRM note',
    run(g, d) {
      const p = g.person();
      d.w`Canvassing notes, ward ${g.int(1, 30)}: ${g.name(p)} at ${g.address({ sep: ', ' })} - ${g.nrp('political')} voter, undecided on the bond measure; spouse ${g.someone('first_only')} ${g.pick(['agrees', 'disagrees'])}. Do not call before 10am: ${g.phone('US')}.`;
    },
  },
  // ----------------------------------------------------------------- negatives: no PII at all
  {
    id: 'en-neg-product',
    kind: 'look-alikes (no PII)',
    negative: true,
    run(g, d) {
      d.w`${g.pick(['Release notes', 'Changelog', 'What’s new'])} v${g.int(1, 14)}.${g.int(0, 30)}.${g.int(0, 9)}: the ${g.pick(['Jordan', 'Victoria', 'Madison', 'Sierra', 'Aurora'])} theme is now the default; SKU ${g.pick(['AB', 'XK', 'QF'])}-${g.int(1000, 9999)}-${g.pick(['X', 'L', 'M'])} was renamed; `;
      d.w`build ${g.int(1, 9)}.${g.int(0, 9)}.${g.int(0, 99)}.${g.int(100, 9999)} fixes the crash when importing files larger than ${g.int(2, 64)} MB. Price unchanged at ${g.int(9, 199)}.99 per seat.`;
    },
  },
  {
    id: 'en-neg-recipe',
    kind: 'look-alikes (no PII)',
    negative: true,
    run(g, d) {
      d.w`${g.pick(['Apple pie', 'Victoria sponge', 'Black Forest gateau', 'Eton mess', 'Bakewell tart', 'Boston cream pie'])} with ${g.pick(['Jordan almonds', 'Brazil nuts', 'Turkish delight', 'Dijon mustard glaze', 'Brussels sprouts (trust me)', 'Chantilly cream'])}: `;
      d.w`preheat the oven to ${g.int(160, 220)} °C, mix ${g.int(100, 400)} g flour with ${g.int(50, 200)} g butter, then add ${g.int(1, 4)} eggs. Bake for ${g.int(20, 60)} minutes. Serves ${g.int(4, 12)}. ${g.pick(['Best with Earl Grey.', 'Pairs well with a glass of Madeira.', 'Swiss roll variation below.', 'French toast leftovers welcome.'])}`;
    },
  },
  {
    id: 'en-neg-furniture',
    kind: 'look-alikes (no PII)',
    negative: true,
    run(g, d) {
      d.w`Our ${g.pick(['Oxford Road', 'Kensington', 'Baker Street', 'Park Avenue', 'Hudson'])} sofa range comes in ${g.int(3, 9)} colours, including ${g.pick(['Sage', 'Rose', 'Ivory', 'Olive', 'Hazel'])} and ${g.pick(['Midnight', 'Ruby', 'Amber', 'Pearl'])}. `;
      d.w`Model ${g.pick(['FR', 'GT', 'KX'])}-${g.int(100, 999)} ships flat-packed (${g.int(2, 5)} boxes, ${g.int(20, 90)} kg). Assembly takes about ${g.int(30, 120)} minutes; spare feet cost ${g.int(5, 20)}.50.`;
    },
  },
  {
    id: 'en-neg-meeting',
    kind: 'look-alikes (no PII)',
    negative: true,
    run(g, d) {
      d.w`Reminder: ${g.pick(['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday'])}'s ${g.pick(['All Hands', 'Town Hall', 'Sprint Review', 'Budget Committee'])} moves to Room ${g.int(1, 5)}.${g.int(10, 40)}. `;
      d.w`Agenda: Q${g.int(1, 4)} figures (revenue up ${g.int(1, 19)}.${g.int(0, 9)}%), the Customer Success roadmap, and Christmas party ideas. Mark the date and bring your Will to Win! Dial-in code ${g.int(100, 999)} ${g.int(100, 999)} ${g.int(1000, 9999)}#.`;
    },
  },
  {
    id: 'en-neg-tech',
    kind: 'look-alikes (no PII)',
    negative: true,
    run(g, d) {
      d.w`Upgrade guide: set ${g.pick(['max_connections', 'worker_threads', 'cache_size'])} to ${g.int(16, 512)} and restart the service. The config key "${g.pick(['password_min_length', 'api_key_header', 'ssn_mask_char'])}" now defaults to ${g.int(8, 16)}. `;
      d.w`Ports ${g.int(8000, 8099)} and ${g.int(9000, 9099)} must be open. See section ${g.int(1, 9)}.${g.int(1, 9)}.${g.int(1, 9)} of the manual, ISBN 978-${g.int(0, 1)}-${g.int(100, 999)}-${g.int(10000, 99999)}-${g.int(0, 9)}.`;
    },
  },
  {
    id: 'en-neg-sports',
    kind: 'look-alikes (no PII)',
    negative: true,
    run(g, d) {
      d.w`Match report: the home side won ${g.int(2, 5)}-${g.int(0, 2)} after a late penalty. Player of the Match went to the number ${g.int(2, 23)}, who also hit the post twice. `;
      d.w`Tickets for the cup tie on Saturday are ${g.int(15, 45)} each; under-16s free. Kick-off ${g.int(12, 19)}:${g.pick(['00', '30'])}, gates open an hour earlier.`;
    },
  },
  {
    id: 'en-neg-finance',
    kind: 'look-alikes (no PII)',
    negative: true,
    run(g, d) {
      d.w`Q${g.int(1, 4)} update: revenue rose ${g.int(1, 9)}.${g.int(0, 9)}% to $${g.int(10, 90)}.${g.int(0, 9)}m; EBITDA margin ${g.int(8, 25)}.${g.int(0, 9)}%; net debt down to ${g.int(1, 9)}.${g.int(0, 9)}x. `;
      d.w`Guidance for FY${g.int(2025, 2027)} is unchanged. The board meets again in June; the dividend of ${g.int(10, 90)}p per share is paid on the ${g.int(1, 28)}th. Hope to see many of you at the AGM.`;
    },
  },
  {
    id: 'en-neg-lab',
    kind: 'look-alikes (no PII)',
    negative: true,
    run(g, d) {
      d.w`Batch ${g.int(2023, 2026)}-${g.int(100, 999)}: pH ${g.int(6, 8)}.${g.int(0, 9)}, ${g.int(20, 40)} °C, ${g.int(1, 9)}% CO2. Centrifuge at ${g.int(2, 9)},000 rpm for ${g.int(5, 20)} min and store at -80 °C. `;
      d.w`Lot ${g.int(10000, 99999)}-${g.pick(['A', 'B', 'C'])} expires ${g.int(2026, 2029)}-${String(g.int(1, 12)).padStart(2, '0')}. Grace period for returns: ${g.int(7, 30)} days.`;
    },
  },
  {
    id: 'en-neg-log',
    kind: 'look-alikes (no PII)',
    negative: true,
    run(g, d) {
      d.w`${g.int(2024, 2026)}-0${g.int(1, 9)}-1${g.int(0, 9)}T${g.int(10, 23)}:${g.int(10, 59)}:${g.int(10, 59)}Z INFO worker-${g.int(1, 9)} processed ${g.int(100, 9999)} jobs in ${g.int(1, 60)}.${g.int(0, 9)} s (p95 ${g.int(10, 300)} ms); queue depth ${g.int(0, 40)}; version ${g.int(1, 9)}.${g.int(0, 20)}.${g.int(0, 99)}; `;
      d.w`cache hit ratio 0.${g.int(50, 99)}; GC pause ${g.int(1, 90)} ms; next run in ${g.int(1, 60)} min.`;
    },
  },
];
