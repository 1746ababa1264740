// Gamelan workshop: each bronze gong is measured with a strobe tuner on a serial
// link, and the readings are appended to a session file. The link is closed by a
// ScopeExit lambda and the file by a small RAII holder. Two mistakes: the final
// re-check reads the strobe after the ScopeExit block has already closed the link,
// and the session summary flushes a raw FILE* that the holder fclose'd when its
// block ended. The uses inside the scopes are fine.
#include <cstdio>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

class StrobeLink {
 public:
  explicit StrobeLink(std::string device) : device_(std::move(device)) {}

  void write_cmd(const std::string& cmd) {
    if (!open_) throw std::runtime_error("strobe link " + device_ + " closed");
    last_cmd_ = cmd;
  }

  double read_hz() {
    if (!open_) throw std::runtime_error("strobe link " + device_ + " closed");
    return last_cmd_.empty() ? 0.0 : 440.0 + static_cast<double>(last_cmd_.size());
  }

  void close() {
    if (!open_) throw std::runtime_error("strobe link " + device_ + " closed twice");
    open_ = false;
  }

  bool is_open() const { return open_; }

 private:
  std::string device_;
  std::string last_cmd_;
  bool open_ = true;
};

template <class F>
struct ScopeExit {
  F fn;
  ~ScopeExit() { fn(); }
};

template <class F>
ScopeExit<F> on_scope_exit(F fn) {
  return ScopeExit<F>{std::move(fn)};
}

// Owns a FILE* and fcloses it when the holder goes out of scope.
class SessionFile {
 public:
  explicit SessionFile(const char* path) : f_(std::fopen(path, "a")) {}
  ~SessionFile() {
    if (f_) std::fclose(f_);
  }
  SessionFile(const SessionFile&) = delete;
  SessionFile& operator=(const SessionFile&) = delete;

  FILE* get() const { return f_; }

 private:
  FILE* f_;
};

struct GongReading {
  int gong;
  double hz;
};

double measure_gong(StrobeLink& link, int gong, std::vector<GongReading>& out) {
  double settled = 0.0;
  {
    auto closer = on_scope_exit([&link] { link.close(); });
    link.write_cmd("SELECT " + std::to_string(gong));  // OK: the ScopeExit has not run yet
    for (int i = 0; i < 3; ++i) {
      settled = link.read_hz();  // OK: still inside the closer's scope
    }
    out.push_back({gong, settled});
  }
  // Re-check drift once the gong has stopped ringing.
  double drift = link.read_hz() - settled;  // BUG: use-after-close
  return drift;
}

double measure_pair(std::vector<GongReading>& out) {
  StrobeLink left("/dev/ttyUSB0");
  StrobeLink right("/dev/ttyUSB1");
  {
    auto closer = on_scope_exit([&left] { left.close(); });
    left.write_cmd("SELECT 1");  // OK
    out.push_back({1, left.read_hz()});  // OK
  }
  right.write_cmd("SELECT 2");  // OK: only the left link was closed by the guard
  double hz = right.read_hz();  // OK
  out.push_back({2, hz});
  return hz;
}

void write_session(const char* path, const std::vector<GongReading>& readings) {
  FILE* raw = nullptr;
  {
    SessionFile session(path);
    if (!session.get()) return;
    raw = session.get();
    for (const GongReading& r : readings) {
      std::fprintf(raw, "gong %d %.2f Hz\n", r.gong, r.hz);  // OK: the holder is still alive
    }
  }
  std::fprintf(raw, "# %zu gongs\n", readings.size());  // BUG: use-after-close
}

void write_session_ok(const char* path, const std::vector<GongReading>& readings) {
  SessionFile session(path);
  if (!session.get()) return;
  for (const GongReading& r : readings) {
    std::fprintf(session.get(), "gong %d %.2f Hz\n", r.gong, r.hz);
  }
  std::fprintf(session.get(), "# %zu gongs\n", readings.size());  // OK: holder closes at the end of the function
}
