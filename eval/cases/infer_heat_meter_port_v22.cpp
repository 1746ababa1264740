// District heating billing. A collector reads energy registers from heat
// meters through a MeterPort (an M-Bus serial session). MeterPort semantics,
// implemented below:
// - read() throws std::runtime_error unless the port is Open;
// - suspend() parks an open port during a tariff switch; resume() reopens a
//   Suspended port and returns false (doing nothing) in any other state;
// - close() is idempotent; readFinal() reads one register and closes.
// Negative case: every read happens while the port is Open. After
// readFinal() the only calls are close(), which is idempotent, and resume(),
// which returns false for a closed port so the read behind it never runs.
// The CSV export FILE* is set to nullptr when closed and checked before use.
#include <cstdio>
#include <stdexcept>
#include <string>
#include <vector>

namespace heating {

class MeterPort {
public:
  enum class State { Open, Suspended, Closed };

  explicit MeterPort(std::string address) : address_(std::move(address)) {}

  double read(const std::string &reg) {
    if (state_ != State::Open)
      throw std::runtime_error("meter port " + address_ + " not open");
    return reg == "energy" ? 18234.5 : 71.2;
  }
  void suspend() {
    if (state_ == State::Open)
      state_ = State::Suspended;
  }
  bool resume() {
    if (state_ != State::Suspended)
      return false;
    state_ = State::Open;
    return true;
  }
  void close() { state_ = State::Closed; }
  double readFinal(const std::string &reg) {
    double value = read(reg);
    close();
    return value;
  }
  State state() const { return state_; }

private:
  std::string address_;
  State state_ = State::Open;
};

class ReadingExport {
public:
  explicit ReadingExport(const std::string &path) : fp_(std::fopen(path.c_str(), "w")) {}
  ~ReadingExport() { close(); }
  void row(const std::string &meter, double kwh) {
    if (fp_)
      std::fprintf(fp_, "%s,%.1f\n", meter.c_str(), kwh);
  }
  void close() {
    if (fp_) {
      std::fclose(fp_);
      fp_ = nullptr;
    }
  }

private:
  FILE *fp_;
};

double billMonth(MeterPort &port, ReadingExport &out, const std::string &meter) {
  double before = port.read("energy");
  port.suspend();
  // The tariff table is switched while the bus is parked.
  if (!port.resume())
    return before;
  double after = port.read("energy"); // OK: resume() succeeded from Suspended
  out.row(meter, after);
  return after - before;
}

double decommission(MeterPort &port, ReadingExport &out, const std::string &meter) {
  double last = port.readFinal("energy");
  out.row(meter, last);
  port.close(); // OK: close() is idempotent
  if (port.resume())
    last = port.read("energy"); // OK: resume() returns false for a closed port
  return last;
}

} // namespace heating

int monthlyRun(const std::vector<std::string> &meters) {
  heating::ReadingExport out("/var/spool/heating/readings.csv");
  double total = 0.0;
  for (const auto &m : meters) {
    heating::MeterPort port("mbus://" + m);
    total += heating::billMonth(port, out, m);
    if (m.rfind("old-", 0) == 0)
      heating::decommission(port, out, m);
    else if (port.state() == heating::MeterPort::State::Open && port.read("flow") > 90.0) // OK: only read while Open
      std::fprintf(stderr, "meter %s: flow temperature above limit\n", m.c_str());
  }
  out.close();
  out.row("total", total); // OK: row() checks the handle, nullptr after close()
  return total > 0 ? 0 : 1;
} // OK: the destructor's close() sees nullptr
