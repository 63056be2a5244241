export const ROOT: string;
export function runNpm(
  args: string[],
  options: { cwd: string; home: string; timeoutMs?: number },
): Promise<{ stdout: string; stderr: string }>;
export function packProject(work: string): Promise<{ tarball: string; files: string[]; size: number }>;
export function installTarball(tarball: string, prefix: string, home: string): Promise<{ ms: number; bin: string }>;
export function directorySize(dir: string): number;
