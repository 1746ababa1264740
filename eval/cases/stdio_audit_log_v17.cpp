// Security audit log of an authentication server. Records are appended to a
// FILE* under a mutex; a background thread flushes the stream every 50 ms so
// records reach the disk even when the server is idle; reopen() re-targets
// the stream after logrotate moved the file; exportSnapshot() writes a copy
// through a descriptor wrapped with fdopen(). A FILE* must not be used after
// fclose(), and fclose() also closes the descriptor under an fdopen() stream.
#include <fcntl.h>
#include <unistd.h>

#include <atomic>
#include <chrono>
#include <cstdio>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

class AuditLog {
public:
  explicit AuditLog(std::string Path) : Path(std::move(Path)) {}
  ~AuditLog() { close(); }

  bool open() {
    Fp = std::fopen(Path.c_str(), "a");
    if (!Fp)
      return false;
    Running = true;
    Flusher = std::thread([this] { flushLoop(); });
    return true;
  }

  void record(const std::string &User, const std::string &Event) {
    std::lock_guard<std::mutex> Lock(Mu);
    if (!Fp)
      return;
    std::fprintf(Fp, "%s %s\n", User.c_str(), Event.c_str()); // SAME: reopenfail
  }

  // Called from the SIGHUP handler thread after logrotate renamed the file.
  // Defect: when the new file cannot be opened, freopen() has already closed
  // the old stream, but Fp keeps pointing at it and record() keeps writing.
  void reopen() {
    std::lock_guard<std::mutex> Lock(Mu);
    if (!Fp)
      return;
    if (!std::freopen(Path.c_str(), "a", Fp))
      std::perror("audit log reopen");
  }

  // Defect: the stream is closed before the flusher thread is stopped; the
  // flusher may be past its Running check and about to flush.
  void close() {
    if (!Fp)
      return;
    Running = false;
    {
      std::lock_guard<std::mutex> Lock(Mu);
      std::fclose(Fp); // SAME: flushrace
      Fp = nullptr;
    }
    if (Flusher.joinable())
      Flusher.join();
  }

private:
  void flushLoop() {
    while (Running) {
      std::this_thread::sleep_for(std::chrono::milliseconds(50));
      std::fflush(Fp); // BUG: use-after-close #flushrace
    }
  }

  std::string Path;
  FILE *Fp = nullptr;
  std::mutex Mu;
  std::atomic<bool> Running{false};
  std::thread Flusher;
};

// Writes a snapshot of the given records to a 0600 file created with open()
// so that the permissions are set atomically.
bool exportSnapshot(const std::string &Path, const std::vector<std::string> &Records) {
  int Fd = ::open(Path.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0600);
  if (Fd < 0)
    return false;
  FILE *Out = ::fdopen(Fd, "w");
  if (!Out) {
    ::close(Fd); // OK: fdopen failed, the descriptor is still ours to close
    return false;
  }
  for (const std::string &R : Records)
    std::fprintf(Out, "%s\n", R.c_str()); // OK: the stream is closed only after the loop
  std::fflush(Out);
  ::fsync(Fd); // OK: the stream and its descriptor are still open
  std::fclose(Out);
  ::close(Fd); // BUG: double-close
  return true;
}

int main() {
  AuditLog Log("/tmp/authd-audit.log");
  if (!Log.open())
    return 1;
  std::thread Hup([&Log] { Log.reopen(); }); // logrotate's postrotate SIGHUP
  for (int I = 0; I < 100; ++I) {
    Log.record("user" + std::to_string(I % 5), "login"); // BUG: use-after-close #reopenfail
    std::this_thread::sleep_for(std::chrono::milliseconds(1));
  }
  Hup.join();
  exportSnapshot("/tmp/audit-snapshot.log", {"user1 login", "user2 logout"});
  Log.close();
  Log.record("admin", "shutdown"); // OK: close() set Fp to null under the mutex, record() returns early
  return 0;
}
