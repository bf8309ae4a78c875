import { detect, PROFILE_NAMES } from '../../domain/pii';

/**
 * Issue 18, fifth pass: places the name rules read as persons or missed. Examples written for
 * this test (not taken from the evaluation sets).
 */
const found = (text: string, language: 'en' | 'de' = 'en') =>
  detect(text, { language, profiles: PROFILE_NAMES }).map((f) => [f.entityType, f.text] as [string, string]);
const typeOf = (text: string, value: string, language: 'en' | 'de' = 'en') => found(text, language).find(([, v]) => v === value)?.[0] ?? null;


describe('issue 18: places the name rules took for persons', () => {
  it('reads the value of a place field as a place even when it starts with a given name', () => {
    expect(typeOf('Postal code: 10115\nCity: Marco Vellatri\nCountry: Italy', 'Marco Vellatri')).toBe('LOCATION');
  });
  it('reads a country after a travel verb and "to" as a place, not a given name', () => {
    expect(typeOf('Next month my cousins are flying to Chad for the wedding.', 'Chad')).toBe('LOCATION');
    expect(typeOf('After the exams Noor moved to Jordan.', 'Jordan')).toBe('LOCATION');
  });
  it('reads an unknown town after a travel verb as a place, also as a later item of the list', () => {
    expect(typeOf('Last year the Okafors relocated to Marisol Verde.', 'Marisol Verde')).toBe('LOCATION');
    expect(typeOf('The driver travelled to Ghana and Port Ukwenbridge.', 'Port Ukwenbridge')).toBe('LOCATION');
  });
  it('still reads a person after "to" without a travel verb, and after a travel list that goes on', () => {
    expect(typeOf('Please hand the keys to Chad Whitfield tomorrow.', 'Chad Whitfield')).toBe('PERSON');
    expect(typeOf('We moved to Leeds and Harriet Pomfrey started school there.', 'Harriet Pomfrey')).toBe('PERSON');
  });
  it('reads a country after a place and a comma in a place-of-birth field', () => {
    const text = 'Name: Tomasz Rydel\nPlace of birth: Koszalin, India\nPhone: 0161 496 0732';
    expect(typeOf(text, 'India')).toBe('LOCATION');
    expect(typeOf('Birthplace: Bhiwani, China', 'China')).toBe('LOCATION');
  });
  it('does not give the comma cue after a weak guess (a surname the gazetteer also knows)', () => {
    expect(found('Appointment: Melina Kraus, DOB 04.03.1990').some(([t, v]) => t === 'LOCATION' && v === 'DOB')).toBe(false);
  });
});
