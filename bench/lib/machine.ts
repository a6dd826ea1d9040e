/** The machine a run was made on, for the results (CPU model, cores, memory, Node, load average at start). */
import os from 'node:os';

export interface MachineInfo {
  cpu_model: string;
  cores: number;
  memory_gib: number;
  node: string;
  platform: string;
  kernel: string;
  load_average_at_start: [number, number, number];
}

export function machineInfo(): MachineInfo {
  const cpus = os.cpus();
  const [a, b, c] = os.loadavg();
  return {
    cpu_model: cpus[0]?.model.trim() ?? 'unknown',
    cores: os.availableParallelism?.() ?? cpus.length,
    memory_gib: Math.round((os.totalmem() / 2 ** 30) * 10) / 10,
    node: process.version,
    platform: `${os.platform()} ${os.arch()}`,
    kernel: os.release(),
    load_average_at_start: [round2(a!), round2(b!), round2(c!)],
  };
}

const round2 = (x: number) => Math.round(x * 100) / 100;
