#ifndef CMAINGUARD_AGENT_H
#define CMAINGUARD_AGENT_H

// The part of MainGuard's preloaded agent (`mainguard watch`) that must be C: the constructor that
// runs when the dynamic loader loads the library, before the watched program's `main`, and the
// handlers of the signals that end a process, which may only call async-signal-safe functions.
// The rest of the agent is Swift (Sources/MainGuardAgent).

/// The read end of a pipe that receives one byte, the signal number, when a watched signal arrives
/// (SIGTERM, SIGINT, SIGHUP, SIGQUIT, and the crash signals). The handler then waits, at most
/// `grace_milliseconds`, for `mainguard_agent_report_written()` before letting the signal do
/// what it did before the agent came. Returns -1 when the pipe cannot be made.
int mainguard_agent_watch_signals(int grace_milliseconds);

/// Tells a waiting signal handler that the report is on disk.
void mainguard_agent_report_written(void);

/// Why the constructor did not start the agent, or NULL when it did (or was not asked to).
const char *mainguard_agent_disabled_reason(void);

#endif
