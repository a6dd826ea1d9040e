/** The part of newman's programmatic API (newman ships no types) that scripts/newman/run.ts uses. */
declare module 'newman' {
  export interface NewmanAssertion {
    assertion: string;
    error?: { message: string };
  }
  export interface NewmanExecution {
    item: { name: string };
    response?: { code: number };
    requestError?: { message: string };
    assertions?: NewmanAssertion[];
  }
  export interface NewmanSummary {
    run: {
      stats: { requests: { total: number; failed: number }; assertions: { total: number; failed: number } };
      executions: NewmanExecution[];
    };
  }
  export interface NewmanRunOptions {
    collection: string | object;
    envVar?: { key: string; value: string }[];
    reporters?: string | string[];
    timeoutRequest?: number;
    ignoreRedirects?: boolean;
  }
  const newman: {
    run(options: NewmanRunOptions, callback: (err: Error | null, summary: NewmanSummary) => void): unknown;
  };
  export default newman;
}
