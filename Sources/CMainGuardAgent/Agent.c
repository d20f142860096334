// See include/CMainGuardAgent.h.
#if defined(__linux__)
#define _GNU_SOURCE  // dl_iterate_phdr
#endif
#include "CMainGuardAgent.h"

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#if defined(__linux__)
#include <link.h>
#define MAINGUARD_PRELOAD_VARIABLE "LD_PRELOAD"
#define MAINGUARD_SWIFT_CORE "libswiftCore.so"
#elif defined(__APPLE__)
#include <mach-o/dyld.h>
#define MAINGUARD_PRELOAD_VARIABLE "DYLD_INSERT_LIBRARIES"
#define MAINGUARD_SWIFT_CORE "libswiftCore.dylib"
#endif

// Defined in Swift (Sources/MainGuardAgent/AgentEntry.swift).
extern void mainguard_agent_start(void);

static const char *disabled_reason = NULL;

const char *mainguard_agent_disabled_reason(void) { return disabled_reason; }

// MARK: Which Swift runtimes are loaded

static int ends_with(const char *text, const char *suffix) {
    size_t length = strlen(text), suffix_length = strlen(suffix);
    return length >= suffix_length && strcmp(text + length - suffix_length, suffix) == 0;
}

#if defined(__linux__)
static int count_swift_core(struct dl_phdr_info *info, size_t size, void *data) {
    (void)size;
    if (info->dlpi_name && ends_with(info->dlpi_name, "/" MAINGUARD_SWIFT_CORE)) { *(int *)data += 1; }
    return 0;
}
#endif

/// How many copies of the Swift runtime the process has loaded. The dynamic loader shares one
/// `libswiftCore` between the agent and the program when their toolchains agree; two copies mean
/// two runtimes with separate executors and metadata, where the agent must not run Swift code.
static int swift_runtimes_loaded(void) {
    int count = 0;
#if defined(__linux__)
    dl_iterate_phdr(count_swift_core, &count);
#elif defined(__APPLE__)
    // Not run here (no Mac): the same count over dyld's image list.
    for (uint32_t index = 0; index < _dyld_image_count(); index++) {
        const char *name = _dyld_get_image_name(index);
        if (name && ends_with(name, "/" MAINGUARD_SWIFT_CORE)) { count += 1; }
    }
#endif
    return count;
}

// MARK: Keeping the agent out of child processes

/// Removes the agent from the preload variable, so that processes the watched program starts
/// (compilers, `swift-build`, helpers) run without it. Other preloaded libraries stay.
static void forget_preload(void) {
#ifdef MAINGUARD_PRELOAD_VARIABLE
    const char *value = getenv(MAINGUARD_PRELOAD_VARIABLE);
    if (!value) { return; }
    size_t length = strlen(value);
    char *kept = malloc(length + 1);
    if (!kept) { return; }
    size_t used = 0;
    const char *entry = value;
    while (*entry) {
        size_t entry_length = strcspn(entry, ": ");
        int is_agent = 0;
        for (const char *at = entry; at + strlen("libMainGuardAgent.") <= entry + entry_length; at++) {
            if (strncmp(at, "libMainGuardAgent.", strlen("libMainGuardAgent.")) == 0) { is_agent = 1; break; }
        }
        if (!is_agent && entry_length > 0) {
            if (used > 0) { kept[used++] = ':'; }
            memcpy(kept + used, entry, entry_length);
            used += entry_length;
        }
        entry += entry_length;
        while (*entry == ':' || *entry == ' ') { entry++; }
    }
    kept[used] = '\0';
    if (used == 0) { unsetenv(MAINGUARD_PRELOAD_VARIABLE); } else { setenv(MAINGUARD_PRELOAD_VARIABLE, kept, 1); }
    free(kept);
#endif
}

static void write_disabled_report(const char *path, const char *reason) {
    int file = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0644);
    if (file < 0) { return; }
    dprintf(file, "{\"agent_problem\": \"%s\"}\n", reason);
    close(file);
}

/// Runs when the dynamic loader loads the agent, before the program's `main`. Does nothing unless
/// `mainguard watch` asked for it (MAINGUARD_AGENT_REPORT names the report file).
__attribute__((constructor)) static void mainguard_agent_load(void) {
    forget_preload();
    const char *report = getenv("MAINGUARD_AGENT_REPORT");
    if (!report || !*report) { return; }
    if (swift_runtimes_loaded() != 1) {
        disabled_reason = "the program loads a Swift runtime other than the one MainGuard's agent was built with "
                          "(two copies of libswiftCore are loaded): the agent did not start. Build MainGuard and "
                          "the program with the same toolchain.";
        write_disabled_report(report, disabled_reason);
        return;
    }
    mainguard_agent_start();
}

// MARK: Signals that end the process

static int signal_pipe[2] = {-1, -1};
static volatile sig_atomic_t report_written = 0;
static int grace = 3000;
static const int watched_signals[] = {SIGTERM, SIGINT, SIGHUP, SIGQUIT, SIGABRT, SIGSEGV, SIGBUS, SIGILL, SIGFPE, SIGTRAP};
#define WATCHED_COUNT (sizeof(watched_signals) / sizeof(watched_signals[0]))
static struct sigaction previous_actions[WATCHED_COUNT];

void mainguard_agent_report_written(void) { report_written = 1; }

static int is_fault(int signal_number) {
    return signal_number == SIGSEGV || signal_number == SIGBUS || signal_number == SIGILL
        || signal_number == SIGFPE || signal_number == SIGTRAP;
}

static void on_signal(int signal_number, siginfo_t *info, void *context) {
    (void)context;
    int saved_errno = errno;
    unsigned char byte = (unsigned char)signal_number;
    if (write(signal_pipe[1], &byte, 1) == 1) {
        for (int waited = 0; waited < grace && !report_written; waited += 5) {
            struct timespec pause = {0, 5 * 1000 * 1000};
            nanosleep(&pause, NULL);
        }
    }
    // What the signal did before the agent came: the program's or the runtime's handler, or the default.
    for (size_t index = 0; index < WATCHED_COUNT; index++) {
        if (watched_signals[index] == signal_number) { sigaction(signal_number, &previous_actions[index], NULL); }
    }
    errno = saved_errno;
    // A fault raised by the CPU happens again when the handler returns, now reaching the previous
    // handler with its real details (the Swift runtime's backtracer reads them). Anything sent
    // (kill, abort, raise) is sent again.
    if (is_fault(signal_number) && info && info->si_code > 0) { return; }
    raise(signal_number);
}

int mainguard_agent_watch_signals(int grace_milliseconds) {
    if (signal_pipe[0] >= 0) { return signal_pipe[0]; }
    if (pipe(signal_pipe) != 0) { return -1; }
    fcntl(signal_pipe[0], F_SETFD, FD_CLOEXEC);
    fcntl(signal_pipe[1], F_SETFD, FD_CLOEXEC);
    grace = grace_milliseconds;
    for (size_t index = 0; index < WATCHED_COUNT; index++) {
        struct sigaction action;
        memset(&action, 0, sizeof action);
        action.sa_sigaction = on_signal;
        action.sa_flags = SA_SIGINFO | SA_ONSTACK;
        sigemptyset(&action.sa_mask);
        // A signal the process ignores (nohup's SIGHUP, SIGINT in a background job) stays ignored.
        if (sigaction(watched_signals[index], NULL, &previous_actions[index]) != 0
            || previous_actions[index].sa_handler == SIG_IGN) { continue; }
        sigaction(watched_signals[index], &action, NULL);
    }
    return signal_pipe[0];
}
