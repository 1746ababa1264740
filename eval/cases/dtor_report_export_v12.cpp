// Report exporter that mixes RAII owners with explicit closes. Bugs: a
// LogFile wrapper's handle is fclose()d by hand and the destructor closes it
// again at the end of the scope; a Socket wrapper's close() forgets to reset
// the descriptor, so its destructor closes it a second time; a ScopeExit in an
// inner block closes the spool descriptor and the outer code closes it again;
// a unique_ptr<FILE, fclose-deleter> is closed by hand and then reset(), which
// runs the deleter on the closed stream.
#include <cstdio>
#include <fcntl.h>
#include <memory>
#include <string>
#include <unistd.h>
#include <utility>

template <typename F> class ScopeExit {
public:
  explicit ScopeExit(F Fn) : Fn(std::move(Fn)) {}
  ~ScopeExit() { Fn(); }
  ScopeExit(const ScopeExit &) = delete;
  ScopeExit &operator=(const ScopeExit &) = delete;

private:
  F Fn;
};

class LogFile {
public:
  explicit LogFile(const std::string &Path) : Fp(std::fopen(Path.c_str(), "a")) {}
  ~LogFile() {
    if (Fp)
      std::fclose(Fp); // SAME: logdtor
  }
  void write(const std::string &Line) { std::fprintf(Fp, "%s\n", Line.c_str()); }
  FILE *handle() const { return Fp; }

private:
  FILE *Fp;
};

class Socket {
public:
  explicit Socket(int Fd) : Fd(Fd) {}
  ~Socket() {
    if (Fd >= 0)
      ::close(Fd); // SAME: sockdtor
  }
  void close() { ::close(Fd); }
  ssize_t send(const std::string &S) { return ::write(Fd, S.data(), S.size()); }

private:
  int Fd;
};

void notifyUploaded(const std::string &Path) { std::printf("uploaded %s\n", Path.c_str()); }

void exportReport(const std::string &Path) {
  LogFile Out(Path);
  Out.write("report v2");
  std::fclose(Out.handle()); // flush to disk before the uploader picks it up
  notifyUploaded(Path);
} // BUG: double-close #logdtor

void pushToCollector(int Fd, const std::string &Payload) {
  Socket S(Fd);
  S.send(Payload);
  S.close();
} // BUG: double-close #sockdtor

int spoolJob(const std::string &Dir, const std::string &Job) {
  int Fd = ::open((Dir + "/job.spool").c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0600);
  if (Fd < 0)
    return -1;
  {
    ScopeExit CloseSpool([&] { ::close(Fd); });
    if (::write(Fd, Job.data(), Job.size()) < 0)
      return -1; // OK: CloseSpool closes Fd once on this early return
  }
  ::fsync(Fd); // BUG: use-after-close
  ::close(Fd); // BUG: double-close
  return 0;
}

void rotateCsv(const std::string &Path) {
  std::unique_ptr<FILE, int (*)(FILE *)> Csv(std::fopen(Path.c_str(), "w"), &std::fclose);
  if (!Csv)
    return;
  std::fputs("id,amount\n", Csv.get());
  std::fclose(Csv.get());
  std::rename(Path.c_str(), (Path + ".1").c_str());
  Csv.reset(std::fopen(Path.c_str(), "w")); // BUG: double-close
  if (Csv)
    std::fputs("id,amount\n", Csv.get()); // OK: Csv holds the freshly opened stream
}

int main() {
  exportReport("/tmp/report.txt");
  pushToCollector(::open("/dev/null", O_WRONLY), "metrics");
  spoolJob("/tmp", "print page 1");
  rotateCsv("/tmp/ledger.csv");
  return 0;
}
