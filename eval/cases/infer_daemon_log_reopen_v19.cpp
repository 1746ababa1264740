// Logging and pid-file handling of a small daemon.
// DaemonLog owns a FILE*: write() reopens the file (append mode) when the log
// is closed, flush() returns early when it is closed, close() returns early
// when it is already closed (idempotent), but sync() assumes an open file and
// calls fflush()/fsync() on fp_ directly. close() leaves fp_ dangling and
// only sets closed_.
// PidFile::release() unlinks the pid file and closes the locked descriptor;
// it has no guard, so a second release() closes the descriptor number again.
#include <cstdio>
#include <fcntl.h>
#include <string>
#include <sys/file.h>
#include <unistd.h>

class DaemonLog {
public:
  explicit DaemonLog(std::string path) : path_(std::move(path)) { reopen(); }
  void write(const std::string &line);
  void flush();
  void sync();
  void close();

private:
  void reopen() {
    fp_ = std::fopen(path_.c_str(), "a");
    closed_ = (fp_ == nullptr);
  }
  std::string path_;
  FILE *fp_ = nullptr;
  bool closed_ = true;
};

void DaemonLog::write(const std::string &line) {
  if (closed_)
    reopen();
  if (closed_)
    return;
  std::fprintf(fp_, "%s\n", line.c_str());
}

void DaemonLog::flush() {
  if (closed_)
    return;
  std::fflush(fp_);
}

void DaemonLog::sync() {
  std::fflush(fp_); // SAME: syncafter
  ::fsync(::fileno(fp_));
}

void DaemonLog::close() {
  if (closed_)
    return;
  std::fclose(fp_);
  closed_ = true;
}

class PidFile {
public:
  explicit PidFile(std::string path) : path_(std::move(path)) {
    fd_ = ::open(path_.c_str(), O_RDWR | O_CREAT, 0644);
    if (fd_ >= 0 && ::flock(fd_, LOCK_EX | LOCK_NB) == 0) {
      std::string pid = std::to_string(::getpid()) + "\n";
      (void)::write(fd_, pid.data(), pid.size());
    }
  }
  void release() {
    ::unlink(path_.c_str());
    ::close(fd_); // SAME: pidtwice
  }

private:
  std::string path_;
  int fd_ = -1;
};

class Daemon {
public:
  Daemon() : log_("/var/log/syncd.log"), pid_("/run/syncd.pid") {}
  void onSighup();
  void onDiskFull();
  void onShutdown();
  void onFatal(const std::string &why);

private:
  void checkpoint();
  DaemonLog log_;
  PidFile pid_;
  long applied_ = 0;
};

// logrotate moved the file away: close it so the next write() opens a new one.
void Daemon::onSighup() {
  log_.close();
  log_.write("log reopened after SIGHUP"); // OK: write() reopens a closed log
}

void Daemon::checkpoint() {
  std::printf("checkpoint at %ld\n", applied_);
  log_.sync();
}

// The log partition is full: stop logging until an operator frees space.
void Daemon::onDiskFull() {
  log_.close();
  checkpoint(); // BUG: use-after-close #syncafter
}

void Daemon::onShutdown() {
  log_.write("shutting down");
  log_.close();
  log_.flush(); // OK: flush() returns early once closed
  log_.close(); // OK: close() returns early once closed
  pid_.release();
}

void Daemon::onFatal(const std::string &why) {
  log_.write("fatal: " + why);
  onShutdown();
  pid_.release(); // BUG: double-close #pidtwice
}

int main(int argc, char **) {
  Daemon d;
  d.onSighup();
  if (argc > 1)
    d.onFatal("bad arguments");
  else
    d.onShutdown();
  return 0;
}
