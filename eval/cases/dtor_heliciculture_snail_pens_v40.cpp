// Snail farm (heliciculture): each pen has a nozzle bus that sprays water to keep the humidity up.
// A PenShift opens the bus for one round and closes it in its destructor; the night round keeps its
// bus in a std::optional, the day round in a vector that is rebuilt each morning, and the logger's
// FILE* is handed from a local unique_ptr to the farm object. Correct as written: every use happens
// inside the owning scope, or on an object that was opened again after the old one was destroyed,
// and NozzleBus::close() is documented and implemented as idempotent, so the destructor after an
// explicit close does nothing.
#include <fcntl.h>
#include <unistd.h>

#include <cstdio>
#include <memory>
#include <optional>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

class NozzleBus {
 public:
  explicit NozzleBus(const std::string& dev) : fd_(::open(dev.c_str(), O_WRONLY)) {
    if (fd_ < 0) throw std::runtime_error("nozzle bus: cannot open " + dev);
  }
  NozzleBus(NozzleBus&& other) noexcept : fd_(std::exchange(other.fd_, -1)) {}
  NozzleBus& operator=(NozzleBus&&) = delete;
  NozzleBus(const NozzleBus&) = delete;
  ~NozzleBus() { close(); }  // OK: close() is idempotent

  void spray(int nozzle, int millilitres) {
    if (fd_ < 0) throw std::runtime_error("nozzle bus closed");
    char cmd[24];
    int n = std::snprintf(cmd, sizeof cmd, "N%d:%d\n", nozzle, millilitres);
    if (::write(fd_, cmd, static_cast<size_t>(n)) != n) throw std::runtime_error("nozzle bus: write failed");
  }
  // Safe to call more than once: a closed bus stays closed.
  void close() noexcept {
    if (fd_ < 0) return;
    ::close(fd_);
    fd_ = -1;
  }

 private:
  int fd_;
};

class PenShift {
 public:
  explicit PenShift(const std::string& dev) : bus_(dev) {}
  ~PenShift() { bus_.close(); }
  NozzleBus& bus() { return bus_; }

 private:
  NozzleBus bus_;
};

struct Pen {
  std::string dev;
  int nozzle;
  int millilitres;
};

struct LogCloser {
  void operator()(std::FILE* f) const { std::fclose(f); }
};
using FarmLog = std::unique_ptr<std::FILE, LogCloser>;

class SnailFarm {
 public:
  void day_round(const std::vector<Pen>& pens) {
    for (const Pen& pen : pens) {
      PenShift shift(pen.dev);
      shift.bus().spray(pen.nozzle, pen.millilitres);  // OK: a fresh shift each iteration
    }
  }

  void night_round(const std::string& dev) {
    if (night_bus_) night_bus_->spray(0, 5);  // OK: guarded by has_value()
    night_bus_.reset();
    night_bus_.emplace(dev);
    night_bus_->spray(0, 20);  // OK: emplaced after the reset
    night_bus_->close();
    night_bus_->close();  // OK: idempotent close
    night_bus_.reset();   // the next round starts without a bus
  }

  void morning_rebuild(const std::vector<Pen>& pens) {
    day_buses_.clear();
    for (const Pen& pen : pens) {
      day_buses_.emplace_back(pen.dev);
      day_buses_.back().spray(pen.nozzle, pen.millilitres);  // OK: the element just emplaced
    }
  }

  bool open_log(const std::string& path) {
    FarmLog local(std::fopen(path.c_str(), "a"));
    if (!local) return false;
    std::fputs("log opened\n", local.get());  // OK
    log_ = std::move(local);
    return true;
  }  // local is empty here; its deleter does not run on the stream

  void note(const char* line) {
    if (log_) std::fprintf(log_.get(), "%s\n", line);  // OK: owned by the farm now
  }

 private:
  std::optional<NozzleBus> night_bus_;
  std::vector<NozzleBus> day_buses_;
  FarmLog log_;
};

void run_day(SnailFarm& farm, const std::vector<Pen>& pens, const std::string& log_path) {
  if (farm.open_log(log_path)) farm.note("day round");
  farm.morning_rebuild(pens);
  farm.day_round(pens);
  farm.night_round("/dev/ttyNOZ0");
  farm.note("night round");
}
