export function terminalEnv(home: string, extra?: Record<string, string>): Record<string, string>;
