/**
 * German templates of the independent PII set, written in German (not translated from the English
 * ones): E-Mail-Verläufe, Protokolle, Kundennotizen, Tickets, Paketscheine und Formulare,
 * Anwalts- und Versicherungsschreiben, Eltern- und Vereinsbriefe, Arztbriefe, Chats, Lebensläufe,
 * Reisepläne, Bankschreiben, Tabellen, Konfiguration, Texte mit Tippfehlern, and look-alikes.
 */
import { ent } from './doc';
import type { Template } from './templates-en';
import { handleOf } from './values';

const wochentag = ['Mo.', 'Di.', 'Mi.', 'Do.', 'Fr.'];

export const DE_TEMPLATES: Template[] = [
  {
    id: 'de-mail-zitat',
    kind: 'email thread',
    run(g, d) {
      const a = g.person();
      const b = g.person();
      const org = g.org();
      d.w`Hallo ${g.title(b)} ${g.last(b)},\n\nvielen Dank, der Termin passt. Ich bringe die Unterlagen am ${g.date()} vorbei.\n\nViele Grüße\n${g.name(a, 'full')}\n\n`;
      d.w`Am ${g.pick(wochentag)}, ${g.date()} um ${g.int(8, 17)}:${g.pick(['05', '30', '47'])} schrieb ${g.name(b, 'full')} <${g.email(b, org.domain)}>:\n`;
      d.w`> Sehr geehrte${a.sex === 'female' ? ' Frau' : 'r Herr'} ${g.last(a)},\n> bitte geben Sie die Verträge bei uns am Empfang ab: ${g.address()}.\n> Rückfragen gern unter ${g.phone()}.\n>\n> Mit freundlichen Grüßen\n> ${g.name(b, 'full')}\n> ${org.ent}`;
    },
  },
  {
    id: 'de-mail-signatur',
    kind: 'email thread',
    run(g, d) {
      const p = g.person();
      const org = g.org();
      d.w`${g.pick(['Liebe Kolleginnen und Kollegen', 'Hallo zusammen', 'Guten Morgen', 'Moin'])},\n\n${g.pick(['anbei das überarbeitete Angebot', 'die Lieferung verschiebt sich auf nächste Woche', 'der Prüfbericht ist jetzt final', 'ich bin bis Montag nicht im Büro'])}. ${g.pick(['Bei Fragen meldet euch gern.', 'Rückfragen bitte an mich.', 'Danke euch!'])}\n\n${g.pick(['Beste Grüße', 'Viele Grüße', 'Mit freundlichen Grüßen', 'LG'])}\n`;
      d.w`${g.name(p)}\n${g.pick(['Teamleitung Einkauf', 'Sachbearbeiterin Personal', 'Geschäftsführer', 'Projektleitung', 'Assistenz der Geschäftsleitung'])}\n\n${org.ent}\n${g.address({ sep: '\n', country: g.chance(0.7) ? { code: 'DE', locale: 'de' } : undefined })}\nTel.: ${g.phone()}\nMobil: ${g.phone()}\nE-Mail: ${g.email(p, org.domain)}\n${g.url(org.domain)}\n`;
      if (g.chance(0.5)) d.w`Sitz der Gesellschaft: ${g.city()} | Registergericht: ${ent('ORGANIZATION', `Amtsgericht ${g.city().value}`)} HRB ${g.int(1000, 99999)} | USt-IdNr.: ${ent('TAX_ID', `DE${g.int(100000000, 999999999)}`)}`;
    },
  },
  {
    id: 'de-mail-weiterleitung',
    kind: 'email thread',
    run(g, d) {
      const a = g.person();
      d.w`Zur Info, kann das bitte jemand aus der Buchhaltung übernehmen?\n\n-------- Weitergeleitete Nachricht --------\nVon: ${g.name(a, 'full')} <${g.email(a)}>\nDatum: ${g.date()}\nBetreff: Doppelte Abbuchung\n\n`;
      d.w`Guten Tag, mir wurde die Bestellung zweimal von meinem Konto ${g.iban()} abgebucht. Bitte erstatten Sie einen Betrag zurück. Erreichbar bin ich ab 17 Uhr unter ${g.phone()}.\nGruß ${g.first(a)}`;
    },
  },
  {
    id: 'de-protokoll',
    kind: 'meeting minutes',
    run(g, d) {
      const ps = [g.person(), g.person(), g.person(), g.person()];
      d.w`Protokoll der ${g.pick(['Mitgliederversammlung', 'Elternbeiratssitzung', 'Projektbesprechung', 'Vorstandssitzung', 'Eigentümerversammlung'])} vom ${g.date()}\nAnwesend: ${g.name(ps[0]!)}, ${g.name(ps[1]!)} (${g.org().ent}), ${g.name(ps[2]!, 'first_initial')}\nEntschuldigt: ${g.name(ps[3]!)}\n\n`;
      d.w`TOP 1: Der Saal in ${g.city()} ist für den nächsten Termin gebucht.\nTOP 2: ${g.title(ps[1]!)} ${g.last(ps[1]!)} berichtet, dass der Lieferant den neuen Konditionen zustimmt.\nTOP 3: ${g.first(ps[0]!)} klärt mit ${g.someone()} (Tel. ${g.phone()}) das Catering bis ${g.date()}.\nTOP 4: Verschiedenes - keine Wortmeldungen.`;
    },
  },
  {
    id: 'de-protokoll-tabelle',
    kind: 'meeting minutes',
    run(g, d) {
      d.w`Aufgabenliste\nNr. | Verantwortlich | Aufgabe | Termin\n`;
      for (let i = 1; i <= g.int(2, 4); i++) {
        d.w`${i} | ${g.someone(g.pick(['full', 'first_initial', 'last_first'] as const))} | ${g.pick(['Budget an Kämmerei senden', 'Halle reservieren', 'Versicherung anschreiben', 'Helferliste verschicken', 'Angebote einholen'])} | ${g.date()}\n`;
      }
      d.w`Nächstes Treffen: ${g.address({ country: { code: g.pick(['DE', 'AT', 'CH']), locale: 'de' } })}`;
    },
  },
  {
    id: 'de-kundennotiz',
    kind: 'CRM note',
    run(g, d) {
      const p = g.person();
      d.w`${g.date()}: Telefonat mit ${g.title(p, true)} ${g.last(p)} - ${g.pick(['möchte auf das Premium-Paket wechseln', 'beschwert sich über die verspätete Lieferung', 'Vertrag läuft im nächsten Monat aus, preissensibel', 'bittet um Rückruf wegen Rechnung'])}. `;
      d.w`Bevorzugt Kontakt per ${g.pick(['E-Mail', 'Telefon', 'Post'])}: ${g.email(p)}, ${g.phone()}. `;
      if (g.chance(0.5)) d.w`Wohnt in ${g.city()}, zieht im Frühjahr nach ${g.place()}. `;
      if (g.chance(0.4)) d.w`Geburtsdatum ${g.dob()} für Identitätsprüfung. `;
      d.w`Wiedervorlage: ${g.date()}.`;
    },
  },
  {
    id: 'de-kundennotiz-klein',
    kind: 'CRM note',
    run(g, d) {
      const p = g.person();
      const o = g.org();
      d.w`hab heute mit ${ent('PERSON', `${p.first} ${p.last}`.toLowerCase())} von ${ent('ORGANIZATION', o.name.toLowerCase())} gesprochen, die vergleichen uns mit zwei anderen anbietern. entscheider ist ${ent('PERSON', g.someone().value.toLowerCase())}, durchwahl ${g.phone()}. `;
      d.w`standort ${ent('LOCATION', g.city().value.toLowerCase())} wird ende des jahres geschlossen.`;
    },
  },
  {
    id: 'de-ticket',
    kind: 'support ticket',
    run(g, d) {
      const p = g.person();
      d.w`Ticket-Nr. ${g.int(100000, 999999)} | Priorität: ${g.pick(['hoch', 'normal', 'niedrig'])}\nKunde: ${g.name(p)}\nE-Mail: ${g.email(p)}\nTelefon: ${g.phone()}\n`;
      d.w`Beschreibung: ${g.pick(['Login seit dem Update nicht mehr möglich.', 'Ware beschädigt angekommen.', 'Falscher Betrag abgebucht.', 'Link zum Zurücksetzen des Passworts kommt nicht an.'])} Letzte Anmeldung von ${g.ip()} am ${g.date()}.\n`;
      if (g.chance(0.5)) d.w`Notiz: Identität geprüft (Geburtsdatum ${g.dob()}, PLZ).`;
      else d.w`Notiz: an 2nd Level übergeben (${g.someone('first_initial')}).`;
    },
  },
  {
    id: 'de-paketschein',
    kind: 'shipping label',
    run(g, d) {
      d.caseMode = g.chance(0.5) ? 'upper' : 'as-is';
      const from = g.org();
      const to = g.person();
      d.w`Absender: ${from.ent}, ${g.address({ sep: ', ' })}\n\nEmpfänger:\n${g.title(to, true)} ${g.name(to, g.pick(['full', 'middle_initial'] as const))}\n`;
      if (g.chance(0.3)) d.w`c/o ${g.someone()}\n`;
      d.w`${g.address({ sep: '\n', withCountry: g.chance(0.4) })}\nTel. ${g.phone()}\nGewicht: ${g.int(1, 30)},${g.int(0, 9)} kg  Sendungsnr. ${g.int(100000000, 999999999)}${g.int(100, 999)}`;
    },
  },
  {
    id: 'de-postfach',
    kind: 'shipping label',
    run(g, d) {
      const o = g.org();
      d.w`Bitte senden Sie die Unterlagen ausschließlich an unsere Postanschrift:\n${o.ent}\n${g.address({ sep: '\n', poBox: true, country: g.pick([{ code: 'DE', locale: 'de' }, { code: 'AT', locale: 'de_AT' }, { code: 'CH', locale: 'de_CH' }]) })}\nDie Lieferanschrift in ${g.city()} ist nicht besetzt.`;
    },
  },
  {
    id: 'de-formular',
    kind: 'form',
    run(g, d) {
      const p = g.person();
      d.w`ANMELDEFORMULAR\nName: ${g.last(p)}\nVorname: ${g.first(p)}\nGeburtsdatum: ${g.dob()}\nGeburtsort: ${g.city()}\nStaatsangehörigkeit: ${ent('NRP', g.nrp('nationality').value.replace(/e$/, ''))}\nAnschrift: ${g.address({ sep: ', ' })}\nTelefon: ${g.phone()}\nE-Mail: ${g.email(p)}\n`;
      if (g.chance(0.4)) d.w`Notfallkontakt: ${g.someone()} (${g.pick(['Mutter', 'Ehemann', 'Schwester', 'Nachbar'])}), ${g.phone()}\n`;
      d.w`Ort, Datum: ${g.city()}, ${g.date()}`;
    },
  },
  {
    id: 'de-formular-steuer',
    kind: 'form',
    run(g, d) {
      const p = g.person();
      d.w`Angaben zur Lohnabrechnung\nName, Vorname: ${g.name(p, 'last_first')}\ngeb. am ${g.dob()}\nSteuer-ID: ${g.taxId('de_id')}\nKonfession: ${g.nrp('religion')}\nBankverbindung: ${g.iban()}\nWohnort: ${g.address({ country: { code: 'DE', locale: 'de' } })}`;
    },
  },
  {
    id: 'de-anwalt',
    kind: 'legal letter',
    run(g, d) {
      const m = g.person();
      const gegner = g.org();
      const kanzlei = g.org();
      d.w`${kanzlei.ent} · ${g.address({ sep: ' · ' })}\n\n${gegner.ent}\nRechtsabteilung\n${g.address({ sep: '\n' })}\n\n`;
      d.w`Unser Zeichen: ${g.int(100, 999)}/${g.int(20, 26)}\n\nIn Sachen ${g.name(m)} ./. ${gegner.ent}\n\nSehr geehrte Damen und Herren,\n\nwir zeigen an, dass wir ${g.title(m)} ${g.last(m)}, wohnhaft ${g.address()}, anwaltlich vertreten. `;
      d.w`Wir fordern Sie auf, die Rechnung vom ${g.date()} bis zum ${g.date()} zu korrigieren. Rückfragen richten Sie bitte an ${g.someone()} unter ${g.email(undefined, kanzlei.domain)}.\n\nMit freundlichen Grüßen\nRechtsanwältin`;
    },
  },
  {
    id: 'de-versicherung',
    kind: 'insurance claim',
    run(g, d) {
      const p = g.person();
      d.w`Schadenmeldung zur Police ${g.pick(['KFZ', 'HR', 'PHV'])}-${g.int(1000000, 9999999)}\nVersicherungsnehmer: ${g.name(p)}, geb. ${g.dob()}\n`;
      d.w`Schadenereignis: ${g.pick(['Auffahrunfall', 'Leitungswasserschaden', 'Fahrraddiebstahl', 'Sturmschaden am Dach'])} am ${g.date()} in ${g.city()}.\n`;
      d.w`Unfallgegner: ${g.someone()}, Tel. ${g.phone()}, versichert bei ${g.org().ent}.\nZeuge: ${g.someone()}, ${g.address()}.\nAuszahlung bitte auf ${g.iban()}.`;
    },
  },
  {
    id: 'de-elternbrief',
    kind: 'school or club newsletter',
    run(g, d) {
      const schule = g.pick(['Grundschule am Lindenweg', 'Gymnasium Schloss Neuhaus', 'TSV Eintracht Oberweiler', 'Musikschule Kreis Hameln', 'Kita Sonnenblume', 'SV Blau-Weiß 09']);
      d.w`${ent('ORGANIZATION', schule)} - Elternbrief ${g.pick(['Herbst', 'Winter', 'Frühjahr', 'Sommer'])}\n\nLiebe Eltern,\n\nwir gratulieren ${g.someone('full')} (Klasse ${g.int(1, 10)}${g.pick(['a', 'b', 'c'])}) und ${g.someone('full')} zum Sieg beim Vorlesewettbewerb in ${g.city()}! `;
      d.w`Die Klassenfahrt nach ${g.place()} ist ausgebucht. Ein herzliches Dankeschön an Familie ${g.last(g.person())} für die Kuchenspende.\n`;
      const sekretariat = g.person();
      d.w`Helferinnen und Helfer melden sich bitte bei ${g.title(sekretariat)} ${g.name(sekretariat)} im Sekretariat: ${g.email(sekretariat)} oder ${g.phone()}.`;
    },
  },
  {
    id: 'de-arztbrief',
    kind: 'medical referral letter',
    run(g, d) {
      const arzt = g.person();
      const pat = g.person();
      d.w`${g.org().ent}\n\n${g.title(arzt, true)} ${g.name(arzt, 'full')}\n${g.address({ sep: '\n', country: { code: 'DE', locale: 'de' } })}\n\n`;
      d.w`Überweisung / Arztbrief\n\nSehr geehrte Kollegin, sehr geehrter Kollege,\n\nwir berichten über ${pat.sex === 'female' ? 'Ihre Patientin Frau' : 'Ihren Patienten Herrn'} ${g.name(pat)}, geb. ${g.dob()}, wohnhaft ${g.address()}, `;
      d.w`die/der sich vom ${g.date()} bis ${g.date()} in unserer stationären Behandlung befand. Diagnose: ${g.pick(['Pneumonie rechts basal', 'Bandscheibenvorfall L4/L5', 'Diabetes mellitus Typ 2, Erstdiagnose', 'Commotio cerebri'])}. `;
      if (g.chance(0.4)) d.w`${pat.sex === 'female' ? 'Die Patientin' : 'Der Patient'} ist ${g.nrp('religion')}; eine Bluttransfusion wurde besprochen. `;
      d.w`Rückfragen gern unter ${g.phone()}.\n\nMit kollegialen Grüßen\n${g.someone()}\nLANR ${g.medicalLicense(arzt, 'lanr')}`;
    },
  },
  {
    id: 'de-rezept',
    kind: 'medical referral letter',
    run(g, d) {
      const arzt = g.person();
      d.w`Kassenrezept: ${g.name(g.person(), 'last_first')}, geb. ${g.dob()}, Kostenträger ${g.org().ent}\nIbuprofen 600 mg, N2, 1-0-1\nArzt: ${g.name(arzt)}, LANR ${g.medicalLicense(arzt, 'lanr')}, BSNR ${g.int(100000000, 999999999)}`;
    },
  },
  {
    id: 'de-chat',
    kind: 'chat/SMS',
    run(g, d) {
      d.caseMode = g.chance(0.5) ? 'lower' : 'as-is';
      const p = g.person();
      d.w`${g.pick(['hey', 'huhu', 'moin', 'hi'])}, hier ist ${g.first(p)}, hab ne neue nummer: ${g.phone()} ${g.pick(['😊', '!!', '', ':)'])} `;
      d.w`${g.pick(['treffen uns', 'sind', 'warten'])} ${g.pick(['am bahnhof in', 'beim italiener in', 'vorm kino in'])} ${g.city()}, ${g.pick(['um 7', 'gleich', 'in 10 min', 'so gegen 18 uhr'])}`;
    },
  },
  {
    id: 'de-gruppenchat',
    kind: 'chat/SMS',
    run(g, d) {
      const a = g.person();
      const b = g.person();
      const c = g.person();
      d.w`${g.first(a)}: hat jemand die mail von ${g.first(c)}?\n${g.first(b)}: ${g.email(c)}\n${g.first(a)}: danke! und die party ist bei ${g.address()}?\n${g.first(b)}: jup, klingel bei ${g.last(c)}`;
    },
  },
  {
    id: 'de-lebenslauf',
    kind: 'CV snippet',
    run(g, d) {
      const p = g.person();
      d.w`LEBENSLAUF\n\n${g.name(p, 'full')}\n${g.address({ sep: ' · ' })}\n${g.phone()} · ${g.email(p)} · ${ent('URL', `${g.pick(['https://www.', 'www.', ''])}xing.com/profile/${handleOf(p.first) ?? 'x'}_${handleOf(p.last) ?? g.int(10, 99)}`)}\n`;
      d.w`Geboren am ${g.dob()} in ${g.city()}\n\nBERUFSERFAHRUNG\nseit ${g.int(2014, 2022)}  ${g.pick(['Sachbearbeiterin', 'Bauingenieur', 'Pflegefachkraft', 'Produktmanagerin'])}, ${g.org().ent}, ${g.city()}\n${g.int(2006, 2013)}-${g.int(2013, 2020)}  ${g.pick(['Werkstudent', 'Trainee', 'Auszubildende'])}, ${g.org().ent}`;
      const ref = g.person();
      d.w`\n\nReferenzen: ${g.title(ref)} ${g.name(ref)}, ${g.phone()}`;
    },
  },
  {
    id: 'de-reise',
    kind: 'travel itinerary',
    run(g, d) {
      const p = g.person();
      d.w`Reiseplan für ${g.title(p)} ${g.name(p, 'full')}\n\n${g.date()}  ICE ${g.int(500, 1999)}  ${g.city()} Hbf → ${g.city()} Hbf, ab ${g.int(6, 21)}:${g.pick(['04', '36', '52'])}\n`;
      d.w`Hotel: ${g.org().ent}, ${g.address({ withCountry: g.chance(0.5) })}, Tel. ${g.phone()}\nAbholung durch ${g.someone('first_initial')} am Bahnsteig.\nAnsprechpartnerin: ${g.email()}`;
    },
  },
  {
    id: 'de-bankschreiben',
    kind: 'bank correspondence',
    run(g, d) {
      const p = g.person();
      const bank = g.org();
      d.w`${bank.ent} · ${g.address({ sep: ' · ' })}\n\n${g.title(p, true)}\n${g.name(p)}\n${g.address({ sep: '\n' })}\n\n`;
      d.w`${g.city()}, ${g.date()}\n\n${p.sex === 'female' ? 'Sehr geehrte Frau' : 'Sehr geehrter Herr'} ${g.last(p)},\n\nhiermit bestätigen wir die Kündigung des Lastschriftmandats für Ihr Konto ${g.iban()}. `;
      if (g.chance(0.5)) d.w`Ihre neue Kreditkarte ${g.card()} ist ab sofort freigeschaltet. `;
      d.w`Bei Fragen erreichen Sie uns unter ${g.phone()}.\n\nFreundliche Grüße\nIhr Kundenservice`;
    },
  },
  {
    id: 'de-steuerberater',
    kind: 'bank correspondence',
    run(g, d) {
      const p = g.person();
      d.w`Hallo ${g.first(p)},\ndanke für die Belege. Für die Erklärung brauche ich noch deine Steuernummer - ist das ${g.taxId('de_number')}? Deine Steuer-ID ${g.taxId('de_id')} habe ich schon. `;
      d.w`Die Erstattung geht dann wie letztes Jahr auf ${g.iban()}, oder?`;
    },
  },
  {
    id: 'de-tabelle',
    kind: 'tabular lines',
    run(g, d) {
      d.w`Name;Ort;Telefon;E-Mail\n`;
      for (let i = 0; i < g.int(2, 4); i++) {
        const p = g.person();
        d.w`${g.name(p, g.pick(['full', 'last_first'] as const))};${g.city()};${g.phone()};${g.email(p)}\n`;
      }
    },
  },
  {
    id: 'de-tabelle-pipe',
    kind: 'tabular lines',
    run(g, d) {
      d.w`| Mitglied | geb. | Straße | PLZ/Ort |\n|---|---|---|---|\n`;
      for (let i = 0; i < g.int(2, 3); i++) {
        d.w`| ${g.someone(g.pick(['full', 'last_first'] as const))} | ${g.dob()} | ${g.address({ country: { code: 'DE', locale: 'de' }, sep: ' | ' })} |\n`;
      }
    },
  },
  {
    id: 'de-personal',
    kind: 'HR note',
    run(g, d) {
      const p = g.person();
      d.w`Einstellung ${g.name(p)} zum ${g.date()}:\n- Aufenthaltstitel geprüft (${g.nrp('nationality')} Staatsangehörigkeit)\n- Steuer-ID ${g.taxId('de_id')} hinterlegt\n- Notfallkontakt: ${g.someone()}, ${g.phone()}\n- Laptop geht an ${g.address()}`;
    },
  },
  {
    id: 'de-konfig',
    kind: 'configuration',
    run(g, d) {
      const o = g.org();
      d.w`# Zugangsdaten Testsystem (nicht ins Repo!)\nDB_URL=${g.connectionString()}\nMAIL_API_KEY=${g.apiKey()}\nADMIN_USER=${g.email(undefined, o.domain)}\nADMIN_PASS=${g.password()}\nBASIS_URL=${g.url(o.domain)}\nFREIGEGEBENE_IP=${g.ip()}`;
    },
  },
  {
    id: 'de-it-vorfall',
    kind: 'configuration',
    run(g, d) {
      const p = g.person();
      d.w`Sicherheitsvorfall: ${g.name(p, 'first_initial')} hat im Teamkanal versehentlich einen Schlüssel gepostet (${g.apiKey()}). Der Schlüssel wurde um ${g.int(10, 23)}:${g.int(10, 59)} Uhr gesperrt. `;
      d.w`Fehlgeschlagene Anmeldungen für ${g.email(p)} kamen von ${g.ip()}. Das Passwort lautet jetzt vorübergehend ${g.password()} - bitte sofort ändern.`;
    },
  },
  {
    id: 'de-orte',
    kind: 'narrative with places',
    run(g, d) {
      const p = g.person();
      d.w`${g.name(p, 'full')} ist in ${g.city()} aufgewachsen, hat in ${g.place()} studiert und lebt seit ${g.int(1990, 2020)} in ${g.city()}. Die Familie betreibt noch eine Bäckerei im ${g.region()}.`;
    },
  },
  {
    id: 'de-tippfehler',
    kind: 'text with typos',
    run(g, d) {
      d.typoRate = 0.25;
      const p = g.person();
      d.w`bitte ${g.title(p)} ${g.last(p)} dringend zurückrufen wegen der Rechnug, Nummer ist ${g.phone()} - sie ist bis donnerstag in der Filiale ${g.city()}, sonst per mail an ${g.email(p)}`;
    },
  },
  {
    id: 'de-umzug',
    kind: 'form',
    run(g, d) {
      const p = g.person();
      d.w`Adressänderung Mitgliedsnr. ${g.int(10000, 99999)} (${g.name(p)}):\nALT: ${g.address({ sep: '\n' })}\nNEU: ${g.address({ sep: '\n', withCountry: true })}\ngültig ab ${g.date()}`;
    },
  },
  {
    id: 'de-mieter',
    kind: 'legal letter',
    run(g, d) {
      const p = g.person();
      const v = g.org();
      d.w`Mietvertrag zwischen ${v.ent} (Vermieterin) und ${g.title(p)} ${g.name(p)}, geb. ${g.dob()} (Mieter), über die Wohnung ${g.address({ country: { code: g.pick(['DE', 'AT']), locale: g.pick(['de', 'de_AT']) } })}. `;
      d.w`Die Kaution ist auf das Konto ${g.iban()} zu überweisen. Ansprechpartner der Hausverwaltung: ${g.someone()}, ${g.phone()}.`;
    },
  },
  // ----------------------------------------------------------------- negatives: no PII at all
  {
    id: 'de-neg-rezept',
    kind: 'look-alikes (no PII)',
    negative: true,
    run(g, d) {
      d.w`${g.pick(['Schwarzwälder Kirschtorte', 'Frankfurter Kranz', 'Dresdner Christstollen', 'Nürnberger Lebkuchen', 'Aachener Printen', 'Lübecker Marzipantorte', 'Linzer Torte', 'Wiener Schnitzel'])}: `;
      d.w`Backofen auf ${g.int(160, 220)} °C vorheizen, ${g.int(100, 500)} g Mehl mit ${g.int(50, 250)} g Butter verkneten, ${g.int(1, 4)} Eier unterrühren. ${g.int(20, 70)} Minuten backen. Dazu passt ein ${g.pick(['Kölsch', 'Berliner Weiße', 'Frankenwein', 'Earl Grey', 'Pils'])}.`;
    },
  },
  {
    id: 'de-neg-produkt',
    kind: 'look-alikes (no PII)',
    negative: true,
    run(g, d) {
      d.w`Versionshinweise ${g.int(1, 12)}.${g.int(0, 30)}.${g.int(0, 9)}: Das Design „${g.pick(['Nordsee', 'Alpenglühen', 'Lindenblatt', 'Rosenrot', 'Sommerwind'])}“ ist jetzt Standard; Artikelnummer ${g.pick(['AB', 'XK', 'QF'])}-${g.int(1000, 9999)} wurde umbenannt. `;
      d.w`Build ${g.int(1, 9)}.${g.int(0, 9)}.${g.int(0, 99)}.${g.int(100, 9999)} behebt den Absturz beim Import von Dateien über ${g.int(2, 64)} MB. Preis unverändert ${g.int(9, 199)},99 € je Lizenz.`;
    },
  },
  {
    id: 'de-neg-moebel',
    kind: 'look-alikes (no PII)',
    negative: true,
    run(g, d) {
      d.w`Die Sofaserie ${g.pick(['Königsallee', 'Schlossstraße', 'Hafencity', 'Kurfürstendamm', 'Lindenallee'])} gibt es in ${g.int(3, 9)} Farben, darunter ${g.pick(['Salbei', 'Rosé', 'Elfenbein', 'Oliv'])} und ${g.pick(['Nachtblau', 'Rubin', 'Bernstein'])}. `;
      d.w`Modell ${g.pick(['FR', 'GT', 'KX'])}-${g.int(100, 999)} wird zerlegt geliefert (${g.int(2, 5)} Pakete, ${g.int(20, 90)} kg); Ersatzfüße kosten ${g.int(5, 20)},50 €.`;
    },
  },
  {
    id: 'de-neg-besprechung',
    kind: 'look-alikes (no PII)',
    negative: true,
    run(g, d) {
      d.w`Erinnerung: Die ${g.pick(['Betriebsversammlung', 'Quartalsbesprechung', 'Sprint-Review', 'Budgetrunde'])} am ${g.pick(['Montag', 'Dienstag', 'Mittwoch', 'Donnerstag'])} findet in Raum ${g.int(1, 5)}.${g.int(10, 40)} statt. `;
      d.w`Tagesordnung: Zahlen Q${g.int(1, 4)} (Umsatz plus ${g.int(1, 19)},${g.int(0, 9)} %), Planung Weihnachtsfeier, Rosenmontag und Brückentage. Einwahl ${g.int(100, 999)} ${g.int(100, 999)} ${g.int(1000, 9999)}#.`;
    },
  },
  {
    id: 'de-neg-technik',
    kind: 'look-alikes (no PII)',
    negative: true,
    run(g, d) {
      d.w`Anleitung: Stellen Sie ${g.pick(['max_connections', 'worker_threads', 'cache_size'])} auf ${g.int(16, 512)} und starten Sie den Dienst neu. Der Schlüssel „${g.pick(['passwort_mindestlaenge', 'api_key_header', 'iban_maske'])}“ steht jetzt standardmäßig auf ${g.int(8, 16)}. `;
      d.w`Die Ports ${g.int(8000, 8099)} und ${g.int(9000, 9099)} müssen offen sein; siehe Abschnitt ${g.int(1, 9)}.${g.int(1, 9)}.${g.int(1, 9)} im Handbuch (ISBN 978-3-${g.int(100, 999)}-${g.int(10000, 99999)}-${g.int(0, 9)}).`;
    },
  },
  {
    id: 'de-neg-sport',
    kind: 'look-alikes (no PII)',
    negative: true,
    run(g, d) {
      d.w`Spielbericht: Die Heimmannschaft gewann ${g.int(2, 5)}:${g.int(0, 2)} nach einem späten Elfmeter. Spieler des Tages wurde die Nummer ${g.int(2, 23)}, die zweimal den Pfosten traf. `;
      d.w`Karten für das Pokalspiel am Samstag kosten ${g.int(15, 45)} €, Kinder unter 16 frei. Anstoß ${g.int(12, 19)}:${g.pick(['00', '30'])} Uhr, Einlass eine Stunde vorher. Herr der Ringe-Abend im Vereinsheim entfällt.`;
    },
  },
  {
    id: 'de-bestellung',
    kind: 'form',
    run(g, d) {
      const p = g.person();
      d.w`Bestellbestätigung Nr. ${g.int(100000, 999999)}\nRechnungsadresse: ${g.name(p)}, ${g.address()}\nZahlungsart: Kreditkarte ${g.card()} (gültig bis ${String(g.int(1, 12)).padStart(2, '0')}/${g.int(26, 31)})\n`;
      d.w`Lieferung an die Rechnungsadresse. Fragen zur Bestellung: ${g.email(undefined, g.org().domain)}`;
    },
  },
  {
    id: 'de-neg-finanzen',
    kind: 'look-alikes (no PII)',
    negative: true,
    run(g, d) {
      d.w`Zwischenbericht Q${g.int(1, 4)}: Der Umsatz stieg um ${g.int(1, 9)},${g.int(0, 9)} % auf ${g.int(10, 90)},${g.int(0, 9)} Mio. €, die EBITDA-Marge lag bei ${g.int(8, 25)},${g.int(0, 9)} %. `;
      d.w`Die Prognose für ${g.int(2025, 2027)} bleibt unverändert. Die Hauptversammlung findet im Juni statt; die Dividende von ${g.int(10, 90)} Cent je Aktie wird am ${g.int(1, 28)}. ausgezahlt.`;
    },
  },
  {
    id: 'de-neg-labor',
    kind: 'look-alikes (no PII)',
    negative: true,
    run(g, d) {
      d.w`Charge ${g.int(2023, 2026)}-${g.int(100, 999)}: pH ${g.int(6, 8)},${g.int(0, 9)}, ${g.int(20, 40)} °C. ${g.int(5, 20)} Minuten bei ${g.int(2, 9)}.000 U/min zentrifugieren, bei -80 °C lagern. `;
      d.w`Los ${g.int(10000, 99999)}-${g.pick(['A', 'B', 'C'])}, verwendbar bis ${String(g.int(1, 12)).padStart(2, '0')}/${g.int(2026, 2029)}. Rücksendungen innerhalb von ${g.int(7, 30)} Tagen.`;
    },
  },
  {
    id: 'de-neg-markt',
    kind: 'look-alikes (no PII)',
    negative: true,
    run(g, d) {
      d.w`Am Sonntag zunächst Regen, später Auflockerungen bei ${g.int(8, 14)} bis ${g.int(15, 22)} Grad. Der Wochenmarkt findet wie gewohnt statt: Pfifferlinge ${g.int(9, 19)},90 € je Kilo, `;
      d.w`Spargel aus der Region ausverkauft, ${g.pick(['Holsteiner Cox', 'Boskoop', 'Elstar', 'Gala'])} ${g.int(2, 4)},${g.int(10, 99)} € je Kilo. Dazu Bratwurst nach Thüringer Art und Kölsch vom Fass.`;
    },
  },
];
