// The batch runner releases its run lock (closes the lock file descriptor) as
// soon as a job fails, so another runner can start, but keeps going through
// the remaining jobs: a second failing job closes the descriptor again (bug:
// double close; by then the number may belong to another open file). The
// close after the loop is guarded by the released flag (fine).
#include <cstdio>
#include <cstdlib>
#include <string>
#include <unistd.h>
#include <vector>

struct Job {
  std::string name;
  std::string command;
};

static bool runJob(const Job &job) {
  return std::system(job.command.c_str()) == 0;
}

int runBatch(const std::vector<Job> &jobs, int lockFd) {
  int failures = 0;
  bool released = false;
  for (const Job &job : jobs) {
    if (!runJob(job)) {
      ++failures;
      std::fprintf(stderr, "job %s failed, releasing run lock\n", job.name.c_str());
      ::close(lockFd); // BUG: double-close
      released = true;
    }
  }
  if (!released)
    ::close(lockFd); // OK: only when no failure closed it
  return failures;
}
