import { validators } from '../../domain/pii';

describe('PII validators', () => {
  it('Luhn accepts valid card numbers and rejects a changed digit', () => {
    expect(validators.luhnValid('4111 1111 1111 1111')).toBe(true);
    expect(validators.luhnValid('4111 1111 1111 1112')).toBe(false);
    expect(validators.cardBrand('378282246310005')).toBe('amex');
  });
  it('IBAN mod-97', () => {
    expect(validators.ibanValid('DE89 3704 0044 0532 0130 00')).toBe(true);
    expect(validators.ibanValid('DE89 3704 0044 0532 0130 01')).toBe(false);
    expect(validators.ibanValid('GB82WEST12345698765432')).toBe(true);
  });
  it('US SSN rules', () => {
    expect(validators.ssnValid('536-22-8726')).toBe(true);
    for (const bad of ['000-12-3456', '666-12-3456', '912-12-3456', '536-00-8726', '536-22-0000', '123-45-6789']) {
      expect(validators.ssnValid(bad)).toBe(false);
    }
  });
  it('German Steuer-ID: ISO 7064 MOD 11,10 and the digit-repetition rule', () => {
    expect(validators.steuerIdValid('65929970489')).toBe(true);
    expect(validators.steuerIdValid('65929970488')).toBe(false);
    expect(validators.steuerIdValid('01234567890')).toBe(false);
    expect(validators.steuerIdValid('12345678903')).toBe(false); // no repeated digit
  });
  it('DEA, LANR, ABA routing, EIN, IPv4', () => {
    expect(validators.deaValid('AB1234563')).toBe(true);
    expect(validators.deaValid('AB1234564')).toBe(false);
    expect(validators.lanrValid('123456601')).toBe(true);
    expect(validators.lanrValid('123456701')).toBe(false);
    expect(validators.abaRoutingValid('021000021')).toBe(true);
    expect(validators.abaRoutingValid('021000022')).toBe(false);
    expect(validators.einValid('12-3456789')).toBe(true);
    expect(validators.einValid('07-3456789')).toBe(false);
    expect(validators.ipv4Valid('192.168.0.1')).toBe(true);
    expect(validators.ipv4Valid('256.1.1.1')).toBe(false);
  });
});
