// Research vessel plankton and krill sampling: a net flowmeter on the towing cable counts water
// through the net, and every jar is written to a sample log. The cast routines close the
// flowmeter or seal the log from inside their loops: on the last cast only, before a break, or
// behind a first-time flag. In the station sweep the close slipped inside the loop body, and the
// cast script closes on every "END" line without leaving the loop.
#include <fcntl.h>
#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <stdexcept>
#include <string>
#include <vector>

class NetFlowmeter {
 public:
  explicit NetFlowmeter(const std::string& dev) : fd_(::open(dev.c_str(), O_RDWR)) {
    if (fd_ < 0) throw std::runtime_error("flowmeter: cannot open " + dev);
  }
  ~NetFlowmeter() {
    if (fd_ >= 0) ::close(fd_);
  }
  void command(const std::string& cmd) {
    if (fd_ < 0) throw std::runtime_error("flowmeter closed");
    std::string line = cmd + "\n";
    if (::write(fd_, line.data(), line.size()) != static_cast<ssize_t>(line.size()))
      throw std::runtime_error("flowmeter: write failed");
  }
  int read_count() {
    command("COUNT?");
    char buf[16] = {};
    ssize_t n = ::read(fd_, buf, sizeof buf - 1);
    return n > 0 ? std::atoi(buf) : 0;
  }
  void close() {
    if (fd_ < 0) throw std::runtime_error("flowmeter already closed");
    ::close(fd_);
    fd_ = -1;
  }

 private:
  int fd_;
};

class SampleLog {
 public:
  explicit SampleLog(const std::string& path) : f_(std::fopen(path.c_str(), "a")) {
    if (!f_) throw std::runtime_error("sample log: cannot open " + path);
  }
  ~SampleLog() {
    if (f_) std::fclose(f_);
  }
  void record(int station, int value) {
    if (!f_) throw std::runtime_error("sample log sealed");
    std::fprintf(f_, "station %d: %d\n", station, value);
  }
  void seal() {
    if (!f_) throw std::runtime_error("sample log already sealed");
    std::fclose(f_);
    f_ = nullptr;
  }

 private:
  std::FILE* f_;
};

struct Station {
  int id;
  int depth_m;
  std::vector<int> jars;
};

void tow_series(NetFlowmeter& fm, SampleLog& log, int casts) {
  for (int i = 0; i < casts; ++i) {
    log.record(i, fm.read_count());  // OK: the flowmeter closes only after the last read
    if (i == casts - 1) fm.close();  // OK: last iteration only
  }
}

void vertical_haul(NetFlowmeter& fm, const std::vector<Station>& stations, int max_depth) {
  for (const Station& s : stations) {
    if (s.depth_m > max_depth) {
      fm.close();  // OK: followed by break
      break;
    }
    fm.command("LOWER " + std::to_string(s.depth_m));  // OK: the close path left the loop
  }
}

void urchin_transect(SampleLog& log, const std::vector<Station>& quadrats) {
  bool sealed = false;
  for (const Station& q : quadrats) {
    if (!sealed) log.record(q.id, static_cast<int>(q.jars.size()));  // OK: first-time flag
    if (!sealed && q.jars.empty()) {
      log.seal();  // OK: runs at most once
      sealed = true;
    }
  }
  if (!sealed) log.seal();  // OK: only when the loop did not seal
}

void station_sweep(NetFlowmeter& fm, SampleLog& log, const std::vector<Station>& stations) {
  for (const Station& s : stations) {
    for (int jar : s.jars) log.record(s.id, jar);
    fm.close();  // BUG: double-close
  }
}

void cast_script(NetFlowmeter& fm, const std::vector<std::string>& script) {
  for (const std::string& line : script) {
    if (line == "END")
      fm.close();  // BUG: double-close
    else
      fm.command(line);  // BUG: use-after-close
  }
}
