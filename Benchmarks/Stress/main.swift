// mainguard-stress SCENARIO: one runtime stress or fault scenario per process, because executors
// are process-wide. HardeningTests spawns it and checks how each process ends; `.ci/run` also runs
// the stress scenarios under ThreadSanitizer and AddressSanitizer. Every figure is printed as a
// `stress: name: value` line.
//
//   mainguard-stress jobs [COUNT]    COUNT main-actor jobs (default 1,000,000) with a hang planted every 100,000
//   mainguard-stress tasks [COUNT]   COUNT concurrent tasks (default 10,000) of mixed priorities that throw,
//                                    get cancelled and hop to the main actor, in 5 rounds
//   mainguard-stress blocked         the main thread blocked forever: the report still arrives at the timeout
//   mainguard-stress exit            a workload that calls exit(3)
//   mainguard-stress nested          Runtime.run inside Runtime.run: a clear error, no deadlock
//   mainguard-stress install-twice   installForTesting() and then Runtime.run: MainGuard's installs are idempotent
//   mainguard-stress foreign-first   the process installed its own executors, then Runtime.run: a clear error
//   mainguard-stress replaced        MainGuard's executors replaced by the process, then a watch session: a clear error
//   mainguard-stress crash           a task that traps while the watchdog runs: the process dies, no hang
import Foundation
import MainGuard

let arguments = Array(CommandLine.arguments.dropFirst())
let count = arguments.dropFirst().first.flatMap { Int($0) }
switch arguments.first {
case "jobs": StressScenarios.mainActorJobs(count: count ?? 1_000_000)
case "tasks": StressScenarios.concurrentTasks(count: count ?? 10_000)
case "blocked": FaultScenarios.blockedForever()
case "exit": FaultScenarios.workloadCallsExit()
case "nested": FaultScenarios.nestedRun()
case "install-twice": FaultScenarios.installTwice()
case "foreign-first": FaultScenarios.foreignExecutorsFirst()
case "replaced": FaultScenarios.executorsReplaced()
case "crash": FaultScenarios.taskTraps()
default:
    FileHandle.standardError.write(Data("usage: mainguard-stress jobs|tasks [COUNT] | blocked|exit|nested|install-twice|foreign-first|replaced|crash\n".utf8))
    exit(1)
}
