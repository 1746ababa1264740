// Signal handling of a metadata-store daemon. The async-signal handler only
// writes the signal number into a self-pipe; SignalTable::dispatchPending(),
// called from the main loop, reads the pipe and runs the handlers that
// components registered in its table: AuditLog reopens its file on SIGHUP
// (after logrotate), StatsDumper writes counters to its dump descriptor on
// SIGUSR1.
// Negative case: every component removes its table entry before it closes the
// stream the entry uses, so dispatchPending() never reaches a closed target;
// the SIGHUP handler closes the old FILE* and installs the reopened one before
// anyone writes; close() nulls/resets what it closed, so the destructors'
// second close() is a no-op; the table restores the default dispositions
// before it closes the self-pipe the async handler writes to.
#include <csignal>
#include <cstdio>
#include <fcntl.h>
#include <functional>
#include <map>
#include <string>
#include <unistd.h>

static int g_wakeFd = -1;
extern "C" void onSignal(int signo) {
  unsigned char b = static_cast<unsigned char>(signo);
  (void)!::write(g_wakeFd, &b, 1);
}

class SignalTable {
public:
  SignalTable() {
    if (::pipe(pipe_) == 0) {
      ::fcntl(pipe_[0], F_SETFL, O_NONBLOCK);
      ::fcntl(pipe_[1], F_SETFL, O_NONBLOCK);
      g_wakeFd = pipe_[1];
      std::signal(SIGHUP, onSignal);
      std::signal(SIGUSR1, onSignal);
    }
  }
  ~SignalTable() {
    std::signal(SIGHUP, SIG_DFL);
    std::signal(SIGUSR1, SIG_DFL);
    g_wakeFd = -1;
    ::close(pipe_[1]); // OK: the async handler was uninstalled above
    ::close(pipe_[0]);
  }
  int add(int signo, std::function<void()> fn) {
    table_[next_] = {signo, std::move(fn)};
    return next_++;
  }
  void remove(int token) { table_.erase(token); }
  void dispatchPending() {
    unsigned char signo;
    while (::read(pipe_[0], &signo, 1) == 1)
      for (auto &entry : table_)
        if (entry.second.first == signo)
          entry.second.second(); // OK: components remove their entries before closing
  }

private:
  int pipe_[2] = {-1, -1};
  std::map<int, std::pair<int, std::function<void()>>> table_;
  int next_ = 1;
};

class AuditLog {
public:
  AuditLog(SignalTable &sigs, std::string path)
      : sigs_(sigs), path_(std::move(path)), fp_(std::fopen(path_.c_str(), "a")) {
    token_ = sigs_.add(SIGHUP, [this] { reopen(); });
  }
  ~AuditLog() { close(); }

  void write(const std::string &event) {
    if (fp_)
      std::fprintf(fp_, "%s\n", event.c_str()); // OK: fp_ is null whenever it is not open
  }
  void reopen() {
    if (fp_)
      std::fclose(fp_);
    fp_ = std::fopen(path_.c_str(), "a");
    if (fp_)
      std::fprintf(fp_, "-- reopened after SIGHUP\n"); // OK: the reopened stream
  }
  void close() {
    if (token_) {
      sigs_.remove(token_);
      token_ = 0;
    }
    if (fp_) {
      std::fclose(fp_); // OK: the SIGHUP entry is gone and fp_ is nulled, the destructor skips it
      fp_ = nullptr;
    }
  }

private:
  SignalTable &sigs_;
  std::string path_;
  std::FILE *fp_;
  int token_ = 0;
};

class StatsDumper {
public:
  explicit StatsDumper(SignalTable &sigs) : sigs_(sigs), fd_(::dup(STDERR_FILENO)) {
    token_ = sigs_.add(SIGUSR1, [this] { dump(); });
  }
  void count() { ++requests_; }
  void dump() {
    std::string line = "requests=" + std::to_string(requests_) + "\n";
    (void)!::write(fd_, line.data(), line.size()); // OK: reached only through the table entry close() removes first
  }
  void close() {
    sigs_.remove(token_);
    ::close(fd_);
  }

private:
  SignalTable &sigs_;
  int fd_;
  int token_ = 0;
  unsigned long requests_ = 0;
};

int main() {
  SignalTable sigs;
  AuditLog audit(sigs, "/var/log/metastore/audit.log");
  StatsDumper stats(sigs);
  for (int i = 0; i < 1000; ++i) {
    stats.count();
    audit.write("PUT /buckets/images/obj-" + std::to_string(i));
    if (i % 250 == 0) {
      std::raise(SIGHUP);
      std::raise(SIGUSR1);
    }
    sigs.dispatchPending();
  }
  stats.close();
  audit.close();
  std::raise(SIGUSR1);
  std::raise(SIGHUP);
  sigs.dispatchPending(); // OK: both entries were removed before their targets closed
  return 0;
}
