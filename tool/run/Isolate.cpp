//===- Isolate.cpp - Runs work items in child processes ------------------===//

#include "Isolate.h"

#include <cerrno>
#include <chrono>
#include <csignal>
#include <cstring>
#include <fcntl.h>
#include <poll.h>
#include <sys/wait.h>
#include <unistd.h>
#include <vector>

namespace errlint {
namespace {

using Clock = std::chrono::steady_clock;

struct Child {
  size_t Index;
  pid_t Pid;
  int Fd;
  std::string Output;
  Clock::time_point Deadline;
};

/// Writes all of Text to Fd, retrying short writes.
void writeAll(int Fd, const std::string &Text) {
  size_t Done = 0;
  while (Done < Text.size()) {
    ssize_t N = write(Fd, Text.data() + Done, Text.size() - Done);
    if (N < 0 && errno == EINTR)
      continue;
    if (N <= 0)
      return;
    Done += N;
  }
}

/// Starts Work(Index) in a child. False if no process could be made.
bool start(size_t Index, const IsolateOptions &Options,
           const std::function<std::string(size_t)> &Work, Child &Out) {
  int Fds[2];
  if (pipe(Fds) != 0)
    return false;
  pid_t Pid = fork();
  if (Pid < 0) {
    close(Fds[0]);
    close(Fds[1]);
    return false;
  }
  if (Pid == 0) {
    close(Fds[0]);
    writeAll(Fds[1], Work(Index));
    close(Fds[1]);
    // No atexit handler or buffered output of the parent runs twice.
    _exit(0);
  }
  close(Fds[1]);
  fcntl(Fds[0], F_SETFD, FD_CLOEXEC);
  Out = {Index, Pid, Fds[0], "", Clock::time_point::max()};
  if (Options.TimeoutSeconds)
    Out.Deadline = Clock::now() + std::chrono::seconds(Options.TimeoutSeconds);
  return true;
}

/// How the child that exited with Status ended.
ChildOutcome outcomeOf(int Status, std::string Output) {
  ChildOutcome O;
  if (WIFSIGNALED(Status)) {
    int Sig = WTERMSIG(Status);
    O.Failure = "the analysis crashed (signal " + std::to_string(Sig) + ": " +
                strsignal(Sig) + ")";
  } else if (WIFEXITED(Status) && WEXITSTATUS(Status) != 0) {
    O.Failure = "the analysis process exited with code " +
                std::to_string(WEXITSTATUS(Status));
  } else {
    O.Ok = true;
    O.Output = std::move(Output);
  }
  return O;
}

int waitFor(pid_t Pid) {
  int Status = 0;
  while (waitpid(Pid, &Status, 0) < 0 && errno == EINTR)
    ;
  return Status;
}

/// Milliseconds poll() may wait before the nearest deadline; -1: forever.
int pollTimeout(const std::vector<Child> &Running) {
  Clock::time_point Nearest = Clock::time_point::max();
  for (const Child &C : Running)
    Nearest = std::min(Nearest, C.Deadline);
  if (Nearest == Clock::time_point::max())
    return -1;
  auto Ms = std::chrono::duration_cast<std::chrono::milliseconds>(
                Nearest - Clock::now())
                .count();
  return Ms < 0 ? 0 : static_cast<int>(std::min<long long>(Ms + 1, 60000));
}

/// Reads what is available from C; true once the child closed its end.
bool drain(Child &C) {
  char Buf[65536];
  ssize_t N = read(C.Fd, Buf, sizeof(Buf));
  if (N < 0)
    return errno != EINTR && errno != EAGAIN;
  C.Output.append(Buf, N);
  return N == 0;
}

} // namespace

void runIsolated(size_t Count, const IsolateOptions &Options,
                 const std::function<std::string(size_t)> &Work,
                 const std::function<void(size_t, ChildOutcome)> &Done,
                 const std::function<bool(size_t)> &Ready) {
  unsigned Jobs = Options.Jobs ? Options.Jobs : 1;
  std::vector<Child> Running;
  std::vector<bool> Started(Count, false);
  size_t Left = Count, First = 0;
  // The lowest index not started that may start now; Count when none.
  auto pick = [&]() -> size_t {
    while (First < Count && Started[First])
      ++First;
    for (size_t I = First; I < Count; ++I)
      if (!Started[I] && (!Ready || Ready(I)))
        return I;
    return Running.empty() ? First : Count;
  };
  while (Left || !Running.empty()) {
    while (Running.size() < Jobs && Left) {
      size_t Next = pick();
      if (Next == Count)
        break;
      Started[Next] = true;
      --Left;
      Child C;
      if (!start(Next, Options, Work, C)) {
        Done(Next, {false, "", std::string("cannot start the analysis "
                                           "process: ") +
                                   strerror(errno)});
        continue;
      }
      Running.push_back(std::move(C));
    }
    if (Running.empty())
      continue;
    std::vector<pollfd> Polls;
    for (const Child &C : Running)
      Polls.push_back({C.Fd, POLLIN, 0});
    if (poll(Polls.data(), Polls.size(), pollTimeout(Running)) < 0 &&
        errno != EINTR)
      continue;
    Clock::time_point Now = Clock::now();
    std::vector<Child> Still;
    for (size_t I = 0; I < Running.size(); ++I) {
      Child &C = Running[I];
      bool Ended = Polls[I].revents && drain(C);
      if (!Ended && Now < C.Deadline) {
        Still.push_back(std::move(C));
        continue;
      }
      close(C.Fd);
      if (!Ended) {
        kill(C.Pid, SIGKILL);
        waitFor(C.Pid);
        Done(C.Index, {false, "", "the analysis timed out after " +
                                      std::to_string(Options.TimeoutSeconds) +
                                      " s (--timeout)"});
        continue;
      }
      Done(C.Index, outcomeOf(waitFor(C.Pid), std::move(C.Output)));
    }
    Running = std::move(Still);
  }
}

} // namespace errlint
