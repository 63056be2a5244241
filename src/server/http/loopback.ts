/** 127.0.0.0/8 and ::1 (also as IPv4-mapped IPv6), or the name localhost: reachable from this machine only. */
export function isLoopback(address: string): boolean {
  const v4 = address.replace(/^::ffff:/i, '');
  return /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(v4) || address === '::1' || address.toLowerCase() === 'localhost';
}
