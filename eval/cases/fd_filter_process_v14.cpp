// Runs a filter program (sort) as a child process, feeding it input through
// one pipe and collecting its output through another.
// Negative case, correct: each pipe end is closed exactly once in each
// process. The parent reads the output pipe after closing the write end of the
// input pipe, which is a different descriptor; endInput() and closeAll() only
// close ends still marked open (>= 0) and reset them to -1; a second run on the
// same object writes through the descriptors the new spawn() installed.
#include <cerrno>
#include <csignal>
#include <cstdio>
#include <string>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

class FilterProcess {
public:
  FilterProcess() = default;
  ~FilterProcess() {
    closeAll();
    if (pid_ > 0)
      ::waitpid(pid_, nullptr, 0);
  }
  FilterProcess(const FilterProcess &) = delete;
  FilterProcess &operator=(const FilterProcess &) = delete;

  bool spawn(const char *prog) {
    int in[2];
    int out[2];
    if (::pipe(in) != 0)
      return false;
    if (::pipe(out) != 0) {
      ::close(in[0]);
      ::close(in[1]);
      return false;
    }
    pid_ = ::fork();
    if (pid_ < 0) {
      ::close(in[0]);
      ::close(in[1]);
      ::close(out[0]);
      ::close(out[1]);
      return false;
    }
    if (pid_ == 0) {
      ::dup2(in[0], STDIN_FILENO);
      ::dup2(out[1], STDOUT_FILENO);
      ::close(in[0]);
      ::close(in[1]);
      ::close(out[0]);
      ::close(out[1]);
      ::execlp(prog, prog, static_cast<char *>(nullptr));
      _exit(127);
    }
    ::close(in[0]);
    ::close(out[1]);
    toChild_ = in[1];
    fromChild_ = out[0];
    return true;
  }

  bool feed(const std::string &data) {
    const char *p = data.data();
    std::size_t left = data.size();
    while (left > 0) {
      ssize_t n = ::write(toChild_, p, left);
      if (n < 0)
        return false;
      p += n;
      left -= static_cast<std::size_t>(n);
    }
    return true;
  }

  void endInput() {
    if (toChild_ >= 0) {
      ::close(toChild_);
      toChild_ = -1;
    }
  }

  std::string collect() {
    std::string result;
    char buf[4096];
    for (;;) {
      ssize_t n = ::read(fromChild_, buf, sizeof buf); // OK: endInput() closed the input pipe's write end, not this descriptor
      if (n <= 0)
        break;
      result.append(buf, static_cast<std::size_t>(n));
    }
    return result;
  }

  int wait() {
    closeAll();
    int status = -1;
    if (pid_ > 0 && ::waitpid(pid_, &status, 0) == pid_)
      pid_ = -1;
    return status;
  }

private:
  void closeAll() {
    if (toChild_ >= 0) {
      ::close(toChild_); // OK: skipped when endInput() already closed and reset it
      toChild_ = -1;
    }
    if (fromChild_ >= 0) {
      ::close(fromChild_);
      fromChild_ = -1;
    }
  }

  pid_t pid_ = -1;
  int toChild_ = -1;
  int fromChild_ = -1;
};

std::string sortTwice(const std::string &first, const std::string &second) {
  FilterProcess p;
  if (!p.spawn("sort"))
    return {};
  p.feed(first);
  p.endInput();
  std::string out = p.collect();
  p.wait();
  if (!p.spawn("sort"))
    return out;
  p.feed(second); // OK: spawn() installed fresh descriptors after wait() closed the first run's
  p.endInput();
  out += p.collect();
  p.wait();
  return out;
} // OK: the destructor's closeAll() only closes descriptors that are still >= 0

int main() {
  std::signal(SIGPIPE, SIG_IGN);
  std::string sorted = sortTwice("pear\napple\nfig\n", "kiwi\nbanana\n");
  std::fputs(sorted.c_str(), stdout);
  return 0;
}
