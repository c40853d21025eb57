import { ProblemException } from '../http/problem.exception';
import { assertPublicWebhook } from './webhook-address';

describe('assertPublicWebhook', () => {
  it.each([
    'http://127.0.0.1/hook',
    'http://localhost:8080/hook',
    'http://api.localhost/hook',
    'http://10.1.2.3/hook',
    'http://192.168.0.10/hook',
    'http://169.254.169.254/latest/meta-data',
    'http://[::1]/hook',
    'http://0x7f.1/hook',
    'http://2130706433/hook',
    'http://127.1./hook',
  ])('refuses %s with a 400 on webhook.url', (url) => {
    expect(() => assertPublicWebhook(url, false)).toThrow(ProblemException);
  });

  it('lets public addresses and names through, and everything when private addresses are allowed', () => {
    expect(() => assertPublicWebhook('https://hooks.example.com/x', false)).not.toThrow();
    expect(() => assertPublicWebhook('https://93.184.216.34/x', false)).not.toThrow();
    expect(() => assertPublicWebhook('http://127.0.0.1/hook', true)).not.toThrow();
  });
});
