import CMainGuardAgent
import Foundation
import MainGuard

/// Called by the agent's constructor (Sources/CMainGuardAgent/Agent.c) when `mainguard watch`
/// preloads it into a process, before that process's `main`.
@_cdecl("mainguard_agent_start")
func mainguardAgentStart() {
    ProcessWatch.start(environment: ProcessInfo.processInfo.environment)
}
