// Accordion workshop: treble reeds are voiced on a bench whose tone analyser
// is reached through a VoicingBench (a pipe fd). The setup and measurement
// helpers disconnect the bench when something goes wrong and then report it:
// an empty optional, an error Result, -1 from write_all(), false from prime(),
// a throw, or a [[noreturn]] exit. Correct as written: every caller stops on
// the failure before it sends another nudge.
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <optional>
#include <stdexcept>
#include <string>
#include <variant>

class VoicingBench {
 public:
  explicit VoicingBench(int fd) : fd_(fd) {}
  void nudge(int cents) {
    if (fd_ < 0) throw std::runtime_error("voicing bench disconnected");
    char b = static_cast<char>(cents);
    if (::write(fd_, &b, 1) != 1) throw std::runtime_error("voicing bench: write failed");
  }
  int fd() const { return fd_; }
  void disconnect() {
    if (fd_ >= 0) ::close(fd_);
    fd_ = -1;
  }

 private:
  int fd_;
};

template <typename T>
class Result {
 public:
  Result(T v) : v_(std::move(v)) {}
  static Result fail(std::string e) { return Result(Err{std::move(e)}); }
  explicit operator bool() const { return std::holds_alternative<T>(v_); }
  const T& value() const { return std::get<T>(v_); }
  const std::string& error() const { return std::get<Err>(v_).msg; }

 private:
  struct Err {
    std::string msg;
  };
  explicit Result(Err e) : v_(std::move(e)) {}
  std::variant<T, Err> v_;
};

std::optional<int> measure_cents(VoicingBench& b) {
  int raw = 0;
  if (::read(b.fd(), &raw, sizeof raw) != static_cast<ssize_t>(sizeof raw) || raw < -50 || raw > 50) {
    b.disconnect();
    return std::nullopt;
  }
  return raw;
}

Result<double> tune_reed(VoicingBench& b, double target_hz) {
  if (target_hz < 400.0 || target_hz > 4000.0) {
    b.disconnect();
    return Result<double>::fail("treble reed target out of range");
  }
  return target_hz;
}

int write_all(VoicingBench& b, const std::string& cmd) {
  std::size_t off = 0;
  while (off < cmd.size()) {
    ssize_t n = ::write(b.fd(), cmd.data() + off, cmd.size() - off);
    if (n < 0 && errno == EINTR) continue;
    if (n < 0) {
      b.disconnect();
      return -1;
    }
    off += static_cast<std::size_t>(n);
  }
  return 0;
}

bool prime(VoicingBench& b) { return write_all(b, "PRIME\n") == 0; }

[[noreturn]] void bench_fault(VoicingBench& b, const char* what) {
  b.disconnect();
  std::fprintf(stderr, "voicing bench fault: %s\n", what);
  std::exit(3);
}

void open_session(VoicingBench& b, const std::string& reed) {
  if (write_all(b, "OPEN " + reed + "\n") != 0) throw std::runtime_error("bench refused reed " + reed);
}

bool voice_one(VoicingBench& b) {
  auto cents = measure_cents(b);
  if (!cents) return false;
  b.nudge(-*cents);  // OK: returned when measure_cents() disconnected
  return true;
}

std::string voice_to_pitch(VoicingBench& b, double hz) {
  if (auto r = tune_reed(b, hz); !r) return r.error();
  b.nudge(2);  // OK: an error Result returns first
  return {};
}

int send_program(VoicingBench& b, const std::string& program) {
  int rc = write_all(b, program);
  if (rc < 0) return rc;
  b.nudge(0);  // OK: write_all() only disconnects when it returns -1
  return 0;
}

void warm_up(VoicingBench& b) {
  bool ok = prime(b);
  if (!ok) {
    return;
  }
  b.nudge(1);  // OK: prime() false covers the disconnect
}

void bellows_check(VoicingBench& b, bool leaking) {
  if (leaking) bench_fault(b, "bellows leak");
  b.nudge(0);  // OK: bench_fault() is [[noreturn]]
}

bool voice_reed(VoicingBench& b, const std::string& reed) {
  try {
    open_session(b, reed);
    b.nudge(3);  // OK: open_session() throws after write_all() disconnected
  } catch (const std::runtime_error&) {
    return false;
  }
  return true;
}
